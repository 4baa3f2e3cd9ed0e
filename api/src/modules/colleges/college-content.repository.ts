import type { ContentCollege, ProgramEntry } from '@portal/common';
import { type AnyColumn, and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/executor.js';
import type { Database } from '../../db/pool.js';
import { collegePrograms, colleges, students } from '../../db/schema/index.js';
import { inCurrentSeason } from '../../db/seasons.js';

const collegeColumns = {
  id: colleges.id,
  name: colleges.name,
  socialWork: colleges.socialWork,
  tourism: colleges.tourism,
  sortOrder: colleges.sortOrder,
  hidden: colleges.hidden,
  dataDeadline: colleges.dataDeadline,
};

const programColumns = {
  id: collegePrograms.id,
  collegeId: collegePrograms.collegeId,
  name: collegePrograms.name,
  sortOrder: collegePrograms.sortOrder,
  hidden: collegePrograms.hidden,
};

/** A college as the content screen edits it. */
export interface ContentCollegeRow {
  id: string;
  name: string;
  socialWork: boolean;
  tourism: boolean;
  sortOrder: number;
  hidden: boolean;
  dataDeadline: Date | null;
}

export interface ProgramRow {
  id: string;
  collegeId: string;
  name: string;
  sortOrder: number;
  hidden: boolean;
}

export type CollegeChanges = Partial<Omit<ContentCollegeRow, 'id'>>;
export type ProgramChanges = Partial<Pick<ProgramRow, 'name' | 'sortOrder' | 'hidden'>>;

const COLLEGE_NAME_UNIQUE = 'colleges_name_unique';
const PROGRAM_NAME_UNIQUE = 'college_programs_college_name_key';

/** PostgreSQL's unique violation of this index (two saves of the same new name at once): the later one loses. */
function isUniqueViolation(error: unknown, constraint: string): boolean {
  let current = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current.code === '23505' && current.constraint === constraint) return true;
    current = current.cause as typeof current;
  }
  return false;
}
export const isDuplicateCollegeName = (error: unknown) => isUniqueViolation(error, COLLEGE_NAME_UNIQUE);
export const isDuplicateProgramName = (error: unknown) => isUniqueViolation(error, PROGRAM_NAME_UNIQUE);

/** A student of the college chose the program (by its name) as one of the three. */
const choseProgram = (name: string) =>
  sql`${name} IN (${students.program1}, ${students.program2}, ${students.program3})`;

/**
 * The colleges and programs as the super admin edits them (issue 19). Every write runs in the caller's
 * transaction, after `lockCollege`, so two edits of one college (or of its programs) take turns.
 */
