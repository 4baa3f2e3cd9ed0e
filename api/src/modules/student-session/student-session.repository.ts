import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/executor.js';
import { type Database, poolOf } from '../../db/pool.js';
import { studentSessions } from '../../db/schema/index.js';

/** What the server holds of one session: whether it was logged out, whether a step-up is passed now. */
export interface SessionState {
  ended: boolean;
  steppedUp: boolean;
}

const NO_ROW: SessionState = { ended: false, steppedUp: false };

const STATE_TEXT = `SELECT ended_at IS NOT NULL, coalesce(step_up_until > now(), false)
  FROM student_sessions WHERE id = $1`;

/**
 * The state of session `id`, read on every student request: one named prepared statement on the pool through the
 * primary key, answering no row for the common session that never stepped up nor logged out.
 */
export async function readSessionState(db: Database, id: string): Promise<SessionState> {
  const pool = poolOf(db);
  if (!pool) throw new Error('the student session check needs a node-postgres pool under the database');
  const { rows } = await pool.query<[boolean, boolean]>({
    name: 'student_session_state',
    text: STATE_TEXT,
    values: [id],
    rowMode: 'array',
  });
  const row = rows[0];
  return row ? { ended: row[0], steppedUp: row[1] } : NO_ROW;
}

/**
 * Ends session `id` for good: every instance refuses it from its next request. Rows of sessions whose cookie has
 * expired say nothing more than the expiry does, so they go at the same time.
 */
export async function endSession(
  db: Database,
  session: { id: string; studentId: string; expiresAt: number },
  alsoInTransaction: (tx: DbExecutor) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO ${studentSessions} (id, student_id, expires_at, ended_at)
      VALUES (${session.id}, ${session.studentId}::uuid, ${new Date(session.expiresAt).toISOString()}::timestamptz,
        now())
      ON CONFLICT (id) DO UPDATE SET ended_at = coalesce(${studentSessions.endedAt}, now()), updated_at = now()`);
    await tx.execute(sql`DELETE FROM ${studentSessions} WHERE expires_at < now()`);
    await alsoInTransaction(tx);
  });
}
