import { maskEmail, maskPhone, STEP_UP_MESSAGES } from '@portal/common';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertStudent, loginStudent } from '../../../test/builders.js';
import { lastStepUpCode } from '../../../test/step-up.js';
import { accomplishedStudent, completeDataForm } from '../../../test/student-access.js';
import { createTestApp } from '../../../test/test-app.js';
import type { App } from '../../app.js';
import { auditLog, notifications, studentSessions } from '../../db/schema/index.js';

/** Issue 33: the step-up before the own-data zip and the own document images, by code and by seat number. */
const { app } = await createTestApp({
  STUDENT_LOOKUP_RATE_LIMIT: '10000',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  MAIL_FROM: 'admission@example.edu',
  SMS_URL: 'http://127.0.0.1:9/sms',
  SMS_BODY_TEMPLATE: '{"to":"{{phone}}","text":"{{text}}"}',
});
const seatNoApp = (await createTestApp({ STUDENT_LOOKUP_RATE_LIMIT: '10000' })).app;
const db = app.db;

const stepUp = (target: App, id: string, cookie: string) =>
  target.inject({ method: 'POST', url: `/api/v1/students/stepUp/${id}`, headers: { cookie } });
const verify = (target: App, id: string, cookie: string, payload: object) =>
  target.inject({
    method: 'POST',
    url: `/api/v1/students/stepUp/${id}/verify`,
    headers: { cookie },
    payload,
  });
const myData = (target: App, id: string, cookie: string) =>
  target.inject({ method: 'GET', url: `/api/v1/students/myData/${id}`, headers: { cookie } });
const documentImage = (target: App, id: string, cookie: string) =>
  target.inject({ method: 'GET', url: `/api/v1/students/document/${id}/personalPhoto`, headers: { cookie } });

/** A student with complete data (phone 01012345678, ahmed@example.com on record) and a fresh session. */
async function studentWithData(target: App) {
  const student = await accomplishedStudent(target);
  return { ...student, cookie: await loginStudent(target, student.nationalId) };
}

const refusedTries = (studentId: string) =>
  db
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'student.stepUp.refused'), eq(auditLog.targetId, studentId)));

const stepUpRows = (studentId: string) =>
  db
    .select()
    .from(notifications)
    .where(and(eq(notifications.studentId, studentId), eq(notifications.event, 'student.step_up')));

describe('without a passed step-up', () => {
  it('the own-data zip and the own document image answer 403 asking for the verification', async () => {
    const student = await studentWithData(app);
    for (const res of [
      await myData(app, student.id, student.cookie),
      await documentImage(app, student.id, student.cookie),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: 'error', message: STEP_UP_MESSAGES.required });
    }
  });
});

