// Kept whole: the questionnaire's editing routes (list, create, edit, order) and the answers that keep the
// question as asked, on one app and one embedded database; another file would start another database.
import {
  type AdditionalQuestion,
  CONTENT_LIMITS,
  CONTENT_MESSAGES,
  MESSAGES,
  type QuestionEntry,
  type StaffRole,
} from '@portal/common';
import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { injectAs, insertStaff, type TestStaff } from '../../../test/auth-helpers.js';
import { insertStudent, loginStudent } from '../../../test/builders.js';
import { createSecondInstance } from '../../../test/second-instance.js';
import { createTestApp } from '../../../test/test-app.js';
import { additionalAnswers, additionalQuestions, auditLog, contentVersions } from '../../db/schema/index.js';
import { QUESTIONNAIRE } from '../../setup/seed/questionnaire.js';
import { myDataRepository } from '../my-data/index.js';

const { app, database } = await createTestApp({ STUDENT_LOOKUP_RATE_LIMIT: '10000' });
const { db } = database;

const BASE = '/api/v1/content/additional-questions';
/** Markup and Typst syntax, to be stored and served as the text it is. */
const MARKUP = '<script>alert(1)</script> #set page(fill: red) $x^2$ ] [ *نص*';

let superAdmin: TestStaff;
const others = new Map<StaffRole, TestStaff>();

beforeAll(async () => {
  superAdmin = await insertStaff(db, { role: 'SUPERADMIN' });
  for (const role of ['ADMIN', 'SUPPORT', 'SOCIAL_ADMIN'] as const)
    others.set(role, await insertStaff(db, { role }));
});

const as = (staff: TestStaff, options: InjectOptions) => injectAs(app, staff, options);

const listAll = async () => {
  const res = await as(superAdmin, { method: 'GET', url: BASE });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ status: string; data: QuestionEntry[] }>().data;
};
const create = (payload: unknown, staff = superAdmin) =>
  as(staff, { method: 'POST', url: BASE, payload: payload as object });
const patch = (id: string, payload: unknown, staff = superAdmin) =>
  as(staff, { method: 'PATCH', url: `${BASE}/${encodeURIComponent(id)}`, payload: payload as object });
const order = (payload: unknown, staff = superAdmin) =>
  as(staff, { method: 'POST', url: `${BASE}/order`, payload: payload as object });

/** What the student's questionnaire serves now. */
async function studentQuestions(target = app): Promise<AdditionalQuestion[]> {
  const res = await target.inject({ method: 'GET', url: '/api/v1/additionalQuestions' });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: AdditionalQuestion[] }>().data;
}

const questionnaireVersion = async () =>
  (await db.select().from(contentVersions).where(eq(contentVersions.kind, 'questionnaire')))[0]?.version;
const auditRows = (action: string) => db.select().from(auditLog).where(eq(auditLog.action, action));
const storedQuestions = () => db.select().from(additionalQuestions);

/** Everything a refused call must leave as it was. */
async function snapshot() {
  return {
    questions: await storedQuestions(),
    version: await questionnaireVersion(),
    audit: (await db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]?.n,
  };
}

async function expectRefused(
  res: { statusCode: number; json(): unknown; body: string },
  status: number,
  message: string | undefined,
  before: Awaited<ReturnType<typeof snapshot>>,
) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { status: string; message: string };
  expect(body.status).toBe('error');
  if (message) expect(body.message).toBe(message);
  else expect(body.message).toMatch(/[\u0621-\u064a]/);
  expect(await snapshot()).toEqual(before);
}

/** A valid answer to each question, the extra text used wherever it is allowed. */
function answersTo(list: readonly AdditionalQuestion[]) {
  return list.map((q) => {
    switch (q.type) {
      case 'mcq':
        return { id: q.id, answer: q.options[0], input: '' };
      case 'multi_select_input':
        return { id: q.id, answer: [q.options[0], 'أخرى'], input: 'تفاصيل' };
      case 'input':
        return { id: q.id, answer: 'إجابة نصية', input: '' };
      case 'mcq_yes_input':
        return { id: q.id, answer: 'نعم', input: 'تفاصيل' };
      default:
        return { id: q.id, answer: 'أخرى', input: 'تفاصيل' };
    }
  });
}

