import path from 'node:path';
import type { Config } from '../config/config.js';
import { type EmbeddedCluster, startEmbeddedPostgres } from './embedded-postgres.js';
import { ensureDatabase } from './ensure-database.js';
import { runMigrations } from './migrate.js';
import { type DatabaseHandle, openDatabase } from './pool.js';
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

/**
 * Connects to the configured PostgreSQL, or starts the embedded one under DATA_DIR/pg; then applies migrations
 * and upserts reference data.
 */
export async function startDatabase(config: Config, log: Logger): Promise<StartedDatabase> {
  let cluster: EmbeddedCluster | undefined;
  let url = config.databaseUrl;
  if (!url) {
    cluster = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'), log);
    await ensureDatabase(cluster.connectionString(), 'portal');
    url = cluster.connectionString('portal');
  }
  const handle = openDatabase(url);
  try {
    await runMigrations(handle.pool);
    await seedReferenceData(handle.db);
    await nameFirstSeason(handle.db, config.branding.academicYear);
  } catch (error) {
    await handle.pool.end();
    await cluster?.stop();
    throw error;
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
