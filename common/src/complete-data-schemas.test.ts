import { describe, expect, it } from 'vitest';
import { completeDataWireSchema } from './complete-data-schemas.js';

describe('wire schema', () => {
  it('normalises the digits of number fields and drops unknown fields', () => {
    const parsed = completeDataWireSchema.parse({
      phoneNumber: '٠١٠ ١٢٣٤ ٥٦٧٨',
      studentNameEn: ' Ahmed ',
      unknown: 'x',
    });
    expect(parsed).toEqual({ phoneNumber: '01012345678', studentNameEn: ' Ahmed ' });
  });
});
