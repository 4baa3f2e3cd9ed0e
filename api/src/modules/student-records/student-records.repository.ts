import { type DocumentsStatus, type ProgressFilter, STUDENT_PAGE_SIZE } from '@portal/common';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { nameSearchKeySql, normalizedNameSql } from '../../db/arabic-search.js';
import type { DbExecutor } from '../../db/executor.js';
import type { Database } from '../../db/pool.js';
import { progressCondition } from '../../db/progress-filter.js';
import { appointments, colleges, studentImages, students } from '../../db/schema/index.js';
import { inCurrentSeason, inSeason, inSeasonPlaceholder } from '../../db/seasons.js';

/** A student row as the staff list and search read it. */
export interface StudentRecordRow {
  id: string;
  name: string;
  nationalId: string;
  phoneNumber: string | null;
  college: string;
  isComplete: boolean;
  isPassed: boolean;
  isCompletedAdditionalQuestions: boolean;
  appointedDay: string | null;
  appointedHour: number | null;
  documentsStatus: DocumentsStatus;
}

export interface StudentCounts {
  studentsNumber: number;
  studentsNumberCompleted: number;
}

/** A college's students by documents status (issue 16): the three the statistics show. */
export interface DocumentsCounts {
  documentsAwaiting: number;
  documentsNeedReupload: number;
  documentsAccepted: number;
}

/** The list's row filters; null leaves a filter out. */
export interface StudentFilters {
  /** The admission season; null for the current one (issue 21). */
  seasonId: string | null;
  isComplete: boolean | null;
  documentsStatus: DocumentsStatus | null;
  /** Students at a tracker step in a state (issue 36). */
  progress?: ProgressFilter | null;
}

export interface StudentSearch {
  /** College id, or null for every faculty. */
  collegeId: string | null;
  /** The admission season; null for the current one. */
  seasonId: string | null;
  nationalId: string | null;
  name: string | null;
  isComplete: boolean | null;
  documentsStatus: DocumentsStatus | null;
}

/** The student to delete, with what the audit row and the file clean-up need. */
export interface StudentToDelete {
  id: string;
  name: string;
  nationalId: string;
  collegeId: string;
  faculty: string;
}

