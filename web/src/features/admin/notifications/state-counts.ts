import type { StateCounts } from '@portal/common';

/** How a message's sending stands, as the screen tells it: done one way or another, or still waiting. */
export interface Progress {
  sent: number;
  failed: number;
  skipped: number;
  /** Queued, being handed over, or to be tried again. */
  waiting: number;
  total: number;
  /** Share of the messages no longer waiting, 0-100 (100 for none at all). */
  donePercent: number;
}

export function waitingCount(counts: StateCounts): number {
  return counts.queued + counts.sending + counts.retrying;
}

export function progressOf(counts: StateCounts): Progress {
  const waiting = waitingCount(counts);
  const total = waiting + counts.sent + counts.failed + counts.skipped;
  return {
    sent: counts.sent,
    failed: counts.failed,
    skipped: counts.skipped,
    waiting,
    total,
    donePercent: total === 0 ? 100 : Math.floor(((total - waiting) / total) * 100),
  };
}
