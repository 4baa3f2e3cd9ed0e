import { CONTENT_LIMITS, CONTENT_MESSAGES } from '@portal/common';
import type { CaseContext, HostileBody, HostileCase } from './hostile-case.js';
import { NUL, SCRIPT_TAG, SQL_DROP, SQL_INJECTION, TYPST_MARKUP } from './payloads.js';

/**
 * Issue 19: hostile input on the content calls for the questionnaire. Every refused write answers Arabic and
 * changes nothing. The accepted cases add and edit an INACTIVE question, so the questionnaire the later cases
 * answer (`ctx.questions`) stays as it was.
 */

const json = (value: unknown): HostileBody => ({ kind: 'json', value });
const raw = (payload: string): HostileBody => ({ kind: 'raw', payload, contentType: 'application/json' });

const LIST = 'GET /content/additional-questions';
const CREATE = 'POST /content/additional-questions';
const PATCH = 'PATCH /content/additional-questions/:id';
const ORDER = 'POST /content/additional-questions/order';

/** Text as a super admin might paste it: markup, Typst and SQL, to be stored and served verbatim. */
const MARKUP_QUESTION = `${SCRIPT_TAG} ${TYPST_MARKUP} ] [ ${SQL_INJECTION}`;
const MARKUP_OPTIONS = [SCRIPT_TAG, TYPST_MARKUP, '] [', 'أخرى'];
const EDITED_QUESTION = `${TYPST_MARKUP} $x$ ${SCRIPT_TAG}`;

/** The id the accepted create answered, for the accepted edit after it. */
let created = 'q_not_created';

const editable = (ctx: CaseContext) => ctx.questions[0]?.id ?? 'residence';

const QUESTION_CHANGES = ['additional_questions', 'content_versions', 'audit_log'] as const;

async function storedQuestion(ctx: CaseContext, id: string) {
  const [row] = await ctx.query<{
    question: string;
    options: string[];
    active: boolean;
    description: string | null;
  }>('SELECT question, options, active, description FROM additional_questions WHERE id = $1', [id]);
  if (!row) throw new Error(`question ${id} not stored`);
  return row;
}

const badCreates: readonly (readonly [string, unknown, string?])[] = [
  ['an empty question', { type: 'input', question: '' }, CONTENT_MESSAGES.questionTextInvalid],
  [
    'an over-long question',
    { type: 'input', question: 'س'.repeat(CONTENT_LIMITS.questionText.max + 1) },
    CONTENT_MESSAGES.questionTextInvalid,
  ],
  [
    'a question that is an object',
    { type: 'input', question: { $ne: '' } },
    CONTENT_MESSAGES.questionTextInvalid,
  ],
  ['an unknown type', { type: SQL_DROP, question: 'سؤال؟' }, CONTENT_MESSAGES.questionTypeInvalid],
  [
    'duplicate options',
    { type: 'mcq', question: 'سؤال؟', options: [SCRIPT_TAG, SCRIPT_TAG] },
    CONTENT_MESSAGES.optionsDuplicate,
  ],
  [
    'a type its options disagree with',
    { type: 'mcq_input', question: 'سؤال؟', options: ['أ', 'ب'] },
    CONTENT_MESSAGES.otherOptionRequired,
  ],
  [
    'a free-text question with options',
    { type: 'input', question: 'سؤال؟', options: ['أ', 'ب'] },
    CONTENT_MESSAGES.inputHasNoOptions,
  ],
  ['a NUL byte in the question', { type: 'input', question: `سؤال${NUL}؟` }],
  ['a NUL byte in an option', { type: 'mcq', question: 'سؤال؟', options: ['أ', `ب${NUL}`] }],
  ['an unknown field (a chosen id)', { type: 'input', question: 'سؤال؟', id: 'residence' }],
  ['a body that is a list', [{ type: 'input', question: 'سؤال؟' }]],
];

