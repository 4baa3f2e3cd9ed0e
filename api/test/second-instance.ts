import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/pool.js';
import { TEST_SECRET, testConfig } from './test-app.js';

/**
 * A second instance of the portal on the database of a test app (`createTestApp`'s `database.url`), with its own
 * pool as in production, the same secret and the test defaults under `env`; ready, and closed after the file.
 * Call it at file or describe level (it registers its own afterAll), not inside a test.
 */
export async function createSecondInstance(databaseUrl: string, env: NodeJS.ProcessEnv = {}): Promise<App> {
  const handle = openDatabase(databaseUrl, 3);
  const other = await buildApp({
    config: testConfig(await mkdtemp(path.join(tmpdir(), 'portal-data-')), env),
    db: handle.db,
    secret: TEST_SECRET,
    webRoot: await mkdtemp(path.join(tmpdir(), 'portal-web-')),
  });
  afterAll(async () => {
    await other.close();
    await handle.pool.end();
  });
  await other.ready();
  return other;
}
