import { STEP_UP_MESSAGES } from '@portal/common';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertStudent, loginStudent } from '../../../test/builders.js';
import { createSecondInstance } from '../../../test/second-instance.js';
import { createTestApp } from '../../../test/test-app.js';
import type { App } from '../../app.js';
import { auditLog } from '../../db/schema/index.js';
import { decodeStudentSession } from './student-session.js';

/** Issue 33: `POST /students/logout` ends the session on the server, for every instance at once. */
const { app, database } = await createTestApp({ STUDENT_LOOKUP_RATE_LIMIT: '10000' });
const second = await createSecondInstance(database.url, { STUDENT_LOOKUP_RATE_LIMIT: '10000' });

const logout = (target: App, cookie?: string) =>
  target.inject({ method: 'POST', url: '/api/v1/students/logout', headers: cookie ? { cookie } : {} });
const stored = (target: App, id: string, cookie: string) =>
  target.inject({ method: 'GET', url: `/api/v1/students/completeStudentData/${id}`, headers: { cookie } });

describe('POST /students/logout', () => {
  it('ends the session on every instance at once, clears the cookie, and leaves other sessions open', async () => {
    const student = await insertStudent(app.db);
    const cookie = await loginStudent(app, student.nationalId);
    const otherDevice = await loginStudent(app, student.nationalId);
    expect((await stored(second, student.id, cookie)).statusCode).toBe(200);

    const res = await logout(app, cookie);
    expect(res.json()).toEqual({ status: 'success', message: STEP_UP_MESSAGES.loggedOut });
    expect(String(res.headers['set-cookie'])).toMatch(/^studentSession=;.*Expires=Thu, 01 Jan 1970/);

    for (const target of [app, second]) {
      const refused = await stored(target, student.id, cookie);
      expect(refused.statusCode).toBe(401);
      const quiz = await target.inject({
        method: 'GET',
        url: `/api/v1/students/question/${student.id}`,
        headers: { cookie },
      });
      expect(quiz.statusCode).toBe(401);
    }
    expect((await stored(second, student.id, otherDevice)).statusCode).toBe(200);
    const audited = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'student.logout'), eq(auditLog.targetId, student.id)));
    expect(audited).toHaveLength(1);
  });

  it('answers 401 in Arabic without a session, or with one already ended, and changes nothing', async () => {
    const student = await insertStudent(app.db);
    const cookie = await loginStudent(app, student.nationalId);
    await logout(app, cookie);
    for (const res of [await logout(app), await logout(second, cookie)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 'error', message: STEP_UP_MESSAGES.notLoggedIn });
    }
    const audited = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'student.logout'), eq(auditLog.targetId, student.id)));
    expect(audited).toHaveLength(1);
  });

  it('ends a session whose cookie an instance before issue 33 wrote (a rolling upgrade)', async () => {
    const student = await insertStudent(app.db);
    const legacy = `studentSession=${encodeURIComponent(app.signCookie(`${student.id}.${Date.now() + 3_600_000}`))}`;
    expect((await stored(app, student.id, legacy)).statusCode).toBe(200);
    expect((await logout(app, legacy)).statusCode).toBe(200);
    expect((await stored(second, student.id, legacy)).statusCode).toBe(401);
  });
});

describe('POST /students/getStudent with a session (a page reload)', () => {
  const lookUp = (nationalId: string, cookie?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/students/getStudent',
      payload: { nationalID: nationalId },
      headers: cookie ? { cookie } : {},
    });
  const sessionIdOf = (setCookie: string | string[] | undefined) => {
    const header = String(Array.isArray(setCookie) ? setCookie[0] : setCookie);
    const signed = decodeURIComponent(header.split(';')[0]?.split('=').slice(1).join('=') ?? '');
    const unsigned = app.unsignCookie(signed);
    return unsigned.valid ? decodeStudentSession(String(unsigned.value))?.sessionId : undefined;
  };

  it("renews the student's own live session under its id, and opens a new one otherwise", async () => {
    const student = await insertStudent(app.db);
    const other = await insertStudent(app.db);
    const cookie = await loginStudent(app, student.nationalId);
    const id = sessionIdOf(cookie);
    expect(id).toBeDefined();
    expect(sessionIdOf((await lookUp(student.nationalId, cookie)).headers['set-cookie'])).toBe(id);
    // Another student's lookup on this browser, or the same after logout, is a new session.
    expect(sessionIdOf((await lookUp(other.nationalId, cookie)).headers['set-cookie'])).not.toBe(id);
    await logout(app, cookie);
    expect(sessionIdOf((await lookUp(student.nationalId, cookie)).headers['set-cookie'])).not.toBe(id);
  });
});
