import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { startEmbeddedPostgres } from '../db/embedded-postgres.js';
import { ensureDatabase } from '../db/ensure-database.js';
import { openPortalTarget } from './portal-target.js';

const quiet = { info: () => undefined, warn: () => undefined };
const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-backup-target-'));
await chmod(dataDir, 0o755);
afterAll(() => rm(dataDir, { recursive: true, force: true }));
const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '' });

async function serverPid(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE backend_type = 'checkpointer'",
    );
    return rows[0]?.pid ?? 0;
  } finally {
    await client.end();
  }
}

describe('the embedded database of DATA_DIR', () => {
  it('is started by the console entry when no portal runs, and stopped again when it is done', async () => {
    const target = await openPortalTarget(config, quiet);
    expect(await serverPid(target.databaseUrl)).toBeGreaterThan(0);
    await target.close();
    await expect(serverPid(target.databaseUrl)).rejects.toThrow();
  }, 60_000);

  it("is the running portal's own server while the portal runs on the same folder", async () => {
    const portals = await startEmbeddedPostgres(path.join(dataDir, 'pg'), quiet);
    try {
      await ensureDatabase(portals.connectionString(), 'portal');
      const target = await openPortalTarget(config, quiet);
      expect(await serverPid(target.databaseUrl)).toBe(await serverPid(portals.connectionString('portal')));
      await target.close();
      // Closing the console's target leaves the portal's server running.
      expect(await serverPid(portals.connectionString('portal'))).toBeGreaterThan(0);
    } finally {
      await portals.stop();
    }
  }, 60_000);
});