async function studentWhoAnswered() {
  const student = await insertStudent(db, { isPassed: true });
  const cookie = await loginStudent(app, student.nationalId);
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/additionalQuestions/submit/${student.nationalId}`,
    headers: { cookie },
    payload: { answers: answersTo(await studentQuestions()) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { student, cookie };
}

describe('GET /content/additional-questions', () => {
  it('lists every seeded question in order, with its definition and how many answered it', async () => {
    const list = await listAll();
    expect(list.slice(0, QUESTIONNAIRE.length).map((q) => q.id)).toEqual(QUESTIONNAIRE.map((q) => q.id));
    const residence = list.find((q) => q.id === 'residence');
    expect(residence).toEqual({
      id: 'residence',
      type: 'mcq',
      question: QUESTIONNAIRE[0]?.question,
      description: null,
      options: QUESTIONNAIRE[0]?.options,
      active: true,
      sortOrder: expect.any(Number),
      answeredCount: expect.any(Number),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const orders = list.map((q) => q.sortOrder);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it.each(['ADMIN', 'SUPPORT', 'SOCIAL_ADMIN'] as const)(
    'refuses %s with 403 on every call',
    async (role) => {
      const staff = others.get(role);
      if (!staff) throw new Error(role);
      const before = await snapshot();
      for (const res of [
        await as(staff, { method: 'GET', url: BASE }),
        await create({ type: 'input', question: 'سؤال جديد؟' }, staff),
        await patch('residence', { question: 'سؤال آخر؟' }, staff),
        await order({ ids: ['residence'] }, staff),
      ]) {
        await expectRefused(res, 403, undefined, before);
      }
    },
  );

  it('refuses a caller without a token, and a student session, with 401', async () => {
    const student = await insertStudent(db, { isPassed: true });
    const cookie = await loginStudent(app, student.nationalId);
    const before = await snapshot();
    for (const headers of [{}, { cookie }]) {
      for (const options of [
        { method: 'GET', url: BASE },
        { method: 'POST', url: BASE, payload: { type: 'input', question: 'سؤال جديد؟' } },
        { method: 'PATCH', url: `${BASE}/residence`, payload: { active: false } },
        { method: 'POST', url: `${BASE}/order`, payload: { ids: ['residence'] } },
      ] as const) {
        await expectRefused(await app.inject({ ...options, headers }), 401, undefined, before);
      }
    }
  });
});

describe('POST /content/additional-questions', () => {
  const ofEachType = [
    { type: 'mcq', question: 'ما لونك المفضل؟', options: ['أزرق', 'أخضر'] },
    {
      type: 'multi_select_input',
      question: 'ما اللغات التي تتحدثها؟',
      description: 'يمكنك اختيار أكثر من لغة',
      options: ['العربية', 'الإنجليزية', 'أخرى'],
    },
    { type: 'input', question: 'ما هوايتك؟' },
    {
      type: 'mcq_yes_input',
      question: 'هل تعمل إلى جانب الدراسة؟',
      description: 'اذكر العمل',
      options: ['نعم', 'لا'],
    },
    { type: 'mcq_input', question: 'ما مصدر دخل الأسرة؟', options: ['عمل حكومي', 'عمل خاص', 'أخرى'] },
  ] as const;

  it.each(ofEachType)(
    'adds a $type question last, audited, and the questionnaire serves it at once',
    async (body) => {
      const versionBefore = await questionnaireVersion();
      const lastBefore = Math.max(...(await listAll()).map((q) => q.sortOrder));
      // The instance's cache holds the questionnaire before the edit.
      await studentQuestions();

      const res = await create(body);
      expect(res.statusCode, res.body).toBe(201);
      const { status, message, data } = res.json<{ status: string; message: string; data: QuestionEntry }>();
      expect(status).toBe('success');
      expect(message).toBe(CONTENT_MESSAGES.questionAdded);
      expect(data).toEqual({
        id: expect.stringMatching(/^q_[0-9a-f]{10}$/),
        type: body.type,
        question: body.question,
        description: 'description' in body ? body.description : null,
        options: 'options' in body ? body.options : [],
        active: true,
        sortOrder: lastBefore + 1,
        answeredCount: 0,
        updatedAt: expect.any(String),
      });
      expect(await questionnaireVersion()).toBe((versionBefore ?? 0) + 1);

      const served = (await studentQuestions()).at(-1);
      expect(served).toEqual({
        id: data.id,
        type: body.type,
        question: body.question,
        options: 'options' in body ? body.options : [],
        ...('description' in body ? { description: body.description } : {}),
      });

      const [row] = await auditRows('content.questionnaire.create').then((rows) =>
        rows.filter((r) => r.targetId === data.id),
      );
      expect(row).toMatchObject({
        actorUserName: superAdmin.userName,
        targetType: 'additional_question',
        details: {
          after: {
            type: body.type,
            question: body.question,
            options: data.options,
            active: true,
            sortOrder: data.sortOrder,
          },
        },
      });
      // Not to leave five new active questions in the way of the other tests' answers.
      expect((await patch(data.id, { active: false })).statusCode).toBe(200);
    },
  );

  it('adds an inactive question that the questionnaire does not serve', async () => {
    const res = await create({ type: 'input', question: 'سؤال غير مفعل؟', active: false });
    expect(res.statusCode).toBe(201);
    const { data } = res.json<{ data: QuestionEntry }>();
    expect(data.active).toBe(false);
    expect((await studentQuestions()).map((q) => q.id)).not.toContain(data.id);
    expect((await listAll()).map((q) => q.id)).toContain(data.id);
  });

  it('keeps markup and Typst syntax as the text it is, trimmed, and an empty description as none', async () => {
    const res = await create({
      type: 'mcq_input',
      question: `  ${MARKUP}  `,
      description: '   ',
      options: [MARKUP, '<b>عريض</b>', 'أخرى'],
      active: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json<{ data: QuestionEntry }>();
    expect(data).toMatchObject({
      question: MARKUP,
      description: null,
      options: [MARKUP, '<b>عريض</b>', 'أخرى'],
    });
    const [stored] = await db.select().from(additionalQuestions).where(eq(additionalQuestions.id, data.id));
    expect(stored).toMatchObject({
      question: MARKUP,
      description: null,
      options: [MARKUP, '<b>عريض</b>', 'أخرى'],
    });
    expect((await listAll()).find((q) => q.id === data.id)?.question).toBe(MARKUP);

    // And the student reads it verbatim once it is active.
    expect((await patch(data.id, { active: true })).statusCode).toBe(200);
    expect((await studentQuestions()).find((q) => q.id === data.id)).toMatchObject({
      question: MARKUP,
      options: [MARKUP, '<b>عريض</b>', 'أخرى'],
    });
    expect((await patch(data.id, { active: false })).statusCode).toBe(200);
  });

  const tooMany = Array.from({ length: CONTENT_LIMITS.options.max + 1 }, (_, i) => `اختيار ${i}`);
  it.each<[string, unknown, string | undefined]>([
    [
      'mcq with one option',
      { type: 'mcq', question: 'سؤال؟', options: ['أ'] },
      CONTENT_MESSAGES.optionsNeedTwo,
    ],
    ['mcq without options', { type: 'mcq', question: 'سؤال؟' }, CONTENT_MESSAGES.optionsNeedTwo],
    [
      'duplicate options',
      { type: 'mcq', question: 'سؤال؟', options: ['أ', 'ب', 'أ'] },
      CONTENT_MESSAGES.optionsDuplicate,
    ],
    [
      'options equal once trimmed',
      { type: 'mcq_yes_input', question: 'سؤال؟', options: ['نعم', ' نعم ', 'لا'] },
      CONTENT_MESSAGES.optionsDuplicate,
    ],
    [
      'input with options',
      { type: 'input', question: 'سؤال؟', options: ['أ', 'ب'] },
      CONTENT_MESSAGES.inputHasNoOptions,
    ],
    [
      "multi_select_input without 'أخرى'",
      { type: 'multi_select_input', question: 'سؤال؟', options: ['أ', 'ب'] },
      CONTENT_MESSAGES.otherOptionRequired,
    ],
    [
      "mcq_input without 'أخرى'",
      { type: 'mcq_input', question: 'سؤال؟', options: ['أ', 'ب'] },
      CONTENT_MESSAGES.otherOptionRequired,
    ],
    [
      "mcq_yes_input without 'نعم'",
      { type: 'mcq_yes_input', question: 'سؤال؟', options: ['ربما', 'لا'] },
      CONTENT_MESSAGES.yesOptionRequired,
    ],
    ['an unknown type', { type: 'essay', question: 'سؤال؟' }, CONTENT_MESSAGES.questionTypeInvalid],
    ['no type', { question: 'سؤال؟' }, CONTENT_MESSAGES.questionTypeInvalid],
    ['an empty question', { type: 'input', question: '   ' }, CONTENT_MESSAGES.questionTextInvalid],
    ['a question of two letters', { type: 'input', question: 'من' }, CONTENT_MESSAGES.questionTextInvalid],
    [
      'a question over the limit',
      { type: 'input', question: 'س'.repeat(CONTENT_LIMITS.questionText.max + 1) },
      CONTENT_MESSAGES.questionTextInvalid,
    ],
    ['a question that is a number', { type: 'input', question: 42 }, CONTENT_MESSAGES.questionTextInvalid],
    [
      'a description over the limit',
      { type: 'input', question: 'سؤال؟', description: 'و'.repeat(CONTENT_LIMITS.description.max + 1) },
      CONTENT_MESSAGES.descriptionTooLong,
    ],
    [
      'an empty option',
      { type: 'mcq', question: 'سؤال؟', options: ['أ', '  '] },
      CONTENT_MESSAGES.optionInvalid,
    ],
    [
      'an option over the limit',
      { type: 'mcq', question: 'سؤال؟', options: ['أ', 'ب'.repeat(CONTENT_LIMITS.option.max + 1)] },
      CONTENT_MESSAGES.optionInvalid,
    ],
    [
      'options that are not a list',
      { type: 'mcq', question: 'سؤال؟', options: 'أ,ب' },
      CONTENT_MESSAGES.optionInvalid,
    ],
    [
      'too many options',
      { type: 'mcq', question: 'سؤال؟', options: tooMany },
      CONTENT_MESSAGES.tooManyOptions,
    ],
    [
      'active that is not a flag',
      { type: 'input', question: 'سؤال؟', active: 'yes' },
      CONTENT_MESSAGES.flagInvalid,
    ],
    ['an unknown field', { type: 'input', question: 'سؤال؟', id: 'residence' }, undefined],
    ['a body that is a list', [{ type: 'input', question: 'سؤال؟' }], undefined],
  ])('refuses %s with 400, adding nothing', async (_, body, message) => {
    const before = await snapshot();
    await expectRefused(await create(body), 400, message, before);
  });
});

describe('PATCH /content/additional-questions/{id}', () => {
  async function freshQuestion(body: Record<string, unknown>) {
    const res = await create({ active: false, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: QuestionEntry }>().data;
  }

  it('edits the fields sent, keeps the others, audits before and after, and serves the new wording', async () => {
    const question = await freshQuestion({
      type: 'mcq_yes_input',
      question: 'هل لديك أخوة في الجامعة؟',
      description: 'اذكر الكلية',
      options: ['نعم', 'لا'],
      active: true,
    });
    const versionBefore = await questionnaireVersion();
    await studentQuestions();
    const res = await patch(question.id, { question: `  هل لديك أخوة في الكلية؟ ${MARKUP}` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ status: string; message: string; data: QuestionEntry }>();
    expect(body.message).toBe(CONTENT_MESSAGES.questionSaved);
    expect(body.data).toMatchObject({
      id: question.id,
      question: `هل لديك أخوة في الكلية؟ ${MARKUP}`,
      description: 'اذكر الكلية',
      options: ['نعم', 'لا'],
      active: true,
      sortOrder: question.sortOrder,
    });
    expect(await questionnaireVersion()).toBe((versionBefore ?? 0) + 1);
    expect((await studentQuestions()).find((q) => q.id === question.id)?.question).toBe(
      `هل لديك أخوة في الكلية؟ ${MARKUP}`,
    );
    const rows = (await auditRows('content.questionnaire.update')).filter((r) => r.targetId === question.id);
    expect(rows.at(-1)).toMatchObject({
      actorUserName: superAdmin.userName,
      targetType: 'additional_question',
      details: {
        before: { question: 'هل لديك أخوة في الجامعة؟', options: ['نعم', 'لا'] },
        after: { question: `هل لديك أخوة في الكلية؟ ${MARKUP}`, options: ['نعم', 'لا'] },
      },
    });

    // Deactivated: out of the questionnaire, still on the staff list; and back.
    const off = await patch(question.id, { active: false });
    expect(off.json<{ data: QuestionEntry }>().data.active).toBe(false);
    expect((await studentQuestions()).map((q) => q.id)).not.toContain(question.id);
    expect((await listAll()).find((q) => q.id === question.id)?.active).toBe(false);

    // A description emptied is none.
    const cleared = await patch(question.id, { description: '' });
    expect(cleared.json<{ data: QuestionEntry }>().data.description).toBeNull();
  });

  it('changes the type with the options it needs', async () => {
    const question = await freshQuestion({
      type: 'mcq',
      question: 'كم عدد إخوتك؟',
      options: ['واحد', 'اثنان'],
    });
    const res = await patch(question.id, { type: 'mcq_input', options: ['واحد', 'اثنان', 'أخرى'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: QuestionEntry }>().data).toMatchObject({
      type: 'mcq_input',
      options: ['واحد', 'اثنان', 'أخرى'],
    });
    const toInput = await patch(question.id, { type: 'input', options: [] });
    expect(toInput.json<{ data: QuestionEntry }>().data).toMatchObject({ type: 'input', options: [] });
  });

  it.each<[string, Record<string, unknown>, Record<string, unknown>, string | undefined]>([
    [
      'a type that needs an option the stored ones lack',
      { type: 'mcq', options: ['أ', 'ب'] },
      { type: 'mcq_input' },
      CONTENT_MESSAGES.otherOptionRequired,
    ],
    [
      "mcq_yes_input options without 'نعم'",
      { type: 'mcq_yes_input', options: ['نعم', 'لا'] },
      { options: ['ربما', 'لا'] },
      CONTENT_MESSAGES.yesOptionRequired,
    ],
    [
      "multi_select_input options without 'أخرى'",
      { type: 'multi_select_input', options: ['أ', 'أخرى'] },
      { options: ['أ', 'ب'] },
      CONTENT_MESSAGES.otherOptionRequired,
    ],
    [
      'an input question given options',
      { type: 'input' },
      { options: ['أ', 'ب'] },
      CONTENT_MESSAGES.inputHasNoOptions,
    ],
    [
      'a choice question turned into input keeping its options',
      { type: 'mcq', options: ['أ', 'ب'] },
      { type: 'input' },
      CONTENT_MESSAGES.inputHasNoOptions,
    ],
    [
      'an input question turned into mcq without options',
      { type: 'input' },
      { type: 'mcq' },
      CONTENT_MESSAGES.optionsNeedTwo,
    ],
    [
      'a single option',
      { type: 'mcq', options: ['أ', 'ب'] },
      { options: ['أ'] },
      CONTENT_MESSAGES.optionsNeedTwo,
    ],
    [
      'duplicate options',
      { type: 'mcq', options: ['أ', 'ب'] },
      { options: ['أ', 'أ '] },
      CONTENT_MESSAGES.optionsDuplicate,
    ],
    ['an empty patch', { type: 'input' }, {}, CONTENT_MESSAGES.nothingToChange],
    ['an unknown type', { type: 'input' }, { type: 'essay' }, CONTENT_MESSAGES.questionTypeInvalid],
    ['an empty question', { type: 'input' }, { question: '' }, CONTENT_MESSAGES.questionTextInvalid],
    ['an unknown field', { type: 'input' }, { sortOrder: 0 }, undefined],
    ['active that is not a flag', { type: 'input' }, { active: 'false' }, CONTENT_MESSAGES.flagInvalid],
  ])('refuses %s with 400, changing nothing', async (_, stored, body, message) => {
    const question = await freshQuestion({ question: 'سؤال للتعديل؟', ...stored });
    const before = await snapshot();
    await expectRefused(await patch(question.id, body), 400, message, before);
  });

  it('answers 404 for an unknown id, and 400 for an over-long one', async () => {
    const before = await snapshot();
    await expectRefused(
      await patch('no_such_question', { active: false }),
      404,
      CONTENT_MESSAGES.questionNotFound,
      before,
    );
    await expectRefused(
      await patch('q'.repeat(101), { active: false }),
      400,
      CONTENT_MESSAGES.questionIdInvalid,
      before,
    );
  });
});

describe('POST /content/additional-questions/order', () => {
  it('puts every question where the list says, audited, and the questionnaire follows', async () => {
    const current = (await listAll()).map((q) => q.id);
    const reversed = [...current].reverse();
    const versionBefore = await questionnaireVersion();
    await studentQuestions();

    const res = await order({ ids: reversed });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ status: string; message: string; data: QuestionEntry[] }>();
    expect(body.message).toBe(CONTENT_MESSAGES.orderSaved);
    expect(body.data.map((q) => q.id)).toEqual(reversed);
    expect(body.data.map((q) => q.sortOrder)).toEqual(reversed.map((_, i) => i));
    expect((await listAll()).map((q) => q.id)).toEqual(reversed);
    expect(await questionnaireVersion()).toBe((versionBefore ?? 0) + 1);

    const active = new Set((await listAll()).filter((q) => q.active).map((q) => q.id));
    expect((await studentQuestions()).map((q) => q.id)).toEqual(reversed.filter((id) => active.has(id)));

    const [row] = (await auditRows('content.questionnaire.order')).slice(-1);
    expect(row).toMatchObject({
      actorUserName: superAdmin.userName,
      details: { before: current, after: reversed },
    });

    // Back as it was, so the other tests read the seeded order.
    expect((await order({ ids: current })).statusCode).toBe(200);
    expect((await listAll()).map((q) => q.id)).toEqual(current);
  });

  it.each<[string, (ids: string[]) => unknown]>([
    ['a question left out', (ids) => ({ ids: ids.slice(1) })],
    ['a question twice', (ids) => ({ ids: [...ids.slice(1), ids[1]] })],
    ['a question named twice besides all', (ids) => ({ ids: [...ids, ids[0]] })],
    ['an unknown id', (ids) => ({ ids: [...ids.slice(1), 'no_such_question'] })],
    ['an empty list', () => ({ ids: [] })],
    ['ids that are not a list', (ids) => ({ ids: ids.join(',') })],
    ['ids that are numbers', (ids) => ({ ids: ids.map((_, i) => i) })],
    ['no ids', () => ({})],
    ['an unknown field', (ids) => ({ ids, sortOrder: 1 })],
  ])('refuses %s with 400 orderInvalid, changing nothing', async (_, body) => {
    const ids = (await listAll()).map((q) => q.id);
    const before = await snapshot();
    await expectRefused(await order(body(ids)), 400, CONTENT_MESSAGES.orderInvalid, before);
  });
});

describe('answers keep the question as the student was asked it', () => {
  it('stores the snapshot; after an edit the staff record and the own data show the old wording', async () => {
    const { student, cookie } = await studentWhoAnswered();
    const [stored] = await db
      .select()
      .from(additionalAnswers)
      .where(
        and(
          eq(additionalAnswers.studentId, student.id),
          eq(additionalAnswers.questionId, 'health_condition'),
        ),
      );
    expect(stored?.question).toEqual({
      question: 'هل تعاني من مرض مزمن أو حالة صحية تحتاج إلى رعاية خاصة؟',
      type: 'mcq_yes_input',
      description: 'اذكر الحالة الصحية',
      options: ['نعم', 'لا'],
    });
    const residenceBefore = (await listAll()).find((q) => q.id === 'residence');

    const reworded = 'أين ستسكن أثناء الدراسة؟';
    const edit = await patch('residence', { question: reworded, options: ['مع الأسرة', 'السكن الجامعي'] });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json<{ data: QuestionEntry }>().data.answeredCount).toBe(residenceBefore?.answeredCount ?? 0);

    // The questionnaire now asks the new wording...
    expect((await studentQuestions()).find((q) => q.id === 'residence')).toMatchObject({
      question: reworded,
      options: ['مع الأسرة', 'السكن الجامعي'],
    });
    // ...while the staff record shows what this student was asked.
    const record = await as(superAdmin, { method: 'GET', url: `/api/v1/students/record/${student.id}` });
    expect(record.statusCode, record.body).toBe(200);
    const answers = record.json<{ data: { answers: { question: string; answer: unknown }[] } }>().data
      .answers;
    expect(answers.find((a) => a.answer === 'مع الأسرة')?.question).toBe('أين ستقيم خلال فترة الدراسة؟');
    expect(answers.map((a) => a.question)).not.toContain(reworded);
    expect(answers).toHaveLength(QUESTIONNAIRE.length);

    // The student's own data too.
    const own = await myDataRepository(db).answers(student.id);
    expect(own.find((a) => a.questionId === 'residence')?.question).toBe('أين ستقيم خلال فترة الدراسة؟');

    // A student who completed the questionnaire is not asked again after it changed.
    const lookup = await app.inject({
      method: 'POST',
      url: '/api/v1/students/getStudent',
      payload: { nationalID: student.nationalId },
    });
    expect(lookup.json().studentData).toMatchObject({ isCompletedAdditionalQuestions: true });
    const again = await app.inject({
      method: 'POST',
      url: `/api/v1/additionalQuestions/submit/${student.nationalId}`,
      headers: { cookie },
      payload: { answers: answersTo(await studentQuestions()) },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: 'error', message: MESSAGES.additionalAlreadySubmitted });

    // A student answering now is checked against, and keeps, the new wording.
    const { student: later } = await studentWhoAnswered();
    const [laterRow] = await db
      .select()
      .from(additionalAnswers)
      .where(and(eq(additionalAnswers.studentId, later.id), eq(additionalAnswers.questionId, 'residence')));
    expect(laterRow?.question).toEqual({
      question: reworded,
      type: 'mcq',
      options: ['مع الأسرة', 'السكن الجامعي'],
    });
    expect((await listAll()).find((q) => q.id === 'residence')?.answeredCount).toBe(
      (residenceBefore?.answeredCount ?? 0) + 1,
    );

    // Put the seeded wording back for the tests after this one.
    const seeded = QUESTIONNAIRE.find((q) => q.id === 'residence');
    expect(
      (await patch('residence', { question: seeded?.question, options: seeded?.options })).statusCode,
    ).toBe(200);
  });
});

describe('GET /additionalQuestions across instances', async () => {
  const other = await createSecondInstance(database.url);

  it('is served from the cache, and an edit through one instance shows on another within a second', async () => {
    // The other instance has run since the file started: first let it reach the edits of the tests before, by
    // their version (an edit undone reads the same, but a poll still to come would load the list again).
    const current = await questionnaireVersion();
    await vi.waitFor(() => expect(other.content.version('questionnaire')).toBe(current), { timeout: 2_000 });
    expect(await studentQuestions(other)).toEqual(await studentQuestions());
    const id = 'career_goal';
    const original = (await studentQuestions(other)).find((q) => q.id === id)?.question;
    expect(original).toBeTruthy();

    // A change written to the table without raising the version is not seen: the list is not read per request.
    await db
      .update(additionalQuestions)
      .set({ question: 'تغيير بلا رقم نسخة' })
      .where(eq(additionalQuestions.id, id));
    expect((await studentQuestions(other)).find((q) => q.id === id)?.question).toBe(original);
    await db
      .update(additionalQuestions)
      .set({ question: original ?? '' })
      .where(eq(additionalQuestions.id, id));

    const reworded = 'ما الوظيفة التي تطمح إليها بعد التخرج؟';
    const edit = await patch(id, { question: reworded });
    expect(edit.statusCode, edit.body).toBe(200);
    const editedAt = Date.now();
    let seenAfter: number | undefined;
    while (Date.now() - editedAt < 2_000) {
      if ((await studentQuestions(other)).find((q) => q.id === id)?.question === reworded) {
        seenAfter = Date.now() - editedAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(seenAfter, 'the other instance never showed the edit').toBeDefined();
    expect(seenAfter).toBeLessThan(1_000);
    expect((await patch(id, { question: original })).statusCode).toBe(200);
  });
});
