import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { grantServingRole } from './serving-role.js';

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Arbitrary constant shared by every instance: only one of them applies migrations at a time. */
const MIGRATION_LOCK_KEY = 720_431_001;

/**
 * Applies pending migrations while holding a session-level advisory lock on one connection, so several
 * instances starting together neither race nor apply a migration twice; then, when the portal serves as another
 * role than `pool`'s (the owner's), grants that role what it needs, under the same lock.
 */
export async function runMigrations(pool: pg.Pool, servingRole?: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
      if (servingRole) await grantServingRole(client, servingRole);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
