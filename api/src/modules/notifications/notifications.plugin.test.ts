import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PUBLIC_URL } from '../../../test/notifications.js';
import { createTestApp } from '../../../test/test-app.js';

/** An instance with NOTIFICATION_WORKERS=0 queues messages but runs no part of the delivery: another does. */
const { app, database } = await createTestApp({
  NOTIFICATION_WORKERS: '0',
  SMTP_URL: 'smtp://127.0.0.1:9',
  MAIL_FROM: 'admission@example.edu',
  PUBLIC_URL,
});

describe('notification workers off', () => {
  it('start no queue: ready without pg-boss, which would have made the delivery queue', async () => {
    await app.ready();
    // The schema is installed by the start's owner role (decision 20); the queues only by a started pg-boss.
    const { rows } = await database.db.execute<{ queues: number }>(
      sql`SELECT count(*)::int AS queues FROM pgboss.queue`,
    );
    expect(rows[0]?.queues).toBe(0);
  });
});
