import { describe, expect, it } from 'vitest';
import { joinQualificationYear, splitQualificationYear } from './qualification-year.js';

describe('qualification year helpers', () => {
  it('join and split the two parts', () => {
    expect(joinQualificationYear('٢٠٢٤', ' 2025 ')).toBe('2024/2025');
    expect(splitQualificationYear('2024/2025')).toEqual(['2024', '2025']);
    expect(splitQualificationYear(null)).toEqual(['', '']);
  });
});