export function collegeContentRepository(db: Database) {
  /** The colleges (one, or all) with how many students and accounts refer to them and their programs. */
  async function contentColleges(executor: DbExecutor, id?: string): Promise<ContentCollege[]> {
    const only = id ? eq(colleges.id, id) : undefined;
    const rows = await executor
      .select({
        ...collegeColumns,
        // Written out whole: in a select list the ORM leaves the outer table's name off its columns.
        studentCount: sql<number>`(SELECT count(*)::int FROM students s WHERE s.college_id = colleges.id)`,
        staffCount: sql<number>`(SELECT count(*)::int FROM staff_users a WHERE a.college_id = colleges.id)`,
      })
      .from(colleges)
      .where(only)
      .orderBy(asc(colleges.sortOrder), asc(colleges.name));
    const programs = await executor
      .select({
        ...programColumns,
        studentCount: sql<number>`(SELECT count(*)::int FROM students s WHERE s.college_id = college_programs.college_id
          AND college_programs.name IN (s.program1, s.program2, s.program3))`,
      })
      .from(collegePrograms)
      .where(id ? eq(collegePrograms.collegeId, id) : undefined)
      .orderBy(asc(collegePrograms.sortOrder), asc(collegePrograms.name));
    const byCollege = new Map<string, ProgramEntry[]>();
    for (const { collegeId, ...program } of programs) {
      const list = byCollege.get(collegeId) ?? [];
      list.push(program);
      byCollege.set(collegeId, list);
    }
    return rows.map(({ dataDeadline: _deadline, ...college }) => ({
      ...college,
      programs: byCollege.get(college.id) ?? [],
    }));
  }

  return {
    list: (): Promise<ContentCollege[]> => contentColleges(db),
    async one(executor: DbExecutor, id: string): Promise<ContentCollege | undefined> {
      return (await contentColleges(executor, id))[0];
    },

    transaction<T>(work: (tx: DbExecutor) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /** The college, locked until the transaction ends; undefined: none. */
    async lockCollege(tx: DbExecutor, id: string): Promise<ContentCollegeRow | undefined> {
      const [row] = await tx.select(collegeColumns).from(colleges).where(eq(colleges.id, id)).for('update');
      return row;
    },

    /** Whether another college than `exceptId` has this name. */
    async collegeNameTaken(tx: DbExecutor, name: string, exceptId?: string): Promise<boolean> {
      const rows = await tx
        .select({ id: colleges.id })
        .from(colleges)
        .where(exceptId ? and(eq(colleges.name, name), ne(colleges.id, exceptId)) : eq(colleges.name, name));
      return rows.length > 0;
    },

    /** One past the last college's order: a new college is listed last. */
    async nextCollegeSortOrder(tx: DbExecutor): Promise<number> {
      const [row] = await tx
        .select({ next: sql<number>`coalesce(max(${colleges.sortOrder}) + 1, 0)::int` })
        .from(colleges);
      return row?.next ?? 0;
    },

    async insertCollege(
      tx: DbExecutor,
      values: { name: string; socialWork: boolean; tourism: boolean; sortOrder: number },
    ): Promise<ContentCollegeRow> {
      const [row] = await tx.insert(colleges).values(values).returning(collegeColumns);
      if (!row) throw new Error('college not inserted');
      return row;
    },

    async updateCollege(tx: DbExecutor, id: string, changes: CollegeChanges): Promise<ContentCollegeRow> {
      const [row] = await tx
        .update(colleges)
        .set(changes)
        .where(eq(colleges.id, id))
        .returning(collegeColumns);
      if (!row) throw new Error('college not updated');
      return row;
    },

    /** How many students and staff accounts refer to the college (either keeps it from being deleted). */
    async collegeReferences(tx: DbExecutor, id: string): Promise<{ students: number; staff: number }> {
      const [row] = await tx
        .execute<{ students: number; staff: number }>(sql`
        SELECT (SELECT count(*)::int FROM students WHERE college_id = ${id}) AS students,
               (SELECT count(*)::int FROM staff_users WHERE college_id = ${id}) AS staff`)
        .then((r) => r.rows);
      return row ?? { students: 0, staff: 0 };
    },

    async deleteCollege(tx: DbExecutor, id: string): Promise<void> {
      await tx.delete(colleges).where(eq(colleges.id, id));
    },

    async programCount(tx: DbExecutor, collegeId: string): Promise<number> {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(collegePrograms)
        .where(eq(collegePrograms.collegeId, collegeId));
      return row?.count ?? 0;
    },

    /** The program when it belongs to this college; undefined otherwise (a program of another college is none). */
    async findProgram(tx: DbExecutor, collegeId: string, programId: string): Promise<ProgramRow | undefined> {
      const [row] = await tx
        .select(programColumns)
        .from(collegePrograms)
        .where(and(eq(collegePrograms.id, programId), eq(collegePrograms.collegeId, collegeId)));
      return row;
    },

    async programNameTaken(tx: DbExecutor, collegeId: string, name: string, exceptId?: string) {
      const sameName = and(eq(collegePrograms.collegeId, collegeId), eq(collegePrograms.name, name));
      const rows = await tx
        .select({ id: collegePrograms.id })
        .from(collegePrograms)
        .where(exceptId ? and(sameName, ne(collegePrograms.id, exceptId)) : sameName);
      return rows.length > 0;
    },

    async nextProgramSortOrder(tx: DbExecutor, collegeId: string): Promise<number> {
      const [row] = await tx
        .select({ next: sql<number>`coalesce(max(${collegePrograms.sortOrder}) + 1, 0)::int` })
        .from(collegePrograms)
        .where(eq(collegePrograms.collegeId, collegeId));
      return row?.next ?? 0;
    },

    async insertProgram(
      tx: DbExecutor,
      values: { collegeId: string; name: string; sortOrder: number },
    ): Promise<ProgramRow> {
      const [row] = await tx.insert(collegePrograms).values(values).returning(programColumns);
      if (!row) throw new Error('program not inserted');
      return row;
    },

    async updateProgram(tx: DbExecutor, id: string, changes: ProgramChanges): Promise<ProgramRow> {
      const [row] = await tx
        .update(collegePrograms)
        .set(changes)
        .where(eq(collegePrograms.id, id))
        .returning(programColumns);
      if (!row) throw new Error('program not updated');
      return row;
    },

    /**
     * Renames the program in the stored choices of the college's students, so that the new name shows in their
     * record, the exports and their own form; answers how many students had chosen it.
     */
    async renameProgramChoices(tx: DbExecutor, collegeId: string, from: string, to: string): Promise<number> {
      const renamed = (column: AnyColumn) => sql`CASE WHEN ${column} = ${from} THEN ${to} ELSE ${column} END`;
      const rows = await tx
        .update(students)
        .set({
          program1: renamed(students.program1),
          program2: renamed(students.program2),
          program3: renamed(students.program3),
        })
        // The current season's choices: a closed season keeps the names its students chose (read-only, issue 21).
        .where(and(eq(students.collegeId, collegeId), inCurrentSeason, choseProgram(from)))
        .returning({ id: students.id });
      return rows.length;
    },

    /** How many of the college's students chose the program among their three. */
    async programChoiceCount(tx: DbExecutor, collegeId: string, name: string): Promise<number> {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(students)
        .where(and(eq(students.collegeId, collegeId), choseProgram(name)));
      return row?.count ?? 0;
    },

    async deleteProgram(tx: DbExecutor, id: string): Promise<void> {
      await tx.delete(collegePrograms).where(eq(collegePrograms.id, id));
    },
  };
}
export type CollegeContentRepository = ReturnType<typeof collegeContentRepository>;
