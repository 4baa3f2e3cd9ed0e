import { NOTIFICATION_CHANNELS, type NotificationEvent } from '@portal/common';
import { sql } from 'drizzle-orm';
import type { DbExecutor } from './executor.js';
import { notifications } from './schema/index.js';

/** One message to queue for a student, on every channel (issue 17). */
export interface OutboxMessage {
  studentId: string;
  event: NotificationEvent;
  /**
   * Names the occurrence, so that the same occurrence is queued once per student and channel however often the
   * change is repeated: e.g. `documentRefused:<review version>`, `interviewAppointed:<day>:<hour>`.
   */
  dedupeKey: string;
  /** What the message needs beyond the student's row (refused documents, the appointment, a text). */
  payload?: Record<string, unknown>;
}

/**
 * Writes the outbox rows of `messages`, one per channel, in the caller's transaction: the message exists if and
 * only if the change that causes it was committed. An occurrence already queued is left as it is. The
 * dispatcher (modules/notifications) hands the rows to the job queue; unconfigured channels end `skipped`.
 */
export async function queueNotifications(tx: DbExecutor, messages: readonly OutboxMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await tx
    .insert(notifications)
    .values(
      messages.flatMap((message) =>
        NOTIFICATION_CHANNELS.map((channel) => ({
          studentId: message.studentId,
          event: message.event,
          channel,
          dedupeKey: message.dedupeKey,
          payload: message.payload ?? {},
        })),
      ),
    )
    .onConflictDoNothing();
}

/**
 * Writes the outbox rows of one occurrence for many students at once (e.g. 'appoint N'), one per student and
 * channel, in the caller's transaction and in one statement whatever their number. As `queueNotifications`, an
 * occurrence already queued for a student is left as it is.
 */
export async function queueNotificationForStudents(
  tx: DbExecutor,
  studentIds: readonly string[],
  message: Omit<OutboxMessage, 'studentId'>,
): Promise<void> {
  if (studentIds.length === 0) return;
  await tx.execute(sql`
    INSERT INTO ${notifications} (student_id, event, channel, dedupe_key, payload)
    SELECT s.id, ${message.event}, c.channel, ${message.dedupeKey}, ${JSON.stringify(message.payload ?? {})}::jsonb
    FROM unnest(${sql.param([...studentIds])}::uuid[]) AS s(id)
      CROSS JOIN unnest(${sql.param([...NOTIFICATION_CHANNELS])}::text[]) AS c(channel)
    ON CONFLICT (student_id, channel, dedupe_key) DO NOTHING`);
}
