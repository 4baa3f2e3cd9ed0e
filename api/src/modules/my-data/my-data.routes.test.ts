import {
  IMAGE_KIND_LABELS,
  IMAGE_KINDS,
  type ImageKind,
  MESSAGES,
  REFUSAL_REASON_LABELS,
} from '@portal/common';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, insertStaff, tokenFor } from '../../../test/auth-helpers.js';
import { setDocumentReviews } from '../../../test/documents.js';
import { accomplishedStudent } from '../../../test/student-access.js';
import { createTestApp } from '../../../test/test-app.js';
import { unzip } from '../../../test/zip.js';
import {
  additionalAnswers,
  additionalQuestions,
  interviewOutcomes,
  notifications,
  quizAttempts,
  quizDraws,
  studentImages,
  students,
} from '../../db/schema/index.js';
import { MY_DATA_JSON } from './my-data.service.js';

const { app, database } = await createTestApp({ STUDENT_LOOKUP_RATE_LIMIT: '10000' });
const visible = await createTestApp({ INTERVIEW_RESULT_VISIBLE: '1' });
const db = database.db;
const url = (id: string) => `/api/v1/students/myData/${id}`;

let student: Awaited<ReturnType<typeof accomplishedStudent>>;
let other: Awaited<ReturnType<typeof accomplishedStudent>>;

beforeAll(async () => {
  student = await accomplishedStudent(app, { name: 'منى عادل عبد الله', seatNo: '445566' });
  other = await accomplishedStudent(app);
  await setDocumentReviews(db, student.id, {
    birthCertificate: { state: 'rejected', reason: 'unreadable', note: 'الصورة غير واضحة' },
    personalPhoto: { state: 'accepted' },
  });
  const [question] = await db.select().from(additionalQuestions).limit(1);
  if (!question) throw new Error('no questionnaire');
  await db.insert(additionalAnswers).values({
    studentId: student.id,
    questionId: question.id,
    answer: 'إجابة الطالبة',
    input: 'تفاصيل',
    question: { question: question.question, type: question.type, options: question.options },
  });
  await db
    .insert(quizDraws)
    .values({ studentId: student.id, questionIndexes: [1, 2, 3, 4], questionVersions: [1, 1, 1, 1] });
  await db.insert(quizAttempts).values([
    { studentId: student.id, answers: { '1': 'true' }, correctCount: 3, passed: false },
    { studentId: student.id, answers: { '1': 'false' }, correctCount: 4, passed: true },
  ]);
  await db
    .insert(interviewOutcomes)
    .values({ studentId: student.id, attended: true, notes: 'ملاحظة اللجنة' });
}, 60_000);

async function download(id: string, headers: Record<string, string>) {
  return app.inject({ method: 'GET', url: url(id), headers });
}

/** A row as JSON writes it (dates as ISO text), to compare with what the zip holds. */
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value));

