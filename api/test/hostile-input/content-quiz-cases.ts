import { CONTENT_LIMITS, CONTENT_MESSAGES, MESSAGES, QUIZ_QUESTION_COUNT } from '@portal/common';
import { QUIZ_BANK } from '../../src/modules/charter/quiz-bank.js';
import type { CaseContext, HostileBody, HostileCase, Who } from './hostile-case.js';
import { NUL, SCRIPT_TAG, SQL_DROP, SQL_INJECTION, TYPST_MARKUP } from './payloads.js';

/**
 * Issue 19: hostile input on the content calls for the quiz bank. Every refused write answers Arabic and changes
 * nothing. The accepted cases add a question, reword one and retire another, never one of the questions drawn for
 * `ctx.student`, so the quiz cases that answer that draw are not concerned.
 */

const json = (value: unknown): HostileBody => ({ kind: 'json', value });
const raw = (payload: string): HostileBody => ({ kind: 'raw', payload, contentType: 'application/json' });

const LIST = 'GET /content/quiz-questions';
const CREATE = 'POST /content/quiz-questions';
const PATCH = 'PATCH /content/quiz-questions/:id';
const DELETE = 'DELETE /content/quiz-questions/:id';

/** Text as a super admin might paste it: markup, Typst and SQL, to be stored and served verbatim. */
const MARKUP_QUESTION = `${SCRIPT_TAG} ${SQL_INJECTION} هل يُحفظ هذا نصًا؟`;
const TYPST_QUESTION = `${TYPST_MARKUP} $x$ ] [ #set text(red) هل يُطبع هذا نصًا؟`;
const REWORDED = `${TYPST_MARKUP} ${SCRIPT_TAG} ] [ صياغة جديدة للسؤال`;

const WRITES = ['quiz_questions', 'quiz_question_versions', 'content_versions', 'audit_log'] as const;

/** The `n`th seeded question not drawn for `ctx.student`: the accepted edits work on these. */
const notDrawn = (ctx: CaseContext, n: number): number =>
  QUIZ_BANK.map((q) => q.index).filter((index) => !ctx.drawnQuestions.includes(String(index)))[n] ?? 1;
/** A question drawn for `ctx.student` (never edited here): its text is taken by an active question. */
const drawnText = (ctx: CaseContext): string =>
  QUIZ_BANK.find((q) => String(q.index) === ctx.drawnQuestions[0])?.question ?? QUIZ_BANK[0]?.question ?? '';

const path = (id: string | number) => `/content/quiz-questions/${id}`;
const valid = { question: 'سؤال صحيح من الميثاق للاختبار؟', answer: true };

async function stored(ctx: CaseContext, index: number) {
  const [row] = await ctx.query<{ question: string; active: boolean; version: number; versions: number }>(
    `SELECT q.question, q.active, q.version,
       (SELECT count(*)::int FROM quiz_question_versions v WHERE v.question_index = q."index") AS versions
     FROM quiz_questions q WHERE q."index" = $1`,
    [index],
  );
  if (!row) throw new Error(`quiz question ${index} not stored`);
  return row;
}

function expectText(actual: string, expected: string) {
  if (actual !== expected)
    throw new Error(`stored ${JSON.stringify(actual)}, sent ${JSON.stringify(expected)}`);
}

/** Another role, a student or nobody: refused before the body is read. */
const refusedCallers = (route: string, request: HostileCase['request']): HostileCase[] =>
  (
    [
      ['ADMIN', 403],
      ['SUPPORT', 403],
      ['student', 401],
      ['anonymous', 401],
    ] as const satisfies readonly (readonly [Who, number])[]
  ).map(([who, status]) => ({
    name: `quiz bank ${route.split(' ')[0]}: ${who} refused`,
    route,
    who,
    request,
    status,
    ...(status === 403 ? { message: MESSAGES.forbidden } : {}),
  }));

