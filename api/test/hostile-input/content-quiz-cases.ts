import type { HostileCase } from './hostile-case.js';

/** Issue 19: hostile input on the content calls for the quiz bank. Every refused write answers Arabic and changes nothing. */
export const CONTENT_QUIZ_CASES: readonly HostileCase[] = [];
