import { describe, expect, it } from 'vitest';
import { progressOf, waitingCount } from './state-counts';

const none = { queued: 0, sending: 0, retrying: 0, sent: 0, failed: 0, skipped: 0 };

describe('progressOf', () => {
  it('counts queued, sending and retrying messages as waiting', () => {
    const counts = { queued: 3, sending: 1, retrying: 2, sent: 10, failed: 1, skipped: 3 };
    expect(waitingCount(counts)).toBe(6);
    expect(progressOf(counts)).toEqual({
      sent: 10,
      failed: 1,
      skipped: 3,
      waiting: 6,
      total: 20,
      donePercent: 70,
    });
  });

  it('is done only when nothing waits', () => {
    expect(progressOf({ ...none, queued: 1, sent: 998 }).donePercent).toBe(99);
    expect(progressOf({ ...none, sent: 2, failed: 1 }).donePercent).toBe(100);
    expect(progressOf(none)).toMatchObject({ total: 0, waiting: 0, donePercent: 100 });
  });
});
