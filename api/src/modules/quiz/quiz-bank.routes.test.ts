// Kept whole: the quiz bank's editing routes and what a stored draw keeps of them, on one app and one embedded
// database; another file would start another database.
import { CONTENT_MESSAGES, MESSAGES, QUIZ_QUESTION_COUNT, type StaffRole } from '@portal/common';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { injectAs, staffWithRole } from '../../../test/auth-helpers.js';
import { insertStudent, loginStudent } from '../../../test/builders.js';
import { createTestApp } from '../../../test/test-app.js';
import {
  auditLog,
  contentVersions,
  quizAttempts,
  quizDraws,
  quizQuestions,
  quizQuestionVersions,
} from '../../db/schema/index.js';

const { app, database } = await createTestApp({ STUDENT_LOOKUP_RATE_LIMIT: '10000' });
const { db } = database;

const BASE = '/api/v1/content/quiz-questions';
const url = (id: number | string) => `${BASE}/${id}`;

function call(who: StaffRole, options: InjectOptions) {
  return injectAs(app, who, options);
}
const list = () => call('SUPERADMIN', { method: 'GET', url: BASE });
const create = (payload: unknown) =>
  call('SUPERADMIN', { method: 'POST', url: BASE, payload: payload as object });
const patch = (id: number | string, payload: unknown) =>
  call('SUPERADMIN', { method: 'PATCH', url: url(id), payload: payload as object });
const retire = (id: number | string) => call('SUPERADMIN', { method: 'DELETE', url: url(id) });

const question = async (index: number) =>
  (await db.select().from(quizQuestions).where(eq(quizQuestions.index, index)))[0];
const versionsOf = (index: number) =>
  db
    .select()
    .from(quizQuestionVersions)
    .where(eq(quizQuestionVersions.questionIndex, index))
    .orderBy(asc(quizQuestionVersions.version));
const quizCounter = async () =>
  (await db.select().from(contentVersions).where(eq(contentVersions.kind, 'quiz')))[0]?.version;
const auditOf = (index: number) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'quiz_question'), eq(auditLog.targetId, String(index))))
    .orderBy(asc(auditLog.createdAt));
const activeIndexes = async () =>
  (
    await db
      .select({ index: quizQuestions.index })
      .from(quizQuestions)
      .where(eq(quizQuestions.active, true))
      .orderBy(asc(quizQuestions.index))
  ).map((row) => row.index);

/** The section titles of the charter as published now. */
async function charterTitles(): Promise<string[]> {
  const { rows } = await db.execute<{ title: string }>(sql`
    SELECT s->>'title' AS title
    FROM (SELECT sections FROM charter_versions ORDER BY version DESC LIMIT 1) c, jsonb_array_elements(c.sections) s`);
  return rows.map((row) => row.title);
}

/**
 * Runs the calls while the quiz counter's row is held by another transaction, and lets it go only once both are
 * waiting on a lock: each call has by then done every check it makes before raising the counter, so the two
 * overlap for sure (without the bank's own lock, both would pass their checks on the same state).
 */
