// The house rule on file size (issue 35): a source file over 400 lines holds several rooms and is split along its
// subjects, unless its header says why it stays whole. The check reads the header, not a list, so the reason
// lives beside the code it excuses.

export const MAX_LINES = 400;
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
/** Generated files nobody edits by hand. */
const GENERATED = /^api\/drizzle\//;
/** The header that excuses a long file, within its first lines: `// Kept whole: <reason>`. */
const KEPT_WHOLE = /^\s*(\/\/|\*|\/\*\*?)\s*Kept whole: \S/;
const HEADER_LINES = 5;

/** Whether a tracked path is a source file the rule covers. */
export function isCoveredSource(path) {
  return SOURCE.test(path) && !GENERATED.test(path);
}

/** The problem with one file's text, or null: too long without the header that says why. */
export function sizeProblem(path, text) {
  const lines = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
  if (lines <= MAX_LINES) return null;
  const header = text.split('\n', HEADER_LINES);
  if (header.some((line) => KEPT_WHOLE.test(line))) return null;
  return `${path}: ${lines} lines (over ${MAX_LINES}); split it along its subjects, or start it with "// Kept whole: <why>"`;
}
