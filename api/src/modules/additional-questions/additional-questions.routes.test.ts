import {
  type AdditionalQuestion,
  type AnswerEntry,
  extractAdditionalQuestions,
  MESSAGE_TEMPLATES,
  MESSAGES,
} from '@portal/common';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertStudent, loginStudent, type StudentOverrides } from '../../../test/builders.js';
import { createTestApp } from '../../../test/test-app.js';
import { additionalAnswers, students } from '../../db/schema/index.js';
import { QUESTIONNAIRE } from '../../setup/seed/questionnaire.js';

const { app, database } = await createTestApp({ STUDENT_LOOKUP_RATE_LIMIT: '10000' });
const { db } = database;

const submitUrl = (nationalId: string) =>
  `/api/v1/additionalQuestions/submit/${encodeURIComponent(nationalId)}`;

async function loggedInStudent(overrides: StudentOverrides = { isPassed: true }) {
  const student = await insertStudent(db, overrides);
  return { student, cookie: await loginStudent(app, student.nationalId) };
}

function submit(nationalId: string, cookie: string | undefined, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: submitUrl(nationalId),
    headers: cookie ? { cookie } : {},
    payload: payload as object,
  });
}

async function questions(): Promise<AdditionalQuestion[]> {
  const res = await app.inject({ method: 'GET', url: '/api/v1/additionalQuestions' });
  const list = extractAdditionalQuestions(res.json());
  if (!list) throw new Error('no questions');
  return list;
}

const ofType = (list: AdditionalQuestion[], type: AdditionalQuestion['type']) => {
  const found = list.find((q) => q.type === type);
  if (!found) throw new Error(`no ${type} question`);
  return found;
};

/** A valid answer to every question, using the extra text wherever it is allowed. */
function validAnswers(list: AdditionalQuestion[]): AnswerEntry[] {
  return list.map((q) => {
    switch (q.type) {
      case 'mcq':
        return { id: q.id, answer: q.options[0] ?? '', input: '' };
      case 'multi_select_input':
        return { id: q.id, answer: [q.options[0] ?? '', 'أخرى'], input: 'معرض الجامعات' };
      case 'input':
        return { id: q.id, answer: 'أن أعمل باحثا في مجال تخصصي', input: '' };
      case 'mcq_yes_input':
        return { id: q.id, answer: 'نعم', input: 'حساسية الصدر' };
      default:
        return { id: q.id, answer: 'أخرى', input: 'الدراجة' };
    }
  });
}

/** The valid answers with the answer to the first question of `type` replaced. */
function withAnswer(
  list: AdditionalQuestion[],
  type: AdditionalQuestion['type'],
  entry: Partial<AnswerEntry>,
) {
  const target = ofType(list, type);
  return validAnswers(list).map((a) => (a.id === target.id ? { ...a, ...entry } : a));
}

const storedAnswers = (studentId: string) =>
  db.select().from(additionalAnswers).where(eq(additionalAnswers.studentId, studentId));
const completed = async (studentId: string) =>
  (
    await db
      .select({ v: students.isCompletedAdditionalQuestions })
      .from(students)
      .where(eq(students.id, studentId))
  )[0]?.v;

async function expectNothingStored(studentId: string) {
  expect(await storedAnswers(studentId)).toHaveLength(0);
  expect(await completed(studentId)).toBe(false);
}

const list = await questions();
const text = (type: AdditionalQuestion['type']) => ofType(list, type).question;

describe('GET /additionalQuestions', () => {
  it('answers the seeded questionnaire in order as data, covering the five types', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/additionalQuestions' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.data.map((q: AdditionalQuestion) => q.id)).toEqual(QUESTIONNAIRE.map((q) => q.id));
    expect(list.length).toBeGreaterThanOrEqual(8);
    expect(new Set(list.map((q) => q.type))).toEqual(
      new Set(['mcq', 'multi_select_input', 'input', 'mcq_yes_input', 'mcq_input']),
    );
    expect(ofType(list, 'multi_select_input').options).toContain('أخرى');
    expect(ofType(list, 'mcq_input').options).toContain('أخرى');
    const yes = ofType(list, 'mcq_yes_input');
    expect(yes.options).toEqual(['نعم', 'لا']);
    expect(yes.description).toBeTruthy();
  });
});

