import { type AdditionalQuestion, STAFF_ROLES, type StaffRole } from '@portal/common';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, OTHER_FACULTY, staffWithRole, TEST_FACULTY, tokenFor } from '../test/auth-helpers.js';
import { insertStudent, loginStudent } from '../test/builders.js';
import { changedTables, databaseFingerprint } from '../test/database-fingerprint.js';
import { insertReviewableStudent } from '../test/documents.js';
import { AUDIT_CASES } from '../test/hostile-input/audit-cases.js';
import { CONTENT_CHARTER_CASES } from '../test/hostile-input/content-charter-cases.js';
import { CONTENT_COLLEGE_CASES } from '../test/hostile-input/content-colleges-cases.js';
import { CONTENT_QUESTIONNAIRE_CASES } from '../test/hostile-input/content-questionnaire-cases.js';
import { CONTENT_QUIZ_CASES } from '../test/hostile-input/content-quiz-cases.js';
import {
  buildSpreadsheets,
  FILE_CASES,
  type Spreadsheets,
  uploadCases,
} from '../test/hostile-input/file-cases.js';
import { FUNNEL_CASES } from '../test/hostile-input/funnel-cases.js';
import type { CaseContext, HostileCase, Who } from '../test/hostile-input/hostile-case.js';
import { INTERVIEW_CASES } from '../test/hostile-input/interview-cases.js';
import { JSON_CASES } from '../test/hostile-input/json-cases.js';
import { LOOKUP_CHALLENGE_CASES } from '../test/hostile-input/lookup-challenge-cases.js';
import { NOTIFICATION_CASES } from '../test/hostile-input/notification-cases.js';
import { PRINT_LINK_CASES } from '../test/hostile-input/print-link-cases.js';
import { SEASON_CASES } from '../test/hostile-input/season-cases.js';
import { STAFF_SESSION_CASES } from '../test/hostile-input/staff-session-cases.js';
import { STAGED_UPLOAD_CASES } from '../test/hostile-input/staged-upload-cases.js';
import { STEP_UP_CASES } from '../test/hostile-input/step-up-cases.js';
import { STUDENT_DATA_CASES } from '../test/hostile-input/student-data-cases.js';
import { TWO_FACTOR_CASES } from '../test/hostile-input/two-factor-cases.js';
import { multipartBody } from '../test/multipart.js';
import { passStepUp } from '../test/step-up.js';
import { createTestApp } from '../test/test-app.js';
import { students } from './db/schema/index.js';
import { API_PREFIX } from './modules/auth/access-policy.js';

/**
 * Issue 8, item 8: hostile input on every route. Each case of the table is sent once; a refused one must answer
 * its status with the Arabic error envelope (no stack trace, SQL or driver text), change no row of any table, leave
 * Object.prototype as it was, and leave the portal answering its health check. A new route without a case here
 * fails the coverage test below.
 */
const { app, database } = await createTestApp({ STUDENT_LOOKUP_RATE_LIMIT: '10000' });

let sheets: Spreadsheets | undefined;
const CASES: readonly HostileCase[] = [
  ...JSON_CASES,
  ...INTERVIEW_CASES,
  ...NOTIFICATION_CASES,
  ...AUDIT_CASES,
  ...CONTENT_QUIZ_CASES,
  ...CONTENT_QUESTIONNAIRE_CASES,
  ...CONTENT_CHARTER_CASES,
  ...CONTENT_COLLEGE_CASES,
  ...SEASON_CASES,
  ...FUNNEL_CASES,
  ...STUDENT_DATA_CASES,
  ...STAFF_SESSION_CASES,
  ...STEP_UP_CASES,
  ...LOOKUP_CHALLENGE_CASES,
  ...PRINT_LINK_CASES,
  ...TWO_FACTOR_CASES,
  ...STAGED_UPLOAD_CASES,
  ...uploadCases(() => {
    if (!sheets) throw new Error('spreadsheets not built yet');
    return sheets;
  }),
  // Last: the accepted complete-data submit makes the student's data complete.
  ...FILE_CASES,
];

