import type { QuestionType } from '@portal/common';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/executor.js';
import type { Database } from '../../db/pool.js';
import { additionalAnswers, additionalQuestions } from '../../db/schema/index.js';

/** A questionnaire question as stored, with how many students answered it. */
export interface QuestionRow {
  id: string;
  type: QuestionType;
  question: string;
  description: string | null;
  options: string[];
  active: boolean;
  sortOrder: number;
  answeredCount: number;
  updatedAt: Date;
}

/** The fields a create or an edit writes. */
export interface QuestionFields {
  type: QuestionType;
  question: string;
  description: string | null;
  options: string[];
  active: boolean;
}

const answeredCount = sql<number>`(SELECT count(*)::int FROM ${additionalAnswers}
  WHERE ${additionalAnswers.questionId} = ${additionalQuestions.id})`;

const columns = {
  id: additionalQuestions.id,
  type: additionalQuestions.type,
  question: additionalQuestions.question,
  description: additionalQuestions.description,
  options: additionalQuestions.options,
  active: additionalQuestions.active,
  sortOrder: additionalQuestions.sortOrder,
  answeredCount,
  updatedAt: additionalQuestions.updatedAt,
};

/** The question, row-locked until the transaction ends. */
async function lock(tx: DbExecutor, id: string): Promise<QuestionRow | undefined> {
  const [row] = await tx
    .select(columns)
    .from(additionalQuestions)
    .where(eq(additionalQuestions.id, id))
    .for('update', { of: additionalQuestions });
  return row;
}

/** The super admin's questionnaire editing (issue 19): every question, active or not, and its writes. */
export function questionnaireContentRepository(db: Database) {
  return {
    transaction<T>(work: (tx: DbExecutor) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /** Every question, in the questionnaire's order. */
    list(): Promise<QuestionRow[]> {
      return db
        .select(columns)
        .from(additionalQuestions)
        .orderBy(asc(additionalQuestions.sortOrder), asc(additionalQuestions.id));
    },

    lock,

    /** Every question's id in the current order, all row-locked (the order call rewrites them all). */
    async lockOrder(tx: DbExecutor): Promise<string[]> {
      const rows = await tx
        .select({ id: additionalQuestions.id })
        .from(additionalQuestions)
        .orderBy(asc(additionalQuestions.sortOrder), asc(additionalQuestions.id))
        .for('update');
      return rows.map((row) => row.id);
    },

    /** Adds the question after every other one. */
    async insert(tx: DbExecutor, id: string, fields: QuestionFields): Promise<QuestionRow> {
      const [row] = await tx
        .insert(additionalQuestions)
        .values({
          id,
          ...fields,
          sortOrder: sql`(SELECT coalesce(max(sort_order), -1) + 1 FROM additional_questions)`,
        })
        .returning({ id: additionalQuestions.id });
      const inserted = row && (await lock(tx, row.id));
      if (!inserted) throw new Error('the inserted question was not read back');
      return inserted;
    },

    async update(tx: DbExecutor, id: string, fields: QuestionFields): Promise<QuestionRow> {
      await tx
        .update(additionalQuestions)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(eq(additionalQuestions.id, id));
      const updated = await lock(tx, id);
      if (!updated) throw new Error('the updated question was not read back');
      return updated;
    },

    /** Sets each question's sort order to its position in `ids` (which names every question once). */
    async setOrder(tx: DbExecutor, ids: readonly string[]): Promise<void> {
      await tx.execute(sql`
        UPDATE additional_questions q SET sort_order = o.position - 1, updated_at = now()
        FROM unnest(${sql.param(ids)}::text[]) WITH ORDINALITY AS o(id, position)
        WHERE q.id = o.id AND q.sort_order IS DISTINCT FROM o.position - 1`);
    },
  };
}
export type QuestionnaireContentRepository = ReturnType<typeof questionnaireContentRepository>;
