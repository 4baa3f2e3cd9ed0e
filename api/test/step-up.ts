import { and, desc, eq } from 'drizzle-orm';
import type { App } from '../src/app.js';
import { notifications, students } from '../src/db/schema/index.js';

/**
 * Passes the step-up (issue 33) on the session of `cookie` as the student would: asks for it, then answers with
 * the code the outbox holds for it, or with the seat number of the student's row. Throws when either call fails.
 */
export async function passStepUp(app: App, cookie: string, studentId: string): Promise<void> {
  const start = await app.inject({
    method: 'POST',
    url: `/api/v1/students/stepUp/${studentId}`,
    headers: { cookie },
  });
  if (start.statusCode !== 200) throw new Error(`step-up failed: ${start.statusCode} ${start.body}`);
  const method = (start.json() as { data: { method: string } }).data.method;
  if (method === 'off') return;
  const payload =
    method === 'code' ? { code: await lastStepUpCode(app, studentId) } : await seatNoOf(app, studentId);
  const verify = await app.inject({
    method: 'POST',
    url: `/api/v1/students/stepUp/${studentId}/verify`,
    headers: { cookie },
    payload,
  });
  if (verify.statusCode !== 200)
    throw new Error(`step-up verify failed: ${verify.statusCode} ${verify.body}`);
}

/** The code of the student's newest step-up message in the outbox. */
export async function lastStepUpCode(app: App, studentId: string): Promise<string> {
  const [row] = await app.db
    .select({ payload: notifications.payload })
    .from(notifications)
    .where(and(eq(notifications.studentId, studentId), eq(notifications.event, 'student.step_up')))
    .orderBy(desc(notifications.createdAt))
    .limit(1);
  const code = row?.payload.code;
  if (typeof code !== 'string') throw new Error('no step-up code in the outbox');
  return code;
}

async function seatNoOf(app: App, studentId: string): Promise<{ seatNo: string }> {
  const [row] = await app.db
    .select({ seatNo: students.seatNo })
    .from(students)
    .where(eq(students.id, studentId));
  if (!row?.seatNo) throw new Error('the student has no seat number');
  return { seatNo: row.seatNo };
}
