/** Types of what the worker script exports besides its work (see parse-student-sheet.worker.mjs). */
export function normalizeDigits(input: string): string;
export function normalizeHeader(text: string): string;