const ARABIC_LETTER = /[\u0621-\u064a]/;
/** What must never reach a client: stack frames, SQL, driver and framework words, file paths. */
const INTERNALS =
  /\bat \S+ \(|node_modules|\/src\/|\.ts:\d|SELECT |INSERT |UPDATE |DELETE FROM|syntax error|violates|relation "|column "|postgres|drizzle|TypeError|RangeError|SyntaxError|ZodError|FST_|ERR_|undefined|null|NaN/i;

let ctx: CaseContext;
const cookies = new Map<Who, string>();
const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();

beforeAll(async () => {
  const db = database.db;
  const student = await insertStudent(db);
  const passedStudent = await insertStudent(db, { isPassed: true, passedAt: new Date() });
  const otherStudent = await insertStudent(db, { college: OTHER_FACULTY });
  // The review calls need a complete student with stored images; `student` completes only in the last cases.
  const reviewStudent = await insertReviewableStudent(app, { college: TEST_FACULTY });
  cookies.set('student', await loginStudent(app, student.nationalId));
  // Its session passed the step-up (issue 33): the document cases test the document route, not the step-up.
  await passStepUp(app, cookies.get('student') ?? '', student.id);
  cookies.set('passedStudent', await loginStudent(app, passedStudent.nationalId));
  const staff: Partial<CaseContext['staff']> = {};
  for (const role of STAFF_ROLES) {
    const account = await staffWithRole(app, role);
    staff[role] = { ...account, token: await tokenFor(app, account) };
  }
  const questions = (await app.inject({ method: 'GET', url: `${API_PREFIX}/additionalQuestions` })).json<{
    data: AdditionalQuestion[];
  }>().data;
  const draw = await app.inject({
    method: 'GET',
    url: `${API_PREFIX}/students/question/${student.id}`,
    headers: { cookie: cookies.get('student') ?? '' },
  });
  const drawnQuestions = draw
    .json<{ randomQuestions: { index: number }[] }>()
    .randomQuestions.map((q) => String(q.index));
  sheets = await buildSpreadsheets();
  const [college] = (
    await database.pool.query<{ id: string }>(
      'SELECT id FROM colleges WHERE name <> ALL($1) ORDER BY sort_order, name LIMIT 1',
      [[TEST_FACULTY, OTHER_FACULTY]],
    )
  ).rows;
  if (!college) throw new Error('no college without students of the table');
  const [season] = (
    await database.pool.query<{ id: string; name: string }>(
      'SELECT id, name FROM admission_seasons WHERE closed_at IS NULL',
    )
  ).rows;
  if (!season) throw new Error('no current admission season');
  ctx = {
    student: { id: student.id, nationalId: student.nationalId },
    passedStudent: { id: passedStudent.id, nationalId: passedStudent.nationalId },
    otherStudent: { id: otherStudent.id, nationalId: otherStudent.nationalId },
    reviewStudent: { id: reviewStudent.id, nationalId: reviewStudent.nationalId },
    college,
    season,
    staff: staff as CaseContext['staff'],
    questions,
    drawnQuestions,
    inject: (path) => app.inject({ method: 'GET', url: `${API_PREFIX}${path}` }),
    query: async <T>(text: string, values?: unknown[]) =>
      (await database.pool.query(text, values)).rows as T[],
  };
  // The passed student's flag must hold, or the questionnaire cases would test the quiz gate instead.
  const [passed] = await db.select().from(students).where(eq(students.id, passedStudent.id));
  expect(passed?.isPassed).toBe(true);
}, 120_000);

function injectOptions(testCase: HostileCase): InjectOptions {
  const request = testCase.request(ctx);
  const [method, routePath] = testCase.route.split(' ') as [InjectOptions['method'], string];
  const path = request.path ?? routePath;
  if (path.includes('/:')) throw new Error(`${testCase.name}: the route has parameters, give a path`);
  const headers: Record<string, string> = { ...request.headers };
  const who = testCase.who;
  if (who === 'student' || who === 'passedStudent') headers.cookie = cookies.get(who) ?? '';
  else if (who !== 'anonymous') Object.assign(headers, bearer(ctx.staff[who as StaffRole].token));
  const options: InjectOptions = { method, url: `${API_PREFIX}${path}`, headers };
  const body = request.body;
  if (body?.kind === 'json') options.payload = body.value as InjectOptions['payload'];
  if (body?.kind === 'raw') {
    options.payload = body.payload;
    headers['content-type'] = body.contentType;
  }
  if (body?.kind === 'multipart') {
    const multipart = multipartBody(body.fields, body.files);
    options.payload = multipart.payload;
    Object.assign(headers, multipart.headers);
  }
  return options;
}

/** Every operation of the OpenAPI document as `METHOD /path/:param`, without the /api/v1 prefix. */
async function openApiRoutes(): Promise<string[]> {
  await app.ready();
  const document = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map(
      (method) =>
        `${method.toUpperCase()} ${path.replace(API_PREFIX, '').replace(/\{(\w+)\}/g, (_, name: string) => `:${name}`)}`,
    ),
  );
}

