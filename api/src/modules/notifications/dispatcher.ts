import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import { DELIVER_QUEUE } from './deliver-queue.js';
import { dispatchBatch, type SqlExecutor } from './dispatcher.repository.js';

/** Rows handed to the queue per transaction. */
const BATCH = 1000;
const EVERY_MS = 1000;
/**
 * Jobs waiting in the queue past which rows stay in the outbox a little longer. pg-boss's fetch reads and sorts
 * every waiting job to take the next few (its index does not give the order), so a staff message's 50,000 jobs
 * at once made every fetch of 25 read 50,000 rows (bench/notifications.mjs); a few seconds' worth keeps the
 * workers fed and the fetch small. Retries waiting for their time are not counted: a gateway down for a day
 * must not hold new messages back.
 */
const BACKLOG = 2000;

export interface DispatcherDeps {
  boss: PgBoss;
  pool: pg.Pool;
  log: FastifyBaseLogger;
  /** Called after rows were handed over, so this instance's workers take them without waiting for their poll. */
  onDispatched: () => void;
}

/**
 * Moves outbox rows to the delivery queue. The rows are written in the transaction of the change that causes
 * them, so a crash between the change and the delivery loses nothing: the next sweep (of any instance) hands them
 * over. Runs every second, never overlapping itself; several instances take disjoint rows (SKIP LOCKED).
 */
export function dispatcher({ boss, pool, log, onDispatched }: DispatcherDeps) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const enqueue = (ids: string[], executor: SqlExecutor) =>
    boss.insert(
      ids.map((id) => ({ id, name: DELIVER_QUEUE })),
      { db: executor },
    );

  /** Hands over waiting rows, a batch per transaction, while the queue has room for them. */
  async function sweep(): Promise<void> {
    let handed = 0;
    for (;;) {
      const room = BACKLOG - (await boss.getQueueSize(DELIVER_QUEUE, { before: 'retry' }));
      if (room <= 0) break;
      const wanted = Math.min(BATCH, room);
      const taken = await dispatchBatch(pool, wanted, enqueue);
      handed += taken;
      if (taken < wanted || stopped) break;
    }
    if (handed > 0) onDispatched();
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = sweep()
        .catch((error: Error) =>
          log.warn({ err: { message: error.message } }, 'notification dispatch failed'),
        )
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, EVERY_MS);
    timer.unref();
  }

  return {
    start: schedule,
    /** Stops the timer and waits for a sweep under way. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
