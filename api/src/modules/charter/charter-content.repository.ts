import { desc, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/executor.js';
import type { Database } from '../../db/pool.js';
import { charterVersions } from '../../db/schema/index.js';
import type { CharterSection } from './charter-text.js';

/** One published charter, as `charter_versions` keeps it (never changed once written). */
export interface CharterVersionRow {
  version: number;
  sections: CharterSection[];
  /** The staff account that published it; null for the charter the portal shipped with. */
  createdByUserName: string | null;
  createdAt: Date;
}

export type CharterVersionSummary = Omit<CharterVersionRow, 'sections'>;

const summaryColumns = {
  version: charterVersions.version,
  createdByUserName: charterVersions.createdByUserName,
  createdAt: charterVersions.createdAt,
};
const rowColumns = { ...summaryColumns, sections: charterVersions.sections };

/** The column is jsonb without a type; what is written there is always `CharterSection[]` (the service's input). */
const asRow = (row: { sections: unknown } & CharterVersionSummary): CharterVersionRow => ({
  ...row,
  sections: row.sections as CharterSection[],
});

export function charterContentRepository(db: Database) {
  return {
    /**
     * The version students are served (read once per version per instance, so not prepared); undefined only in a
     * database that was never seeded. Given a transaction, read in it (after `lockForPublish`).
     */
    async newest(executor: DbExecutor = db): Promise<CharterVersionRow | undefined> {
      const [row] = await executor
        .select(rowColumns)
        .from(charterVersions)
        .orderBy(desc(charterVersions.version))
        .limit(1);
      return row && asRow(row);
    },

    /** Every version, newest first, without its text. */
    list(): Promise<CharterVersionSummary[]> {
      return db.select(summaryColumns).from(charterVersions).orderBy(desc(charterVersions.version));
    },

    transaction<T>(work: (tx: DbExecutor) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /**
     * Makes publishes take turns until the transaction ends, so two at once get consecutive versions rather than
     * the same one. The mode conflicts with itself and with inserts, not with reads: students keep being served.
     */
    async lockForPublish(tx: DbExecutor): Promise<void> {
      await tx.execute(sql`LOCK TABLE charter_versions IN SHARE ROW EXCLUSIVE MODE`);
    },

    async insert(
      tx: DbExecutor,
      entry: { version: number; sections: CharterSection[]; createdByUserName: string },
    ): Promise<CharterVersionRow> {
      const [row] = await tx.insert(charterVersions).values(entry).returning(rowColumns);
      if (!row) throw new Error('charter_versions insert returned no row');
      return asRow(row);
    },
  };
}
export type CharterContentRepository = ReturnType<typeof charterContentRepository>;
