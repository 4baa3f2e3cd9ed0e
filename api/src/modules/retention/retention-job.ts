import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import { recordAudit } from '../../db/audit-trail.js';
import * as schema from '../../db/schema/index.js';
import { ensureQueue } from '../../jobs/queue.js';
import type { ObjectStorage } from '../../storage/storage.js';
import { deleteDueSeasonImages, type RetentionRun } from './image-retention.js';
import { retentionRepository } from './retention.repository.js';

export const RETENTION_QUEUE = 'retention.season-images';
/** Daily, at night on the university's clock. */
const DAILY = '30 3 * * *';
/** The run after a start: soon, but not in the start's own rush. */
const FIRST_RUN_AFTER_S = 60;

/**
 * One job queued or running at a time ('stately'): the schedule and every instance's start add at most one.
 * A run taking longer than the expiry is handed out again; the new run finds the lock held and ends at once.
 */
const QUEUE_OPTIONS = { policy: 'stately', expireInSeconds: 3600, retryLimit: 3, retryDelay: 600 } as const;

export interface RetentionRunDeps {
  /** A run holds one of its connections from start to end. */
  pool: pg.Pool;
  storage: ObjectStorage;
  retentionDays: number;
  log: FastifyBaseLogger;
  stopped?: () => boolean;
  now?: Date;
  batchStudents?: number;
}

/**
 * One run on a connection of its own, closed after (not returned to the pool), so the run's advisory lock ends
 * with it whatever happened.
 */
export async function runImageRetention({ pool, ...deps }: RetentionRunDeps): Promise<RetentionRun> {
  const client = await pool.connect();
  try {
    return await deleteDueSeasonImages({
      ...deps,
      repository: retentionRepository(drizzle(client, { schema })),
      audit: (entry, tx) => recordAudit(tx, entry),
    });
  } finally {
    client.release(true);
  }
}

export interface RetentionJobDeps extends Omit<RetentionRunDeps, 'now' | 'batchStudents'> {
  boss: PgBoss;
  timeZone: string;
}

/**
 * The retention job on the notifications' pg-boss (its queue pool): pg-boss runs the schedule once across
 * instances, every start queues one run soon after, and the queue holds one job waiting and one running at most;
 * the run's advisory lock keeps two runs from overlapping even so.
 */
export async function startImageRetention({ boss, timeZone, ...deps }: RetentionJobDeps) {
  await ensureQueue(boss, RETENTION_QUEUE, QUEUE_OPTIONS);
  await boss.work(RETENTION_QUEUE, async () => {
    try {
      const run = await runImageRetention(deps);
      if (run.outcome === 'busy') deps.log.info('season image retention already running elsewhere');
    } catch (error) {
      // pg-boss keeps the failure in its table and tries again; the operator reads it here.
      deps.log.error({ err: error }, 'season image retention failed; the next run carries on');
      throw error;
    }
  });
  await boss.schedule(RETENTION_QUEUE, DAILY, {}, { tz: timeZone });
  await boss.send(RETENTION_QUEUE, {}, { startAfter: FIRST_RUN_AFTER_S });
}
