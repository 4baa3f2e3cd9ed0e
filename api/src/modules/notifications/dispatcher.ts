import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import { dispatchBatch, type SqlExecutor } from './dispatcher.repository.js';
import { DELIVER_QUEUE } from './queue.js';

/** Rows handed to the queue per transaction. */
const BATCH = 1000;
const EVERY_MS = 1000;

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

  /** Hands over every waiting row, a batch per transaction. */
  async function sweep(): Promise<void> {
    let handed = 0;
    for (;;) {
      const taken = await dispatchBatch(pool, BATCH, enqueue);
      handed += taken;
      if (taken < BATCH || stopped) break;
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