const badPatches: readonly (readonly [string, unknown, string?])[] = [
  ['an empty patch', {}, CONTENT_MESSAGES.nothingToChange],
  [
    'an over-long question',
    { question: 'س'.repeat(CONTENT_LIMITS.questionText.max + 1) },
    CONTENT_MESSAGES.questionTextInvalid,
  ],
  ['options that are a string', { options: 'نعم,لا' }, CONTENT_MESSAGES.optionInvalid],
  ['active that is a string', { active: 'false' }, CONTENT_MESSAGES.flagInvalid],
  ['an unknown field (sortOrder)', { sortOrder: 0 }],
  ['a NUL byte in the description', { description: `وصف${NUL}` }],
];

export const CONTENT_QUESTIONNAIRE_CASES: readonly HostileCase[] = [
  {
    name: 'questionnaire content: the list, for the super admin',
    route: LIST,
    who: 'SUPERADMIN',
    request: () => ({ path: '/content/additional-questions?type=%27%3B+DROP' }),
    status: 200,
    accepted: {
      verify: (ctx, body) => {
        const ids = (JSON.parse(body) as { data: { id: string }[] }).data.map((q) => q.id);
        for (const question of ctx.questions)
          if (!ids.includes(question.id)) throw new Error(`${question.id} missing: ${body.slice(0, 200)}`);
      },
    },
  },
  ...(['ADMIN', 'SUPPORT'] as const).map(
    (who): HostileCase => ({
      name: `questionnaire content: the list, for ${who}`,
      route: LIST,
      who,
      request: () => ({}),
      status: 403,
    }),
  ),
  {
    name: 'questionnaire content: the list, without a token',
    route: LIST,
    who: 'anonymous',
    request: () => ({}),
    status: 401,
  },

  ...badCreates.map(
    ([what, value, message]): HostileCase => ({
      name: `questionnaire content: add ${what}`,
      route: CREATE,
      who: 'SUPERADMIN',
      request: () => ({ body: json(value) }),
      status: 400,
      ...(message ? { message } : {}),
    }),
  ),
  {
    name: 'questionnaire content: add with a __proto__ key',
    route: CREATE,
    who: 'SUPERADMIN',
    request: () => ({ body: raw('{"__proto__":{"polluted":"yes"},"type":"input","question":"سؤال؟"}') }),
    status: 400,
  },
  ...(['ADMIN', 'SUPPORT', 'student'] as const).map(
    (who): HostileCase => ({
      name: `questionnaire content: add, by ${who}`,
      route: CREATE,
      who,
      request: () => ({ body: json({ type: 'input', question: 'سؤال من غير المسؤول؟' }) }),
      status: who === 'student' ? 401 : 403,
    }),
  ),
  {
    name: 'questionnaire content: add markup, Typst and SQL, kept as plain text (inactive)',
    route: CREATE,
    who: 'SUPERADMIN',
    request: () => ({
      body: json({
        type: 'mcq_input',
        question: MARKUP_QUESTION,
        description: TYPST_MARKUP,
        options: MARKUP_OPTIONS,
        active: false,
      }),
    }),
    status: 201,
    accepted: {
      mayChange: QUESTION_CHANGES,
      verify: async (ctx, body) => {
        const { data } = JSON.parse(body) as { data: { id: string; question: string } };
        created = data.id;
        if (data.question !== MARKUP_QUESTION) throw new Error(`answered ${data.question}`);
        const row = await storedQuestion(ctx, data.id);
        if (
          row.question !== MARKUP_QUESTION ||
          row.description !== TYPST_MARKUP ||
          JSON.stringify(row.options) !== JSON.stringify(MARKUP_OPTIONS) ||
          row.active
        )
          throw new Error(`stored ${JSON.stringify(row)}`);
      },
    },
  },

  ...badPatches.map(
    ([what, value, message]): HostileCase => ({
      name: `questionnaire content: edit with ${what}`,
      route: PATCH,
      who: 'SUPERADMIN',
      request: (ctx) => ({ path: `/content/additional-questions/${editable(ctx)}`, body: json(value) }),
      status: 400,
      ...(message ? { message } : {}),
    }),
  ),
  {
    name: "questionnaire content: edit a yes/no question's options to drop 'نعم'",
    route: PATCH,
    who: 'SUPERADMIN',
    request: (ctx) => ({
      path: `/content/additional-questions/${ctx.questions.find((q) => q.type === 'mcq_yes_input')?.id ?? 'x'}`,
      body: json({ options: [SCRIPT_TAG, 'لا'] }),
    }),
    status: 400,
    message: CONTENT_MESSAGES.yesOptionRequired,
  },
  {
    name: 'questionnaire content: edit an unknown question (SQL as the id)',
    route: PATCH,
    who: 'SUPERADMIN',
    request: () => ({
      path: `/content/additional-questions/${encodeURIComponent(SQL_DROP)}`,
      body: json({ active: false }),
    }),
    status: 404,
    message: CONTENT_MESSAGES.questionNotFound,
  },
  {
    name: 'questionnaire content: edit with an id of 101 characters',
    route: PATCH,
    who: 'SUPERADMIN',
    request: () => ({
      path: `/content/additional-questions/${'q'.repeat(101)}`,
      body: json({ active: false }),
    }),
    status: 400,
    message: CONTENT_MESSAGES.questionIdInvalid,
  },
  ...(['ADMIN', 'SUPPORT'] as const).map(
    (who): HostileCase => ({
      name: `questionnaire content: deactivate a question, by ${who}`,
      route: PATCH,
      who,
      request: (ctx) => ({
        path: `/content/additional-questions/${editable(ctx)}`,
        body: json({ active: false }),
      }),
      status: 403,
    }),
  ),
  {
    name: 'questionnaire content: edit the added question with Typst and markup, kept as plain text',
    route: PATCH,
    who: 'SUPERADMIN',
    request: () => ({
      path: `/content/additional-questions/${created}`,
      body: json({ question: EDITED_QUESTION, description: '' }),
    }),
    status: 200,
    accepted: {
      mayChange: QUESTION_CHANGES,
      verify: async (ctx) => {
        const row = await storedQuestion(ctx, created);
        if (row.question !== EDITED_QUESTION || row.description !== null || row.active)
          throw new Error(`stored ${JSON.stringify(row)}`);
      },
    },
  },

  ...(
    [
      ['an empty list', { ids: [] }],
      ['an unknown id only', { ids: [SQL_DROP] }],
      ['ids that are numbers', { ids: [1, 2, 3] }],
      ['ids that are a string', { ids: 'residence,transport' }],
      ['an id with a NUL byte', { ids: [`residence${NUL}`] }],
      ['an unknown field', { ids: ['residence'], force: true }],
    ] as const
  ).map(
    ([what, value]): HostileCase => ({
      name: `questionnaire content: order with ${what}`,
      route: ORDER,
      who: 'SUPERADMIN',
      request: () => ({ body: json(value) }),
      status: 400,
    }),
  ),
  {
    name: 'questionnaire content: order naming the active questions only (the inactive ones left out)',
    route: ORDER,
    who: 'SUPERADMIN',
    request: (ctx) => ({ body: json({ ids: ctx.questions.map((q) => q.id) }) }),
    status: 400,
    message: CONTENT_MESSAGES.orderInvalid,
  },
  {
    name: 'questionnaire content: order naming a question twice',
    route: ORDER,
    who: 'SUPERADMIN',
    request: (ctx) => ({
      body: json({ ids: [...ctx.questions.map((q) => q.id), created, ctx.questions[0]?.id] }),
    }),
    status: 400,
    message: CONTENT_MESSAGES.orderInvalid,
  },
  ...(['ADMIN', 'SUPPORT'] as const).map(
    (who): HostileCase => ({
      name: `questionnaire content: order, by ${who}`,
      route: ORDER,
      who,
      request: (ctx) => ({ body: json({ ids: ctx.questions.map((q) => q.id).reverse() }) }),
      status: 403,
    }),
  ),
];