const badCreates: readonly (readonly [string, unknown, string?])[] = [
  ['an empty question', { ...valid, question: '' }, CONTENT_MESSAGES.quizQuestionText],
  [
    'an over-long question',
    { ...valid, question: 'س'.repeat(CONTENT_LIMITS.quizQuestion.max + 1) },
    CONTENT_MESSAGES.quizQuestionText,
  ],
  ['a question of spaces', { ...valid, question: ' \t  \n ' }, CONTENT_MESSAGES.quizQuestionText],
  ['a question that is a number', { ...valid, question: 12345 }, CONTENT_MESSAGES.quizQuestionText],
  ['a question that is an object', { ...valid, question: { $ne: '' } }, CONTENT_MESSAGES.quizQuestionText],
  ['an answer as text', { ...valid, answer: 'true' }, CONTENT_MESSAGES.quizAnswerRequired],
  ['an answer as 1', { ...valid, answer: 1 }, CONTENT_MESSAGES.quizAnswerRequired],
  ['no answer', { question: valid.question }, CONTENT_MESSAGES.quizAnswerRequired],
  ['a section that is SQL', { ...valid, section: SQL_DROP }, CONTENT_MESSAGES.quizSectionInvalid],
  ['an empty section', { ...valid, section: '' }, CONTENT_MESSAGES.quizSectionInvalid],
  ['a section that is a list', { ...valid, section: ['الباب الأول'] }, CONTENT_MESSAGES.quizSectionInvalid],
  ['an index of its choosing', { ...valid, index: 1 }],
  ['active: false at creation', { ...valid, active: false }],
  ['a NUL byte in the question', { ...valid, question: `سؤال الميثاق${NUL}هنا` }],
  ['a body that is a list', [valid]],
];

const create: HostileCase[] = [
  {
    name: 'quiz bank list: the super admin reads every question and the minimum',
    route: LIST,
    who: 'SUPERADMIN',
    request: () => ({}),
    status: 200,
    accepted: {
      verify: (_ctx, body) => {
        const answer = JSON.parse(body) as { data: { index: number }[]; minimumActive: number };
        if (answer.data.length < QUIZ_BANK.length || answer.minimumActive !== QUIZ_QUESTION_COUNT)
          throw new Error(`unexpected list: ${body.slice(0, 200)}`);
      },
    },
  },
  {
    name: 'quiz bank list: a query that is SQL is ignored',
    route: LIST,
    who: 'SUPERADMIN',
    request: () => ({ path: `/content/quiz-questions?index=${encodeURIComponent(SQL_INJECTION)}` }),
    status: 200,
    accepted: {},
  },
  ...refusedCallers(LIST, () => ({})),
  ...badCreates.map(
    ([what, value, message]): HostileCase => ({
      name: `quiz bank add: ${what}`,
      route: CREATE,
      who: 'SUPERADMIN',
      request: () => ({ body: json(value) }),
      status: 400,
      ...(message ? { message } : {}),
    }),
  ),
  {
    name: 'quiz bank add: a __proto__ key',
    route: CREATE,
    who: 'SUPERADMIN',
    request: () => ({
      body: raw(`{"__proto__":{"polluted":"yes"},"question":"${valid.question}","answer":true}`),
    }),
    status: 400,
  },
  {
    name: 'quiz bank add: the text of an active question, spaces around it',
    route: CREATE,
    who: 'SUPERADMIN',
    request: (ctx) => ({ body: json({ question: `  ${drawnText(ctx)} `, answer: false }) }),
    status: 409,
    message: CONTENT_MESSAGES.quizQuestionDuplicate,
  },
  ...refusedCallers(CREATE, () => ({ body: json(valid) })),
  {
    name: 'quiz bank add: markup and SQL are stored as text',
    route: CREATE,
    who: 'SUPERADMIN',
    request: () => ({ body: json({ question: MARKUP_QUESTION, answer: true }) }),
    status: 201,
    accepted: {
      mayChange: WRITES,
      verify: async (ctx, body) => {
        const { data } = JSON.parse(body) as { data: { index: number; question: string; version: number } };
        expectText(data.question, MARKUP_QUESTION);
        const row = await stored(ctx, data.index);
        expectText(row.question, MARKUP_QUESTION);
        if (row.version !== 1 || row.versions !== 1)
          throw new Error(`not a version 1: ${JSON.stringify(row)}`);
      },
    },
  },
  {
    name: 'quiz bank add: Typst syntax is stored as text',
    route: CREATE,
    who: 'SUPERADMIN',
    request: () => ({ body: json({ question: TYPST_QUESTION, answer: false, section: null }) }),
    status: 201,
    accepted: {
      mayChange: WRITES,
      verify: async (ctx, body) => {
        const { data } = JSON.parse(body) as { data: { index: number; question: string } };
        expectText(data.question, TYPST_QUESTION);
        expectText((await stored(ctx, data.index)).question, TYPST_QUESTION);
      },
    },
  },
];

const badIds: readonly (readonly [string, string])[] = [
  ['an id that is a word', 'abc'],
  ['a negative id', '-1'],
  ['an id of 0', '0'],
  ['a fractional id', '1.5'],
  ['an id past int4', '99999999999'],
  ['an id that is SQL', encodeURIComponent(SQL_INJECTION)],
];