describe('a code sent to the contacts on record', () => {
  it('is sent through the outbox to the phone and e-mail, masked in the answer, kept only as a hash', async () => {
    const student = await studentWithData(app);
    const before = new Set((await stepUpRows(student.id)).map((row) => row.id));
    const res = await stepUp(app, student.id, student.cookie);
    expect(res.json()).toEqual({
      status: 'success',
      data: { method: 'code', sentTo: [maskPhone('01012345678'), maskEmail('ahmed@example.com')] },
    });
    expect(maskPhone('01012345678')).toBe('010••••5678');
    expect(maskEmail('ahmed@example.com')).toBe('a•••@example.com');
    const rows = (await stepUpRows(student.id)).filter((row) => !before.has(row.id));
    expect(rows.map((row) => row.channel).sort()).toEqual(['email', 'sms']);
    const code = await lastStepUpCode(app, student.id);
    expect(code).toMatch(/^\d{6}$/);
    const sendBefore = Date.parse(String(rows[0]?.payload.sendBefore));
    expect(sendBefore - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(sendBefore - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    const sessions = await db.select().from(studentSessions).where(eq(studentSessions.studentId, student.id));
    const session = sessions.find((row) => row.codeHash !== null);
    expect(session?.codeHash).toBeTruthy();
    expect(session?.codeHash).not.toContain(code);
  });

  it('opens the zip and the image on that session only, for one use, Arabic-Indic digits accepted', async () => {
    const student = await studentWithData(app);
    const otherSession = await loginStudent(app, student.nationalId);
    await stepUp(app, student.id, student.cookie);
    const code = await lastStepUpCode(app, student.id);
    const arabicIndic = code.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));
    const passed = await verify(app, student.id, student.cookie, { code: arabicIndic });
    expect(passed.json()).toEqual({ status: 'success', message: STEP_UP_MESSAGES.verified });
    expect((await myData(app, student.id, student.cookie)).statusCode).toBe(200);
    expect((await documentImage(app, student.id, student.cookie)).statusCode).toBe(200);
    expect((await myData(app, student.id, otherSession)).statusCode).toBe(403);
    // Used: the same code again is refused, on its session and on the other.
    const reused = await verify(app, student.id, student.cookie, { code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(STEP_UP_MESSAGES.codeExpired);
    expect((await verify(app, student.id, otherSession, { code })).statusCode).toBe(400);
    expect((await myData(app, student.id, otherSession)).statusCode).toBe(403);
  });

  it('refuses a wrong, a foreign and an expired code with Arabic 400s, changes nothing, and audits each', async () => {
    const student = await studentWithData(app);
    const thief = await loginStudent(app, student.nationalId);
    await stepUp(app, student.id, student.cookie);
    const code = await lastStepUpCode(app, student.id);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await verify(app, student.id, student.cookie, { code: wrong });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: STEP_UP_MESSAGES.codeWrong });
    // Another session of the same student that asked no code of its own cannot use this one.
    expect((await verify(app, student.id, thief, { code })).statusCode).toBe(400);
    expect((await myData(app, student.id, thief)).statusCode).toBe(403);
    await db.execute(
      sql`UPDATE student_sessions SET code_expires_at = now() - interval '1 second' WHERE student_id = ${student.id}::uuid`,
    );
    const expired = await verify(app, student.id, student.cookie, { code });
    expect(expired.json()).toEqual({ status: 'error', message: STEP_UP_MESSAGES.codeExpired });
    expect((await myData(app, student.id, student.cookie)).statusCode).toBe(403);
    expect(
      (await refusedTries(student.id))
        .map((row) => (row.details as { reason?: string } | null)?.reason)
        .sort(),
    ).toEqual(['codeExpiredOrUsed', 'codeExpiredOrUsed', 'codeWrong']);
  });

  it('counts five tries a session, all of them at once too: the right code after them is refused', async () => {
    const student = await studentWithData(app);
    await stepUp(app, student.id, student.cookie);
    const code = await lastStepUpCode(app, student.id);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => verify(app, student.id, student.cookie, { code: wrong })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([400, 400, 400, 400, 400]);
    const res = await verify(app, student.id, student.cookie, { code });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ status: 'error', message: STEP_UP_MESSAGES.tooManyTries });
    expect((await myData(app, student.id, student.cookie)).statusCode).toBe(403);
  });

  it('sends no second code within a minute of the first', async () => {
    const student = await studentWithData(app);
    const before = (await stepUpRows(student.id)).length;
    await stepUp(app, student.id, student.cookie);
    const again = await stepUp(app, student.id, student.cookie);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({ status: 'error', message: STEP_UP_MESSAGES.resendTooSoon });
    expect(await stepUpRows(student.id)).toHaveLength(before + 2);
    await db.execute(
      sql`UPDATE student_sessions SET code_sent_at = now() - interval '61 seconds' WHERE student_id = ${student.id}::uuid`,
    );
    expect((await stepUp(app, student.id, student.cookie)).statusCode).toBe(200);
    expect(await stepUpRows(student.id)).toHaveLength(before + 4);
  });

  it("refuses another student's id and a request without a session", async () => {
    const student = await studentWithData(app);
    const other = await insertStudent(db);
    expect((await stepUp(app, other.id, student.cookie)).statusCode).toBe(403);
    expect((await verify(app, other.id, student.cookie, { code: '123456' })).statusCode).toBe(403);
    const anonymous = await app.inject({ method: 'POST', url: `/api/v1/students/stepUp/${student.id}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('for 24 hours after a change of phone or e-mail, codes go to the contacts before it, which are told', async () => {
    const student = await studentWithData(app);
    const form = completeDataForm(5);
    const changed = form.payload
      .toString('latin1')
      .replace('ahmed@example.com', 'intruder@example.com')
      .replace('01012345678', '01199999999');
    const saved = await app.inject({
      method: 'PATCH',
      url: `/api/v1/students/completeStudentData/${student.id}`,
      headers: { ...form.headers, cookie: student.cookie },
      payload: Buffer.from(changed, 'latin1'),
    });
    expect(saved.statusCode).toBe(200);
    const notices = await db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.studentId, student.id), eq(notifications.event, 'student.contact_changed')),
      );
    expect(notices).toHaveLength(2);
    expect(notices[0]?.payload.to).toEqual({ phone: '01012345678', email: 'ahmed@example.com' });

    const res = await stepUp(app, student.id, student.cookie);
    expect(res.json().data.sentTo).toEqual([maskPhone('01012345678'), maskEmail('ahmed@example.com')]);
    const newest = (await stepUpRows(student.id)).sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime(),
    );
    expect(newest[0]?.payload.to).toEqual({
      phone: '01012345678',
      email: 'ahmed@example.com',
    });
  });
});

describe('the seat number', () => {
  it('is the step-up where no code can be sent, and only the right one passes', async () => {
    const student = await studentWithData(seatNoApp);
    expect((await stepUp(seatNoApp, student.id, student.cookie)).json()).toEqual({
      status: 'success',
      data: { method: 'seatNo' },
    });
    const wrong = await verify(seatNoApp, student.id, student.cookie, { seatNo: '1' });
    expect(wrong.json()).toEqual({ status: 'error', message: STEP_UP_MESSAGES.seatNoWrong });
    expect((await myData(seatNoApp, student.id, student.cookie)).statusCode).toBe(403);
    const ok = await verify(seatNoApp, student.id, student.cookie, { seatNo: student.seatNo ?? '' });
    expect(ok.statusCode).toBe(200);
    expect((await myData(seatNoApp, student.id, student.cookie)).statusCode).toBe(200);
  });

  it('is what a student with no contact on record proves, even where codes are configured', async () => {
    const student = await insertStudent(db, { phoneNumber: null, email: null });
    const cookie = await loginStudent(app, student.nationalId);
    expect((await stepUp(app, student.id, cookie)).json().data).toEqual({ method: 'seatNo' });
    expect((await verify(app, student.id, cookie, { seatNo: student.seatNo ?? '' })).statusCode).toBe(200);
    expect(await stepUpRows(student.id)).toHaveLength(0);
  });
});
