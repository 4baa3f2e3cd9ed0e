// Kept whole: one route (GET /students/record/:id) reading one set of reviewable students with their quiz,
// answers and history, on one app and one embedded database.
import { randomUUID } from 'node:crypto';
import {
  IMAGE_KINDS,
  MESSAGES,
  REVIEW_MESSAGES,
  type StaffRole,
  type StudentRecordPage,
} from '@portal/common';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  injectAs,
  insertStaff,
  OTHER_FACULTY,
  staffWithRole,
  TEST_FACULTY,
  type TestStaff,
} from '../../../test/auth-helpers.js';
import { insertStudent, loginStudent } from '../../../test/builders.js';
import { COMPLETE_DATA_FIELDS } from '../../../test/complete-data-fields.js';
import { insertReviewableStudent, type ReviewableStudent } from '../../../test/documents.js';
import { createTestApp } from '../../../test/test-app.js';
import { recordAudit } from '../../db/audit-trail.js';
import {
  additionalAnswers,
  appointments,
  auditLog,
  notifications,
  quizAttempts,
} from '../../db/schema/index.js';
import { SOCIAL_WORK_COLLEGE } from '../../setup/seed/colleges.js';
import { QUESTIONNAIRE } from '../../setup/seed/questionnaire.js';
import { HISTORY_LIMIT, NOTIFICATIONS_LIMIT } from './document-review.repository.js';

const { app, database } = await createTestApp({ STUDENT_LOOKUP_RATE_LIMIT: '10000' });
const db = database.db;

const url = (id: string) => `/api/v1/students/record/${id}`;
const open = (who: StaffRole | TestStaff, id: string) => injectAs(app, who, { method: 'GET', url: url(id) });
const pageOf = (res: { json(): unknown }) => (res.json() as { data: StudentRecordPage }).data;
const error = (message: string) => ({ status: 'error', message });
/** The seeded question as a student answering it saw it. */
function asAnswered(id: string) {
  const question = QUESTIONNAIRE.find((q) => q.id === id);
  if (!question) throw new Error(`no seeded question ${id}`);
  return { question: question.question, type: question.type, options: question.options };
}

async function auditRowsOf(studentId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'student'), eq(auditLog.targetId, studentId)));
  return row?.n ?? 0;
}

let commerce: ReviewableStudent;
let engineering: ReviewableStudent;
let socialWork: ReviewableStudent;
let reviewer: TestStaff;

beforeAll(async () => {
  commerce = await insertReviewableStudent(app, {
    college: TEST_FACULTY,
    name: 'أحمد محمد إبراهيم علي',
    gender: 'ذكر',
    phoneNumber: '01012345678',
    importedTotalGrade: '385.50',
    importedPercentage: '93.75',
    isPassed: true,
    isCompletedAdditionalQuestions: true,
    completedAt: new Date('2030-01-01T08:00:00Z'),
  });
  engineering = await insertReviewableStudent(app, { college: OTHER_FACULTY });
  socialWork = await insertReviewableStudent(app, { college: SOCIAL_WORK_COLLEGE });
  reviewer = await insertStaff(db, { role: 'SUPPORT', userName: 'reviewer_on_record' });

  await db.insert(quizAttempts).values(
    [false, true].map((passed) => ({
      studentId: commerce.id,
      answers: { '1': 'true' },
      correctCount: passed ? 4 : 2,
      passed,
    })),
  );
  await db.insert(additionalAnswers).values([
    {
      studentId: commerce.id,
      questionId: 'residence',
      answer: 'المدينة الجامعية',
      input: null,
      question: asAnswered('residence'),
    },
    {
      studentId: commerce.id,
      questionId: 'heard_about_college',
      answer: ['موقع الجامعة', 'أخرى'],
      input: 'معرض الجامعات',
      question: asAnswered('heard_about_college'),
    },
  ]);
  await db
    .insert(appointments)
    .values({ studentId: commerce.id, appointedDay: '2030-09-14', appointedHour: 12 });
});

