import pg from 'pg';
import { runMigrations } from '../src/db/migrate.js';
import { openDatabase } from '../src/db/pool.js';
import { seedReferenceData } from '../src/setup/seed/reference-data.js';

export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The same server and database as the role `role` with `password`. */
export function asRole(url: string, role: string, password: string): string {
  const changed = new URL(url);
  changed.username = encodeURIComponent(role);
  changed.password = encodeURIComponent(password);
  return changed.toString();
}

/**
 * Builds the database every test file copies (CREATE DATABASE ... TEMPLATE): migrated and seeded with reference
 * data once per run, so each file starts from a fresh, realistic database in a few milliseconds. It is migrated as
 * the server's admin (the owner) and granted to `servingRole`, as a start does (decision 20); the grants and
 * pg-boss's schema are copied with it.
 */
export async function createTemplateDatabase(
  serverUrl: string,
  name: string,
  servingRole: string,
): Promise<void> {
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
  const handle = openDatabase(withDatabase(serverUrl, name), 2);
  try {
    await runMigrations(handle.pool, servingRole);
    await seedReferenceData(handle.db);
  } finally {
    await handle.pool.end();
  }
}

export async function dropDatabasesWithPrefix(serverUrl: string, prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [prefix],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
