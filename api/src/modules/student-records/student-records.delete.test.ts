import { randomUUID } from 'node:crypto';
import { IMAGE_KINDS, MESSAGES } from '@portal/common';
import { and, count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { injectAs, OTHER_FACULTY, staffWithRole, TEST_FACULTY } from '../../../test/auth-helpers.js';
import { insertStudent } from '../../../test/builders.js';
import { createTestApp } from '../../../test/test-app.js';
import {
  additionalAnswers,
  additionalQuestions,
  appointments,
  auditLog,
  colleges,
  quizAttempts,
  quizDraws,
  studentImages,
  students,
} from '../../db/schema/index.js';

const { app, database } = await createTestApp();
const db = database.db;

/** A student with everything that hangs off one: six stored images, quiz draw and attempt, answers, appointment. */
async function studentWithEverything(college: string, name = 'طالب للحذف') {
  const student = await insertStudent(db, { college, name, isComplete: true, isPassed: true });
  const keys: string[] = [];
  for (const kind of IMAGE_KINDS) {
    const key = `students/${student.id}/${kind}-${randomUUID()}.png`;
    await app.storage.put(key, new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    await db.insert(studentImages).values({
      studentId: student.id,
      kind,
      storageKey: key,
      contentType: 'image/png',
      sizeBytes: 4,
      sha256: '0'.repeat(64),
    });
    keys.push(key);
  }
  await db
    .insert(quizDraws)
    .values({ studentId: student.id, questionIndexes: [1, 2, 3, 4], questionVersions: [1, 1, 1, 1] });
  await db.insert(quizAttempts).values({ studentId: student.id, answers: {}, correctCount: 4, passed: true });
  const [question] = await db.select({ id: additionalQuestions.id }).from(additionalQuestions).limit(1);
  if (question)
    await db.insert(additionalAnswers).values({
      studentId: student.id,
      questionId: question.id,
      answer: 'x',
      question: { question: 'سؤال', type: 'input', options: [] },
    });
  await db
    .insert(appointments)
    .values({ studentId: student.id, appointedDay: '2026-09-01', appointedHour: 9 });
  return { ...student, keys };
}

/** How many rows of each student-owned table name one of the students. */
async function rowsOf(ids: string[]) {
  const countWhere = async (
    table:
      | typeof studentImages
      | typeof quizDraws
      | typeof quizAttempts
      | typeof additionalAnswers
      | typeof appointments,
  ) => (await db.select({ n: count() }).from(table).where(inArray(table.studentId, ids)))[0]?.n ?? 0;
  return {
    students: (await db.select({ n: count() }).from(students).where(inArray(students.id, ids)))[0]?.n ?? 0,
    images: await countWhere(studentImages),
    quizDraws: await countWhere(quizDraws),
    quizAttempts: await countWhere(quizAttempts),
    answers: await countWhere(additionalAnswers),
    appointments: await countWhere(appointments),
  };
}

const NONE = { students: 0, images: 0, quizDraws: 0, quizAttempts: 0, answers: 0, appointments: 0 };

async function filesExist(keys: string[]) {
  return Promise.all(keys.map((key) => app.storage.exists(key)));
}

describe('DELETE /students/deleteStudent/:id', () => {
  const remove = (role: 'SUPERADMIN' | 'SUPPORT' | 'ADMIN' | 'SOCIAL_ADMIN', id: string) =>
    injectAs(app, role, { method: 'DELETE', url: `/api/v1/students/deleteStudent/${id}` });

  it('removes the student with its images (rows and files), answers and appointment, and audits it', async () => {
    const student = await studentWithEverything(TEST_FACULTY, 'سعيد المحذوف');
    const neighbour = await studentWithEverything(TEST_FACULTY);
    expect(await rowsOf([student.id])).toEqual({
      students: 1,
      images: 6,
      quizDraws: 1,
      quizAttempts: 1,
      answers: 1,
      appointments: 1,
    });
    expect(await filesExist(student.keys)).toEqual(student.keys.map(() => true));

    const res = await remove('SUPPORT', student.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: MESSAGES.studentDeleted });
    expect(await rowsOf([student.id])).toEqual(NONE);
    expect(await filesExist(student.keys)).toEqual(student.keys.map(() => false));
    // Nothing else is touched.
    expect((await rowsOf([neighbour.id])).images).toBe(6);
    expect(await filesExist(neighbour.keys)).toEqual(neighbour.keys.map(() => true));

    const support = await staffWithRole(app, 'SUPPORT');
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'student.delete'), eq(auditLog.targetId, student.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: support.id,
      actorUserName: support.userName,
      targetType: 'student',
      details: {
        nationalID: student.nationalId,
        studentName: 'سعيد المحذوف',
        faculty: TEST_FACULTY,
        images: 6,
      },
    });
  });

  it('lets the super admin delete a student of any faculty', async () => {
    const student = await insertStudent(db, { college: OTHER_FACULTY });
    expect((await remove('SUPERADMIN', student.id)).statusCode).toBe(200);
    expect((await rowsOf([student.id])).students).toBe(0);
  });

  it('answers 404 for a student that does not exist (or no longer does) and 400 for a malformed id', async () => {
    const student = await insertStudent(db);
    expect((await remove('SUPERADMIN', student.id)).statusCode).toBe(200);
    const again = await remove('SUPERADMIN', student.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ status: 'error', message: MESSAGES.studentRecordNotFound });
    const malformed = await remove('SUPERADMIN', 'not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ status: 'error', message: MESSAGES.studentIdInvalid });
  });

  it('refuses a faculty ADMIN (even for its own faculty) and a social-service admin, deleting nothing', async () => {
    const student = await insertStudent(db, { college: TEST_FACULTY });
    for (const role of ['ADMIN', 'SOCIAL_ADMIN'] as const) {
      const res = await remove(role, student.id);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: 'error', message: MESSAGES.forbidden });
    }
    expect((await rowsOf([student.id])).students).toBe(1);
  });
});

