import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { type Database, type DatabaseHandle, openDatabase } from '../src/db/pool.js';
import { notifications } from '../src/db/schema/index.js';
import { createTestApp, TEST_SECRET } from './test-app.js';

export const PUBLIC_URL = 'https://admission.example.edu';

/** Settings of an instance that delivers: short retries and expiry, so that a test sees several tries. */
export const DELIVERY_ENV: NodeJS.ProcessEnv = {
  NOTIFICATION_WORKERS: '1',
  NOTIFICATION_RETRY_DELAY_S: '1',
  NOTIFICATION_EXPIRE_S: '5',
  PUBLIC_URL,
};

/** The portal with its delivery workers running, on a fresh database; closed after the file. */
export async function createDeliveringApp(env: NodeJS.ProcessEnv) {
  const portal = await createTestApp({ ...DELIVERY_ENV, ...env });
  await portal.app.ready();
  return portal;
}

/**
 * Another instance of the portal on the same database (its own pool, data folder and workers), as a second
 * machine behind the load balancer would be; closed after the file, before the database goes.
 */
export async function createAnotherInstance(database: DatabaseHandle, env: NodeJS.ProcessEnv): Promise<App> {
  const url = database.pool.options.connectionString;
  if (!url) throw new Error('the test database has no connection string');
  const handle = openDatabase(url, 5);
  const config = loadConfig({
    DATA_DIR: await mkdtemp(path.join(tmpdir(), 'portal-data-')),
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    ...DELIVERY_ENV,
    ...env,
  });
  const app = await buildApp({
    config,
    db: handle.db,
    secret: TEST_SECRET,
    checkResponses: true,
    webRoot: await mkdtemp(path.join(tmpdir(), 'portal-web-')),
  });
  afterAll(async () => {
    await app.close();
    await handle.pool.end();
  });
  await app.ready();
  return app;
}

/** The outbox row of a student's message on one channel. */
export async function outboxRow(
  db: Database,
  studentId: string,
  channel: 'email' | 'sms',
  dedupeKey?: string,
) {
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.studentId, studentId),
        eq(notifications.channel, channel),
        dedupeKey === undefined ? undefined : eq(notifications.dedupeKey, dedupeKey),
      ),
    );
  if (rows.length !== 1) throw new Error(`expected one ${channel} row, found ${rows.length}`);
  return rows[0] as (typeof rows)[number];
}
