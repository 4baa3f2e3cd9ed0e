import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { randomNationalId } from '../../../test/builders.js';
import { createTestDatabase } from '../../../test/test-app.js';
import { queueNotifications } from '../../db/notification-outbox.js';
import { colleges, notifications, students } from '../../db/schema/index.js';
import { createQueue, ensureQueue, queuePool } from '../../jobs/queue.js';
import { DELIVER_QUEUE, deliverQueueOptions } from './deliver-queue.js';
import { dispatcher } from './dispatcher.js';

/**
 * The dispatcher hands outbox rows to pg-boss only while the queue holds fewer than 2,000 waiting jobs: a staff
 * message's 50,000 rows wait in the outbox, and each fetch of the workers stays small.
 */
const database = await createTestDatabase();
const { boss, pool } = createQueue(queuePool(database.pool), { expireSeconds: 120 });
await boss.start();
await ensureQueue(boss, DELIVER_QUEUE, deliverQueueOptions({ retryDelaySeconds: 450, expireSeconds: 120 }));
afterAll(async () => {
  await boss.stop({ graceful: false, wait: true });
  await pool.end();
});

const STUDENTS = 1300;
const log = { warn: vi.fn() } as unknown as Parameters<typeof dispatcher>[0]['log'];

async function dispatched(): Promise<number> {
  const { rows } = await database.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM ${notifications} WHERE dispatched`,
  );
  return rows[0]?.n ?? 0;
}

describe('the dispatcher', () => {
  it('keeps the queue to 2,000 waiting jobs, and hands over more as they are taken', {
    timeout: 60_000,
  }, async () => {
    const [college] = await database.db
      .select({ id: colleges.id })
      .from(colleges)
      .where(eq(colleges.name, 'كلية التجارة'));
    const inserted = await database.db
      .insert(students)
      .values(
        Array.from({ length: STUDENTS }, (_, i) => ({
          nationalId: randomNationalId(),
          name: `طالب رقم ${i}`,
          collegeId: college?.id ?? '',
        })),
      )
      .returning({ id: students.id });
    await queueNotifications(
      database.db,
      inserted.map((student) => ({
        studentId: student.id,
        event: 'dataCompleted',
        dedupeKey: 'dataCompleted',
      })),
    );

    const sweeper = dispatcher({ boss, pool, log, onDispatched: () => undefined });
    sweeper.start();
    try {
      await vi.waitFor(async () => expect(await dispatched()).toBe(2000), { timeout: 20_000, interval: 200 });
      // Another sweep or two change nothing while the queue is full.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(await dispatched()).toBe(2000);
      expect(await boss.getQueueSize(DELIVER_QUEUE, { before: 'retry' })).toBe(2000);

      // Workers take 1,000: the rest of the outbox (600 rows) follows.
      expect(await boss.fetch(DELIVER_QUEUE, { batchSize: 1000 })).toHaveLength(1000);
      await vi.waitFor(async () => expect(await dispatched()).toBe(STUDENTS * 2), {
        timeout: 20_000,
        interval: 200,
      });
    } finally {
      await sweeper.stop();
    }
    expect(log.warn).not.toHaveBeenCalled();
  });
});
