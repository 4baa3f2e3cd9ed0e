import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertStudent, loginStudent } from '../../../test/builders.js';
import { createTestApp } from '../../../test/test-app.js';
import { quizAttempts, quizDraws, quizQuestions, students } from '../../db/schema/index.js';
import { QUIZ_BANK } from '../charter/index.js';
import { encodeStudentSession, STUDENT_SESSION_COOKIE } from '../student-session/index.js';

const { app, database } = await createTestApp({ STUDENT_LOOKUP_RATE_LIMIT: '10000' });
const { db } = database;

const questionUrl = (id: string) => `/api/v1/students/question/${id}`;

async function loggedInStudent(overrides: Parameters<typeof insertStudent>[1] = {}) {
  const student = await insertStudent(db, overrides);
  return { student, cookie: await loginStudent(app, student.nationalId) };
}

function fetchQuestions(id: string, cookie?: string) {
  return app.inject({ method: 'GET', url: questionUrl(id), headers: cookie ? { cookie } : {} });
}

function submit(id: string, cookie: string | undefined, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: questionUrl(id),
    headers: cookie ? { cookie } : {},
    payload: payload as object,
  });
}

async function draw(id: string, cookie: string): Promise<number[]> {
  const res = await fetchQuestions(id, cookie);
  expect(res.statusCode).toBe(200);
  return res.json().randomQuestions.map((q: { index: number }) => q.index);
}

/**
 * The answers to the drawn questions, all correct or with the first `wrong` of them inverted, by the key of the
 * versions stored with the student's draw (the current versions once the draw is spent).
 */
async function answersFor(studentId: string, indexes: number[], wrong = 0): Promise<Record<string, string>> {
  const { rows } = await db.execute<{ index: number; answer: boolean }>(sql`
    SELECT v.question_index AS "index", v.answer
    FROM quiz_questions q
    LEFT JOIN quiz_draws d ON d.student_id = ${studentId}::uuid
    JOIN quiz_question_versions v ON v.question_index = q."index"
      AND v.version = coalesce(d.question_versions[array_position(d.question_indexes, q."index")], q.version)
    WHERE q."index" = ANY(${sql.param(indexes)}::int[])`);
  const key = new Map(rows.map((r) => [r.index, r.answer]));
  return Object.fromEntries(
    indexes.map((index, i) => [String(index), String(i < wrong ? !key.get(index) : key.get(index))]),
  );
}

const storedDraw = async (studentId: string) =>
  (await db.select().from(quizDraws).where(eq(quizDraws.studentId, studentId)))[0]?.questionIndexes;
const attempts = (studentId: string) =>
  db.select().from(quizAttempts).where(eq(quizAttempts.studentId, studentId));
const isPassed = async (studentId: string) =>
  (await db.select({ v: students.isPassed }).from(students).where(eq(students.id, studentId)))[0]?.v;

describe('quiz bank seed', () => {
  it('holds the whole charter bank, active', async () => {
    const rows = await db.select().from(quizQuestions);
    expect(rows.length).toBe(QUIZ_BANK.length);
    expect(QUIZ_BANK.length).toBeGreaterThanOrEqual(24);
    expect(rows.every((r) => r.active)).toBe(true);
  });
});

describe('GET /students/question/{id}', () => {
  it('draws 4 distinct questions without their answers and stores the draw', async () => {
    const { student, cookie } = await loggedInStudent();
    const res = await fetchQuestions(student.id, cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.randomQuestions).toHaveLength(4);
    for (const question of body.randomQuestions) {
      expect(Object.keys(question).sort()).toEqual(['index', 'question']);
      expect(QUIZ_BANK.find((q) => q.index === question.index)?.question).toBe(question.question);
    }
    expect(res.body).not.toContain('"answer"');
    const indexes = body.randomQuestions.map((q: { index: number }) => q.index);
    expect(new Set(indexes).size).toBe(4);
    expect(await storedDraw(student.id)).toEqual(indexes);
    const [stored] = await db.select().from(quizDraws).where(eq(quizDraws.studentId, student.id));
    expect(stored?.questionVersions).toEqual([1, 1, 1, 1]);
  });

  it('replaces the earlier draw on every fetch', async () => {
    const { student, cookie } = await loggedInStudent();
    await draw(student.id, cookie);
    const second = await draw(student.id, cookie);
    expect(await storedDraw(student.id)).toEqual(second);
    expect(await db.select().from(quizDraws).where(eq(quizDraws.studentId, student.id))).toHaveLength(1);
  });

  it('answers 409 to a student who has already passed', async () => {
    const { student, cookie } = await loggedInStudent({ isPassed: true });
    const res = await fetchQuestions(student.id, cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 'error', message: 'لقد اجتزت اختبار ميثاق الطالب بالفعل' });
    expect(await storedDraw(student.id)).toBeUndefined();
  });
});

