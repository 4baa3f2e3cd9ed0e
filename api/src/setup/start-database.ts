import path from 'node:path';
import type pg from 'pg';
import type { Config } from '../config/config.js';
import { type EmbeddedCluster, startEmbeddedPostgres } from '../db/embedded-postgres.js';
import { ensureDatabase } from '../db/ensure-database.js';
import { runMigrations } from '../db/migrate.js';
import { type DatabaseHandle, openDatabase } from '../db/pool.js';
import { nameFirstSeason } from './seed/first-season.js';
import { seedReferenceData } from './seed/reference-data.js';

interface Logger {
  info(message: string): void;
  warn(message: string): void;
}

export interface StartedDatabase extends DatabaseHandle {
  /** Whether demo data should be seeded: DEMO_DATA when set, else only for a freshly created embedded cluster. */
  seedDemo: boolean;
  close(): Promise<void>;
}

/** The role a pool's connections log in as. */
async function roleOf(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ role: string }>('SELECT current_user AS role');
  return rows[0]?.role ?? '';
}

/**
 * Connects to the configured PostgreSQL, or starts the embedded one under DATA_DIR/pg; then applies migrations
 * and upserts reference data as the owner role, and serves as the other role (decision 20): the embedded
 * cluster's `portal_app`, or DATABASE_URL's role when DATABASE_MIGRATION_URL names the owner. With DATABASE_URL
 * alone one role does both, as before, and the start says what that leaves open.
 */
export async function startDatabase(config: Config, log: Logger): Promise<StartedDatabase> {
  let cluster: EmbeddedCluster | undefined;
  let url = config.databaseUrl;
  let ownerUrl = config.databaseMigrationUrl;
  if (!url) {
    cluster = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'), log);
    await ensureDatabase(cluster.connectionString(), 'portal');
    url = cluster.servingConnectionString('portal');
    ownerUrl = cluster.connectionString('portal');
  }
  const handle = openDatabase(url);
  const owner = ownerUrl ? openDatabase(ownerUrl, 1) : undefined;
  try {
    const setUp = owner ?? handle;
    await runMigrations(setUp.pool, owner ? await roleOf(handle.pool) : undefined);
    await seedReferenceData(setUp.db);
    await nameFirstSeason(setUp.db, config.branding.academicYear);
    if (!owner)
      log.warn(
        'DATABASE_URL connects as the role that owns the tables, so the portal could empty or drop its own audit ' +
          'log; set DATABASE_MIGRATION_URL to that role and DATABASE_URL to one that only reads and writes rows',
      );
  } catch (error) {
    await handle.pool.end();
    await cluster?.stop();
    throw error;
  } finally {
    await owner?.pool.end();
  }
  return {
    ...handle,
    seedDemo: config.demoData ?? cluster?.created ?? false,
    async close() {
      await handle.pool.end();
      await cluster?.stop();
    },
  };
}
