import { describe, expect, it } from 'vitest';
import { BASE_DELAY_MS, MAX_DELAY_MS, MAX_RETRIES, retryAfterMs, retryDelay } from './retry-policy';

const busy = { status: 503, retriesSoFar: 0, idempotent: true, retryAfter: 2_000, random: 0 };

describe('retryAfterMs', () => {
  const now = Date.parse('2030-01-01T10:00:00Z');

  it('reads seconds and HTTP dates', () => {
    expect(retryAfterMs('5', now)).toBe(5_000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Tue, 01 Jan 2030 10:00:03 GMT', now)).toBe(3_000);
    expect(retryAfterMs('Tue, 01 Jan 2030 09:00:00 GMT', now)).toBe(0);
  });

  it.each([null, '', 'soon', '-3', '1.5'])('ignores %j', (header) => {
    expect(retryAfterMs(header, now)).toBeUndefined();
  });
});

describe('retryDelay', () => {
  it('waits what the server asks for, at least the backoff of the attempt', () => {
    expect(retryDelay(busy)).toBe(2_000);
    expect(retryDelay({ ...busy, retryAfter: 0 })).toBe(BASE_DELAY_MS);
    expect(retryDelay({ ...busy, retryAfter: 0, retriesSoFar: 2 })).toBe(BASE_DELAY_MS * 4);
  });

  it('cuts a long Retry-After and spreads clients by up to a quarter', () => {
    expect(retryDelay({ ...busy, retryAfter: 3_600_000 })).toBe(MAX_DELAY_MS);
    expect(retryDelay({ ...busy, random: 0.999 })).toBe(2_500);
    expect(retryDelay({ ...busy, random: 0.5 })).toBe(2_250);
  });

  it(`stops after ${MAX_RETRIES} retries`, () => {
    expect(retryDelay({ ...busy, retriesSoFar: MAX_RETRIES - 1 })).toBeDefined();
    expect(retryDelay({ ...busy, retriesSoFar: MAX_RETRIES })).toBeUndefined();
  });

  it.each([
    ['a write', { idempotent: false }],
    ['a 503 without Retry-After', { retryAfter: undefined }],
    ['a 4xx', { status: 429 }],
    ['a 500', { status: 500 }],
    ['a success', { status: 200 }],
  ])('never repeats %s', (_, change) => {
    expect(retryDelay({ ...busy, ...change })).toBeUndefined();
  });
});