/** A LIKE pattern's literal text: `\`, `%` and `_` typed by a person match themselves. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const recordColumns = {
  id: students.id,
  name: students.name,
  nationalId: students.nationalId,
  phoneNumber: students.phoneNumber,
  college: colleges.name,
  isComplete: students.isComplete,
  isPassed: students.isPassed,
  isCompletedAdditionalQuestions: students.isCompletedAdditionalQuestions,
  appointedDay: appointments.appointedDay,
  appointedHour: appointments.appointedHour,
  documentsStatus: students.documentsStatus,
};

const completedCount = sql<number>`count(*) FILTER (WHERE ${students.isComplete})::int`;

export function studentRecordsRepository(db: Database) {
  const records = () =>
    db
      .select(recordColumns)
      .from(students)
      .innerJoin(colleges, eq(colleges.id, students.collegeId))
      .leftJoin(appointments, eq(appointments.studentId, students.id));

  const collegeByName = db
    .select({ id: colleges.id, name: colleges.name })
    .from(colleges)
    .where(eq(colleges.name, sql.placeholder('name')))
    .prepare('student_records_college_by_name');

  /**
   * One prepared page statement per combination of filters, so each gets its own plan: without a filter (or
   * with isComplete, which keeps about half the rows) students_college_name_search_idx gives the faculty's rows
   * already in order and the page costs ~limit rows; with a documents status, which may keep very few (and
   * whose generic plan would otherwise walk the whole faculty's name order to find them),
   * students_college_documents_status_idx does the same for that status alone.
   */
  const pageStatement = (name: string, filters: { isComplete: boolean; documentsStatus: boolean }) =>
    records()
      .where(
        and(
          eq(students.collegeId, sql.placeholder('collegeId')),
          inSeasonPlaceholder,
          filters.isComplete ? eq(students.isComplete, sql.placeholder('isComplete')) : undefined,
          filters.documentsStatus
            ? eq(students.documentsStatus, sql.placeholder('documentsStatus'))
            : undefined,
        ),
      )
      .orderBy(asc(students.nameSearch), asc(students.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
  const pages = {
    all: pageStatement('student_records_page', { isComplete: false, documentsStatus: false }),
    complete: pageStatement('student_records_page_filtered', { isComplete: true, documentsStatus: false }),
    documents: pageStatement('student_records_page_documents', { isComplete: false, documentsStatus: true }),
    both: pageStatement('student_records_page_complete_documents', {
      isComplete: true,
      documentsStatus: true,
    }),
  };

  // Index-only on students_college_documents_status_idx (with isComplete, the status's rows are then read).
  const documentsCount = (name: string, withIsComplete: boolean) =>
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(students)
      .where(
        and(
          eq(students.collegeId, sql.placeholder('collegeId')),
          inSeasonPlaceholder,
          eq(students.documentsStatus, sql.placeholder('documentsStatus')),
          withIsComplete ? eq(students.isComplete, sql.placeholder('isComplete')) : undefined,
        ),
      )
      .prepare(name);
  const documentsCounts = {
    documents: documentsCount('student_records_documents_count', false),
    both: documentsCount('student_records_complete_documents_count', true),
  };

  // Index-only on students_college_idx (college_id, season_id, is_complete).
  const countsOfFaculty = db
    .select({ studentsNumber: sql<number>`count(*)::int`, studentsNumberCompleted: completedCount })
    .from(students)
    .where(and(eq(students.collegeId, sql.placeholder('collegeId')), inSeasonPlaceholder))
    .prepare('student_records_counts_of_faculty');
  const countsOfAll = db
    .select({ studentsNumber: sql<number>`count(*)::int`, studentsNumberCompleted: completedCount })
    .from(students)
    .where(inSeasonPlaceholder)
    .prepare('student_records_counts_of_all');

  const withDocuments = (status: DocumentsStatus) =>
    sql<number>`count(${students.id}) FILTER (WHERE ${students.documentsStatus} = ${sql.raw(`'${status}'`)})::int`;

  // One grouped query for every college; colleges without students count zero.
  const countsByCollege = db
    .select({
      faculty: colleges.name,
      studentsNumber: sql<number>`count(${students.id})::int`,
      studentsNumberCompleted: sql<number>`count(${students.id}) FILTER (WHERE ${students.isComplete})::int`,
      documentsAwaiting: withDocuments('pending'),
      documentsNeedReupload: withDocuments('needsReupload'),
      documentsAccepted: withDocuments('accepted'),
    })
    .from(colleges)
    .leftJoin(students, and(eq(students.collegeId, colleges.id), inSeasonPlaceholder))
    .groupBy(colleges.id)
    .orderBy(asc(colleges.sortOrder), asc(colleges.name))
    .prepare('student_records_counts_by_college');

  /** The faculty's students the filters keep, progress included (not prepared: the condition is a value list). */
  const progressWhere = (collegeId: string, filters: StudentFilters, progress: ProgressFilter) =>
    and(
      eq(students.collegeId, collegeId),
      inSeason(filters.seasonId),
      filters.isComplete === null ? undefined : eq(students.isComplete, filters.isComplete),
      filters.documentsStatus === null ? undefined : eq(students.documentsStatus, filters.documentsStatus),
      progressCondition(sql`${students}`, progress.step, progress.state),
    );

  return {
    async collegeByName(name: string): Promise<{ id: string; name: string } | undefined> {
      return (await collegeByName.execute({ name }))[0];
    },

    /** One page of the faculty's students at a tracker step in a state (issue 36), with the other filters. */
    async progressPage(
      collegeId: string,
      filters: StudentFilters,
      progress: ProgressFilter,
      page: number,
      limit: number,
    ): Promise<StudentRecordRow[]> {
      return records()
        .where(progressWhere(collegeId, filters, progress))
        .orderBy(asc(students.nameSearch), asc(students.id))
        .limit(limit)
        .offset((page - 1) * limit);
    },

    /** How many of the faculty's students `progressPage` pages through. */
    async progressCount(
      collegeId: string,
      filters: StudentFilters,
      progress: ProgressFilter,
    ): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(students)
        .where(progressWhere(collegeId, filters, progress));
      return row?.count ?? 0;
    },

    /** One page of a faculty's students ordered by (normalised) name, only the rows the filters keep. */
    async page(
      collegeId: string,
      { seasonId, isComplete, documentsStatus }: StudentFilters,
      page: number,
      limit: number,
    ): Promise<StudentRecordRow[]> {
      const offset = (page - 1) * limit;
      const paging = { collegeId, seasonId, limit, offset };
      if (documentsStatus === null) {
        if (isComplete === null) return pages.all.execute(paging);
        return pages.complete.execute({ ...paging, isComplete });
      }
      if (isComplete === null) return pages.documents.execute({ ...paging, documentsStatus });
      return pages.both.execute({ ...paging, isComplete, documentsStatus });
    },

    /** How many of the faculty's students have this documents status (and completeness, when given). */
    async documentsCount(
      collegeId: string,
      seasonId: string | null,
      documentsStatus: DocumentsStatus,
      isComplete: boolean | null,
    ): Promise<number> {
      const [row] =
        isComplete === null
          ? await documentsCounts.documents.execute({ collegeId, seasonId, documentsStatus })
          : await documentsCounts.both.execute({ collegeId, seasonId, documentsStatus, isComplete });
      return row?.count ?? 0;
    },

    /** Students and complete students of one faculty, or of all when `collegeId` is null, in one season. */
    async counts(collegeId: string | null, seasonId: string | null): Promise<StudentCounts> {
      const [row] = collegeId
        ? await countsOfFaculty.execute({ collegeId, seasonId })
        : await countsOfAll.execute({ seasonId });
      return row ?? { studentsNumber: 0, studentsNumberCompleted: 0 };
    },

    async countsByCollege(
      seasonId: string | null,
    ): Promise<({ faculty: string } & StudentCounts & DocumentsCounts)[]> {
      return countsByCollege.execute({ seasonId });
    },

    /**
     * Staff search: national ID exact; name contained in the student's name after Arabic normalisation (the
     * trigram index on the ASCII key finds candidates, the normalised text confirms them). At most one page of
     * rows, names starting with the search first; `total` counts every match.
     */
    async search(search: StudentSearch): Promise<{ rows: StudentRecordRow[]; total: number }> {
      const conditions: SQL[] = [inSeason(search.seasonId)];
      if (search.collegeId) conditions.push(eq(students.collegeId, search.collegeId));
      if (search.nationalId) conditions.push(eq(students.nationalId, search.nationalId));
      if (search.isComplete !== null) conditions.push(eq(students.isComplete, search.isComplete));
      if (search.documentsStatus !== null)
        conditions.push(eq(students.documentsStatus, search.documentsStatus));
      let startsWith: SQL<boolean> = sql<boolean>`false`;
      if (search.name) {
        const typed = sql`${likeLiteral(search.name)}::text`;
        conditions.push(
          sql`${students.nameSearchKey} LIKE '%' || ${nameSearchKeySql(typed)} || '%'`,
          sql`${students.nameSearch} LIKE '%' || ${normalizedNameSql(typed)} || '%'`,
        );
        startsWith = sql<boolean>`${students.nameSearch} LIKE ${normalizedNameSql(typed)} || '%'`;
      }
      // Narrow rows are counted and sorted; only the page's rows are then read whole and joined.
      const matches = db
        .select({
          id: students.id,
          nameSearch: sql<string>`${students.nameSearch}`.as('match_name'),
          startsWith: startsWith.as('match_starts'),
          total: sql<number>`count(*) OVER ()::int`.as('match_total'),
        })
        .from(students)
        .where(and(...conditions))
        // (ORDER BY a bare constant is an error, so the flag only sorts when a name is searched.)
        .orderBy(...(search.name ? [desc(startsWith)] : []), asc(students.nameSearch), asc(students.id))
        .limit(STUDENT_PAGE_SIZE)
        .as('matches');
      const rows = await db
        .select({ ...recordColumns, total: matches.total })
        .from(matches)
        .innerJoin(students, eq(students.id, matches.id))
        .innerJoin(colleges, eq(colleges.id, students.collegeId))
        .leftJoin(appointments, eq(appointments.studentId, students.id))
        .orderBy(desc(matches.startsWith), asc(matches.nameSearch), asc(matches.id));
      return { rows: rows.map(({ total: _, ...row }) => row), total: rows[0]?.total ?? 0 };
    },

    /**
     * The college, locked FOR UPDATE until the transaction ends: inserting a student of that college (its
     * foreign-key check takes KEY SHARE on the college row) waits meanwhile.
     */
    async lockCollegeByName(tx: DbExecutor, name: string): Promise<{ id: string; name: string } | undefined> {
      const [row] = await tx
        .select({ id: colleges.id, name: colleges.name })
        .from(colleges)
        .where(eq(colleges.name, name))
        .for('update');
      return row;
    },

    /** The student with its faculty, locked until the transaction ends (no concurrent change while deleting). */
    async lockStudent(tx: DbExecutor, id: string): Promise<StudentToDelete | undefined> {
      const [row] = await tx
        .select({
          id: students.id,
          name: students.name,
          nationalId: students.nationalId,
          collegeId: students.collegeId,
          faculty: colleges.name,
        })
        .from(students)
        .innerJoin(colleges, eq(colleges.id, students.collegeId))
        .where(eq(students.id, id))
        .for('update', { of: students });
      return row;
    },

    /** Storage keys of the students' images (for removing the files once the rows are gone). */
    async imageKeysOfStudent(tx: DbExecutor, studentId: string): Promise<string[]> {
      const rows = await tx
        .select({ key: studentImages.storageKey })
        .from(studentImages)
        .where(eq(studentImages.studentId, studentId));
      return rows.map((row) => row.key);
    },

    async imageKeysOfCollege(tx: DbExecutor, collegeId: string): Promise<string[]> {
      const rows = await tx
        .select({ key: studentImages.storageKey })
        .from(studentImages)
        .innerJoin(students, eq(students.id, studentImages.studentId))
        .where(and(eq(students.collegeId, collegeId), inCurrentSeason));
      return rows.map((row) => row.key);
    },

    /**
     * Deletes one student. Its images, quiz draw and attempts, questionnaire answers and appointment go with it
     * (ON DELETE CASCADE).
     */
    async deleteStudent(tx: DbExecutor, id: string): Promise<boolean> {
      const deleted = await tx.delete(students).where(eq(students.id, id)).returning({ id: students.id });
      return deleted.length > 0;
    },

    /**
     * Deletes every student of a college in the current season (with everything that cascades); answers how many.
     * Closed seasons are read-only: a super admin deletes one whole (seasons module).
     */
    async deleteCollegeStudents(tx: DbExecutor, collegeId: string): Promise<number> {
      const result = await tx.execute(
        sql`DELETE FROM ${students} WHERE ${students.collegeId} = ${collegeId} AND ${inCurrentSeason}`,
      );
      return result.rowCount ?? 0;
    },

    transaction<T>(work: (tx: DbExecutor) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },
  };
}
export type StudentRecordsRepository = ReturnType<typeof studentRecordsRepository>;
