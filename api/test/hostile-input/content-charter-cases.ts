import type { HostileCase } from './hostile-case.js';

/** Issue 19: hostile input on the content calls for the charter. Every refused write answers Arabic and changes nothing. */
export const CONTENT_CHARTER_CASES: readonly HostileCase[] = [];
