import type { Database } from '../../db/pool.js';
import { auditLog } from '../../db/schema.js';

/** A database or an open transaction: an audit row is written in the same transaction as the change it records. */
export type DbExecutor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

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

/** Writes one row of the audit log (who, what, when, on what). Every staff write calls it. */
export async function recordAudit(db: DbExecutor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actor?.id ?? null,
    actorUserName: entry.actor?.userName ?? null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    details: entry.details ?? null,
    ip: entry.ip ?? null,
  });
}
