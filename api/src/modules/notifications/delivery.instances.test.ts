import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { randomNationalId } from '../../../test/builders.js';
import { createAnotherInstance, createDeliveringApp } from '../../../test/notifications.js';
import { messageIdOf, startSmtpSink } from '../../../test/smtp-sink.js';
import { queueNotifications } from '../../db/notification-outbox.js';
import { colleges, notifications, students } from '../../db/schema/index.js';

/**
 * Issue 17: two portal instances on one database, both delivering, share 1,000 e-mails between them: each
 * message reaches the SMTP server exactly once (its Message-ID carries the notification id) and every row ends
 * `sent`.
 */
const MESSAGES = 1000;
const sink = await startSmtpSink();
afterAll(() => sink.close());
const env = {
  SMTP_URL: sink.url,
  MAIL_FROM: 'admission@example.edu',
  // Long enough that no try of this file is cut short on a busy machine and sent again.
  NOTIFICATION_EXPIRE_S: '120',
};
const { database } = await createDeliveringApp(env);
await createAnotherInstance(database, env);
const db = database.db;

describe('two instances delivering', () => {
  it(`send each of ${MESSAGES} e-mails exactly once`, { timeout: 120_000 }, async () => {
    const [college] = await db
      .select({ id: colleges.id })
      .from(colleges)
      .where(eq(colleges.name, 'كلية التجارة'));
    const inserted = await db
      .insert(students)
      .values(
        Array.from({ length: MESSAGES }, (_, i) => ({
          nationalId: randomNationalId(),
          name: `طالب رقم ${i}`,
          email: `student${i}@example.com`,
          collegeId: college?.id ?? '',
        })),
      )
      .returning({ id: students.id });
    await queueNotifications(
      db,
      inserted.map((student) => ({
        studentId: student.id,
        event: 'dataCompleted',
        dedupeKey: 'dataCompleted',
      })),
    );

    await vi.waitFor(
      async () => {
        const { rows } = await db.execute<{ sent: number }>(
          sql`SELECT count(*) AS sent FROM ${notifications} WHERE channel = 'email' AND state = 'sent'`,
        );
        expect(rows[0]?.sent).toBe(MESSAGES);
      },
      { timeout: 100_000, interval: 250 },
    );

    const ids = (
      await db.select({ id: notifications.id }).from(notifications).where(eq(notifications.channel, 'email'))
    ).map((row) => `${row.id}@admission.example.edu`);
    const received = sink.messages.map((message) => messageIdOf(message.raw));
    expect(received).toHaveLength(MESSAGES);
    expect(new Set(received)).toEqual(new Set(ids));
    const rows = await db
      .select({ state: notifications.state, tries: notifications.tries })
      .from(notifications);
    expect(rows.filter((row) => row.state === 'sent' && row.tries === 1)).toHaveLength(MESSAGES);
    // The SMS channel is not configured: skipped, all of them.
    expect(rows.filter((row) => row.state === 'skipped')).toHaveLength(MESSAGES);

    // Both instances took part: pg-boss records no instance, but each instance's pool of the delivery path
    // shows in pg_stat_activity under its own name.
    const { rows: pools } = await db.execute<{ connections: number }>(
      sql`SELECT count(*) AS connections FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = 'st-admission-notifications'`,
    );
    expect(pools[0]?.connections).toBeGreaterThanOrEqual(2);
  });
});
