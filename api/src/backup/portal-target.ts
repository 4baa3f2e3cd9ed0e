import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config/config.js';
import { isAlive, startEmbeddedPostgres } from '../db/embedded-postgres.js';
import { ensureDatabase } from '../db/ensure-database.js';
import type { ObjectStorage } from '../storage/storage.js';
import { storageFromConfig } from '../storage/storage.plugin.js';

interface Logger {
  info(message: string): void;
  warn(message: string): void;
}

export interface PortalTarget {
  databaseUrl: string;
  storage: ObjectStorage;
  close(): Promise<void>;
}

/** The role and database `startEmbeddedPostgres` and `startDatabase` give the portal. */
const EMBEDDED_USER = 'portal';
const EMBEDDED_DATABASE = 'portal';

/**
 * The port of the embedded PostgreSQL a running portal holds on this DATA_DIR, from the server's own
 * `postmaster.pid` (its fourth line); undefined when none runs. Starting a second server there is not possible
 * (and the portal's start would stop one it takes for an orphan), so the backup connects to the running one.
 */
async function runningEmbeddedPort(pgDir: string): Promise<number | undefined> {
  const pidFile = await readFile(path.join(pgDir, 'data', 'postmaster.pid'), 'utf8').catch(() => undefined);
  const [pid, , , port] = pidFile?.split('\n') ?? [];
  if (!pid || !port || !isAlive(Number(pid))) return undefined;
  return Number(port);
}

/**
 * The database and image store the portal's settings name: DATABASE_MIGRATION_URL or else DATABASE_URL, or the
 * embedded PostgreSQL under DATA_DIR/pg as its owner (the running portal's server, or one started here and stopped
 * by `close`); S3_* or DATA_DIR/images.
 */
export async function openPortalTarget(config: Config, log: Logger): Promise<PortalTarget> {
  const storage = storageFromConfig(config);
  const closeStorage = async () => storage.close?.();
  // The owner role when there are two (decision 20): a restore creates the tables, which the serving role may not.
  if (config.databaseUrl)
    return { databaseUrl: config.databaseMigrationUrl ?? config.databaseUrl, storage, close: closeStorage };

  const pgDir = path.join(config.dataDir, 'pg');
  const port = await runningEmbeddedPort(pgDir);
  if (port !== undefined) {
    const password = (await readFile(path.join(pgDir, 'password'), 'utf8')).trim();
    log.info(`using the embedded PostgreSQL the portal runs on port ${port}`);
    return {
      databaseUrl: `postgresql://${EMBEDDED_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`,
      storage,
      close: closeStorage,
    };
  }
  const cluster = await startEmbeddedPostgres(pgDir, log);
  try {
    await ensureDatabase(cluster.connectionString(), EMBEDDED_DATABASE);
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return {
    databaseUrl: cluster.connectionString(EMBEDDED_DATABASE),
    storage,
    async close() {
      await closeStorage();
      await cluster.stop();
    },
  };
}
