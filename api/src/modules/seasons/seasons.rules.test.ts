import { describe, expect, it } from 'vitest';
import { isLaterSeason } from './seasons.rules.js';

describe('isLaterSeason', () => {
  it('accepts the next academic year and any later one', () => {
    expect(isLaterSeason('2027/2028', '2026/2027')).toBe(true);
    expect(isLaterSeason('2030/2031', '2026/2027')).toBe(true);
  });

  it('refuses the same year, an earlier one and a malformed name', () => {
    expect(isLaterSeason('2026/2027', '2026/2027')).toBe(false);
    expect(isLaterSeason('2025/2026', '2026/2027')).toBe(false);
    expect(isLaterSeason('2027/2029', '2026/2027')).toBe(false);
    expect(isLaterSeason('next year', '2026/2027')).toBe(false);
  });

  it('lets any well-formed year follow a current season named outside the pattern', () => {
    expect(isLaterSeason('2027/2028', 'legacy')).toBe(true);
  });
});
