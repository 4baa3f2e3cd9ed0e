import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, inject } from 'vitest';
import { type App, type AppDeps, buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { type DatabaseHandle, openDatabase } from '../src/db/pool.js';
import { adminQuery, withDatabase } from './template-database.js';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hmac-signing';

export type TestDatabase = DatabaseHandle & {
  url: string;
  /** The role the portal serves as (decision 20), on the same database: what test apps are built on. */
  serving: DatabaseHandle & { url: string; role: string };
};

/**
 * A fresh database for this test file, copied from the run's template and dropped after the file. Its handle
 * connects as the owner, like an operator at the console: test set-up may do what the portal may not (emptying
 * the audit log); `serving` connects as the portal does.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = inject('dbServerUrl');
  const name = `${inject('dbPrefix')}${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE "${name}" TEMPLATE "${inject('dbTemplate')}"`);
  const url = withDatabase(serverUrl, name);
  const handle = openDatabase(url, 5);
  const servingUrl = withDatabase(inject('dbServingUrl'), name);
  const serving = openDatabase(servingUrl, 5);
  afterAll(async () => {
    await handle.pool.end();
    await serving.pool.end();
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
  const role = decodeURIComponent(new URL(servingUrl).username);
  return { ...handle, url, serving: { ...serving, url: servingUrl, role } };
}

/** A built web app stand-in, so the SPA fallback can be tested without building the real one. */
async function fakeWebRoot(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'portal-web-'));
  await mkdir(path.join(root, 'assets'));
  // As the build leaves them: the login screen prerendered, and the web app's page for every other screen.
  await writeFile(
    path.join(root, 'index.html'),
    '<!doctype html><html lang="ar" dir="rtl"><div id="root"><form method="post"></form></div>',
  );
  await writeFile(
    path.join(root, 'app.html'),
    '<!doctype html><html lang="ar" dir="rtl"><div id="root"></div>',
  );
  // And the same under seat-no/, which STUDENT_SECOND_FACTOR=seatNo serves (its login asks the seat number).
  await mkdir(path.join(root, 'seat-no'));
  await writeFile(
    path.join(root, 'seat-no', 'index.html'),
    '<!doctype html><html lang="ar" dir="rtl" data-student-second-factor="seatNo"><div id="root"><form method="post"><input name="seatNo"></form></div>',
  );
  await writeFile(
    path.join(root, 'seat-no', 'app.html'),
    '<!doctype html><html lang="ar" dir="rtl" data-student-second-factor="seatNo"><div id="root"></div>',
  );
  await writeFile(path.join(root, 'assets', 'app-abc123.js'), 'console.log(1)');
  return root;
}

/**
 * The configuration of a test instance: `env` over the run's data folder and the defaults below.
 * Shedding on event-loop delay is off unless a test asks for it: a 30 MB upload on a machine busy with other
 * work lagged the loop past the limit, and the logins of the next tests were refused as 'server busy'.
 * Notification workers (the job queue) only where a test delivers messages: every other test reads the outbox.
 * No role must enrol a second factor unless a test asks: the tests sign staff in with a password alone.
 */
export function testConfig(dataDir: string, env: NodeJS.ProcessEnv = {}) {
  return loadConfig({
    DATA_DIR: dataDir,
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    NOTIFICATION_WORKERS: '0',
    STAFF_2FA_REQUIRED: 'none',
    ...env,
  });
}

/**
 * The whole portal on a fresh database, serving as the serving role, driven through `inject`; closed after the file. `deps` may replace
 * dependencies such as the storage (given the run's data folder).
 */
export async function createTestApp(
  env: NodeJS.ProcessEnv = {},
  deps: (dataDir: string) => Partial<Pick<AppDeps, 'storage'>> = () => ({}),
): Promise<{ app: App; database: TestDatabase }> {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-data-'));
  const app = await buildApp({
    config: testConfig(dataDir, env),
    db: database.serving.db,
    secret: TEST_SECRET,
    checkResponses: true,
    webRoot: await fakeWebRoot(),
    ...deps(dataDir),
  });
  afterAll(() => app.close());
  return { app, database };
}
