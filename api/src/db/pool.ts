import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Database = NodePgDatabase<typeof schema>;

export interface DatabaseHandle {
  pool: pg.Pool;
  db: Database;
}

// PostgreSQL answers bigint counts and numerics as text; counts fit a JS number easily.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/** The pg pool under a Drizzle database (its `$client`), if it is one. */
export function poolOf(db: object): pg.Pool | undefined {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

export function openDatabase(connectionString: string, max = 10): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    application_name: 'st-admission',
  });
  // An idle client losing its server (restart, network) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return { pool, db: drizzle(pool, { schema }) };
}
