import { desc, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/executor.js';
import type { Database } from '../../db/pool.js';
import { admissionSeasons } from '../../db/schema/index.js';

export interface SeasonRow {
  id: string;
  name: string;
  current: boolean;
  openedAt: Date;
  closedAt: Date | null;
  imagesDeletedAt: Date | null;
  students: number;
}

const seasonColumns = {
  id: admissionSeasons.id,
  name: admissionSeasons.name,
  current: sql<boolean>`${admissionSeasons.closedAt} IS NULL`,
  openedAt: admissionSeasons.openedAt,
  closedAt: admissionSeasons.closedAt,
  imagesDeletedAt: admissionSeasons.imagesDeletedAt,
};

/** Lets this transaction change a closed season's rows past the read-only trigger (migration 0013). */
async function allowClosedSeasonWrites(tx: DbExecutor): Promise<void> {
  await tx.execute(sql`SELECT set_config('portal.season_maintenance', 'on', true)`);
}

export function seasonsRepository(db: Database) {
  return {
    transaction<T>(work: (tx: DbExecutor) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /**
     * Every season with its student count, the current one first, then newest first. The counts come from one
     * grouped pass over an index holding season_id (students_college_idx), not a count per season.
     */
    async list(): Promise<SeasonRow[]> {
      const counts = db
        .select({
          seasonId: sql<string>`season_id`.as('season_id'),
          students: sql<number>`count(*)::int`.as('n'),
        })
        .from(sql`students`)
        .groupBy(sql`season_id`)
        .as('counts');
      return db
        .select({ ...seasonColumns, students: sql<number>`coalesce(${counts.students}, 0)` })
        .from(admissionSeasons)
        .leftJoin(counts, eq(counts.seasonId, admissionSeasons.id))
        .orderBy(desc(sql`${admissionSeasons.closedAt} IS NULL`), desc(admissionSeasons.openedAt));
    },

    /** The current season, locked: two super admins opening a season at once take turns. */
    async lockCurrent(tx: DbExecutor): Promise<{ id: string; name: string } | undefined> {
      const [row] = await tx
        .select({ id: admissionSeasons.id, name: admissionSeasons.name })
        .from(admissionSeasons)
        .where(sql`${admissionSeasons.closedAt} IS NULL`)
        .for('update');
      return row;
    },

    async nameTaken(tx: DbExecutor, name: string): Promise<boolean> {
      const [row] = await tx
        .select({ id: admissionSeasons.id })
        .from(admissionSeasons)
        .where(eq(admissionSeasons.name, name));
      return row !== undefined;
    },

    /** Closes the current season and opens `name`; from this commit on, new students default to it. */
    async open(tx: DbExecutor, currentId: string, name: string): Promise<SeasonRow> {
      await tx
        .update(admissionSeasons)
        .set({ closedAt: sql`now()` })
        .where(eq(admissionSeasons.id, currentId));
      const [row] = await tx.insert(admissionSeasons).values({ name }).returning(seasonColumns);
      if (!row) throw new Error('the new season was not inserted');
      return { ...row, students: 0 };
    },

    /** The season, locked until the transaction ends, with its student count. */
    async lockWithCount(
      tx: DbExecutor,
      id: string,
    ): Promise<{ id: string; name: string; current: boolean; students: number } | undefined> {
      const [row] = await tx
        .select({
          id: admissionSeasons.id,
          name: admissionSeasons.name,
          current: seasonColumns.current,
          // Spelt out: in a one-table select Drizzle leaves column names unqualified.
          students: sql<number>`(SELECT count(*)::int FROM students s WHERE s.season_id = admission_seasons.id)`,
        })
        .from(admissionSeasons)
        .where(eq(admissionSeasons.id, id))
        .for('update');
      return row;
    },

    /**
     * Deletes up to `limit` of a closed season's students (their images, answers and appointments cascade) and
     * answers how many, with the storage keys of their images still stored, read in the same snapshot.
     */
    async deleteStudentsBatch(
      tx: DbExecutor,
      seasonId: string,
      limit: number,
    ): Promise<{ deleted: number; keys: string[] }> {
      await allowClosedSeasonWrites(tx);
      const result = await tx.execute<{ deleted: number; keys: string[] }>(sql`
        WITH doomed AS (
          SELECT id FROM students WHERE season_id = ${seasonId} LIMIT ${limit} FOR UPDATE
        ),
        gone AS (DELETE FROM students WHERE id IN (SELECT id FROM doomed) RETURNING id)
        SELECT (SELECT count(*) FROM gone)::int AS deleted,
          ARRAY(SELECT i.storage_key FROM student_images i
            WHERE i.student_id IN (SELECT id FROM doomed) AND i.purged_at IS NULL) AS keys`);
      const [row] = result.rows;
      return { deleted: Number(row?.deleted ?? 0), keys: row?.keys ?? [] };
    },

    /** Removes the season itself once it has no student left. */
    async deleteSeason(tx: DbExecutor, id: string): Promise<void> {
      await tx.delete(admissionSeasons).where(eq(admissionSeasons.id, id));
    },
  };
}
export type SeasonsRepository = ReturnType<typeof seasonsRepository>;