describe('POST /students/question/{id}', () => {
  it('passes with all four correct, sets isPassed and spends the draw', async () => {
    const { student, cookie } = await loggedInStudent();
    const indexes = await draw(student.id, cookie);
    const res = await submit(student.id, cookie, { answers: await answersFor(student.id, indexes) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      message: 'تهانينا! لقد اجتزت اختبار ميثاق الطالب بنجاح',
      isPassed: true,
    });
    const lookup = await app.inject({
      method: 'POST',
      url: '/api/v1/students/getStudent',
      payload: { nationalID: student.nationalId },
    });
    expect(lookup.json().studentData.isPassed).toBe(true);
    const [passed] = await db
      .select({ at: students.passedAt })
      .from(students)
      .where(eq(students.id, student.id));
    expect(passed?.at).toBeInstanceOf(Date);
    const recorded = await attempts(student.id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ correctCount: 4, passed: true });
    expect(recorded[0]?.questionVersions).toEqual(Object.fromEntries(indexes.map((i) => [String(i), 1])));
    expect(await storedDraw(student.id)).toBeUndefined();

    const again = await submit(student.id, cookie, { answers: await answersFor(student.id, indexes) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('لقد اجتزت اختبار ميثاق الطالب بالفعل');
    expect(await attempts(student.id)).toHaveLength(1);
  });

  it('fails with one wrong answer, says how many were correct and draws anew next time', async () => {
    const { student, cookie } = await loggedInStudent();
    const indexes = await draw(student.id, cookie);
    const res = await submit(student.id, cookie, { answers: await answersFor(student.id, indexes, 1) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'error',
      message: 'إجاباتك الصحيحة 3 من 4، ويجب أن تكون جميع الإجابات صحيحة. أعد المحاولة بأسئلة جديدة',
    });
    expect(await isPassed(student.id)).toBe(false);
    expect(await attempts(student.id)).toMatchObject([{ correctCount: 3, passed: false }]);
    expect(await storedDraw(student.id)).toBeUndefined();

    const noDraw = await submit(student.id, cookie, { answers: await answersFor(student.id, indexes) });
    expect(noDraw.statusCode).toBe(409);
    expect(noDraw.json()).toEqual({
      status: 'error',
      message: 'لا توجد أسئلة اختبار لهذا الطالب، أعد تحميل الصفحة',
    });

    const next = await draw(student.id, cookie);
    const retry = await submit(student.id, cookie, { answers: await answersFor(student.id, next) });
    expect(retry.statusCode).toBe(200);
    expect(await isPassed(student.id)).toBe(true);
  });

  it('grades the stored draw only: all wrong fails with 0 of 4', async () => {
    const { student, cookie } = await loggedInStudent();
    const indexes = await draw(student.id, cookie);
    const res = await submit(student.id, cookie, { answers: await answersFor(student.id, indexes, 4) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('0 من 4');
  });

  it.each([
    [
      'an answer to a question outside the draw',
      (answers: Record<string, string>, outside: number) => ({ ...answers, [String(outside)]: 'true' }),
      'إجابة لسؤال غير موجود في الاختبار',
    ],
    [
      'answers for other questions in place of drawn ones',
      (answers: Record<string, string>, outside: number) => {
        const [first, ...rest] = Object.entries(answers);
        return { ...Object.fromEntries(rest), [String(outside)]: first?.[1] ?? 'true' };
      },
      'يجب الإجابة على جميع الأسئلة',
    ],
    [
      'a missing answer',
      (answers: Record<string, string>) => Object.fromEntries(Object.entries(answers).slice(1)),
      'يجب الإجابة على جميع الأسئلة',
    ],
    [
      'a value other than true or false',
      (answers: Record<string, string>) => {
        const [first, ...rest] = Object.entries(answers);
        return { ...Object.fromEntries(rest), [first?.[0] ?? '0']: 'yes' };
      },
      'الإجابة يجب أن تكون صح أو خطأ',
    ],
    [
      'a boolean in place of the text',
      (answers: Record<string, string>) => {
        const [first, ...rest] = Object.entries(answers);
        return { ...Object.fromEntries(rest), [first?.[0] ?? '0']: true };
      },
      'الإجابة يجب أن تكون صح أو خطأ',
    ],
    ['answers that are a list', () => ['true', 'true', 'true', 'true'], 'يجب الإجابة على جميع الأسئلة'],
  ])('refuses %s with 400, keeping the draw and recording nothing', async (_, change, message) => {
    const { student, cookie } = await loggedInStudent();
    const indexes = await draw(student.id, cookie);
    const outside = QUIZ_BANK.map((q) => q.index).find((index) => !indexes.includes(index)) ?? -1;
    const res = await submit(student.id, cookie, {
      answers: change(await answersFor(student.id, indexes), outside),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message });
    expect(await storedDraw(student.id)).toEqual(indexes);
    expect(await attempts(student.id)).toHaveLength(0);
    expect(await isPassed(student.id)).toBe(false);
  });

  it('refuses a missing body with 400 in Arabic', async () => {
    const { student, cookie } = await loggedInStudent();
    await draw(student.id, cookie);
    const res = await app.inject({ method: 'POST', url: questionUrl(student.id), headers: { cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: 'يجب الإجابة على جميع الأسئلة' });
  });

  it('grades a double submit once', async () => {
    const { student, cookie } = await loggedInStudent();
    const indexes = await draw(student.id, cookie);
    const answers = await answersFor(student.id, indexes);
    const results = await Promise.all([1, 2, 3].map(() => submit(student.id, cookie, { answers })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await attempts(student.id)).toHaveLength(1);
  });
});

describe('student session on the quiz', () => {
  it('answers 401 without a session, on both calls', async () => {
    const student = await insertStudent(db);
    const message = 'انتهت الجلسة، سجل الدخول مرة أخرى بالرقم القومي';
    const get = await fetchQuestions(student.id);
    expect(get.statusCode).toBe(401);
    expect(get.json()).toEqual({ status: 'error', message });
    const post = await submit(student.id, undefined, { answers: {} });
    expect(post.statusCode).toBe(401);
    expect(post.json()).toEqual({ status: 'error', message });
    expect(await storedDraw(student.id)).toBeUndefined();
  });

  it("answers 403 for another student's id", async () => {
    const { cookie } = await loggedInStudent();
    const other = await insertStudent(db);
    const get = await fetchQuestions(other.id, cookie);
    expect(get.statusCode).toBe(403);
    expect(get.json()).toEqual({ status: 'error', message: 'غير مسموح لك بالقيام بهذا الإجراء' });
    const post = await submit(other.id, cookie, { answers: {} });
    expect(post.statusCode).toBe(403);
    expect(await storedDraw(other.id)).toBeUndefined();
  });

  it('answers 400 in Arabic for an id that is not a UUID', async () => {
    const { cookie } = await loggedInStudent();
    const res = await fetchQuestions('12345', cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: 'رقم الطالب غير صحيح' });
  });

  it('refuses a tampered, an unsigned and an expired session cookie with 401', async () => {
    const student = await insertStudent(db);
    const value = encodeStudentSession({ studentId: student.id, expiresAt: Date.now() + 60_000 });
    const expired = encodeStudentSession({ studentId: student.id, expiresAt: Date.now() - 1 });
    const other = await insertStudent(db);
    const tampered = app.signCookie(value).replace(student.id, other.id);
    for (const cookieValue of [value, tampered, app.signCookie(expired)]) {
      const res = await fetchQuestions(
        student.id,
        `${STUDENT_SESSION_COOKIE}=${encodeURIComponent(cookieValue)}`,
      );
      expect(res.statusCode).toBe(401);
    }
    const valid = await fetchQuestions(
      student.id,
      `${STUDENT_SESSION_COOKIE}=${encodeURIComponent(app.signCookie(value))}`,
    );
    expect(valid.statusCode).toBe(200);
  });
});
