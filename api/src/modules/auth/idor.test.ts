// Kept whole: one table of IDOR cases (ids in the path, ids and faculties in the body) run against one victim,
// one attacker and the staff of each role, on one app and embedded database.
import { IMAGE_KINDS, MESSAGES, REVIEW_MESSAGES } from '@portal/common';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, insertStaff, OTHER_FACULTY, type TestStaff, tokenFor } from '../../../test/auth-helpers.js';
import { insertStudent } from '../../../test/builders.js';
import { tinyPng } from '../../../test/images.js';
import { apiRoutes } from '../../../test/route-table.js';
import { accomplishedStudent } from '../../../test/student-access.js';
import { studentRouteRequests, withCookie } from '../../../test/student-routes.js';
import { createTestApp, TEST_SECRET } from '../../../test/test-app.js';
import { tusClient } from '../../../test/tus.js';
import {
  additionalQuestions,
  admissionSeasons,
  appointments,
  collegePrograms,
  colleges,
  interviewOutcomes,
  interviewSlots,
  notificationCampaigns,
  notifications,
  quizQuestions,
  staffUsers,
  studentImages,
  students,
} from '../../db/schema/index.js';
import { createLinkSigner } from '../../lib/signed-link.js';
import { SOCIAL_WORK_COLLEGE, TOURISM_COLLEGE, TOURISM_EXCHANGE_COLLEGE } from '../../setup/seed/colleges.js';
import { EXPORT_LINK_PURPOSE } from '../exports/index.js';
import { REPORT_LINK_PURPOSE } from '../imports/index.js';
import { API_PREFIX } from './access-policy.js';

/**
 * Insecure direct object references: every route with an id in its path (and the calls with one in the body)
 * tried by a caller with a real credential, on a record that credential may not reach.
 */
const { app, database } = await createTestApp({ STUDENT_LOOKUP_RATE_LIMIT: '10000' });
const db = database.db;
const links = createLinkSigner(TEST_SECRET);
const STUDENT_ROUTES = await studentRouteRequests(app);

const error = (message: string) => ({ status: 'error', message });

let victim: Awaited<ReturnType<typeof accomplishedStudent>>;
let attacker: Awaited<ReturnType<typeof accomplishedStudent>>;
/** A faculty ADMIN of another faculty than the victim's (social work). */
let otherAdmin: TestStaff;
let superAdmin: TestStaff;
let support: TestStaff;

beforeAll(async () => {
  victim = await accomplishedStudent(app, { name: 'ضحية محاولات الوصول' });
  attacker = await accomplishedStudent(app);
  otherAdmin = await insertStaff(db, { role: 'ADMIN', faculty: OTHER_FACULTY });
  superAdmin = await insertStaff(db, { role: 'SUPERADMIN' });
  support = await insertStaff(db, { role: 'SUPPORT' });
});

const as = async (staff: TestStaff) => bearer(await tokenFor(app, staff));

/** The answer gives away nothing of the victim. */
function expectNothingOfVictim(body: string) {
  expect(body).not.toContain(victim.nationalId);
  expect(body).not.toContain(victim.name);
  expect(body).not.toContain(victim.id);
}

const appointmentOf = (id: string) => db.select().from(appointments).where(eq(appointments.studentId, id));

const studentStillThere = async (id: string) =>
  (await db.select({ id: students.id }).from(students).where(eq(students.id, id))).length === 1;

/** A token the portal signed itself for another kind of resource than the route serves. */
const exportLink = () =>
  links.sign(EXPORT_LINK_PURPOSE, { s: superAdmin.id, t: 'complete', c: null, i: Date.now() }, 60_000);
const reportLink = () => links.sign(REPORT_LINK_PURPOSE, { r: victim.id }, 60_000);
const formLink = () =>
  links.sign(
    'form-download',
    { s: victim.id, k: 'admission', a: superAdmin.id, u: 'x', i: Date.now() },
    60_000,
  );

async function expectStudentRouteRefused(key: string) {
  const request = STUDENT_ROUTES[key];
  if (!request) throw new Error(`no request for ${key}`);
  const res = await app.inject(withCookie(request(victim), attacker.cookie));
  expect(res.statusCode).toBe(403);
  expect(res.json()).toEqual(error(MESSAGES.forbidden));
  expectNothingOfVictim(res.body);
}