describe('POST /additionalQuestions/submit/{nationalID}', () => {
  it('stores valid answers once and marks the questionnaire done', async () => {
    const { student, cookie } = await loggedInStudent();
    const answers = validAnswers(list);
    const res = await submit(student.nationalId, cookie, { answers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: 'تم حفظ إجاباتك بنجاح' });
    expect(await completed(student.id)).toBe(true);

    const stored = await storedAnswers(student.id);
    expect(stored).toHaveLength(list.length);
    const byId = new Map(stored.map((row) => [row.questionId, row]));
    const multi = ofType(list, 'multi_select_input');
    expect(byId.get(multi.id)).toMatchObject({ answer: [multi.options[0], 'أخرى'], input: 'معرض الجامعات' });
    expect(byId.get(ofType(list, 'mcq').id)).toMatchObject({
      answer: ofType(list, 'mcq').options[0],
      input: null,
    });
    // Each answer keeps the question it was checked against, as the student saw it (issue 19).
    for (const question of list) {
      const { id: _, description, ...asked } = question;
      expect(byId.get(question.id)?.question).toEqual(description ? { ...asked, description } : asked);
    }

    const lookup = await app.inject({
      method: 'POST',
      url: '/api/v1/students/getStudent',
      payload: { nationalID: student.nationalId },
    });
    expect(lookup.json().studentData).toMatchObject({ isPassed: true, isCompletedAdditionalQuestions: true });

    const again = await submit(student.nationalId, cookie, {
      answers: withAnswer(list, 'input', { answer: 'إجابة أخرى' }),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: 'error', message: 'تم إرسال إجابات الأسئلة الإضافية من قبل' });
    expect(await storedAnswers(student.id)).toEqual(stored);
  });

  it('accepts the national ID in Arabic-Indic digits in the path', async () => {
    const { student, cookie } = await loggedInStudent();
    const arabic = student.nationalId.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const res = await submit(arabic, cookie, { answers: validAnswers(list) });
    expect(res.statusCode).toBe(200);
  });

  it('stores one set of answers when submitted twice at once', async () => {
    const { student, cookie } = await loggedInStudent();
    const answers = validAnswers(list);
    const results = await Promise.all([1, 2, 3].map(() => submit(student.nationalId, cookie, { answers })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await storedAnswers(student.id)).toHaveLength(answers.length);
  });

  it('refuses a student who has not passed the charter quiz with 403', async () => {
    const { student, cookie } = await loggedInStudent({ isPassed: false });
    const res = await submit(student.nationalId, cookie, { answers: validAnswers(list) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'error', message: 'يجب اجتياز اختبار ميثاق الطالب أولا' });
    await expectNothingStored(student.id);
  });

  it('answers 401 without a session', async () => {
    const student = await insertStudent(db, { isPassed: true });
    const res = await submit(student.nationalId, undefined, { answers: validAnswers(list) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      status: 'error',
      message: 'انتهت الجلسة، سجل الدخول مرة أخرى بالرقم القومي',
    });
    await expectNothingStored(student.id);
  });

  it("answers 403 for another student's national ID, storing nothing for either", async () => {
    const { student, cookie } = await loggedInStudent();
    const other = await insertStudent(db, { isPassed: true });
    const res = await submit(other.nationalId, cookie, { answers: validAnswers(list) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'error', message: 'غير مسموح لك بالقيام بهذا الإجراء' });
    await expectNothingStored(other.id);
    await expectNothingStored(student.id);

    const unknown = await submit('29912319999999', cookie, { answers: validAnswers(list) });
    expect(unknown.statusCode).toBe(403);
  });

  it.each<[string, () => unknown, string]>([
    ['answers that are not a list', () => ({ answers: { a: 1 } }), MESSAGES.answersNotArray],
    ['a missing answers field', () => ({}), MESSAGES.answersNotArray],
    ['a missing answer', () => ({ answers: validAnswers(list).slice(1) }), MESSAGES.answerAllQuestions],
    [
      'an unknown question id',
      () => ({ answers: [...validAnswers(list).slice(1), { id: 'no_such_question', answer: 'x' }] }),
      MESSAGE_TEMPLATES.invalidQuestion('no_such_question'),
    ],
    [
      'an entry that is not an object',
      () => ({ answers: ['x', ...validAnswers(list).slice(1)] }),
      MESSAGES.invalidAnswerEntry,
    ],
    [
      'mcq: an answer that is not an option',
      () => ({ answers: withAnswer(list, 'mcq', { answer: 'في الفضاء' }) }),
      MESSAGE_TEMPLATES.invalidAnswerFor(text('mcq')),
    ],
    [
      'multi_select_input: an answer that is not a list',
      () => ({ answers: withAnswer(list, 'multi_select_input', { answer: 'أخرى' }) }),
      MESSAGES.answerNotArray,
    ],
    [
      'multi_select_input: an empty list',
      () => ({ answers: withAnswer(list, 'multi_select_input', { answer: [] }) }),
      MESSAGES.answerTheQuestion,
    ],
    [
      'multi_select_input: an option not offered',
      () => ({ answers: withAnswer(list, 'multi_select_input', { answer: ['خيار غير موجود'] }) }),
      MESSAGES.invalidOption,
    ],
    [
      "multi_select_input: 'أخرى' without details",
      () => ({ answers: withAnswer(list, 'multi_select_input', { input: '  ' }) }),
      MESSAGES.otherDetailsRequired,
    ],
    [
      'input: a blank answer',
      () => ({ answers: withAnswer(list, 'input', { answer: '   ' }) }),
      MESSAGES.answerTheQuestion,
    ],
    [
      "mcq_yes_input: 'نعم' without details",
      () => ({ answers: withAnswer(list, 'mcq_yes_input', { input: '' }) }),
      MESSAGES.yesDetailsRequired,
    ],
    [
      'mcq_yes_input: an answer that is not an option',
      () => ({ answers: withAnswer(list, 'mcq_yes_input', { answer: 'ربما' }) }),
      MESSAGE_TEMPLATES.invalidAnswerFor(text('mcq_yes_input')),
    ],
    [
      "mcq_input: 'أخرى' without details",
      () => ({ answers: withAnswer(list, 'mcq_input', { input: undefined }) }),
      MESSAGES.otherDetailsRequired,
    ],
    [
      'mcq_input: an answer that is not an option',
      () => ({ answers: withAnswer(list, 'mcq_input', { answer: 'طائرة' }) }),
      MESSAGE_TEMPLATES.invalidAnswerFor(text('mcq_input')),
    ],
    [
      '10,000 answers',
      () => ({ answers: Array.from({ length: 10_000 }, (_, i) => ({ id: `q${i}`, answer: 'x' })) }),
      MESSAGES.tooManyAnswers,
    ],
    [
      'an over-long extra text',
      () => ({ answers: withAnswer(list, 'mcq_input', { input: 'ن'.repeat(2001) }) }),
      MESSAGES.answerTooLong,
    ],
  ])('refuses %s with 400 and the shared message, storing nothing', async (_, payload, message) => {
    const { student, cookie } = await loggedInStudent();
    const res = await submit(student.nationalId, cookie, payload());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message });
    await expectNothingStored(student.id);
  });
});