describe('GET /students/myData/:id', () => {
  it("answers the student's own zip: data.json with every field held, and the six images as stored", async () => {
    const res = await download(student.id, { cookie: student.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="my-admission-data-\d{4}-\d{2}-\d{2}\.zip"; filename\*=UTF-8''/,
    );
    const entries = unzip(res.rawPayload);

    const images = await db.select().from(studentImages).where(eq(studentImages.studentId, student.id));
    expect(images).toHaveLength(IMAGE_KINDS.length);
    // The complete-data form sends six PNGs: each is in the zip under its Arabic label, byte for byte.
    const names = images.map((image) => `${IMAGE_KIND_LABELS[image.kind as ImageKind]}.png`);
    expect([...entries.keys()].sort()).toEqual([MY_DATA_JSON, ...names].sort());
    for (const [index, image] of images.entries()) {
      const stored = Buffer.concat(await (await app.storage.get(image.storageKey)).toArray());
      expect(entries.get(names[index] ?? '')?.equals(stored), image.kind).toBe(true);
    }

    const data = JSON.parse(entries.get(MY_DATA_JSON)?.toString('utf8') ?? '{}');
    const [row] = await db.select().from(students).where(eq(students.id, student.id));
    const {
      collegeId: _c,
      nameSearch: _n,
      nameSearchKey: _k,
      ...held
    } = row ?? ({} as NonNullable<typeof row>);
    expect(data.student).toEqual(asJson({ ...held, college: 'كلية الخدمة الاجتماعية' }));
    expect(data.student.seatNo).toBe('445566');

    expect(data.documents.map((d: { kind: string }) => d.kind)).toEqual([...IMAGE_KINDS]);
    const refused = data.documents.find((d: { kind: string }) => d.kind === 'birthCertificate');
    expect(refused.review).toMatchObject({
      state: 'rejected',
      reason: 'unreadable',
      reasonLabel: REFUSAL_REASON_LABELS.unreadable,
      note: 'الصورة غير واضحة',
    });
    expect(refused.file).toBe(`${IMAGE_KIND_LABELS.birthCertificate}.png`);
    expect(data.documents.find((d: { kind: string }) => d.kind === 'personalPhoto').review.state).toBe(
      'accepted',
    );

    expect(data.questionnaire).toEqual([
      expect.objectContaining({ answer: 'إجابة الطالبة', input: 'تفاصيل', question: expect.any(String) }),
    ]);
    expect(data.charterQuiz.drawnQuestions.map((q: { index: number }) => q.index)).toEqual([1, 2, 3, 4]);
    expect(data.charterQuiz.attempts).toEqual([
      expect.objectContaining({ answers: { '1': 'true' }, correctCount: 3, passed: false }),
      expect.objectContaining({ answers: { '1': 'false' }, correctCount: 4, passed: true }),
    ]);
    expect(data.appointment).toMatchObject({ day: '2030-01-02', hour: 9, bookedByStudent: false });

    const sent = await db.select().from(notifications).where(eq(notifications.studentId, student.id));
    expect(data.notifications).toHaveLength(sent.length);
    expect(sent.length).toBeGreaterThan(0);
    expect(data.notifications[0]).toMatchObject({ event: sent[0]?.event, channel: sent[0]?.channel });

    // The committee's outcome stays hidden from the student while the university keeps results hidden.
    expect(data).not.toHaveProperty('interviewOutcome');
    expect(entries.get(MY_DATA_JSON)?.toString('utf8')).not.toContain('ملاحظة اللجنة');
    // Nothing of the other student.
    expect(res.rawPayload.includes(Buffer.from(other.nationalId))).toBe(false);
  });

  it("refuses another student's id with the other student calls' answer, and gives nothing away", async () => {
    const res = await download(other.id, { cookie: student.cookie });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'error', message: MESSAGES.forbidden });
    expect(res.body).not.toContain(other.nationalId);
  });

  it('refuses a staff token (401: only the student session opens it), and a request without a session', async () => {
    const superAdmin = await insertStaff(db, { role: 'SUPERADMIN' });
    for (const headers of [bearer(await tokenFor(app, superAdmin)), {}]) {
      const res = await download(student.id, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 'error', message: MESSAGES.studentSessionExpired });
    }
  });

  it('answers 404 once the student is deleted, even with its still-valid session', async () => {
    const gone = await accomplishedStudent(app);
    await db.delete(students).where(eq(students.id, gone.id));
    const res = await download(gone.id, { cookie: gone.cookie });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: MESSAGES.studentNotFound });
  });

  it('names an image missing from the storage in data.json instead of failing the download', async () => {
    const owner = await accomplishedStudent(app);
    const [photo] = await db
      .select()
      .from(studentImages)
      .where(sql`${studentImages.studentId} = ${owner.id} AND ${studentImages.kind} = 'personalPhoto'`);
    if (!photo) throw new Error('no photo');
    await app.storage.delete(photo.storageKey);
    const res = await download(owner.id, { cookie: owner.cookie });
    expect(res.statusCode).toBe(200);
    const entries = unzip(res.rawPayload);
    expect(entries.size).toBe(IMAGE_KINDS.length);
    const data = JSON.parse(entries.get(MY_DATA_JSON)?.toString('utf8') ?? '{}');
    expect(data.documents.find((d: { kind: string }) => d.kind === 'personalPhoto').file).toBeNull();
  });
});

describe('GET /students/myData/:id with INTERVIEW_RESULT_VISIBLE', () => {
  it("holds the committee's outcome once the university shows results", async () => {
    const owner = await accomplishedStudent(visible.app);
    await visible.database.db
      .insert(interviewOutcomes)
      .values({ studentId: owner.id, attended: true, decision: 'suitable', notes: 'ملاحظة اللجنة' });
    const res = await visible.app.inject({
      method: 'GET',
      url: url(owner.id),
      headers: { cookie: owner.cookie },
    });
    const data = JSON.parse(unzip(res.rawPayload).get(MY_DATA_JSON)?.toString('utf8') ?? '{}');
    expect(data.interviewOutcome).toMatchObject({
      attended: true,
      decision: 'suitable',
      notes: 'ملاحظة اللجنة',
    });
  });
});