/** A faculty ADMIN, and a link made for another student or form, on the victim's form. */
async function expectFormRefusedToStaff(call: string) {
  const url = `${API_PREFIX}/students/${call}/${victim.id}`;
  const admin = await app.inject({ method: 'GET', url, headers: await as(otherAdmin) });
  expect(admin.statusCode).toBe(403);
  expect(admin.json()).toEqual(error(MESSAGES.otherFacultyForbidden));
  const forAttacker = links.sign(
    'form-download',
    { s: attacker.id, k: 'admission', a: superAdmin.id, u: 'x', i: Date.now() },
    60_000,
  );
  const byLink = await app.inject({ method: 'GET', url: `${url}?token=${encodeURIComponent(forAttacker)}` });
  expect(byLink.statusCode).toBe(403);
  expect(byLink.json()).toEqual(error(MESSAGES.downloadLinkInvalid));
}

/** The quiz bank is the super admin's: no other account, nor a student, edits or retires a question. */
async function expectQuizQuestionUntouched(method: 'PATCH' | 'DELETE', payload?: object) {
  const [question] = await db.select().from(quizQuestions).where(eq(quizQuestions.index, 1));
  if (!question) throw new Error('no quiz question 1');
  for (const headers of [await as(otherAdmin), await as(support), { cookie: victim.cookie }]) {
    const res = await app.inject({
      method,
      url: `${API_PREFIX}/content/quiz-questions/${question.index}`,
      headers,
      ...(payload ? { payload } : {}),
    });
    expect([401, 403]).toContain(res.statusCode);
  }
  expect(await db.select().from(quizQuestions).where(eq(quizQuestions.index, 1))).toEqual([question]);
}

const programsOf = (collegeId: string) =>
  db.select().from(collegePrograms).where(eq(collegePrograms.collegeId, collegeId));

/** The two seeded tourism colleges and a program of the first, for the program calls. */
async function tourismPrograms() {
  const [tourism] = await db.select().from(colleges).where(eq(colleges.name, TOURISM_COLLEGE));
  const [exchange] = await db.select().from(colleges).where(eq(colleges.name, TOURISM_EXCHANGE_COLLEGE));
  if (!tourism || !exchange) throw new Error('no seeded tourism colleges');
  const [program] = await programsOf(tourism.id);
  if (!program) throw new Error('no seeded program');
  return { tourism, exchange, program };
}

/**
 * A staged (tus) upload is its session's (issue 34): another student's session gets 404 from HEAD, PATCH and
 * DELETE, and the upload is as it was.
 */
async function expectUploadOutOfReach(method: 'HEAD' | 'PATCH' | 'DELETE') {
  const tus = tusClient(app);
  const png = tinyPng();
  const created = await tus.create(victim.cookie, png.length);
  expect(created.statusCode).toBe(201);
  const location = String(created.headers.location);
  const res =
    method === 'HEAD'
      ? await tus.head(attacker.cookie, location)
      : method === 'PATCH'
        ? await tus.patch(attacker.cookie, location, 0, png)
        : await tus.remove(attacker.cookie, location);
  expect(res.statusCode).toBe(404);
  expect((await tus.head(victim.cookie, location)).headers['upload-offset']).toBe('0');
}

