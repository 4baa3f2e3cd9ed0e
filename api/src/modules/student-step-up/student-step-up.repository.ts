import { STEP_UP_CODE_TTL_MS, STEP_UP_PASSED_MS, STEP_UP_RESEND_MS } from '@portal/common';
import { sql } from 'drizzle-orm';
import { type AuditEntry, recordAudit } from '../../db/audit-trail.js';
import type { DbExecutor } from '../../db/executor.js';
import { queueNotifications } from '../../db/notification-outbox.js';
import type { Database } from '../../db/pool.js';
import { studentContactChanges, studentSessions, students } from '../../db/schema/index.js';

/** The session a step-up acts on, as its cookie says. */
export interface StepUpSession {
  sessionId: string;
  studentId: string;
  expiresAt: number;
}

/** Where a student's codes may go, and the seat number of the imported list. */
export interface StepUpContacts {
  phone: string | null;
  email: string | null;
  seatNo: string | null;
}

/** A try at the step-up, counted before it is checked. */
export interface CountedTry {
  /** Tries on this session, this one included. */
  tries: number;
  /** Tries on the student's other sessions in the last hour. */
  otherTries: number;
  codeHash: string | null;
  codeValid: boolean;
}

const seconds = (ms: number) => `${ms / 1000} seconds`;

export function studentStepUpRepository(db: Database) {
  return {
    /**
     * The contacts codes go to: those on record, or, for 24 hours after a change through the complete-data form,
     * the ones before it (so that whoever changed them cannot redirect the codes).
     */
    async contacts(studentId: string): Promise<StepUpContacts | undefined> {
      const { rows } = await db.execute<{
        phone: string | null;
        email: string | null;
        seat_no: string | null;
      }>(sql`
        SELECT
          CASE WHEN c.changed_at > now() - interval '24 hours' THEN c.previous_phone_number ELSE s.phone_number END
            AS phone,
          CASE WHEN c.changed_at > now() - interval '24 hours' THEN c.previous_email ELSE s.email END AS email,
          s.seat_no
        FROM ${students} s LEFT JOIN ${studentContactChanges} c ON c.student_id = s.id
        WHERE s.id = ${studentId}::uuid`);
      const row = rows[0];
      return row && { phone: row.phone, email: row.email, seatNo: row.seat_no };
    },

    /**
     * Keeps a new code's hash on the session and queues its messages, in one transaction; false (nothing
     * written) when the session's last code is less than a minute old.
     */
    async storeCode(
      session: StepUpSession,
      codeHash: string,
      message: { code: string; to: { phone: string | null; email: string | null } },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const { rows } = await tx.execute(sql`
          INSERT INTO ${studentSessions} AS ss (id, student_id, expires_at, code_hash, code_expires_at, code_sent_at)
          VALUES (${session.sessionId}, ${session.studentId}::uuid,
            ${new Date(session.expiresAt).toISOString()}::timestamptz, ${codeHash},
            now() + ${seconds(STEP_UP_CODE_TTL_MS)}::interval, now())
          ON CONFLICT (id) DO UPDATE SET code_hash = excluded.code_hash, code_expires_at = excluded.code_expires_at,
            code_sent_at = excluded.code_sent_at, updated_at = now()
          WHERE ss.student_id = excluded.student_id AND ss.ended_at IS NULL
            AND (ss.code_sent_at IS NULL OR ss.code_sent_at <= now() - ${seconds(STEP_UP_RESEND_MS)}::interval)
          RETURNING code_expires_at`);
        const sent = rows[0] as { code_expires_at: string | Date } | undefined;
        if (!sent) return false;
        await queueNotifications(tx, [
          {
            studentId: session.studentId,
            event: 'student.step_up',
            dedupeKey: `stepUp:${codeHash}`,
            payload: {
              code: message.code,
              to: message.to,
              sendBefore: new Date(sent.code_expires_at).toISOString(),
            },
          },
        ]);
        return true;
      });
    },

    /** Counts a try on the session before it is checked (so parallel tries are all counted). */
    async countTry(session: StepUpSession): Promise<CountedTry | undefined> {
      const { rows } = await db.execute<{
        tries: number;
        other_tries: number;
        code_hash: string | null;
        code_valid: boolean;
      }>(sql`
        WITH counted AS (
          INSERT INTO ${studentSessions} AS ss (id, student_id, expires_at, tries)
          VALUES (${session.sessionId}, ${session.studentId}::uuid,
            ${new Date(session.expiresAt).toISOString()}::timestamptz, 1)
          ON CONFLICT (id) DO UPDATE SET tries = ss.tries + 1, updated_at = now()
          WHERE ss.student_id = excluded.student_id
          RETURNING tries, code_hash, coalesce(code_expires_at > now(), false) AS code_valid
        )
        SELECT counted.tries, counted.code_hash, counted.code_valid,
          (SELECT coalesce(sum(o.tries), 0)::int FROM ${studentSessions} o
           WHERE o.student_id = ${session.studentId}::uuid AND o.id <> ${session.sessionId}
             AND o.updated_at > now() - interval '1 hour') AS other_tries
        FROM counted`);
      const row = rows[0];
      return (
        row && {
          tries: Number(row.tries),
          otherTries: Number(row.other_tries),
          codeHash: row.code_hash,
          codeValid: row.code_valid,
        }
      );
    },

    /**
     * Marks the step-up passed on the session for 15 minutes, using up the code whose hash is given (one use: a
     * second verify of the same code finds none and is refused), and audits it in the same transaction.
     */
    async pass(session: StepUpSession, usedCodeHash: string | null, audit: AuditEntry): Promise<boolean> {
      return db.transaction(async (tx) => {
        const { rows } = await tx.execute(sql`
          UPDATE ${studentSessions}
          SET step_up_until = now() + ${seconds(STEP_UP_PASSED_MS)}::interval, code_hash = NULL, tries = 0,
            updated_at = now()
          WHERE id = ${session.sessionId} AND ended_at IS NULL
            AND ${usedCodeHash === null ? sql`true` : sql`code_hash = ${usedCodeHash}`}
          RETURNING id`);
        if (rows.length === 0) return false;
        await recordAudit(tx, audit);
        return true;
      });
    },

    async audit(entry: AuditEntry, executor: DbExecutor = db): Promise<void> {
      await recordAudit(executor, entry);
    },
  };
}

export type StudentStepUpRepository = ReturnType<typeof studentStepUpRepository>;