describe('GET /students/record/:id', () => {
  it("answers everything on the student: imported data, the form's fields, documents, quiz, answers, appointment", async () => {
    const res = await open('SUPERADMIN', commerce.id);
    expect(res.statusCode).toBe(200);
    const page = pageOf(res);
    expect(page.student).toEqual({
      _id: commerce.id,
      studentName: 'أحمد محمد إبراهيم علي',
      nationalID: commerce.nationalId,
      seatNo: commerce.seatNo,
      phoneNumber: '01012345678',
      gender: 'ذكر',
      college: TEST_FACULTY,
      socialWork: false,
      tourism: false,
      enrollmentStatus: 'regular',
      importedTotalGrade: '385.5',
      importedPercentage: '93.75',
      isComplete: true,
      completedAt: '2030-01-01T08:00:00.000Z',
      isPassed: true,
      isCompletedAdditionalQuestions: true,
      documentsStatus: 'pending',
      completed: expect.any(Object),
    });
    // Every field of the form is named; those never entered are null.
    expect(page.student.completed).toMatchObject({ ...COMPLETE_DATA_FIELDS, city: null, program1: null });
    expect(page.documents.map((document) => document.kind)).toEqual([...IMAGE_KINDS]);
    expect(page.documents[0]).toEqual({
      kind: 'frontIdCard',
      state: 'pending',
      reason: null,
      note: null,
      reviewedBy: null,
      reviewedAt: null,
      contentType: 'image/png',
      sizeBytes: commerce.documents.get('frontIdCard')?.bytes.length,
      uploadedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(page.quiz).toEqual({ isPassed: true, attempts: 2 });
    expect(page.answers).toEqual([
      { question: 'أين ستقيم خلال فترة الدراسة؟', answer: 'المدينة الجامعية', input: null },
      {
        question: 'كيف عرفت معلومات عن الكلية؟',
        answer: ['موقع الجامعة', 'أخرى'],
        input: 'معرض الجامعات',
      },
    ]);
    expect(page.appointment).toEqual({ appointedDay: '2030-09-14', appointedHour: 12 });
    expect(page.notifications).toEqual([]);
    expect(page.version).toBe(0);
  });

  it('shows who decided each document and when, after a review', async () => {
    const before = pageOf(await open(reviewer, engineering.id));
    const saved = await injectAs(app, reviewer, {
      method: 'POST',
      url: `/api/v1/students/review/${engineering.id}`,
      payload: {
        version: before.version,
        decisions: [
          { kind: 'frontIdCard', decision: 'accepted' },
          { kind: 'birthCertificate', decision: 'rejected', reason: 'expired', note: 'الشهادة تالفة' },
        ],
      },
    });
    expect(saved.statusCode).toBe(200);
    const page = pageOf(await open('SUPERADMIN', engineering.id));
    expect(page.version).toBe(before.version + 1);
    expect(page.student.documentsStatus).toBe('needsReupload');
    const byKind = new Map(page.documents.map((document) => [document.kind, document]));
    expect(byKind.get('frontIdCard')).toMatchObject({
      state: 'accepted',
      reason: null,
      note: null,
      reviewedBy: 'reviewer_on_record',
    });
    expect(byKind.get('birthCertificate')).toMatchObject({
      state: 'rejected',
      reason: 'expired',
      note: 'الشهادة تالفة',
      reviewedBy: 'reviewer_on_record',
    });
    const reviewedAt = Date.parse(byKind.get('birthCertificate')?.reviewedAt ?? '');
    expect(Math.abs(Date.now() - reviewedAt)).toBeLessThan(60_000);
    expect(byKind.get('backIdCard')).toMatchObject({ state: 'pending', reviewedBy: null, reviewedAt: null });
  });

  it('audits every opening, so the view is the newest line of the history it answers', async () => {
    const staff = await insertStaff(db, { role: 'SUPERADMIN', userName: 'history_reader' });
    const rowsBefore = await auditRowsOf(socialWork.id);
    const first = pageOf(await open(staff, socialWork.id));
    expect(await auditRowsOf(socialWork.id)).toBe(rowsBefore + 1);
    expect(first.history[0]).toEqual({
      at: expect.any(String),
      actor: 'history_reader',
      action: 'student.view',
      label: 'فتح سجل الطالب',
      details: null,
    });
    const [row] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'student.view'), eq(auditLog.targetId, socialWork.id)));
    expect(row).toMatchObject({ actorId: staff.id, actorUserName: 'history_reader', targetType: 'student' });

    const second = pageOf(await open(staff, socialWork.id));
    expect(second.history.filter((entry) => entry.action === 'student.view')).toHaveLength(
      first.history.filter((entry) => entry.action === 'student.view').length + 1,
    );
    expect(Date.parse(second.history[0]?.at ?? '')).toBeGreaterThanOrEqual(
      Date.parse(first.history[0]?.at ?? ''),
    );
  });

  it("holds every audit row that names the student, newest first, and no other student's", async () => {
    const student = await insertReviewableStudent(app, { college: TEST_FACULTY });
    const other = await insertReviewableStudent(app, { college: TEST_FACULTY });
    const actor = { id: reviewer.id, userName: reviewer.userName };
    await recordAudit(db, {
      actor,
      action: 'forms.download',
      targetType: 'student',
      targetId: student.id,
      details: { form: 'admission', via: 'staff' },
    });
    await recordAudit(db, { actor, action: 'forms.download', targetType: 'student', targetId: other.id });
    // Another kind of record with the same id is not the student's.
    await recordAudit(db, { actor, action: 'staff.update', targetType: 'staff', targetId: student.id });

    const { history } = pageOf(await open('SUPERADMIN', student.id));
    expect(history.map((entry) => [entry.action, entry.label, entry.actor])).toEqual([
      ['student.view', 'فتح سجل الطالب', (await staffWithRole(app, 'SUPERADMIN')).userName],
      ['forms.download', 'تنزيل استمارة الطالب', reviewer.userName],
    ]);
    expect(history[1]?.details).toEqual({ form: 'admission', via: 'staff' });
  });

  it(`keeps the history to the newest ${HISTORY_LIMIT} rows`, async () => {
    const student = await insertStudent(db, { college: TEST_FACULTY });
    await db.insert(auditLog).values(
      Array.from({ length: HISTORY_LIMIT + 50 }, (_, i) => ({
        action: 'forms.download',
        targetType: 'student',
        targetId: student.id,
        details: { n: i },
        createdAt: new Date(Date.UTC(2020, 0, 1, 0, 0, i)),
      })),
    );
    const { history } = pageOf(await open('SUPERADMIN', student.id));
    expect(history).toHaveLength(HISTORY_LIMIT);
    expect(history[0]?.action).toBe('student.view');
    // Then the injected rows from the newest down: the 50 oldest are left out.
    expect(history[1]?.details).toEqual({ n: HISTORY_LIMIT + 49 });
    expect(history.at(-1)?.details).toEqual({ n: 51 });
  });

  it("lists the student's messages newest first, with their state, tries and error, and no other's", async () => {
    const student = await insertStudent(db, { college: TEST_FACULTY });
    const other = await insertStudent(db, { college: TEST_FACULTY });
    const at = (minute: number) => new Date(Date.UTC(2030, 0, 2, 10, minute));
    const [failed, sent] = await db
      .insert(notifications)
      .values([
        {
          studentId: student.id,
          event: 'documentRefused',
          channel: 'sms',
          dedupeKey: 'documentRefused:1',
          state: 'failed',
          tries: 8,
          lastError: 'gateway answered 502',
          createdAt: at(1),
        },
        {
          studentId: student.id,
          event: 'dataCompleted',
          channel: 'email',
          dedupeKey: 'dataCompleted',
          state: 'sent',
          tries: 1,
          createdAt: at(0),
          sentAt: at(2),
        },
        { studentId: other.id, event: 'dataCompleted', channel: 'email', dedupeKey: 'dataCompleted' },
      ])
      .returning({ id: notifications.id });
    const { notifications: listed } = pageOf(await open('SUPERADMIN', student.id));
    expect(listed).toEqual([
      {
        id: failed?.id,
        event: 'documentRefused',
        channel: 'sms',
        state: 'failed',
        tries: 8,
        error: 'gateway answered 502',
        createdAt: '2030-01-02T10:01:00.000Z',
        sentAt: null,
      },
      {
        id: sent?.id,
        event: 'dataCompleted',
        channel: 'email',
        state: 'sent',
        tries: 1,
        error: null,
        createdAt: '2030-01-02T10:00:00.000Z',
        sentAt: '2030-01-02T10:02:00.000Z',
      },
    ]);
  });

  it(`keeps the messages to the newest ${NOTIFICATIONS_LIMIT}`, async () => {
    const student = await insertStudent(db, { college: TEST_FACULTY });
    await db.insert(notifications).values(
      Array.from({ length: NOTIFICATIONS_LIMIT + 10 }, (_, i) => ({
        studentId: student.id,
        event: 'staffMessage' as const,
        channel: 'email' as const,
        dedupeKey: `staffMessage:${i}`,
        createdAt: new Date(Date.UTC(2030, 0, 1, 0, 0, i)),
      })),
    );
    const { notifications: listed } = pageOf(await open('SUPERADMIN', student.id));
    expect(listed).toHaveLength(NOTIFICATIONS_LIMIT);
    expect(listed[0]?.createdAt).toBe(
      new Date(Date.UTC(2030, 0, 1, 0, 0, NOTIFICATIONS_LIMIT + 9)).toISOString(),
    );
    expect(listed.at(-1)?.createdAt).toBe(new Date(Date.UTC(2030, 0, 1, 0, 0, 10)).toISOString());
  });

  it('answers a student whose data is not complete: no documents, documents status none', async () => {
    const student = await insertStudent(db, { college: TEST_FACULTY });
    const page = pageOf(await open('ADMIN', student.id));
    expect(page.student.isComplete).toBe(false);
    expect(page.student.documentsStatus).toBe('none');
    expect(page.student.completed.studentNameEn).toBeNull();
    expect(page.documents).toEqual([]);
    expect(page.quiz).toEqual({ isPassed: false, attempts: 0 });
    expect(page.answers).toEqual([]);
    expect(page.appointment).toBeNull();
  });

  it('accepts the id in capitals and records the student under its own id', async () => {
    const res = await open('SUPPORT', commerce.id.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(pageOf(res).student._id).toBe(commerce.id);
    expect(pageOf(res).history[0]?.action).toBe('student.view');
  });

  it.each<[string, () => Promise<StaffRole | TestStaff>, () => ReviewableStudent]>([
    ['SUPERADMIN, any student', async () => 'SUPERADMIN', () => engineering],
    ['SUPPORT, any student', async () => 'SUPPORT', () => socialWork],
    ["ADMIN, its own faculty's student", async () => 'ADMIN', () => commerce],
    ['SOCIAL_ADMIN, a social-work student', async () => 'SOCIAL_ADMIN', () => socialWork],
    [
      'the ADMIN of the social-work college, its student',
      () => insertStaff(db, { role: 'ADMIN', faculty: SOCIAL_WORK_COLLEGE }),
      () => socialWork,
    ],
  ])('lets %s in', async (_, who, student) => {
    const res = await open(await who(), student().id);
    expect(res.statusCode).toBe(200);
    expect(pageOf(res).student._id).toBe(student().id);
  });

  it.each<[string, StaffRole, () => ReviewableStudent]>([
    ["ADMIN, another faculty's student", 'ADMIN', () => engineering],
    ['ADMIN, a social-work student', 'ADMIN', () => socialWork],
    ['SOCIAL_ADMIN, a student of a college without social work', 'SOCIAL_ADMIN', () => commerce],
  ])('refuses %s with 403, giving away and recording nothing', async (_, role, student) => {
    const rowsBefore = await auditRowsOf(student().id);
    const res = await open(role, student().id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(error(REVIEW_MESSAGES.studentOutsideScope));
    expect(res.body).not.toContain(student().nationalId);
    expect(await auditRowsOf(student().id)).toBe(rowsBefore);
  });

  it('answers 404 for an unknown student and 400 for a malformed id, recording nothing', async () => {
    const unknown = randomUUID();
    const res = await open('SUPERADMIN', unknown);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(error(MESSAGES.studentRecordNotFound));
    expect(await auditRowsOf(unknown)).toBe(0);
    for (const bad of ['not-a-uuid', '1', `${commerce.id}x`]) {
      const malformed = await open('SUPERADMIN', bad);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual(error(MESSAGES.studentIdInvalid));
    }
  });

  it("refuses a student's own session (no staff token) with 401, recording nothing", async () => {
    const cookie = await loginStudent(app, commerce.nationalId);
    const rowsBefore = await auditRowsOf(commerce.id);
    const res = await app.inject({ method: 'GET', url: url(commerce.id), headers: { cookie } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(error(MESSAGES.unauthorized));
    expect(await auditRowsOf(commerce.id)).toBe(rowsBefore);
  });
});
