import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

/** The `postgresql://` address of a portal's embedded PostgreSQL, found through its data folder. */
export async function portalDatabaseUrl(dataDir: string): Promise<string> {
  const pgDir = path.join(dataDir, 'pg');
  const password = (await readFile(path.join(pgDir, 'password'), 'utf8')).trim();
  const port = Number((await readFile(path.join(pgDir, 'data', 'postmaster.pid'), 'utf8')).split('\n')[3]);
  return `postgresql://portal:${encodeURIComponent(password)}@127.0.0.1:${port}/portal`;
}

/** A direct connection to a portal's embedded PostgreSQL, found through its data folder. */
export async function connectPortalDb(dataDir: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: await portalDatabaseUrl(dataDir) });
  await client.connect();
  return client;
}
