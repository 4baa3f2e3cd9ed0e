import { CONTENT_KINDS, type ContentKind } from '@portal/common';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/pool.js';
import { contentVersions } from '../../db/schema.js';
import type { DbExecutor } from '../audit/audit.repository.js';

/** The name of the poll's prepared statement, so a test counting a request's statements can leave it out. */
export const CONTENT_POLL_STATEMENT = 'content_versions_poll';

/**
 * Raises the kind's counter inside the transaction of the edit, so every instance's cache of that kind is dropped
 * at its next poll, and never before the edit is visible.
 */
export async function bumpContentVersion(tx: DbExecutor, kind: ContentKind): Promise<void> {
  await tx.execute(sql`UPDATE content_versions SET version = version + 1 WHERE kind = ${kind}`);
}

/** Reads the counters as they are now; a kind without a row counts as 0. */
export function contentVersionsReader(db: Database): () => Promise<Record<ContentKind, number>> {
  const poll = db
    .select({ kind: contentVersions.kind, version: contentVersions.version })
    .from(contentVersions)
    .prepare(CONTENT_POLL_STATEMENT);
  return async () => {
    const versions = Object.fromEntries(CONTENT_KINDS.map((kind) => [kind, 0])) as Record<
      ContentKind,
      number
    >;
    for (const row of await poll.execute()) {
      if ((CONTENT_KINDS as readonly string[]).includes(row.kind))
        versions[row.kind as ContentKind] = row.version;
    }
    return versions;
  };
}