/** Every route with a path parameter, and the attempt on a record out of reach. */
const PATH_PARAM_CASES: Record<string, (() => Promise<void>) | { open: string }> = {
  'GET /colleges/tourism/:college/programs': { open: "a college's public program list: no one's record" },
  'GET /students/appointment/:id.ics': () => expectStudentRouteRefused('GET /students/appointment/:id.ics'),
  'PATCH /students/completeStudentData/:id': () =>
    expectStudentRouteRefused('PATCH /students/completeStudentData/:id'),
  'GET /students/completeStudentData/:id': () =>
    expectStudentRouteRefused('GET /students/completeStudentData/:id'),
  'PATCH /students/replaceDocuments/:id': async () => {
    const before = await db.select().from(studentImages).where(eq(studentImages.studentId, victim.id));
    await expectStudentRouteRefused('PATCH /students/replaceDocuments/:id');
    expect(await db.select().from(studentImages).where(eq(studentImages.studentId, victim.id))).toEqual(
      before,
    );
  },
  'POST /students/stepUp/:id': () => expectStudentRouteRefused('POST /students/stepUp/:id'),
  'POST /students/stepUp/:id/verify': () => expectStudentRouteRefused('POST /students/stepUp/:id/verify'),
  'HEAD /uploads/:id': () => expectUploadOutOfReach('HEAD'),
  'PATCH /uploads/:id': () => expectUploadOutOfReach('PATCH'),
  'DELETE /uploads/:id': () => expectUploadOutOfReach('DELETE'),
  'GET /students/photo/:id/:kind': async () => {
    await expectStudentRouteRefused('GET /students/photo/:id/:kind');
    // Staff have no business with the preview route either.
    const staff = await app.inject({
      method: 'GET',
      url: `${API_PREFIX}/students/photo/${victim.id}/personalPhoto`,
      headers: await as(superAdmin),
    });
    expect(staff.statusCode).toBe(401);
    expect(staff.headers['content-type']).not.toMatch(/^image\//);
  },
  'GET /students/document/:id/:kind': async () => {
    await expectStudentRouteRefused('GET /students/document/:id/:kind');
    // A faculty ADMIN of another faculty than the victim's reads none of its documents.
    const res = await app.inject({
      method: 'GET',
      url: `${API_PREFIX}/students/document/${victim.id}/personalPhoto`,
      headers: await as(otherAdmin),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(error(REVIEW_MESSAGES.studentOutsideScope));
    expect(res.headers['content-type']).not.toMatch(/^image\//);
  },
  'GET /students/record/:id': async () => {
    const res = await app.inject({
      method: 'GET',
      url: `${API_PREFIX}/students/record/${victim.id}`,
      headers: await as(otherAdmin),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(error(REVIEW_MESSAGES.studentOutsideScope));
    expectNothingOfVictim(res.body);
  },
  'POST /students/review/:id': async () => {
    const before = await db.select().from(studentImages).where(eq(studentImages.studentId, victim.id));
    const decisions = IMAGE_KINDS.map((kind) => ({ kind, decision: 'rejected', reason: 'unreadable' }));
    for (const headers of [await as(otherAdmin), { cookie: victim.cookie }, { cookie: attacker.cookie }]) {
      const res = await app.inject({
        method: 'POST',
        url: `${API_PREFIX}/students/review/${victim.id}`,
        headers,
        payload: { version: 0, decisions },
      });
      expect([401, 403]).toContain(res.statusCode);
    }
    expect(await db.select().from(studentImages).where(eq(studentImages.studentId, victim.id))).toEqual(
      before,
    );
  },
  'GET /students/question/:id': () => expectStudentRouteRefused('GET /students/question/:id'),
  'POST /students/question/:id': () => expectStudentRouteRefused('POST /students/question/:id'),
  'POST /additionalQuestions/submit/:nationalID': () =>
    expectStudentRouteRefused('POST /additionalQuestions/submit/:nationalID'),
  'GET /students/getAdmissionForm/:studentId': async () => {
    await expectStudentRouteRefused('GET /students/getAdmissionForm/:studentId');
    await expectFormRefusedToStaff('getAdmissionForm');
  },
  'GET /students/getAcquaintanceForm/:studentId': async () => {
    await expectStudentRouteRefused('GET /students/getAcquaintanceForm/:studentId');
    await expectFormRefusedToStaff('getAcquaintanceForm');
  },
  'GET /students/getFinalPersonalTestForm/:studentId': async () => {
    await expectStudentRouteRefused('GET /students/getFinalPersonalTestForm/:studentId');
    await expectFormRefusedToStaff('getFinalPersonalTestForm');
  },
  'DELETE /users/deleteAdmin/:id': async () => {
    const other = await insertStaff(db, { role: 'SUPERADMIN' });
    const res = await app.inject({
      method: 'DELETE',
      url: `${API_PREFIX}/users/deleteAdmin/${other.id}`,
      headers: await as(superAdmin),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(error(MESSAGES.superAdminProtected));
    expect(await db.select().from(staffUsers).where(eq(staffUsers.id, other.id))).toHaveLength(1);
  },
  'DELETE /students/deleteStudent/:id': async () => {
    const mine = await insertStaff(db, { role: 'ADMIN', faculty: SOCIAL_WORK_COLLEGE });
    for (const staff of [otherAdmin, mine]) {
      const res = await app.inject({
        method: 'DELETE',
        url: `${API_PREFIX}/students/deleteStudent/${victim.id}`,
        headers: await as(staff),
      });
      expect(res.statusCode).toBe(403);
    }
    expect(await studentStillThere(victim.id)).toBe(true);
  },
  'POST /students/downloadStudentData/:type': async () => {
    const res = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/students/downloadStudentData/complete`,
      headers: await as(support),
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(error(MESSAGES.forbidden));
  },
  'GET /downloads/:token': async () => {
    for (const token of [reportLink(), formLink()]) {
      const res = await app.inject({ method: 'GET', url: `${API_PREFIX}/downloads/${token}` });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(error(MESSAGES.downloadLinkInvalid));
    }
  },
  'GET /students/uploadReport/:token': async () => {
    for (const token of [exportLink(), formLink()]) {
      const res = await app.inject({ method: 'GET', url: `${API_PREFIX}/students/uploadReport/${token}` });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(error(MESSAGES.downloadLinkInvalid));
    }
  },
  'GET /users/exportsAppointedStudents/:date/:period/:token': async () => {
    const url = (token: string) =>
      `${API_PREFIX}/users/exportsAppointedStudents/2030-01-02/9/${encodeURIComponent(token)}`;
    const sessionValue = decodeURIComponent(attacker.cookie.split('=')[1] ?? '');
    const session = await app.inject({ method: 'GET', url: url(sessionValue) });
    expect(session.statusCode).toBe(401);
    expect(session.json()).toEqual(error(MESSAGES.sessionInvalid));
    // Links the portal signed for something else are no print links (issue 33).
    for (const token of [exportLink(), formLink()]) {
      const res = await app.inject({ method: 'GET', url: url(token) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(error(MESSAGES.printLinkInvalid));
    }
    const byAdmin = await app.inject({ method: 'GET', url: url(await tokenFor(app, otherAdmin)) });
    expect(byAdmin.statusCode).toBe(403);
    expectNothingOfVictim(byAdmin.body);
  },
  'GET /students/interviewSlots/:id': () => expectStudentRouteRefused('GET /students/interviewSlots/:id'),
  'GET /students/myData/:id': async () => {
    await expectStudentRouteRefused('GET /students/myData/:id');
    // Staff credentials open no student's data file, whatever their reach.
    const res = await app.inject({
      method: 'GET',
      url: `${API_PREFIX}/students/myData/${victim.id}`,
      headers: await as(superAdmin),
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).not.toMatch(/zip/);
    expectNothingOfVictim(res.body);
  },
  'POST /students/bookInterview/:id': async () => {
    const before = await appointmentOf(victim.id);
    await expectStudentRouteRefused('POST /students/bookInterview/:id');
    expect(await appointmentOf(victim.id)).toEqual(before);
  },
  'POST /students/cancelInterview/:id': async () => {
    const before = await appointmentOf(victim.id);
    await expectStudentRouteRefused('POST /students/cancelInterview/:id');
    expect(await appointmentOf(victim.id)).toEqual(before);
  },
  'PATCH /interviews/slots/:id': async () => {
    const [slot] = await db.select().from(interviewSlots).limit(1);
    if (!slot) throw new Error('no slot to try');
    const url = `${API_PREFIX}/interviews/slots/${slot.id}`;
    for (const headers of [await as(otherAdmin), await as(support), { cookie: attacker.cookie }]) {
      const res = await app.inject({ method: 'PATCH', url, headers, payload: { capacity: 1, closed: true } });
      expect([401, 403]).toContain(res.statusCode);
    }
    expect(await db.select().from(interviewSlots).where(eq(interviewSlots.id, slot.id))).toEqual([slot]);
  },
  'PUT /interviews/outcome/:studentId': async () => {
    const url = `${API_PREFIX}/interviews/outcome/${victim.id}`;
    // Staff outside the interviews, and the student itself: nobody but the committee records an outcome.
    for (const headers of [await as(otherAdmin), await as(support), { cookie: victim.cookie }]) {
      const res = await app.inject({ method: 'PUT', url, headers, payload: { attended: false } });
      expect([401, 403]).toContain(res.statusCode);
      expectNothingOfVictim(res.body);
    }
    expect(
      await db.select().from(interviewOutcomes).where(eq(interviewOutcomes.studentId, victim.id)),
    ).toEqual([]);
  },
  'GET /interviews/export/:token': async () => {
    for (const token of [exportLink(), reportLink(), formLink(), await tokenFor(app, superAdmin)]) {
      const res = await app.inject({ method: 'GET', url: `${API_PREFIX}/interviews/export/${token}` });
      expect([400, 403]).toContain(res.statusCode);
      expect(res.json()).toEqual(error(MESSAGES.downloadLinkInvalid));
    }
  },
  'GET /audit/export/:token': async () => {
    // Another download's link, or a staff token, opens no audit export.
    for (const token of [exportLink(), reportLink(), formLink(), await tokenFor(app, superAdmin)]) {
      const res = await app.inject({ method: 'GET', url: `${API_PREFIX}/audit/export/${token}` });
      expect([400, 403]).toContain(res.statusCode);
      expect(res.json()).toEqual(error(MESSAGES.downloadLinkInvalid));
    }
  },
  'GET /funnel/export/:token': async () => {
    // Another download's link, or a staff token, opens no funnel export.
    for (const token of [exportLink(), reportLink(), formLink(), await tokenFor(app, superAdmin)]) {
      const res = await app.inject({ method: 'GET', url: `${API_PREFIX}/funnel/export/${token}` });
      expect([400, 403]).toContain(res.statusCode);
      expect(res.json()).toEqual(error(MESSAGES.downloadLinkInvalid));
    }
  },
  'PATCH /colleges/:id': async () => {
    const [college] = await db.select().from(colleges).where(eq(colleges.name, SOCIAL_WORK_COLLEGE));
    if (!college) throw new Error('no social-work college');
    const url = `${API_PREFIX}/colleges/${college.id}`;
    // A deadline already past would shut the victim out of its own data: only the super admin sets one, not even
    // the college's own ADMIN.
    const ownAdmin = await insertStaff(db, { role: 'ADMIN', faculty: SOCIAL_WORK_COLLEGE });
    for (const headers of [
      await as(otherAdmin),
      await as(ownAdmin),
      await as(support),
      { cookie: victim.cookie },
    ]) {
      const res = await app.inject({
        method: 'PATCH',
        url,
        headers,
        payload: { dataDeadline: '2020-01-01T00:00:00Z' },
      });
      expect([401, 403]).toContain(res.statusCode);
    }
    expect(await db.select().from(colleges).where(eq(colleges.id, college.id))).toEqual([college]);
  },
  'DELETE /colleges/:id': async () => {
    // A college nobody refers to, so that only the caller stands between it and its deletion.
    const [college] = await db.insert(colleges).values({ name: 'كلية لا يشير إليها أحد' }).returning();
    if (!college) throw new Error('college not inserted');
    for (const headers of [await as(otherAdmin), await as(support), { cookie: victim.cookie }]) {
      const res = await app.inject({
        method: 'DELETE',
        url: `${API_PREFIX}/colleges/${college.id}`,
        headers,
      });
      expect([401, 403]).toContain(res.statusCode);
    }
    expect(await db.select().from(colleges).where(eq(colleges.id, college.id))).toEqual([college]);
  },
  'DELETE /seasons/:id': async () => {
    // A closed season of its own with one student, the right count typed: only the caller stands in the way.
    const [season] = await db
      .insert(admissionSeasons)
      .values({ name: '1990/1991', closedAt: new Date('1991-06-30T00:00:00Z') })
      .returning();
    if (!season) throw new Error('season not inserted');
    // Closed seasons take no new student; the maintenance setting of a restore lets this one in.
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('portal.season_maintenance', 'on', true)`);
      await insertStudent(tx, { seasonId: season.id });
    });
    for (const headers of [await as(otherAdmin), await as(support), { cookie: victim.cookie }]) {
      const res = await app.inject({
        method: 'DELETE',
        url: `${API_PREFIX}/seasons/${season.id}`,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ confirmCount: 1 }),
      });
      expect([401, 403]).toContain(res.statusCode);
    }
    expect(await db.select().from(admissionSeasons).where(eq(admissionSeasons.id, season.id))).toEqual([
      season,
    ]);
    expect(await db.select().from(students).where(eq(students.seasonId, season.id))).toHaveLength(1);
  },
  'POST /colleges/:id/programs': async () => {
    const { tourism } = await tourismPrograms();
    const before = await programsOf(tourism.id);
    const ownAdmin = await insertStaff(db, { role: 'ADMIN', faculty: TOURISM_COLLEGE });
    for (const headers of [await as(ownAdmin), await as(support), { cookie: victim.cookie }]) {
      const res = await app.inject({
        method: 'POST',
        url: `${API_PREFIX}/colleges/${tourism.id}/programs`,
        headers,
        payload: { name: 'برنامج من غير المشرف العام' },
      });
      expect([401, 403]).toContain(res.statusCode);
    }
    expect(await programsOf(tourism.id)).toEqual(before);
  },
  'PATCH /colleges/:id/programs/:programId': async () => {
    const { tourism, exchange, program } = await tourismPrograms();
    const before = await programsOf(tourism.id);
    const url = `${API_PREFIX}/colleges/${tourism.id}/programs/${program.id}`;
    for (const headers of [await as(otherAdmin), await as(support), { cookie: victim.cookie }]) {
      const res = await app.inject({ method: 'PATCH', url, headers, payload: { hidden: true } });
      expect([401, 403]).toContain(res.statusCode);
    }
    // Even the super admin reaches a program only through its own college.
    const crossed = await app.inject({
      method: 'PATCH',
      url: `${API_PREFIX}/colleges/${exchange.id}/programs/${program.id}`,
      headers: await as(superAdmin),
      payload: { name: 'برنامج منقول' },
    });
    expect(crossed.statusCode).toBe(404);
    expect(await programsOf(tourism.id)).toEqual(before);
  },
  'DELETE /colleges/:id/programs/:programId': async () => {
    const { tourism, exchange, program } = await tourismPrograms();
    const before = await programsOf(tourism.id);
    for (const headers of [await as(otherAdmin), await as(support), { cookie: victim.cookie }]) {
      const res = await app.inject({
        method: 'DELETE',
        url: `${API_PREFIX}/colleges/${tourism.id}/programs/${program.id}`,
        headers,
      });
      expect([401, 403]).toContain(res.statusCode);
    }
    const crossed = await app.inject({
      method: 'DELETE',
      url: `${API_PREFIX}/colleges/${exchange.id}/programs/${program.id}`,
      headers: await as(superAdmin),
    });
    expect(crossed.statusCode).toBe(404);
    expect(await programsOf(tourism.id)).toEqual(before);
  },
  'PATCH /content/quiz-questions/:id': () => expectQuizQuestionUntouched('PATCH', { active: false }),
  'DELETE /content/quiz-questions/:id': () => expectQuizQuestionUntouched('DELETE'),
  'PATCH /content/additional-questions/:id': async () => {
    // The questionnaire is the super admin's: no other account, nor a student, rewords or deactivates a question.
    const byId = eq(additionalQuestions.id, 'residence');
    const before = await db.select().from(additionalQuestions).where(byId);
    expect(before).toHaveLength(1);
    for (const headers of [await as(otherAdmin), await as(support), { cookie: victim.cookie }]) {
      const res = await app.inject({
        method: 'PATCH',
        url: `${API_PREFIX}/content/additional-questions/residence`,
        headers,
        payload: { question: 'سؤال أعيدت صياغته؟', active: false },
      });
      expect([401, 403]).toContain(res.statusCode);
    }
    expect(await db.select().from(additionalQuestions).where(byId)).toEqual(before);
  },
  'GET /forms/verify/:token': async () => {
    for (const token of [formLink(), exportLink(), await tokenFor(app, superAdmin)]) {
      const res = await app.inject({ method: 'GET', url: `${API_PREFIX}/forms/verify/${token}` });
      expect(res.statusCode).toBe(404);
      expectNothingOfVictim(res.body);
    }
  },
};

describe('IDOR: ids in the path', () => {
  it('covers every route that takes a path parameter', async () => {
    const withParams = (await apiRoutes(app)).filter((route) => route.params.length > 0).map((r) => r.key);
    expect(withParams.filter((key) => !(key in PATH_PARAM_CASES))).toEqual([]);
  });

  it.each(Object.entries(PATH_PARAM_CASES).filter(([, attempt]) => typeof attempt === 'function'))(
    '%s refuses a record out of reach',
    async (_, attempt) => {
      await (attempt as () => Promise<void>)();
    },
  );
});

describe('IDOR: ids and faculties in the body', () => {
  it('a super admin cannot update or reset the password of another super admin', async () => {
    const other = await insertStaff(db, { role: 'SUPERADMIN' });
    const update = await app.inject({
      method: 'PATCH',
      url: `${API_PREFIX}/users/updateAdmin`,
      headers: await as(superAdmin),
      payload: {
        id: other.id,
        adminInfo: { name: 'اسم جديد', userName: 'takeover', phoneNumber: '01099999999', faculty: null },
      },
    });
    const reset = await app.inject({
      method: 'PATCH',
      url: `${API_PREFIX}/users/resetAdminPassword`,
      headers: await as(superAdmin),
      payload: { id: other.id },
    });
    for (const res of [update, reset]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(error(MESSAGES.superAdminProtected));
    }
    const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, other.id));
    expect(row?.userName).toBe(other.userName);
    expect(row?.credentialsChangedAt).toEqual(other.credentialsChangedAt);
  });

  it('a faculty ADMIN finds no student of another faculty, by national ID or by name, and may not name it', async () => {
    for (const payload of [{ nationalID: victim.nationalId }, { studentName: victim.name }]) {
      const res = await app.inject({
        method: 'POST',
        url: `${API_PREFIX}/students/getStudentInfo`,
        headers: await as(otherAdmin),
        payload,
      });
      expect(res.statusCode).toBe(404);
      expectNothingOfVictim(res.body);
    }
    for (const url of ['/students/getStudentInfo', '/students/getAllStudents']) {
      const res = await app.inject({
        method: 'POST',
        url: API_PREFIX + url,
        headers: await as(otherAdmin),
        payload: { nationalID: victim.nationalId, faculty: SOCIAL_WORK_COLLEGE },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(error(MESSAGES.otherFacultyForbidden));
    }
    const list = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/students/getAllStudents`,
      headers: await as(otherAdmin),
      payload: {},
    });
    expect(list.statusCode).toBeLessThan(500);
    expectNothingOfVictim(list.body);
  });

  it("a faculty ADMIN gets no signed form link for another faculty's student", async () => {
    const res = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/forms/downloadLink`,
      headers: await as(otherAdmin),
      payload: { studentId: victim.id, form: 'admission' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(error(MESSAGES.otherFacultyForbidden));
  });

  it("a faculty ADMIN neither counts, messages nor reads the messages of another faculty's students", async () => {
    await db.insert(notifications).values({
      studentId: victim.id,
      event: 'staffMessage',
      channel: 'sms',
      dedupeKey: 'staffMessage:idor',
      state: 'failed',
      dispatched: true,
      lastError: 'gateway refused',
    });
    const victimMessages = await db
      .select()
      .from(notifications)
      .where(eq(notifications.studentId, victim.id));
    const campaigns = await db.select().from(notificationCampaigns);
    const message = { filter: { audience: 'all' }, channels: ['email', 'sms'], text: 'رسالة' };
    for (const call of ['preview', 'send']) {
      const res = await app.inject({
        method: 'POST',
        url: `${API_PREFIX}/notifications/${call}`,
        headers: await as(otherAdmin),
        payload: { ...message, faculty: SOCIAL_WORK_COLLEGE },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(error(MESSAGES.otherFacultyForbidden));
    }
    const named = await app.inject({
      method: 'GET',
      url: `${API_PREFIX}/notifications/stats?faculty=${encodeURIComponent(SOCIAL_WORK_COLLEGE)}`,
      headers: await as(otherAdmin),
    });
    expect(named.statusCode).toBe(403);
    expect(named.json()).toEqual(error(MESSAGES.otherFacultyForbidden));
    // Its own figures leave the victim's failed message out; the whole university's show it.
    const own = await app.inject({
      method: 'GET',
      url: `${API_PREFIX}/notifications/stats`,
      headers: await as(otherAdmin),
    });
    expect(own.statusCode).toBe(200);
    expectNothingOfVictim(own.body);
    const all = await app.inject({
      method: 'GET',
      url: `${API_PREFIX}/notifications/stats`,
      headers: await as(support),
    });
    expect(all.body).toContain(victim.name);
    expect(await db.select().from(notifications).where(eq(notifications.studentId, victim.id))).toEqual(
      victimMessages,
    );
    expect(await db.select().from(notificationCampaigns)).toEqual(campaigns);
  });

  it("a faculty ADMIN's counts leave other faculties out", async () => {
    const before = await app.inject({
      method: 'GET',
      url: `${API_PREFIX}/users/getAllStudentsNumber`,
      headers: await as(otherAdmin),
    });
    await insertStudent(db, { college: SOCIAL_WORK_COLLEGE });
    const after = await app.inject({
      method: 'GET',
      url: `${API_PREFIX}/users/getAllStudentsNumber`,
      headers: await as(otherAdmin),
    });
    expect(after.json()).toEqual(before.json());
  });
});
