import type { HostileCase } from './hostile-case.js';

/** Issue 19: hostile input on the content calls for colleges and programs. Every refused write answers Arabic and changes nothing. */
export const CONTENT_COLLEGE_CASES: readonly HostileCase[] = [];
