import type { AuditCursor, AuditFilters } from '@portal/common';
import { type SQL, sql } from 'drizzle-orm';
import { linkOwner } from '../../db/link-owner.js';
import type { Database } from '../../db/pool.js';
import { readInBatches } from '../../db/read-in-batches.js';

/** One audit row as the screen and the export read it. */
export interface AuditRow {
  id: string;
  /** When, to the microsecond, UTC (ISO 8601): also where the next page starts. */
  cursorAt: string;
  actorId: string | null;
  actorUserName: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown> | null;
  ip: string | null;
  studentNationalId: string | null;
  studentName: string | null;
  faculty: string | null;
}

const ROW_COLUMNS = sql`id,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "cursorAt",
  actor_id AS "actorId", actor_user_name AS "actorUserName", action, target_type AS "targetType",
  target_id AS "targetId", details, ip, student_national_id AS "studentNationalId",
  student_name AS "studentName", faculty`;

/**
 * The conditions of the screen's filters. Each equality has its index `(column, created_at, id)` (migration
 * 0010), so a page is a short backward index scan whatever the table's size. Days are the university's.
 */
function filtersWhere(
  filters: AuditFilters,
  timeZone: string,
  before: AuditCursor | null,
  inclusive = false,
): SQL {
  const parts: SQL[] = [];
  if (filters.actor) parts.push(sql`actor_id = ${filters.actor}::uuid`);
  if (filters.action) parts.push(sql`action = ${filters.action}`);
  if (filters.nationalID) parts.push(sql`student_national_id = ${filters.nationalID}`);
  if (filters.faculty) parts.push(sql`faculty = ${filters.faculty}`);
  if (filters.from)
    parts.push(sql`created_at >= ((${filters.from}::date)::timestamp AT TIME ZONE ${timeZone})`);
  if (filters.to)
    parts.push(sql`created_at < ((${filters.to}::date + 1)::timestamp AT TIME ZONE ${timeZone})`);
  if (before)
    parts.push(
      inclusive
        ? sql`(created_at, id) <= (${before.at}::timestamptz, ${before.id}::uuid)`
        : sql`(created_at, id) < (${before.at}::timestamptz, ${before.id}::uuid)`,
    );
  return parts.length === 0 ? sql`TRUE` : sql.join(parts, sql` AND `);
}

/** Up to `limit` rows older than the cursor, newest first (ties on the instant ordered by id). */
export function pageQuery(
  filters: AuditFilters,
  timeZone: string,
  cursor: AuditCursor | null,
  limit: number,
): SQL {
  return sql`
    SELECT ${ROW_COLUMNS} FROM audit_log
    WHERE ${filtersWhere(filters, timeZone, cursor)}
    ORDER BY created_at DESC, id DESC
    LIMIT ${limit}`;
}

export function auditRepository(db: Database, timeZone: string) {
  return {
    async page(filters: AuditFilters, cursor: AuditCursor | null, limit: number): Promise<AuditRow[]> {
      const { rows } = await db.execute(pageQuery(filters, timeZone, cursor, limit));
      return rows as unknown as AuditRow[];
    },

    /** How many rows match, up to and including `bound`, counting no further than `cap`. */
    async count(filters: AuditFilters, bound: AuditCursor, cap: number): Promise<number> {
      const { rows } = await db.execute(sql`
        SELECT count(*)::int AS n FROM (
          SELECT 1 FROM audit_log WHERE ${filtersWhere(filters, timeZone, bound, true)} LIMIT ${cap}
        ) AS matching`);
      return (rows[0] as { n: number }).n;
    },

    /** The matching rows up to and including `bound`, newest first, through a cursor. */
    stream(
      filters: AuditFilters,
      bound: AuditCursor,
      onBatch: (rows: AuditRow[]) => Promise<void>,
    ): Promise<number> {
      return readInBatches<AuditRow>(
        db,
        sql`SELECT ${ROW_COLUMNS} FROM audit_log
            WHERE ${filtersWhere(filters, timeZone, bound, true)}
            ORDER BY created_at DESC, id DESC`,
        onBatch,
      );
    },

    /** The account a link was made for, as it is now (`db/link-owner.ts`). */
    staffForLink: (id: string) => linkOwner(db, id),
  };
}
export type AuditRepository = ReturnType<typeof auditRepository>;
