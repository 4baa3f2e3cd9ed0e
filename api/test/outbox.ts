import type { NotificationEvent } from '@portal/common';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../src/db/pool.js';
import { notifications } from '../src/db/schema/index.js';

/**
 * The student's outbox rows (issue 17) in a fixed order: by occurrence, then channel. Their delivery state is
 * left out: whether a queue takes them is the notifications module's business, not the change's.
 */
export function outboxRows(db: Database, studentId: string) {
  return db
    .select({
      event: notifications.event,
      channel: notifications.channel,
      dedupeKey: notifications.dedupeKey,
      payload: notifications.payload,
    })
    .from(notifications)
    .where(eq(notifications.studentId, studentId))
    .orderBy(asc(notifications.dedupeKey), asc(notifications.channel));
}

/** The rows one occurrence writes: one per channel, with the same key and payload. */
export function bothChannels(
  event: NotificationEvent,
  dedupeKey: string,
  payload: Record<string, unknown> = {},
) {
  return (['email', 'sms'] as const).map((channel) => ({ event, channel, dedupeKey, payload }));
}
