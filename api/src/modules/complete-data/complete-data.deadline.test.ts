import { deadlinePassedMessage, formatDeadline, IMAGE_KINDS } from '@portal/common';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { injectAs } from '../../../test/auth-helpers.js';
import { insertStudent, loginStudent } from '../../../test/builders.js';
import { insertCollege } from '../../../test/colleges.js';
import { COMPLETE_DATA_FIELDS as FIELDS } from '../../../test/complete-data-fields.js';
import { allDocuments, insertReviewableStudent, setDocumentReviews } from '../../../test/documents.js';
import { outboxRows } from '../../../test/outbox.js';
import { createTestApp } from '../../../test/test-app.js';
import { documentPhotos, filesUnder, patchMultipart, uploadFolders } from '../../../test/uploads.js';
import { auditLog, colleges, studentImages, students } from '../../db/schema/index.js';

/**
 * The college's data deadline (issue 17): after it the student's complete-data submit and replacement of refused
 * documents are refused before anything is stored; staff reviews still work.
 */

const { app, database } = await createTestApp({
  STUDENT_LOOKUP_RATE_LIMIT: '10000',
  UNIVERSITY_TIMEZONE: 'Africa/Cairo',
});
const { db } = database;
const folders = uploadFolders(app);

/** 23:59 in Cairo (UTC+2 in January), long past. */
const PASSED = '2025-01-15T21:59:00.000Z';
const passedMessage = deadlinePassedMessage(formatDeadline(PASSED, 'Africa/Cairo'));

const completeUrl = (id: string) => `/api/v1/students/completeStudentData/${id}`;
const replaceUrl = (id: string) => `/api/v1/students/replaceDocuments/${id}`;

async function studentOf(deadline: Date | null, overrides: Parameters<typeof insertStudent>[1] = {}) {
  const college = await insertCollege(db, { dataDeadline: deadline });
  const student = await insertStudent(db, { college: college.name, ...overrides });
  return { college, student, cookie: await loginStudent(app, student.nationalId) };
}

/** Everything a student's submit could change: its row, images, history, messages and files. */
async function snapshot(id: string) {
  return {
    student: (await db.select().from(students).where(eq(students.id, id)))[0],
    images: await db.select().from(studentImages).where(eq(studentImages.studentId, id)),
    history: await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'student'), eq(auditLog.targetId, id))),
    outbox: await outboxRows(db, id),
    files: await filesUnder(folders.images),
  };
}

function expectRefused(res: { statusCode: number; json: () => unknown }) {
  expect({ statusCode: res.statusCode, body: res.json() }).toEqual({
    statusCode: 403,
    body: { status: 'error', message: passedMessage },
  });
}

describe('the message', () => {
  it('names the deadline on the university clock', () => {
    expect(passedMessage).toContain('15 يناير 2025');
    expect(passedMessage).toContain('11:59');
  });
});

describe('PATCH /students/completeStudentData/{id} and the deadline', () => {
  it('is refused with 403 naming the deadline once it has passed, nothing stored or staged', async () => {
    const { student, cookie } = await studentOf(new Date(PASSED));
    const before = await snapshot(student.id);
    expectRefused(await patchMultipart(app, completeUrl(student.id), cookie, FIELDS, documentPhotos()));
    expect(await snapshot(student.id)).toEqual(before);
    expect(before.student?.isComplete).toBe(false);
    expect(await filesUnder(folders.staging)).toEqual([]);
  });

  it('refuses an edit of complete data too', async () => {
    const { student, cookie } = await studentOf(new Date(Date.now() + 60_000));
    const saved = await patchMultipart(app, completeUrl(student.id), cookie, FIELDS, documentPhotos());
    expect(saved.statusCode, saved.body).toBe(200);
    await db
      .update(colleges)
      .set({ dataDeadline: new Date(PASSED) })
      .where(eq(colleges.id, student.collegeId));
    const before = await snapshot(student.id);
    const edit = { ...FIELDS, address: 'عنوان بعد الموعد' };
    expectRefused(await patchMultipart(app, completeUrl(student.id), cookie, edit));
    expect(await snapshot(student.id)).toEqual(before);
  });

  it('is taken before the deadline', async () => {
    const { student, cookie } = await studentOf(new Date(Date.now() + 86_400_000));
    const res = await patchMultipart(app, completeUrl(student.id), cookie, FIELDS, documentPhotos());
    expect(res.statusCode, res.body).toBe(200);
    expect((await snapshot(student.id)).student?.isComplete).toBe(true);
  });
});

describe('PATCH /students/replaceDocuments/{id} and the deadline', () => {
  it('is refused with 403 naming the deadline once it has passed, nothing stored or staged', async () => {
    const { student, cookie } = await studentOf(new Date(Date.now() + 60_000));
    const saved = await patchMultipart(app, completeUrl(student.id), cookie, FIELDS, documentPhotos());
    expect(saved.statusCode, saved.body).toBe(200);
    await setDocumentReviews(db, student.id, {
      ...allDocuments({ state: 'accepted' }),
      personalPhoto: { state: 'rejected', reason: 'cropped' },
    });
    await db
      .update(colleges)
      .set({ dataDeadline: new Date(PASSED) })
      .where(eq(colleges.id, student.collegeId));
    const before = await snapshot(student.id);
    expectRefused(
      await patchMultipart(app, replaceUrl(student.id), cookie, {}, documentPhotos(['personalPhoto'], 9)),
    );
    expect(await snapshot(student.id)).toEqual(before);
    expect(await filesUnder(folders.staging)).toEqual([]);
  });

  it('is taken before the deadline', async () => {
    const { student, cookie } = await studentOf(new Date(Date.now() + 86_400_000));
    await patchMultipart(app, completeUrl(student.id), cookie, FIELDS, documentPhotos());
    await setDocumentReviews(db, student.id, { personalPhoto: { state: 'rejected', reason: 'cropped' } });
    const res = await patchMultipart(
      app,
      replaceUrl(student.id),
      cookie,
      {},
      documentPhotos(['personalPhoto'], 9),
    );
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('staff after the deadline', () => {
  it("still save a review of the college's student", async () => {
    const college = await insertCollege(db, { dataDeadline: new Date(PASSED) });
    const student = await insertReviewableStudent(app, { college: college.name });
    const res = await injectAs(app, 'SUPERADMIN', {
      method: 'POST',
      url: `/api/v1/students/review/${student.id}`,
      payload: { version: 0, decisions: IMAGE_KINDS.map((kind) => ({ kind, decision: 'accepted' })) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.version).toBe(1);
  });
});
