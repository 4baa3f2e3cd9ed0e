import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { insertReviewableStudent } from '../../../test/documents.js';
import { createDeliveringApp } from '../../../test/notifications.js';
import { createTestApp } from '../../../test/test-app.js';
import { admissionSeasons } from '../../db/schema/index.js';
import { createQueue, queuePool } from '../../jobs/queue.js';
import { RETENTION_QUEUE, startImageRetention } from './retention-job.js';

const { app, database } = await createTestApp();
const { db } = database;
const queue = createQueue(queuePool(database.pool), { expireSeconds: 120 });
await queue.boss.start();
let closing = false;
afterAll(async () => {
  closing = true;
  await queue.boss.stop({ graceful: true, wait: true, timeout: 5_000 });
  await queue.pool.end();
});

/** Starts the job as an instance's start does. */
const startInstance = () =>
  startImageRetention({
    boss: queue.boss,
    pool: queue.pool,
    storage: app.storage,
    retentionDays: 365,
    timeZone: 'Africa/Cairo',
    log: app.log,
    stopped: () => closing,
  });

async function retentionJobs() {
  const { rows } = await db.execute<{ id: string; state: string }>(
    sql`SELECT id, state FROM pgboss.job WHERE name = ${RETENTION_QUEUE}`,
  );
  return rows;
}

describe('the retention job on the queue', () => {
  it('is scheduled daily and queued once after a start, however many instances start', async () => {
    await startInstance();
    await startInstance();
    const { rows: schedules } = await db.execute<{ cron: string; timezone: string }>(
      sql`SELECT cron, options->>'tz' AS timezone FROM pgboss.schedule WHERE name = ${RETENTION_QUEUE}`,
    );
    expect(schedules).toEqual([{ cron: '30 3 * * *', timezone: 'Africa/Cairo' }]);
    expect((await retentionJobs()).map((job) => job.state)).toEqual(['created']);
  });

  it('deletes the images of a season due when its job runs', { timeout: 30_000 }, async () => {
    const student = await insertReviewableStudent(app);
    const [closed] = await db
      .update(admissionSeasons)
      .set({ closedAt: sql`now() - interval '400 days'` })
      .where(sql`${admissionSeasons.closedAt} IS NULL`)
      .returning({ id: admissionSeasons.id });
    await db.insert(admissionSeasons).values({ name: 'retention-job-next' });
    // The first run is due a minute after the start: bring it forward.
    await db.execute(sql`UPDATE pgboss.job SET start_after = now() WHERE name = ${RETENTION_QUEUE}`);

    await vi.waitFor(
      async () => {
        const [season] = await db
          .select({ imagesDeletedAt: admissionSeasons.imagesDeletedAt })
          .from(admissionSeasons)
          .where(eq(admissionSeasons.id, closed?.id ?? ''));
        expect(season?.imagesDeletedAt).toBeInstanceOf(Date);
      },
      { timeout: 20_000, interval: 200 },
    );
    for (const { key } of student.documents.values()) expect(await app.storage.exists(key)).toBe(false);
  });
});

describe('an instance delivering notifications', () => {
  it('starts the retention job with its queue', async () => {
    const delivering = await createDeliveringApp({});
    await vi.waitFor(
      async () => {
        const { rows } = await delivering.database.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM pgboss.schedule WHERE name = ${RETENTION_QUEUE}`,
        );
        expect(rows[0]?.n).toBe(1);
      },
      { timeout: 15_000, interval: 200 },
    );
  });
});
