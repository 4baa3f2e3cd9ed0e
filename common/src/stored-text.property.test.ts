import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasUnstorableText } from './stored-text.js';

const RUNS = { numRuns: 300 };
const LONE = fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff');

/** Puts `value` at a random depth inside objects and lists. */
function buried(value: unknown, path: readonly (string | null)[]): unknown {
  return path.reduceRight<unknown>(
    (inner, key) => (key === null ? [1, inner] : { [key]: inner, other: 'نص' }),
    value,
  );
}
const depthPath = fc.array(fc.option(fc.string({ minLength: 1, maxLength: 5 })), { maxLength: 12 });

describe('hasUnstorableText (properties)', () => {
  it('is false for any well-formed text without NUL, at any depth', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 50 }), depthPath, (text, path) => {
        const clean = text.replaceAll('\u0000', '');
        expect(hasUnstorableText(buried(clean, path))).toBe(false);
      }),
      RUNS,
    );
  });

  it('finds a NUL or a lone surrogate anywhere in a value or a key, at any depth', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 20 }),
        fc.nat(),
        fc.oneof(fc.constant('\u0000'), LONE),
        depthPath,
        fc.boolean(),
        (text, at, bad, path, inKey) => {
          const i = at % (text.length + 1);
          // `text` is printable ASCII, so the inserted surrogate has no other half to pair with.
          const dirty = `${text.slice(0, i)}${bad}${text.slice(i)}`;
          expect(hasUnstorableText(buried(inKey ? { [dirty]: 1 } : dirty, path))).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('keeps surrogate pairs (emoji, rare letters) as storable', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (text) => {
        const clean = text.replaceAll('\u0000', '');
        expect(hasUnstorableText(clean)).toBe(false);
      }),
      RUNS,
    );
  });

  it('walks 100,000 levels of nesting without overflowing the stack', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(hasUnstorableText(deep)).toBe(true);
    expect(hasUnstorableText(null)).toBe(false);
    expect(hasUnstorableText(42)).toBe(false);
  });
});