describe('POST /students/delete', () => {
  const FACULTY = 'كلية الزراعة';
  const deleteFaculty = (role: 'SUPERADMIN' | 'SUPPORT' | 'ADMIN' | 'SOCIAL_ADMIN', body: object) =>
    injectAs(app, role, { method: 'POST', url: '/api/v1/students/delete', payload: body });
  const countOf = async (faculty: string) =>
    (
      await injectAs(app, 'SUPERADMIN', {
        method: 'POST',
        url: '/api/v1/students/countFaculty',
        payload: { faculty },
      })
    ).json().data.studentsNumber;

  it('removes every student of the faculty with images, answers and appointments, and audits it', async () => {
    const doomed = [
      await studentWithEverything(FACULTY),
      await studentWithEverything(FACULTY),
      await studentWithEverything(FACULTY),
    ];
    const plain = await insertStudent(db, { college: FACULTY });
    const kept = await studentWithEverything(OTHER_FACULTY);
    const before = await countOf(OTHER_FACULTY);
    expect(await countOf(FACULTY)).toBe(4);

    const res = await deleteFaculty('SUPERADMIN', { faculty: FACULTY });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      message: 'تم حذف بيانات 4 طلاب بنجاح',
      deletedData: 4,
    });
    expect(await rowsOf([...doomed.map((s) => s.id), plain.id])).toEqual(NONE);
    const doomedKeys = doomed.flatMap((s) => s.keys);
    expect(await filesExist(doomedKeys)).toEqual(doomedKeys.map(() => false));
    expect(await countOf(FACULTY)).toBe(0);
    // The other faculty is untouched.
    expect(await countOf(OTHER_FACULTY)).toBe(before);
    expect((await rowsOf([kept.id])).images).toBe(6);
    expect(await filesExist(kept.keys)).toEqual(kept.keys.map(() => true));

    const [college] = await db.select({ id: colleges.id }).from(colleges).where(eq(colleges.name, FACULTY));
    const superAdmin = await staffWithRole(app, 'SUPERADMIN');
    const audit = await db.select().from(auditLog).where(eq(auditLog.action, 'students.delete_faculty'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: superAdmin.id,
      targetType: 'college',
      targetId: college?.id,
      details: { faculty: FACULTY, deletedData: 4, images: 18 },
    });

    const empty = await deleteFaculty('SUPERADMIN', { faculty: FACULTY });
    expect(empty.json()).toMatchObject({ deletedData: 0 });
  });

  it('needs a known faculty', async () => {
    for (const body of [{}, { faculty: null }, { faculty: '' }]) {
      const res = await deleteFaculty('SUPERADMIN', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 'error', message: MESSAGES.facultyRequired });
    }
    const unknown = await deleteFaculty('SUPERADMIN', { faculty: 'كلية غير موجودة' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ status: 'error', message: MESSAGES.collegeNotFound });
  });

  it('is for the super admin only', async () => {
    const student = await insertStudent(db, { college: TEST_FACULTY });
    for (const role of ['SUPPORT', 'ADMIN', 'SOCIAL_ADMIN'] as const) {
      const res = await deleteFaculty(role, { faculty: TEST_FACULTY });
      expect(res.statusCode).toBe(403);
    }
    expect((await rowsOf([student.id])).students).toBe(1);
  });
});
