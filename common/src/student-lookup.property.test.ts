import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeDigits } from './digits.js';
import { NATIONAL_ID_MAX_LENGTH } from './limits.js';
import { MESSAGES } from './messages.js';
import { studentLookupRequestSchema } from './student-lookup.js';

const RUNS = { numRuns: 300 };
const ARABIC_LETTER = /[\u0621-\u064a]/;
const SCRIPTS = [0x30, 0x0660, 0x06f0];
const MARKS = [' ', '\t', '\u200b', '\u200f', '\u202b', '\u202c', '\u061c', '\ufeff'];

/** A 14-digit national ID written digit by digit in any script, with spaces and invisible marks anywhere. */
const writtenId = fc
  .array(
    fc.record({
      digit: fc.integer({ min: 0, max: 9 }),
      script: fc.constantFrom(...SCRIPTS),
      before: fc.array(fc.constantFrom(...MARKS), { maxLength: 2 }),
    }),
    { minLength: 14, maxLength: 14 },
  )
  .map((digits) => ({
    ascii: digits.map((d) => String(d.digit)).join(''),
    written: digits.map((d) => d.before.join('') + String.fromCharCode(d.script + d.digit)).join(''),
  }));

function refusal(input: unknown): string | undefined {
  const parsed = studentLookupRequestSchema.safeParse(input);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

describe('the national ID of the student login (properties)', () => {
  it('accepts a national ID in any digit script, spaced and marked, as its ASCII digits', () => {
    fc.assert(
      fc.property(writtenId, ({ ascii, written }) => {
        expect(studentLookupRequestSchema.parse({ nationalID: written }).nationalID).toBe(ascii);
      }),
      RUNS,
    );
  });

  it('accepts exactly the text that is 1 to 32 characters once normalised (spec: no format rule)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (text) => {
        const normalised = normalizeDigits(text);
        const parsed = studentLookupRequestSchema.safeParse({ nationalID: text });
        const expected = normalised.length >= 1 && normalised.length <= NATIONAL_ID_MAX_LENGTH;
        expect(parsed.success).toBe(expected);
        if (parsed.success) expect(parsed.data.nationalID).toBe(normalised);
      }),
      RUNS,
    );
  });

  it('refuses blank input (spaces and marks only) with the required message', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...MARKS), { maxLength: 10 }), (marks) => {
        expect(refusal({ nationalID: marks.join('') })).toBe(MESSAGES.nationalIdRequired);
      }),
      RUNS,
    );
  });

  it('refuses a national ID longer than 32 digits once normalised', () => {
    fc.assert(
      fc.property(fc.array(writtenId, { minLength: 3, maxLength: 5 }), (ids) => {
        expect(refusal({ nationalID: ids.map((id) => id.written).join('') })).toBe(
          MESSAGES.nationalIdInvalid,
        );
      }),
      RUNS,
    );
  });

  it('never throws, and refuses any other body with an Arabic message', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const body =
          typeof value === 'object' && value !== null && !Array.isArray(value)
            ? value
            : { nationalID: value };
        const parsed = studentLookupRequestSchema.safeParse(body);
        if (!parsed.success) expect(parsed.error.issues[0]?.message).toMatch(ARABIC_LETTER);
        else expect(typeof (body as { nationalID: unknown }).nationalID).toBe('string');
      }),
      RUNS,
    );
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const parsed = studentLookupRequestSchema.safeParse(value);
        if (!parsed.success) expect(parsed.error.issues[0]?.message).toMatch(ARABIC_LETTER);
      }),
      RUNS,
    );
  });
});
