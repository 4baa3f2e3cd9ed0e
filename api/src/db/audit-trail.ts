// The one writer of the audit trail (decision 11): every staff write calls recordAudit in its own transaction, so
// the row and the change commit together. It lives on the data floor, beside the other one-writer tables, because
// every module writes it and the audit module only reads it.
import { sql } from 'drizzle-orm';
import type { DbExecutor } from './executor.js';

/** Who did it: the signed-in account, or `null` (e.g. a failed sign-in). */
export interface AuditActor {
  id: string;
  userName: string;
}

export interface AuditEntry {
  actor: AuditActor | null;
  /** What was done, dotted and stable, e.g. `staff.create`, `students.upload`, `appointments.schedule`. */
  action: string;
  /** On what: a table-like noun (`staff`, `student`, `college`) and the record's id. */
  targetType?: string | null;
  targetId?: string | null;
  /** Anything that helps a reader later; never passwords, hashes or tokens. */
  details?: Record<string, unknown> | null;
  ip?: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The target's id when it is a row of `type` (a uuid), else null: the SQL below casts it. */
function targetOfType(entry: AuditEntry, type: string): string | null {
  return entry.targetType === type && entry.targetId && UUID.test(entry.targetId) ? entry.targetId : null;
}

/**
 * Writes one row of the audit log (who, what, when, on what). Every staff write calls it. A row naming a student
 * copies the student's national ID, name and college in the same statement, so the audit screen can filter on
 * them and they outlive the student (no foreign key: the row stays when the student goes). Otherwise the faculty
 * is the college the row names, or the acting faculty ADMIN's own.
 */
export async function recordAudit(db: DbExecutor, entry: AuditEntry): Promise<void> {
  const studentId = targetOfType(entry, 'student');
  const collegeId = targetOfType(entry, 'college');
  const actorId = entry.actor?.id ?? null;
  await db.execute(sql`
    INSERT INTO audit_log (actor_id, actor_user_name, action, target_type, target_id, details, ip,
      student_national_id, student_name, faculty)
    SELECT ${actorId}::uuid, ${entry.actor?.userName ?? null}, ${entry.action}, ${entry.targetType ?? null},
      ${entry.targetId ?? null}, ${entry.details ? JSON.stringify(entry.details) : null}::jsonb, ${entry.ip ?? null},
      s.national_id, s.name, coalesce(sc.name, tc.name, ac.name)
    FROM (SELECT 1) AS one
    LEFT JOIN students s ON s.id = ${studentId}::uuid
    LEFT JOIN colleges sc ON sc.id = s.college_id
    LEFT JOIN colleges tc ON tc.id = ${collegeId}::uuid
    LEFT JOIN staff_users a ON a.id = ${actorId}::uuid AND a.role = 'ADMIN'
    LEFT JOIN colleges ac ON ac.id = a.college_id`);
}
