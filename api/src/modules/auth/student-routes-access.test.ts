import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@portal/common';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertStudent, loginStudent } from '../../../test/builders.js';
import { apiRoutes } from '../../../test/route-table.js';
import { passStepUp } from '../../../test/step-up.js';
import {
  accomplishedStudent,
  forgedStudentCookie,
  studentCookie,
  tamperedStudentCookie,
  unsignedStudentCookie,
} from '../../../test/student-access.js';
import { studentRouteRequests, withCookie } from '../../../test/student-routes.js';
import { createTestApp } from '../../../test/test-app.js';
import {
  additionalAnswers,
  appointments,
  quizAttempts,
  quizDraws,
  studentImages,
  students,
} from '../../db/schema/index.js';
import { ACCESS_POLICY } from './access-policy.js';

const { app, database } = await createTestApp({ STUDENT_LOOKUP_RATE_LIMIT: '10000' });
const db = database.db;

/** Routes open to anyone that have no row in the access table, and why nothing of anyone's is behind them. */
const OPEN_ROUTES: Record<string, string> = {
  'GET /health': 'liveness and the database',
  'GET /health/live': 'liveness',
  'GET /health/ready': 'readiness',
  'GET /branding': "the university's names and links",
  'GET /branding/logo': "the university's logo",
  'GET /colleges': 'the college list',
  'GET /colleges/tourism/:college/programs': "a college's programs",
  'POST /students/getStudent': 'the student login itself (rate-limited: enumeration.redis.test.ts)',
  'POST /students/loginForm':
    'the same login as a form post, under the same limit (student-login-form.routes.test.ts)',
  'GET /students/lookupChallenge': 'a proof-of-work challenge, the same kind for everyone (lookup-guard/)',
  'GET /students/getStudentBook': 'the charter, the same for every student',
  'GET /additionalQuestions': 'the questionnaire, the same for every student',
  'POST /students/logout':
    'ends only the session of the cookie it comes with (student-session.routes.test.ts)',
};

/**
 * Student routes whose path names no student: what they act on is the session's own, a staged document upload
 * (issue 34). Another session's upload answers 404 (staged-uploads.routes.test.ts, idor.test.ts).
 */
const SESSION_ROUTES: Record<string, string> = {
  'POST /uploads': "creates an upload owned by the cookie's own session",
  'HEAD /uploads/:id': "the offset of one of the session's own uploads",
  'PATCH /uploads/:id': "appends to one of the session's own uploads",
  'DELETE /uploads/:id': "cancels one of the session's own uploads",
};

const STUDENT_ROUTES = await studentRouteRequests(app);
const send = (options: InjectOptions, cookie?: string) => app.inject(withCookie(options, cookie));

/** Everything a student call could read or change of one student. */
async function recordOf(studentId: string) {
  return {
    student: await db.select().from(students).where(eq(students.id, studentId)),
    images: await db.select().from(studentImages).where(eq(studentImages.studentId, studentId)),
    answers: await db.select().from(additionalAnswers).where(eq(additionalAnswers.studentId, studentId)),
    draws: await db.select().from(quizDraws).where(eq(quizDraws.studentId, studentId)),
    attempts: await db.select().from(quizAttempts).where(eq(quizAttempts.studentId, studentId)),
    appointment: await db.select().from(appointments).where(eq(appointments.studentId, studentId)),
  };
}

let victim: Awaited<ReturnType<typeof accomplishedStudent>>;
let attacker: Awaited<ReturnType<typeof accomplishedStudent>>;
let victimBefore: Awaited<ReturnType<typeof recordOf>>;

beforeAll(async () => {
  victim = await accomplishedStudent(app, { name: 'ضحية الاختبار الأولى' });
  attacker = await accomplishedStudent(app);
  victimBefore = await recordOf(victim.id);
});

const STUDENT_SESSION_EXPIRED = { status: 'error', message: MESSAGES.studentSessionExpired };

describe('the route table', () => {
  it('names every route: staff (access table), student (below) or open to anyone, and only once', async () => {
    const inPolicy = new Set(ACCESS_POLICY.map((rule) => `${rule.method} ${rule.url}`));
    const unclassified = (await apiRoutes(app))
      .map((route) => route.key)
      .filter(
        (key) =>
          !inPolicy.has(key) && !(key in STUDENT_ROUTES) && !(key in OPEN_ROUTES) && !(key in SESSION_ROUTES),
      );
    expect(unclassified).toEqual([]);
    const twice = Object.keys({ ...STUDENT_ROUTES, ...OPEN_ROUTES, ...SESSION_ROUTES }).filter((key) =>
      inPolicy.has(key),
    );
    expect(twice).toEqual([]);
  });
});

describe.each(Object.entries(STUDENT_ROUTES))('%s', (_, request) => {
  it("lets the student in with the student's own session (the refusals below are not a broken route)", async () => {
    const res = await send(request(attacker), attacker.cookie);
    expect([401, 403], res.body).not.toContain(res.statusCode);
    expect(res.statusCode, res.body).toBeLessThan(500);
    expect(res.statusCode).toBeLessThan(500);
  });

  it.each<[string, () => string | undefined, number, object]>([
    ['no cookie', () => undefined, 401, STUDENT_SESSION_EXPIRED],
    [
      "another student's valid session",
      () => attacker.cookie,
      403,
      { status: 'error', message: MESSAGES.forbidden },
    ],
    [
      'a cookie signed with another secret',
      () => forgedStudentCookie(victim.id),
      401,
      STUDENT_SESSION_EXPIRED,
    ],
    ['an unsigned cookie', () => unsignedStudentCookie(victim.id), 401, STUDENT_SESSION_EXPIRED],
    [
      "another student's session edited to name the target",
      () => tamperedStudentCookie(app, attacker.id, victim.id),
      401,
      STUDENT_SESSION_EXPIRED,
    ],
    [
      'an expired session',
      () => studentCookie(app, victim.id, Date.now() - 1000),
      401,
      STUDENT_SESSION_EXPIRED,
    ],
  ])(
    "refuses %s on the target's record, giving away and changing nothing",
    async (_, cookie, status, body) => {
      const res = await send(request(victim), cookie());
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual(body);
      expect(await recordOf(victim.id)).toEqual(victimBefore);
    },
  );

  it("refuses a deleted student's session", async () => {
    const gone = await insertStudent(db);
    const cookie = await loginStudent(app, gone.nationalId);
    // With a step-up passed, so that the routes behind one answer for the deletion, not for the step-up.
    await passStepUp(app, cookie, gone.id);
    await db.delete(students).where(eq(students.id, gone.id));
    const res = await send(request(gone), cookie);
    // Not found (the photo route says which thing), or 403 where the path names the student by national ID.
    expect([403, 404]).toContain(res.statusCode);
    expect([MESSAGES.studentNotFound, MESSAGES.photoNotFound, MESSAGES.forbidden]).toContain(
      res.json().message,
    );
    const onVictim = await send(request(victim), cookie);
    expect(onVictim.statusCode).toBe(403);
    expect(await recordOf(victim.id)).toEqual(victimBefore);
  });

  it('refuses a valid session for a student that never existed', async () => {
    const nobody = { id: randomUUID(), nationalId: '29901011234567' };
    const res = await send(request(nobody), studentCookie(app, nobody.id));
    expect([403, 404]).toContain(res.statusCode);
    expect(res.json().status).toBe('error');
  });
});
