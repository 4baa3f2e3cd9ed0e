// pg-boss on a small pool of its own: the notifications' deliveries and reminders and the image retention job run
// on it. A floor under both modules, so that neither imports the other to reach the queue.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { NotificationsConfig } from '../config/notifications.js';
import type { Database } from '../db/pool.js';
import * as schema from '../db/schema/index.js';

/**
 * Connections of the delivery path (pg-boss, the dispatcher, the workers' claims, the SMS rate counter). Its own
 * pool, so that 50,000 messages going out never make a login wait for a connection of the request pool.
 */
const QUEUE_POOL_MAX = 4;

/** The delivery path's database: pg-boss and the module's SQL share its pool. */
export interface NotificationQueue {
  boss: PgBoss;
  pool: pg.Pool;
  db: Database;
}

/** A pool like the app's (same server, credentials and time-outs) but small, and named in `pg_stat_activity`. */
export function queuePool(appPool: pg.Pool): pg.Pool {
  const pool = new pg.Pool({
    ...appPool.options,
    max: QUEUE_POOL_MAX,
    application_name: 'st-admission-notifications',
  });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return pool;
}

/** pg-boss on the given pool. Its schema (`pgboss`) is created or migrated by `start`. */
export function createQueue(
  pool: pg.Pool,
  settings: Pick<NotificationsConfig, 'expireSeconds'>,
): NotificationQueue {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => pool.query(text, values) },
    // Expired tries (of an instance that died mid-send) are found by pg-boss's maintenance: run it at least as
    // often as a try may last, so such a message waits about one expiry, not the default two minutes.
    maintenanceIntervalSeconds: Math.min(120, settings.expireSeconds),
  });
  return { boss, pool, db: drizzle(pool, { schema }) };
}

/**
 * Creates the queue when absent, and brings its policy up to date when the settings changed since (pg-boss reads
 * it when a job is inserted). Looked up first because every instance calls this at start.
 */
export async function ensureQueue(boss: PgBoss, name: string, options: Omit<PgBoss.Queue, 'name'> = {}) {
  const existing = await boss.getQueue(name);
  if (!existing) {
    await boss.createQueue(name, { name, ...options });
    return;
  }
  const changed = (Object.keys(options) as (keyof typeof options)[]).some(
    (key) => existing[key] !== options[key],
  );
  if (changed) await boss.updateQueue(name, { name, ...options });
}
