import {
  IMAGE_KINDS,
  MAX_FACULTY_NAME_LENGTH,
  MESSAGES,
  type ReviewQueueResponse,
  type StaffRole,
} from '@portal/common';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  injectAs,
  insertStaff,
  OTHER_FACULTY,
  TEST_FACULTY,
  type TestStaff,
} from '../../../test/auth-helpers.js';
import { insertStudent, loginStudent } from '../../../test/builders.js';
import { allDocuments, insertReviewableStudent, type ReviewableStudent } from '../../../test/documents.js';
import { accomplishedStudent } from '../../../test/student-access.js';
import { createTestApp } from '../../../test/test-app.js';
import { appointments, auditLog } from '../../db/schema/index.js';
import { SOCIAL_WORK_COLLEGE } from '../../setup/seed/colleges.js';

const { app, database } = await createTestApp({ STUDENT_LOOKUP_RATE_LIMIT: '10000' });
const db = database.db;

/** The faculty the queue is built in; no other test touches it. */
const QUEUE_FACULTY = 'كلية الآداب';
const error = (message: string) => ({ status: 'error', message });

function queue(who: StaffRole | TestStaff, body: unknown, query = '') {
  return injectAs(app, who, {
    method: 'POST',
    url: `/api/v1/students/reviewQueue${query}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}
const answerOf = (res: { json(): unknown }) => res.json() as ReviewQueueResponse;
const idsOf = (res: { json(): unknown }) => answerOf(res).data.map((row) => row._id);

const at = (minutes: number) => new Date(Date.UTC(2030, 6, 1, 8, minutes));
const allAccepted = allDocuments({ state: 'accepted' });

/** The queue's students in the order it must answer them: by completion, then by id. */
let expectedOrder: string[];
let first: ReviewableStudent;

beforeAll(async () => {
  const awaiting = async (minutes: number, options?: Parameters<typeof insertReviewableStudent>[2]) =>
    insertReviewableStudent(app, { college: QUEUE_FACULTY, completedAt: at(minutes) }, options);
  // Inserted out of order; two complete in the same minute (the id decides between them).
  const late = await awaiting(40);
  const sameA = await awaiting(20);
  first = await awaiting(5, { reviews: { ...allAccepted, frontIdCard: { state: 'pending' } } });
  const sameB = await awaiting(20);
  // One refused document and another still awaiting: in the queue and in the re-upload count.
  const mixed = await awaiting(30, {
    reviews: {
      ...allAccepted,
      backIdCard: { state: 'rejected', reason: 'unreadable' },
      personalPhoto: { state: 'pending' },
    },
  });
  const [a, b] = [sameA, sameB].sort((x, y) => x.id.localeCompare(y.id));
  expectedOrder = [first.id, a?.id ?? '', b?.id ?? '', mixed.id, late.id];

  await db.insert(appointments).values({ studentId: late.id, appointedDay: '2030-09-14', appointedHour: 9 });
  // Not awaiting: refused and waiting for the student (2), all accepted (3), data not complete (2).
  for (const minutes of [1, 2])
    await awaiting(minutes, {
      reviews: { ...allAccepted, birthCertificate: { state: 'rejected', reason: 'cropped' } },
    });
  for (const minutes of [3, 4, 6]) await awaiting(minutes, { reviews: allAccepted });
  for (let i = 0; i < 2; i += 1) await insertStudent(db, { college: QUEUE_FACULTY });
  // Another faculty's students awaiting review.
  await insertReviewableStudent(app, { college: OTHER_FACULTY, completedAt: at(0) });
  await insertReviewableStudent(app, { college: TEST_FACULTY, completedAt: at(0) });
});

describe('POST /students/reviewQueue', () => {
  it("answers the faculty's students awaiting review, oldest completion first, with the faculty's counts", async () => {
    const res = await queue('SUPERADMIN', { faculty: QUEUE_FACULTY });
    expect(res.statusCode).toBe(200);
    const answer = answerOf(res);
    expect(answer).toMatchObject({
      status: 'success',
      faculty: QUEUE_FACULTY,
      awaiting: 5,
      needsReupload: 3,
      accepted: 3,
    });
    expect(idsOf(res)).toEqual(expectedOrder);
  });

  it('answers each row as the student list does, with the documents status and the completion time', async () => {
    const rows = answerOf(await queue('SUPPORT', { faculty: QUEUE_FACULTY })).data;
    expect(rows[0]).toEqual({
      _id: first.id,
      studentName: first.name,
      nationalID: first.nationalId,
      phoneNumber: first.phoneNumber,
      college: QUEUE_FACULTY,
      info: 'مكتملة',
      isComplete: true,
      isPassed: false,
      isCompletedAdditionalQuestions: false,
      appointed: false,
      appointedDay: null,
      appointedHour: null,
      documentsStatus: 'pending',
      completedAt: at(5).toISOString(),
    });
    expect(rows[3]?.documentsStatus).toBe('needsReupload');
    expect(rows[4]).toMatchObject({ appointed: true, appointedDay: '2030-09-14', appointedHour: 9 });
  });

  it('pages the queue with page and limit, the counts on every page', async () => {
    const pages = [];
    for (const page of [1, 2, 3]) {
      const res = await queue('SUPERADMIN', { faculty: QUEUE_FACULTY }, `?page=${page}&limit=2`);
      expect(res.statusCode).toBe(200);
      expect(answerOf(res).awaiting).toBe(5);
      pages.push(idsOf(res));
    }
    expect(pages).toEqual([expectedOrder.slice(0, 2), expectedOrder.slice(2, 4), expectedOrder.slice(4)]);
    const beyond = await queue('SUPERADMIN', { faculty: QUEUE_FACULTY }, '?page=9&limit=2');
    expect(answerOf(beyond).data).toEqual([]);
  });

  it('audits each page read: who, the faculty, the page and how many students it showed (issue 33)', async () => {
    const reader = await insertStaff(db, { role: 'SUPPORT' });
    expect((await queue(reader, { faculty: QUEUE_FACULTY }, '?page=3&limit=2')).statusCode).toBe(200);
    expect((await queue(reader, { faculty: null })).statusCode).toBe(400);
    const rows = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorId, reader.id))
      .orderBy(asc(auditLog.createdAt));
    expect(rows.map((row) => [row.action, row.actorUserName, row.faculty, row.details])).toEqual([
      [
        'students.review_queue',
        reader.userName,
        QUEUE_FACULTY,
        { faculty: QUEUE_FACULTY, page: 3, limit: 2, rows: 1 },
      ],
    ]);
  });

  it('leaves the queue once reviewed, and the counts follow', async () => {
    const student = await insertReviewableStudent(app, { college: SOCIAL_WORK_COLLEGE, completedAt: at(0) });
    const before = answerOf(await queue('SOCIAL_ADMIN', { faculty: SOCIAL_WORK_COLLEGE }));
    expect(before.data[0]?._id).toBe(student.id);
    const saved = await injectAs(app, 'SOCIAL_ADMIN', {
      method: 'POST',
      url: `/api/v1/students/review/${student.id}`,
      payload: { version: 0, decisions: IMAGE_KINDS.map((kind) => ({ kind, decision: 'accepted' })) },
    });
    expect(saved.statusCode).toBe(200);
    const after = answerOf(await queue('SOCIAL_ADMIN', { faculty: SOCIAL_WORK_COLLEGE }));
    expect(after.data.map((row) => row._id)).not.toContain(student.id);
    expect(after.awaiting).toBe(before.awaiting - 1);
    expect(after.accepted).toBe(before.accepted + 1);
  });

  it('takes in a student who completes the data through the form, its six documents awaiting', async () => {
    const student = await accomplishedStudent(app);
    const answer = answerOf(await queue('SOCIAL_ADMIN', { faculty: SOCIAL_WORK_COLLEGE }, '?limit=500'));
    expect(answer.data.find((row) => row._id === student.id)).toMatchObject({
      documentsStatus: 'pending',
      completedAt: expect.stringMatching(/^\d{4}-/),
    });
  });

  it('gives a SOCIAL_ADMIN naming no faculty the one social-work college', async () => {
    for (const body of [{}, { faculty: null }, { faculty: '  ' }]) {
      const res = await queue('SOCIAL_ADMIN', body);
      expect(res.statusCode).toBe(200);
      expect(answerOf(res).faculty).toBe(SOCIAL_WORK_COLLEGE);
    }
  });

  it('gives a faculty ADMIN its own faculty, whether it names it or not', async () => {
    for (const body of [{}, { faculty: null }, { faculty: TEST_FACULTY }]) {
      const res = await queue('ADMIN', body);
      expect(res.statusCode).toBe(200);
      expect(answerOf(res).faculty).toBe(TEST_FACULTY);
      expect(answerOf(res).data.every((row) => row.college === TEST_FACULTY)).toBe(true);
    }
  });

  it('gives a faculty ADMIN naming another faculty its own faculty (the name is ignored)', async () => {
    const res = await queue('ADMIN', { faculty: QUEUE_FACULTY });
    expect(res.statusCode).toBe(200);
    expect(answerOf(res).faculty).toBe(TEST_FACULTY);
    expect(answerOf(res).data.every((row) => row.college === TEST_FACULTY)).toBe(true);
  });

  it('refuses a SOCIAL_ADMIN naming a college without social work with 403, giving away nothing', async () => {
    const res = await queue('SOCIAL_ADMIN', { faculty: QUEUE_FACULTY });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(error(MESSAGES.otherFacultyForbidden));
  });

  it.each<[string, StaffRole, unknown, string]>([
    ['no faculty (super admin)', 'SUPERADMIN', {}, MESSAGES.facultyRequired],
    ['no faculty (support)', 'SUPPORT', { faculty: '  ' }, MESSAGES.facultyRequired],
    ['an unknown faculty', 'SUPERADMIN', { faculty: 'كلية غير موجودة' }, MESSAGES.collegeNotFound],
    [
      'an over-long faculty',
      'SUPERADMIN',
      { faculty: 'ك'.repeat(MAX_FACULTY_NAME_LENGTH + 1) },
      MESSAGES.facultyTooLong,
    ],
  ])('refuses %s with 400', async (_, role, body, message) => {
    const res = await queue(role, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error(message));
  });

  it.each<[string, string, string]>([
    ['a page of 0', '?page=0', MESSAGES.pageInvalid],
    ['a page in letters', '?page=abc', MESSAGES.pageInvalid],
    ['a limit of 0', '?limit=0', MESSAGES.pageSizeInvalid],
    ['a fractional limit', '?limit=1.5', MESSAGES.pageSizeInvalid],
  ])('refuses %s with 400', async (_, query, message) => {
    const res = await queue('SUPERADMIN', { faculty: QUEUE_FACULTY }, query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error(message));
  });

  it('refuses a faculty that is not text, and a body that is not an object, with 400 in Arabic', async () => {
    for (const body of [{ faculty: 7 }, ['x'], 'faculty']) {
      const res = await queue('SUPERADMIN', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/[\u0600-\u06ff]/);
    }
  });

  it("refuses a student's own session (no staff token) with 401", async () => {
    const cookie = await loginStudent(app, first.nationalId);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/students/reviewQueue',
      headers: { cookie },
      payload: { faculty: QUEUE_FACULTY },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(error(MESSAGES.unauthorized));
  });
});
