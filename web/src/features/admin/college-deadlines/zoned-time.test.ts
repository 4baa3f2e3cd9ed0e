import { describe, expect, it } from 'vitest';
import { instantOnWallClock, wallClockOf } from './zoned-time';

const CAIRO = 'Africa/Cairo';
const utc = (iso: string | null) => (iso === null ? null : new Date(iso).toISOString());

describe('instantOnWallClock', () => {
  it("reads the date and time on the university's clock, not this computer's", () => {
    const instant = instantOnWallClock('2026-12-01', '23:59', CAIRO);
    expect(instant).toBe('2026-12-01T23:59:00+02:00');
    expect(utc(instant)).toBe('2026-12-01T21:59:00.000Z');
  });

  it("follows the zone's summer time", () => {
    expect(instantOnWallClock('2026-07-01', '12:00', CAIRO)).toBe('2026-07-01T12:00:00+03:00');
    expect(instantOnWallClock('2026-07-01', '12:00', 'America/New_York')).toBe('2026-07-01T12:00:00-04:00');
    expect(instantOnWallClock('2026-01-15', '08:30', 'Asia/Kolkata')).toBe('2026-01-15T08:30:00+05:30');
    expect(instantOnWallClock('2026-01-15', '08:30', 'UTC')).toBe('2026-01-15T08:30:00+00:00');
  });

  it('refuses the hour skipped when summer time starts', () => {
    // Cairo's clocks go from 00:00 to 01:00 on the last Friday of April.
    expect(instantOnWallClock('2026-04-24', '00:30', CAIRO)).toBeNull();
    expect(instantOnWallClock('2026-04-24', '01:00', CAIRO)).toBe('2026-04-24T01:00:00+03:00');
    expect(instantOnWallClock('2026-04-23', '23:59', CAIRO)).toBe('2026-04-23T23:59:00+02:00');
  });

  it('takes the first of the hour shown twice when summer time ends', () => {
    // Cairo's clocks go back from midnight to 23:00 on the last Thursday of October.
    expect(utc(instantOnWallClock('2026-10-29', '23:30', CAIRO))).toBe('2026-10-29T20:30:00.000Z');
    expect(utc(instantOnWallClock('2026-10-30', '00:30', CAIRO))).toBe('2026-10-29T22:30:00.000Z');
  });
});

describe('wallClockOf', () => {
  it("shows an instant on the zone's clock", () => {
    expect(wallClockOf('2026-12-01T21:59:00.000Z', CAIRO)).toEqual({ date: '2026-12-01', time: '23:59' });
    expect(wallClockOf('2026-06-30T22:15:00.000Z', CAIRO)).toEqual({ date: '2026-07-01', time: '01:15' });
  });

  it('gives back what was entered', () => {
    for (const [date, time] of [
      ['2026-12-01', '23:59'],
      ['2026-07-01', '00:00'],
      ['2027-02-28', '09:05'],
    ] as const) {
      const instant = instantOnWallClock(date, time, CAIRO) as string;
      expect(wallClockOf(instant, CAIRO)).toEqual({ date, time });
    }
  });
});