async function overlapping<T>(calls: () => Promise<T>[]): Promise<T[]> {
  const holder = await database.pool.connect();
  try {
    await holder.query('BEGIN');
    const { rows: held } = await holder.query<{ pid: number }>(
      "SELECT pg_backend_pid() AS pid FROM content_versions WHERE kind = 'quiz' FOR UPDATE",
    );
    const pending = calls();
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { rows } = await database.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> $1`,
        [held[0]?.pid],
      );
      if ((rows[0]?.n ?? 0) >= pending.length || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await holder.query('ROLLBACK');
    return await Promise.all(pending);
  } finally {
    holder.release();
  }
}

let textCounter = 0;
/** A question text no other test uses. */
const freshText = () => `سؤال اختبار جديد رقم ${++textCounter} عن الميثاق`;

const error = (message: string) => ({ status: 'error', message });

describe('GET /content/quiz-questions', () => {
  it('lists every question by index, with the fewest that must stay active', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.minimumActive).toBe(QUIZ_QUESTION_COUNT);
    const rows = await db.select().from(quizQuestions).orderBy(asc(quizQuestions.index));
    expect(body.data.map((q: { index: number }) => q.index)).toEqual(rows.map((row) => row.index));
    expect(body.data[0]).toEqual({
      index: rows[0]?.index,
      question: rows[0]?.question,
      answer: rows[0]?.answer,
      section: 'أحكام عامة',
      active: true,
      version: 1,
      updatedAt: rows[0]?.updatedAt.toISOString(),
    });
  });

  it('lists retired questions too', async () => {
    const created = (await create({ question: freshText(), answer: true })).json().data;
    expect((await retire(created.index)).statusCode).toBe(200);
    const entry = (await list()).json().data.find((q: { index: number }) => q.index === created.index);
    expect(entry).toMatchObject({ index: created.index, active: false });
  });
});

describe('POST /content/quiz-questions', () => {
  it('adds a question at the next index as its version 1, audited, and raises the quiz counter', async () => {
    const superAdmin = await staffWithRole(app, 'SUPERADMIN');
    const [highest] = await db.select({ max: sql<number>`max("index")` }).from(quizQuestions).execute();
    const counter = await quizCounter();
    const text = freshText();
    const res = await create({ question: `  ${text}  `, answer: false });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(CONTENT_MESSAGES.quizQuestionAdded);
    expect(body.data).toMatchObject({
      index: Number(highest?.max) + 1,
      question: text,
      answer: false,
      section: null,
      active: true,
      version: 1,
    });
    expect(await versionsOf(body.data.index)).toMatchObject([
      { version: 1, question: text, answer: false, section: null, createdByUserName: superAdmin.userName },
    ]);
    expect(await quizCounter()).toBe((counter ?? 0) + 1);
    const audit = await auditOf(body.data.index);
    expect(audit).toMatchObject([
      {
        action: 'content.quiz.create',
        actorUserName: superAdmin.userName,
        details: { before: null, after: { question: text, answer: false, version: 1, active: true } },
      },
    ]);
  });

  it('records a section of the published charter', async () => {
    const [title] = await charterTitles();
    expect(title).toBeTruthy();
    const res = await create({ question: freshText(), answer: true, section: title });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.section).toBe(title);
    expect((await versionsOf(res.json().data.index))[0]?.section).toBe(title);
  });

  it('stores markup and Typst syntax as text and returns it verbatim', async () => {
    const text = '<script>alert(1)</script> #set page(fill: red) $x^2$ ] [ *عريض* هل هذا نص؟';
    const res = await create({ question: text, answer: true });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.question).toBe(text);
    expect((await question(res.json().data.index))?.question).toBe(text);
    const listed = (await list())
      .json()
      .data.find((q: { index: number }) => q.index === res.json().data.index);
    expect(listed.question).toBe(text);
  });

  it('gives two questions added at once their own indexes', async () => {
    const [a, b] = await overlapping(() => [
      create({ question: freshText(), answer: true }),
      create({ question: freshText(), answer: false }),
    ]);
    expect([a?.statusCode, b?.statusCode]).toEqual([201, 201]);
    const indexes = [a?.json().data.index, b?.json().data.index];
    expect(new Set(indexes).size).toBe(2);
    expect(Math.abs(indexes[0] - indexes[1])).toBe(1);
  });

  it.each([
    [
      'a section that is not the charter’s',
      { section: 'باب لا وجود له' },
      400,
      CONTENT_MESSAGES.quizSectionInvalid,
    ],
    ['a text too short', { question: 'قصير' }, 400, CONTENT_MESSAGES.quizQuestionText],
    ['a text too long', { question: 'س'.repeat(501) }, 400, CONTENT_MESSAGES.quizQuestionText],
    ['a text of spaces', { question: '      ' }, 400, CONTENT_MESSAGES.quizQuestionText],
    ['no answer', { answer: undefined }, 400, CONTENT_MESSAGES.quizAnswerRequired],
    ['an answer as text', { answer: 'true' }, 400, CONTENT_MESSAGES.quizAnswerRequired],
  ])('refuses %s, changing nothing', async (_, change, status, message) => {
    const before = await db.select().from(quizQuestions);
    const counter = await quizCounter();
    const res = await create({ question: freshText(), answer: true, ...change });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual(error(message));
    expect(await db.select().from(quizQuestions)).toEqual(before);
    expect(await quizCounter()).toBe(counter);
  });

  it('refuses the text of another active question with 409, spaces around it aside', async () => {
    const text = freshText();
    expect((await create({ question: text, answer: true })).statusCode).toBe(201);
    const before = await db.select().from(quizQuestions);
    const res = await create({ question: ` ${text} `, answer: false });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(error(CONTENT_MESSAGES.quizQuestionDuplicate));
    expect(await db.select().from(quizQuestions)).toEqual(before);
  });

  it('takes the text of a retired question', async () => {
    const text = freshText();
    const first = (await create({ question: text, answer: true })).json().data;
    await retire(first.index);
    expect((await create({ question: text, answer: true })).statusCode).toBe(201);
  });
});

describe('PATCH /content/quiz-questions/{id}', () => {
  it('makes a new version of an edit and keeps the old one as it was', async () => {
    const created = (await create({ question: freshText(), answer: true })).json().data;
    const [title] = await charterTitles();
    const text = freshText();
    const counter = await quizCounter();
    const res = await patch(created.index, { question: text, answer: false, section: title });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(CONTENT_MESSAGES.quizQuestionSaved);
    expect(res.json().data).toMatchObject({ question: text, answer: false, section: title, version: 2 });
    const versions = await versionsOf(created.index);
    expect(versions).toMatchObject([
      { version: 1, question: created.question, answer: true, section: null },
      { version: 2, question: text, answer: false, section: title },
    ]);
    expect(await quizCounter()).toBe((counter ?? 0) + 1);
    const audit = await auditOf(created.index);
    expect(audit.at(-1)).toMatchObject({
      action: 'content.quiz.update',
      details: {
        before: { question: created.question, answer: true, version: 1 },
        after: { question: text, answer: false, version: 2 },
      },
    });
  });

  it('makes no version, no audit row and no counter change of a patch that changes nothing', async () => {
    const created = (await create({ question: freshText(), answer: true })).json().data;
    const counter = await quizCounter();
    const audits = (await auditOf(created.index)).length;
    const res = await patch(created.index, { question: created.question, answer: true, section: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.version).toBe(1);
    expect(await versionsOf(created.index)).toHaveLength(1);
    expect(await auditOf(created.index)).toHaveLength(audits);
    expect(await quizCounter()).toBe(counter);
  });

  it('retires with active: false and restores with active: true, without a new version', async () => {
    const created = (await create({ question: freshText(), answer: true })).json().data;
    const retired = await patch(created.index, { active: false });
    expect(retired.statusCode).toBe(200);
    expect(retired.json()).toMatchObject({
      message: CONTENT_MESSAGES.quizQuestionRetired,
      data: { active: false, version: 1 },
    });
    const restored = await patch(created.index, { active: true });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({
      message: CONTENT_MESSAGES.quizQuestionRestored,
      data: { active: true, version: 1 },
    });
    expect((await auditOf(created.index)).map((row) => row.action)).toEqual([
      'content.quiz.create',
      'content.quiz.retire',
      'content.quiz.restore',
    ]);
  });

  it('refuses to restore a question whose text another active one now has', async () => {
    const text = freshText();
    const first = (await create({ question: text, answer: true })).json().data;
    await retire(first.index);
    await create({ question: text, answer: true });
    const res = await patch(first.index, { active: true });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(error(CONTENT_MESSAGES.quizQuestionDuplicate));
    expect((await question(first.index))?.active).toBe(false);
  });

  it('refuses a rewording to the text of another active question', async () => {
    const taken = (await create({ question: freshText(), answer: true })).json().data;
    const other = (await create({ question: freshText(), answer: true })).json().data;
    const res = await patch(other.index, { question: taken.question });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(error(CONTENT_MESSAGES.quizQuestionDuplicate));
    expect(await versionsOf(other.index)).toHaveLength(1);
  });

  it('refuses a section that is not a title of the published charter', async () => {
    const created = (await create({ question: freshText(), answer: true })).json().data;
    const res = await patch(created.index, { section: 'الباب الأخير الذي لا وجود له' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error(CONTENT_MESSAGES.quizSectionInvalid));
    expect(await versionsOf(created.index)).toHaveLength(1);
  });

  it.each([
    ['an unknown id', 999_999, { answer: true }, 404, CONTENT_MESSAGES.quizQuestionNotFound],
    ['an id that is not a number', 'abc', { answer: true }, 400, CONTENT_MESSAGES.quizQuestionIdInvalid],
    ['an id of 0', 0, { answer: true }, 400, CONTENT_MESSAGES.quizQuestionIdInvalid],
    ['an id past int4', '2147483648', { answer: true }, 400, CONTENT_MESSAGES.quizQuestionIdInvalid],
    ['an empty patch', 1, {}, 400, CONTENT_MESSAGES.nothingToChange],
    ['an unknown field', 1, { answer: true, index: 7 }, 400, undefined],
    ['active as text', 1, { active: 'false' }, 400, CONTENT_MESSAGES.flagInvalid],
  ])('refuses %s', async (_, id, payload, status, message) => {
    const before = await db.select().from(quizQuestions);
    const res = await patch(id, payload);
    expect(res.statusCode).toBe(status);
    if (message) expect(res.json()).toEqual(error(message));
    else expect(res.json().status).toBe('error');
    expect(await db.select().from(quizQuestions)).toEqual(before);
  });
});

describe('DELETE /content/quiz-questions/{id}', () => {
  it('retires the question and keeps it and its versions', async () => {
    const created = (await create({ question: freshText(), answer: true })).json().data;
    await patch(created.index, { answer: false });
    const res = await retire(created.index);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success',
      message: CONTENT_MESSAGES.quizQuestionRetired,
      data: { index: created.index, active: false, version: 2 },
    });
    expect((await question(created.index))?.active).toBe(false);
    expect(await versionsOf(created.index)).toHaveLength(2);
    expect((await auditOf(created.index)).at(-1)?.action).toBe('content.quiz.retire');
    // Retiring it again changes nothing and says it is retired.
    const audits = (await auditOf(created.index)).length;
    const again = await retire(created.index);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(CONTENT_MESSAGES.quizQuestionRetired);
    expect(await auditOf(created.index)).toHaveLength(audits);
  });

  it('answers 404 and 400 for an unknown and a bad id', async () => {
    expect((await retire(999_999)).json()).toEqual(error(CONTENT_MESSAGES.quizQuestionNotFound));
    const bad = await retire('1.5');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(error(CONTENT_MESSAGES.quizQuestionIdInvalid));
  });
});

describe('who may edit the quiz bank', () => {
  const calls: InjectOptions[] = [
    { method: 'GET', url: BASE },
    { method: 'POST', url: BASE, payload: { question: 'سؤال من غير المسؤول', answer: true } },
    { method: 'PATCH', url: url(1), payload: { answer: false } },
    { method: 'DELETE', url: url(1) },
  ];

  it.each(calls.map((options) => [`${options.method} ${options.url}`, options] as const))(
    '%s: refused to ADMIN and SUPPORT (403) and without a token (401)',
    async (_, options) => {
      const before = await db.select().from(quizQuestions);
      for (const role of ['ADMIN', 'SUPPORT'] as const) {
        const res = await call(role, options);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual(error(MESSAGES.forbidden));
      }
      const anonymous = await app.inject(options);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().status).toBe('error');
      expect(await db.select().from(quizQuestions)).toEqual(before);
    },
  );
});

describe('a stored draw keeps the versions it was drawn with', () => {
  const drawFor = async (studentId: string, cookie: string) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/students/question/${studentId}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    return res.json().randomQuestions as { index: number; question: string }[];
  };

  it('grades the old versions after an edit and a retirement, and draws the new wording next', async () => {
    const student = await insertStudent(db);
    const cookie = await loginStudent(app, student.nationalId);
    const drawn = await drawFor(student.id, cookie);
    const [edited, retired] = drawn.map((q) => q.index) as [number, number];
    const before = await Promise.all(drawn.map((q) => question(q.index)));
    const oldAnswers = Object.fromEntries(before.map((row) => [String(row?.index), String(row?.answer)]));
    const oldVersions = Object.fromEntries(before.map((row) => [String(row?.index), row?.version]));

    const newWording = freshText();
    const edit = await patch(edited, { question: newWording, answer: !before[0]?.answer });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data.version).toBe((before[0]?.version ?? 0) + 1);
    expect((await retire(retired)).statusCode).toBe(200);

    // The draw itself is untouched by the edit.
    const [stored] = await db.select().from(quizDraws).where(eq(quizDraws.studentId, student.id));
    expect(stored?.questionVersions).toEqual(before.map((row) => row?.version));

    const submit = await app.inject({
      method: 'POST',
      url: `/api/v1/students/question/${student.id}`,
      headers: { cookie },
      payload: { answers: oldAnswers },
    });
    expect(submit.statusCode).toBe(200);
    expect(submit.json()).toEqual({
      status: 'success',
      message: 'تهانينا! لقد اجتزت اختبار ميثاق الطالب بنجاح',
      isPassed: true,
    });
    const [attempt] = await db.select().from(quizAttempts).where(eq(quizAttempts.studentId, student.id));
    expect(attempt).toMatchObject({ passed: true, correctCount: QUIZ_QUESTION_COUNT });
    expect(attempt?.questionVersions).toEqual(oldVersions);

    // Another student's draws: the edited question in its new wording and version, the retired one never.
    const next = await insertStudent(db);
    const nextCookie = await loginStudent(app, next.nationalId);
    let seen = false;
    for (let i = 0; i < 120 && !seen; i++) {
      const questions = await drawFor(next.id, nextCookie);
      expect(questions.map((q) => q.index)).not.toContain(retired);
      const mine = questions.find((q) => q.index === edited);
      if (mine) {
        seen = true;
        expect(mine.question).toBe(newWording);
        const [draw] = await db.select().from(quizDraws).where(eq(quizDraws.studentId, next.id));
        const position = draw?.questionIndexes.indexOf(edited) ?? -1;
        expect(draw?.questionVersions[position]).toBe((before[0]?.version ?? 0) + 1);
      }
    }
    expect(seen).toBe(true);
  });
});

describe('the fewest active questions', () => {
  /** Leaves exactly `keep` questions active (the first by index) and answers the indexes kept. */
  async function keepActive(keep: number): Promise<number[]> {
    const kept = (await activeIndexes()).slice(0, keep);
    expect(kept).toHaveLength(keep);
    await db.execute(
      sql`UPDATE quiz_questions SET active = ("index" = ANY(${sql.param(kept)}::int[])) WHERE active`,
    );
    return kept;
  }

  it('refuses to retire below a draw’s worth, even two at once', async () => {
    const kept = await keepActive(QUIZ_QUESTION_COUNT + 1);
    const [first, second] = kept as [number, number];
    const results = await overlapping(() => [retire(first), retire(second)]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const refused = results.find((res) => res.statusCode === 409);
    expect(refused?.json()).toEqual(error(CONTENT_MESSAGES.quizTooFewActive));
    expect(await activeIndexes()).toHaveLength(QUIZ_QUESTION_COUNT);

    // At the minimum, neither a DELETE nor a PATCH retires, and nothing changes.
    const remaining = await activeIndexes();
    const counter = await quizCounter();
    for (const res of [
      await retire(remaining[0] ?? 0),
      await patch(remaining[1] ?? 0, { active: false, answer: true }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(error(CONTENT_MESSAGES.quizTooFewActive));
    }
    expect(await activeIndexes()).toEqual(remaining);
    expect(await quizCounter()).toBe(counter);

    // A student still draws a whole quiz from what is left.
    const student = await insertStudent(db);
    const cookie = await loginStudent(app, student.nationalId);
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/students/question/${student.id}`,
      headers: { cookie },
    });
    expect(
      res
        .json()
        .randomQuestions.map((q: { index: number }) => q.index)
        .sort(),
    ).toEqual([...remaining].sort());
  });
});
