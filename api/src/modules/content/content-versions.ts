import { CONTENT_KINDS, type ContentKind } from '@portal/common';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DbExecutor } from '../../db/executor.js';

/**
 * Raises the kind's counter inside the transaction of the edit, so every instance's cache of that kind is dropped
 * at its next poll, and never before the edit is visible.
 */
export async function bumpContentVersion(tx: DbExecutor, kind: ContentKind): Promise<void> {
  await tx.execute(sql`UPDATE content_versions SET version = version + 1 WHERE kind = ${kind}`);
}

/**
 * The poll's own connection: like the app's pool (same server, credentials and time-outs) but of one, and named in
 * `pg_stat_activity`. Apart so that an edit still reaches this instance within a second while a flood of logins
 * holds every connection of the app's pool, and so the poll never takes a connection a request waits for.
 */
export function contentPollPool(appPool: pg.Pool): pg.Pool {
  const pool = new pg.Pool({ ...appPool.options, max: 1, application_name: 'st-admission-content' });
  // An idle client losing its server must not crash the process; the next poll reconnects.
  pool.on('error', () => undefined);
  return pool;
}

/** Reads the counters as they are now; a kind without a row counts as 0. */
export function contentVersionsReader(pool: pg.Pool): () => Promise<Record<ContentKind, number>> {
  return async () => {
    const versions = Object.fromEntries(CONTENT_KINDS.map((kind) => [kind, 0])) as Record<
      ContentKind,
      number
    >;
    const { rows } = await pool.query<{ kind: string; version: number }>({
      name: 'content_versions_poll',
      text: 'SELECT kind, version FROM content_versions',
    });
    for (const row of rows) {
      if ((CONTENT_KINDS as readonly string[]).includes(row.kind))
        versions[row.kind as ContentKind] = row.version;
    }
    return versions;
  };
}
