/** A NUL character, or half of a surrogate pair without its other half. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what it looks for.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * True when a string anywhere in `value` (keys included, at any depth) holds a character that PostgreSQL text
 * and jsonb cannot store: NUL, or a lone surrogate (not a character at all). Such input is refused whole
 * rather than stored altered. Walks with its own stack, so deeply nested input cannot overflow the call stack.
 */
export function hasUnstorableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'string') {
      if (UNSTORABLE.test(current)) return true;
    } else if (Array.isArray(current)) {
      for (const item of current) pending.push(item);
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        if (UNSTORABLE.test(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}
