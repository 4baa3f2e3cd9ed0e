import { describe, expect, it } from 'vitest';
import { normalizeDigits } from './digits.js';

describe('normalizeDigits', () => {
  it('turns Arabic-Indic and Persian digits into ASCII', () => {
    expect(normalizeDigits('٣٠١٠١٠١٢٣٤٥٦٧٨')).toBe('30101012345678');
    expect(normalizeDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
  });
  it('removes surrounding and inner white space and keeps leading zeros', () => {
    expect(normalizeDigits('  010 1234\t5678 ')).toBe('01012345678');
  });
  it('removes the invisible marks a number copied from right-to-left text carries', () => {
    expect(normalizeDigits('\u200f\u202b٠١٠\u200b١٢٣٤٥٦٧٨\u202c\u061c')).toBe('01012345678');
  });
  it('leaves other characters alone', () => {
    expect(normalizeDigits('abc-٥')).toBe('abc-5');
  });
});