const edit: HostileCase[] = [
  ...badIds.map(
    ([what, id]): HostileCase => ({
      name: `quiz bank edit: ${what}`,
      route: PATCH,
      who: 'SUPERADMIN',
      request: () => ({ path: path(id), body: json({ answer: false }) }),
      status: 400,
      message: CONTENT_MESSAGES.quizQuestionIdInvalid,
    }),
  ),
  {
    name: 'quiz bank edit: an unknown question',
    route: PATCH,
    who: 'SUPERADMIN',
    request: () => ({ path: path(999_999), body: json({ answer: false }) }),
    status: 404,
    message: CONTENT_MESSAGES.quizQuestionNotFound,
  },
  ...(
    [
      ['an empty patch', {}, CONTENT_MESSAGES.nothingToChange],
      ['an unknown field', { answer: false, version: 1 }],
      ['active as text', { active: 'false' }, CONTENT_MESSAGES.flagInvalid],
      ['an empty question', { question: '' }, CONTENT_MESSAGES.quizQuestionText],
      [
        'an over-long question',
        { question: 'س'.repeat(CONTENT_LIMITS.quizQuestion.max + 1) },
        CONTENT_MESSAGES.quizQuestionText,
      ],
      ['a NUL byte in the question', { question: `سؤال الميثاق${NUL}هنا` }],
      ['a section that is SQL', { section: SQL_DROP }, CONTENT_MESSAGES.quizSectionInvalid],
      ['an answer that is null', { answer: null }, CONTENT_MESSAGES.quizAnswerRequired],
    ] as const
  ).map(
    ([what, value, message]): HostileCase => ({
      name: `quiz bank edit: ${what}`,
      route: PATCH,
      who: 'SUPERADMIN',
      request: (ctx) => ({ path: path(notDrawn(ctx, 0)), body: json(value) }),
      status: 400,
      ...(message ? { message } : {}),
    }),
  ),
  {
    name: 'quiz bank edit: rewording to the text of another active question',
    route: PATCH,
    who: 'SUPERADMIN',
    request: (ctx) => ({ path: path(notDrawn(ctx, 0)), body: json({ question: drawnText(ctx) }) }),
    status: 409,
    message: CONTENT_MESSAGES.quizQuestionDuplicate,
  },
  ...refusedCallers(PATCH, (ctx) => ({ path: path(notDrawn(ctx, 0)), body: json({ active: false }) })),
  {
    name: 'quiz bank edit: a rewording in markup and Typst is a new version, stored as text',
    route: PATCH,
    who: 'SUPERADMIN',
    request: (ctx) => ({ path: path(notDrawn(ctx, 0)), body: json({ question: REWORDED }) }),
    status: 200,
    accepted: {
      mayChange: WRITES,
      verify: async (ctx, body) => {
        const { data } = JSON.parse(body) as { data: { index: number; question: string; version: number } };
        expectText(data.question, REWORDED);
        const row = await stored(ctx, notDrawn(ctx, 0));
        expectText(row.question, REWORDED);
        if (row.version !== 2 || row.versions !== 2)
          throw new Error(`not a version 2: ${JSON.stringify(row)}`);
      },
    },
  },
];

const retire: HostileCase[] = [
  ...badIds.map(
    ([what, id]): HostileCase => ({
      name: `quiz bank retire: ${what}`,
      route: DELETE,
      who: 'SUPERADMIN',
      request: () => ({ path: path(id) }),
      status: 400,
      message: CONTENT_MESSAGES.quizQuestionIdInvalid,
    }),
  ),
  {
    name: 'quiz bank retire: an unknown question',
    route: DELETE,
    who: 'SUPERADMIN',
    request: () => ({ path: path(999_999) }),
    status: 404,
    message: CONTENT_MESSAGES.quizQuestionNotFound,
  },
  ...refusedCallers(DELETE, (ctx) => ({ path: path(notDrawn(ctx, 1)) })),
  {
    name: 'quiz bank retire: the question stays, with its versions, out of new draws',
    route: DELETE,
    who: 'SUPERADMIN',
    request: (ctx) => ({ path: path(notDrawn(ctx, 1)) }),
    status: 200,
    accepted: {
      mayChange: WRITES,
      verify: async (ctx) => {
        const row = await stored(ctx, notDrawn(ctx, 1));
        if (row.active || row.versions !== 1)
          throw new Error(`not retired as it was: ${JSON.stringify(row)}`);
      },
    },
  },
];

export const CONTENT_QUIZ_CASES: readonly HostileCase[] = [...create, ...edit, ...retire];
