import { CONTENT_KINDS, type ContentKind } from '@portal/common';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/pool.js';
import type { DbExecutor } from '../audit/audit.repository.js';

/**
 * Raises the kind's counter inside the transaction of the edit, so every instance's cache of that kind is dropped
 * at its next poll, and never before the edit is visible.
 */
export async function bumpContentVersion(tx: DbExecutor, kind: ContentKind): Promise<void> {
  await tx.execute(sql`UPDATE content_versions SET version = version + 1 WHERE kind = ${kind}`);
}

/** The counters as they are now; a kind without a row counts as 0. */
export async function readContentVersions(db: Database): Promise<Record<ContentKind, number>> {
  const { rows } = await db.execute<{ kind: string; version: number }>(
    sql`SELECT kind, version FROM content_versions`,
  );
  const versions = Object.fromEntries(CONTENT_KINDS.map((kind) => [kind, 0])) as Record<ContentKind, number>;
  for (const row of rows) {
    if ((CONTENT_KINDS as readonly string[]).includes(row.kind))
      versions[row.kind as ContentKind] = row.version;
  }
  return versions;
}
