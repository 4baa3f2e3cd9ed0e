import { eq, sql } from 'drizzle-orm';
import { linkOwner } from '../../db/link-owner.js';
import type { Database } from '../../db/pool.js';
import { readInBatches } from '../../db/read-in-batches.js';
import { colleges } from '../../db/schema/index.js';
import type { ExportColumn } from './student-columns.js';

/** Which students an export covers: complete or not, in one faculty or (null) all. */
export interface ExportFilter {
  complete: boolean;
  collegeId: string | null;
  /** The admission season; null for the current one (issue 21). */
  seasonId: string | null;
}

export interface ImageRow {
  nationalId: string;
  kind: string;
  storageKey: string;
  contentType: string;
  /** The retention job deleted its file (issue 21). */
  purged: boolean;
}

export function exportsRepository(db: Database) {
  const where = (filter: ExportFilter) =>
    sql`s.is_complete = ${filter.complete} AND (${filter.collegeId}::uuid IS NULL OR s.college_id = ${filter.collegeId}::uuid)
      AND s.season_id = coalesce(${filter.seasonId}::uuid, admission_current_season())`;

  return {
    async collegeIdByName(name: string): Promise<string | undefined> {
      const [row] = await db.select({ id: colleges.id }).from(colleges).where(eq(colleges.name, name));
      return row?.id;
    },

    async collegeName(id: string): Promise<string | undefined> {
      const [row] = await db.select({ name: colleges.name }).from(colleges).where(eq(colleges.id, id));
      return row?.name;
    },

    /** The account a link was made for, as it is now (`db/link-owner.ts`). */
    staffForLink: (id: string) => linkOwner(db, id),

    /** How many students an export covers: its audit row says so before the file is sent. */
    async countStudents(filter: ExportFilter): Promise<number> {
      const { rows } = await db.execute(
        sql`SELECT count(*)::int AS n FROM students s WHERE ${where(filter)}`,
      );
      return (rows[0] as { n: number }).n;
    },

    /** The students of an export, as arrays in column order, batch by batch; answers how many there were. */
    streamStudents(
      filter: ExportFilter,
      columns: readonly ExportColumn[],
      onBatch: (rows: unknown[][]) => Promise<void>,
    ): Promise<number> {
      const selected = sql.join(
        columns.map((column, index) => sql`${column.select} AS ${sql.identifier(`c${index}`)}`),
        sql`, `,
      );
      const query = sql`
        SELECT ${selected}
        FROM students s
        JOIN colleges c ON c.id = s.college_id
        LEFT JOIN appointments a ON a.student_id = s.id
        WHERE ${where(filter)}
        ORDER BY c.sort_order, c.name, s.name, s.national_id`;
      return readInBatches<Record<string, unknown>>(db, query, (rows) =>
        onBatch(rows.map((row) => columns.map((_, index) => row[`c${index}`]))),
      );
    },

    /** The stored images of the students of an export, grouped by student (national ID order). */
    streamImages(filter: ExportFilter, onBatch: (rows: ImageRow[]) => Promise<void>): Promise<number> {
      const query = sql`
        SELECT s.national_id AS "nationalId", i.kind, i.storage_key AS "storageKey",
          i.content_type AS "contentType", i.purged_at IS NOT NULL AS purged
        FROM student_images i
        JOIN students s ON s.id = i.student_id
        WHERE ${where(filter)}
        ORDER BY s.national_id, i.kind`;
      return readInBatches<ImageRow>(db, query, onBatch);
    },
  };
}

export type ExportsRepository = ReturnType<typeof exportsRepository>;
