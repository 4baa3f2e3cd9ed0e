import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../../../db/pool.js';
import { takeSmsSlot } from './sms-rate.repository.js';

/** Spreads the waiters of one second over a few milliseconds, so they do not all knock at the same instant. */
const JITTER_MS = 20;

/**
 * The SMS rate cap (`SMS_RATE_PER_SECOND`), held across instances on the `sms_rate` table: `acquire` waits for a
 * free place in a second of the database's clock. Answers false when `signal` aborts first (the try ran out of
 * time), true once a place is taken.
 */
export function smsRateLimiter(db: Database, cap: number) {
  return {
    async acquire(signal: AbortSignal): Promise<boolean> {
      while (!signal.aborted) {
        const slot = await takeSmsSlot(db, cap);
        if (slot.granted) return true;
        try {
          await sleep(slot.msToNextSecond + Math.random() * JITTER_MS, undefined, { signal });
        } catch {
          return false;
        }
      }
      return false;
    },
  };
}

export type SmsRateLimiter = ReturnType<typeof smsRateLimiter>;
