import type { ImageKind } from '@portal/common';
import { and, type Column, eq, type InferColumnsDataTypes, is, isNull, SQL, sql } from 'drizzle-orm';
import { type Database, poolOf } from '../../db/pool.js';
import {
  appointments,
  colleges,
  interviewOutcomes,
  interviewSlots,
  studentImages,
  students,
} from '../../db/schema/index.js';
import { inCurrentSeason } from '../../db/seasons.js';
import { studentProfileColumns } from '../../db/student-profile-columns.js';

const studentColumns = {
  ...studentProfileColumns,
  isPassed: students.isPassed,
  isCompletedAdditionalQuestions: students.isCompletedAdditionalQuestions,
  documentsStatus: students.documentsStatus,
};
/**
 * Left-joined: null for a student without an appointment; the place also without a booked slot, the decision
 * also before the committee saved one (issue 18). Each join reads at most one row, through a primary key.
 */
const appointmentColumns = {
  appointedDay: appointments.appointedDay,
  appointedHour: appointments.appointedHour,
  appointmentPlace: interviewSlots.place,
  interviewDecision: interviewOutcomes.decision,
};
/**
 * The tracker's last step and the college's deadline (issue 17), each already in the form the service reads, so
 * that the JSON column and a plain select agree: a flag, and the instant as `Date.toISOString()` writes it.
 */