describe('hostile input', () => {
  it('has at least 80 cases and at least one for every route of the OpenAPI document', async () => {
    const routes = await openApiRoutes();
    expect(routes.length).toBeGreaterThan(40);
    expect(CASES.length).toBeGreaterThanOrEqual(80);
    const covered = new Set(CASES.map((testCase) => testCase.route));
    expect(routes.filter((route) => !covered.has(route))).toEqual([]);
    // And no case names a route that does not exist (a typo would cover nothing).
    expect([...covered].filter((route) => !routes.includes(route))).toEqual([]);
  });

  it.each(CASES.map((testCase) => [testCase.name, testCase] as const))('%s', async (_name, testCase) => {
    const before = await databaseFingerprint(database.pool);
    const response = await app.inject(injectOptions(testCase));
    const body = response.body;
    const summary = `${response.statusCode} ${body.slice(0, 300)}`;

    expect(response.statusCode, summary).toBe(testCase.status);
    if (testCase.accepted) {
      if (response.headers['content-type']?.toString().startsWith('application/json'))
        expect(response.json<{ status: string }>().status, summary).not.toBe('error');
      await testCase.accepted.verify?.(ctx, body);
    } else if (testCase.location) {
      expect(response.headers.location, summary).toBe(testCase.location);
      expect(response.headers['set-cookie'], summary).toBeUndefined();
    } else if (testCase.route.startsWith('HEAD ')) {
      // A HEAD answer has no body (tus reads its headers only).
      expect(body, summary).toBe('');
    } else if (testCase.html) {
      expect(body).toMatch(ARABIC_LETTER);
      expect(body).not.toMatch(/<script>alert/i);
    } else {
      const envelope = response.json<{ status: string; message: string }>();
      expect(Object.keys(envelope).sort(), summary).toEqual(['message', 'status']);
      expect(envelope.status).toBe('error');
      expect(envelope.message, summary).toMatch(ARABIC_LETTER);
      expect(envelope.message, summary).not.toMatch(INTERNALS);
      if (testCase.message) expect(envelope.message).toBe(testCase.message);
    }

    const changed = changedTables(before, await databaseFingerprint(database.pool));
    expect(changed, 'tables changed').toEqual(
      changed.filter((table) => (testCase.accepted?.mayChange ?? testCase.counted)?.includes(table)),
    );
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const health = await app.inject({ method: 'GET', url: `${API_PREFIX}/health` });
    expect(health.statusCode).toBe(200);
  });
});
