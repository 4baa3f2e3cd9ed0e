import { NOTIFICATION_MAX_TRIES } from '@portal/common';
import type PgBoss from 'pg-boss';
import type { NotificationsConfig } from '../../config/notifications.js';

/** The queue of deliveries: one job per outbox row, its id the row's id. */
export const DELIVER_QUEUE = 'notifications.deliver';

/** How long a stopping instance lets its running deliveries finish before pg-boss fails them (to be retried). */
export const STOP_TIMEOUT_MS = 10_000;

/** The delivery queue's retry policy: 8 tries, the delay doubling from `retryDelaySeconds` (about a day at 450). */
export function deliverQueueOptions(
  settings: Pick<NotificationsConfig, 'retryDelaySeconds' | 'expireSeconds'>,
): Omit<PgBoss.Queue, 'name'> {
  return {
    retryLimit: NOTIFICATION_MAX_TRIES - 1,
    retryDelay: settings.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: settings.expireSeconds,
  };
}
