import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeDigits } from './digits.js';

const RUNS = { numRuns: 300 };
const ARABIC_INDIC = Array.from({ length: 10 }, (_, d) => String.fromCharCode(0x0660 + d));
const PERSIAN = Array.from({ length: 10 }, (_, d) => String.fromCharCode(0x06f0 + d));
const INVISIBLE = [
  '\u00ad',
  '\u061c',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2060',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\ufeff',
];
const SPACES = [' ', '\t', '\n', '\u00a0', '\u2003', '\u3000'];
const REMOVED = new Set([...INVISIBLE, ...SPACES]);

/** What a person types into a number field: digits of three scripts, spaces, marks, letters, signs. */
const typed = fc.string({
  unit: fc.oneof(
    fc.constantFrom(...'0123456789', ...ARABIC_INDIC, ...PERSIAN),
    fc.constantFrom(...SPACES, ...INVISIBLE),
    fc.constantFrom(...'+-/.٫,abcXYZأبجد'),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  ),
  maxLength: 40,
});

/** Text without anything normalisation changes: no white space, invisible marks or non-ASCII digits. */
const untouched = fc.string({ unit: 'binary', maxLength: 40 }).map((text) =>
  Array.from(text)
    .filter((char) => !/\s/.test(char) && !REMOVED.has(char) && !/[\u0660-\u0669\u06f0-\u06f9]/.test(char))
    .join(''),
);

describe('normalizeDigits (properties)', () => {
  it('is idempotent', () => {
    fc.assert(
      fc.property(typed, (text) => normalizeDigits(normalizeDigits(text)) === normalizeDigits(text)),
      RUNS,
    );
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        (text) => normalizeDigits(normalizeDigits(text)) === normalizeDigits(text),
      ),
      RUNS,
    );
  });

  it('maps every Arabic-Indic and Persian digit to its ASCII digit, in any mix of scripts', () => {
    const digitInScript = fc.tuple(
      fc.integer({ min: 0, max: 9 }),
      fc.constantFrom('ascii', 'arabic', 'persian'),
    );
    fc.assert(
      fc.property(fc.array(digitInScript, { maxLength: 30 }), (digits) => {
        const written = digits
          .map(([d, script]) =>
            script === 'arabic' ? ARABIC_INDIC[d] : script === 'persian' ? PERSIAN[d] : String(d),
          )
          .join('');
        expect(normalizeDigits(written)).toBe(digits.map(([d]) => String(d)).join(''));
      }),
      RUNS,
    );
  });

  it('removes white space and invisible marks wherever they stand, and nothing else', () => {
    fc.assert(
      fc.property(
        untouched,
        fc.array(fc.tuple(fc.nat(), fc.constantFrom(...SPACES, ...INVISIBLE)), { maxLength: 10 }),
        (text, inserts) => {
          const chars = Array.from(text);
          for (const [at, mark] of inserts) chars.splice(at % (chars.length + 1), 0, mark);
          expect(normalizeDigits(chars.join(''))).toBe(text);
        },
      ),
      RUNS,
    );
  });

  it('leaves other text unchanged, so its length too', () => {
    fc.assert(
      fc.property(untouched, (text) => {
        expect(normalizeDigits(text)).toBe(text);
      }),
      RUNS,
    );
  });

  it('keeps the length of text without spaces or marks, digits of any script included', () => {
    const unit = fc.oneof(
      fc.constantFrom(...ARABIC_INDIC, ...PERSIAN, ...'0123456789'),
      fc.constantFrom(...'abcأبج+-/.'),
    );
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 40 }), (text) => normalizeDigits(text).length === text.length),
      RUNS,
    );
  });

  it('never leaves a non-ASCII digit, a white space or an invisible mark', () => {
    fc.assert(
      fc.property(typed, (text) => {
        const out = normalizeDigits(text);
        expect(out).not.toMatch(/[\s\u0660-\u0669\u06f0-\u06f9]/);
        expect(Array.from(out).filter((char) => REMOVED.has(char))).toEqual([]);
      }),
      RUNS,
    );
  });
});