const progressColumns = {
  formsDownloaded: sql<boolean>`(${students.formsDownloadedAt} IS NOT NULL)`,
  /** Whether this is the student's first login (issue 36): the lookup then records it, once. */
  firstLogin: sql<boolean>`(${students.firstLoginAt} IS NULL)`,
  dataDeadline: sql<
    string | null
  >`to_char(${colleges.dataDeadline} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
};
export const lookupColumns = { ...studentColumns, ...appointmentColumns, ...progressColumns };

/** One stored document's review as the lookup reads it: `[kind, state, reason code, note]`. */
export type LookupDocument = [
  kind: ImageKind,
  state: (typeof studentImages.$inferSelect)['reviewStatus'],
  reason: (typeof studentImages.$inferSelect)['reviewReason'],
  note: string | null,
];

/**
 * The student's documents as one JSON array of `LookupDocument`s (`[]` without any): a correlated subquery, so
 * the login stays one statement and one row; it reads the student's few rows through the unique index on
 * (student_id, kind).
 */
const lookupDocuments = sql<LookupDocument[]>`(
  SELECT coalesce(json_agg(json_build_array(i.kind, i.review_status, i.review_reason, i.review_note)), '[]')
  FROM ${studentImages} i WHERE i.student_id = ${students.id})`;

/** What the login reads of a student. */
export type StudentRecord = InferColumnsDataTypes<typeof studentColumns> & {
  [K in keyof typeof appointmentColumns]: InferColumnsDataTypes<typeof appointmentColumns>[K] | null;
} & {
  formsDownloaded: boolean;
  firstLogin: boolean;
  dataDeadline: string | null;
  documents: LookupDocument[];
};

/**
 * Column types whose JSON form decodes to what Drizzle reads from the column itself: text, ids, booleans and
 * small whole numbers as they are; dates as 'YYYY-MM-DD' (JSON writes dates in ISO whatever the DateStyle);
 * numerics only once cast to text ('385.50'), since JSON would turn them into numbers.
 */
const JSON_FORM: Record<string, (column: Column) => SQL> = {
  PgUUID: (column) => sql`${column}`,
  PgText: (column) => sql`${column}`,
  PgBoolean: (column) => sql`${column}`,
  PgSmallInt: (column) => sql`${column}`,
  PgInteger: (column) => sql`${column}`,
  PgDateString: (column) => sql`${column}`,
  PgNumeric: (column) => sql`${column}::text`,
};

/** The record of `values`, the JSON array of columns named `names` in order. */
function recordOf<T>(names: readonly string[], values: readonly unknown[]): T {
  const record: Record<string, unknown> = {};
  for (let i = 0; i < names.length; i += 1) record[names[i] as string] = values[i];
  return record as T;
}

/**
 * The columns as ONE json array, in the order of their names (`recordOf` turns it back into a record).
 * node-postgres rebuilds its parsers and an empty row object for every column of every result
 * (brianc/node-postgres#3055): for the login's 46 columns that was about 45 µs of CPU per lookup, against 1 column
 * here; PostgreSQL's own work is unchanged. An SQL expression among the columns must already be in the JSON form
 * its reader expects (a json subquery).
 */
export function asOneJsonColumn(columns: Record<string, Column | SQL>): SQL<unknown[]> {
  const items = Object.entries(columns).map(([name, column]) => {
    if (is(column, SQL)) return column;
    const form = JSON_FORM[column.columnType];
    if (!form) throw new Error(`${name}: no checked JSON form for ${column.columnType}`);
    return form(column);
  });
  return sql<unknown[]>`json_build_array(${sql.join(items, sql`, `)})`;
}

const lookupRecordColumns = { ...lookupColumns, documents: lookupDocuments };

/** The login lookup's select, before its condition: one row through the unique index on national_id. */
function lookupSelect(db: Database) {
  return db
    .select({ student: asOneJsonColumn(lookupRecordColumns) })
    .from(students)
    .innerJoin(colleges, eq(colleges.id, students.collegeId))
    .leftJoin(appointments, eq(appointments.studentId, students.id))
    .leftJoin(interviewSlots, eq(interviewSlots.id, appointments.slotId))
    .leftJoin(interviewOutcomes, eq(interviewOutcomes.studentId, students.id));
}

/**
 * The login lookup by the placeholder `nationalId`: one row through the unique index on (national_id, season_id).
 * Only the current admission season's students log in (issue 21): a national ID admitted again next year is a new
 * row, and last year's is no longer reached from the login.
 */
export function lookupQuery(db: Database) {
  return lookupSelect(db).where(and(eq(students.nationalId, sql.placeholder('nationalId')), inCurrentSeason));
}

/**
 * The login lookup with the student second factor (issue 20): the same row, only when the placeholder `seatNo`
 * is its imported seat number too. A student without one is never found. Still one statement through the same
 * index: a wrong pair costs what an unknown national ID costs.
 */
export function pairLookupQuery(db: Database) {
  return lookupSelect(db).where(
    and(
      eq(students.nationalId, sql.placeholder('nationalId')),
      eq(students.seatNo, sql.placeholder('seatNo')),
      inCurrentSeason,
    ),
  );
}

/**
 * A login lookup as the statement Drizzle writes, run as a named prepared statement on the pool itself: a
 * Drizzle prepared query spends about 11 µs of CPU a call around node-postgres (a tracing span, a per-call
 * parser table, a row mapper) for one JSON column that needs none of it (docs/decisions/0010-login-cost.md).
 * The values go in the order of the statement's placeholders.
 */
function lookupStatement(db: Database, name: string, query: { toSQL(): { sql: string } }) {
  const text = query.toSQL().sql;
  const names = Object.keys(lookupRecordColumns);
  const pool = poolOf(db);
  if (!pool) throw new Error('the login lookup needs a node-postgres pool under the database');
  return async (...values: (string | null)[]): Promise<StudentRecord | undefined> => {
    const { rows } = await pool.query<[unknown[]]>({ name, text, values, rowMode: 'array' });
    const found = rows[0]?.[0];
    return found ? recordOf<StudentRecord>(names, found) : undefined;
  };
}

export function studentLookupRepository(db: Database) {
  /** The login lookup, the hottest student query: one prepared statement. */
  const findByNationalId: (nationalId: string) => Promise<StudentRecord | undefined> = lookupStatement(
    db,
    'students_find_by_national_id',
    lookupQuery(db),
  );
  /**
   * The login lookup with the seat number (`STUDENT_SECOND_FACTOR=seatNo`): a statement of its own. A null seat
   * number (none sent) matches no row, and still costs the one statement.
   */
  const findByNationalIdAndSeatNo: (
    nationalId: string,
    seatNo: string | null,
  ) => Promise<StudentRecord | undefined> = lookupStatement(
    db,
    'students_find_by_national_id_and_seat_no',
    pairLookupQuery(db),
  );

  // Only while still null: two first logins at once record the earlier, and later logins never write.
  const markFirstLogin = db
    .update(students)
    .set({ firstLoginAt: sql`now()` })
    .where(and(eq(students.id, sql.placeholder('studentId')), isNull(students.firstLoginAt)))
    .prepare('students_mark_first_login');

  return {
    findByNationalId,
    findByNationalIdAndSeatNo,
    /** Records the student's first login (the funnel's daily series, issue 36). */
    async markFirstLogin(studentId: string): Promise<void> {
      await markFirstLogin.execute({ studentId });
    },
  };
}
export type StudentLookupRepository = ReturnType<typeof studentLookupRepository>;
