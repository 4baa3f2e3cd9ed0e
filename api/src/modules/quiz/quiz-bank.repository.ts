import { asc, count, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/executor.js';
import type { Database } from '../../db/pool.js';
import { quizQuestions, quizQuestionVersions } from '../../db/schema/index.js';
import type { QuizQuestionContent } from './quiz-bank.rules.js';

/** A question of the bank as the content screen reads it. */
export interface QuizQuestionRow extends QuizQuestionContent {
  index: number;
  active: boolean;
  version: number;
  updatedAt: Date;
}

const rowColumns = {
  index: quizQuestions.index,
  question: quizQuestions.question,
  answer: quizQuestions.answer,
  section: quizQuestions.section,
  active: quizQuestions.active,
  version: quizQuestions.version,
  updatedAt: quizQuestions.updatedAt,
};

/**
 * One key for every write to the bank: the writes take turns, so two adds cannot take the same index and two
 * retirements cannot both see enough active questions. Students' draws do not take it and never wait.
 */
const QUIZ_BANK_LOCK = sql`hashtextextended('portal.quiz_bank', 0)`;

export function quizBankRepository(db: Database) {
  return {
    /** Every question, active and retired, by index. */
    list(): Promise<QuizQuestionRow[]> {
      return db.select(rowColumns).from(quizQuestions).orderBy(asc(quizQuestions.index));
    },

    transaction<T>(work: (tx: DbExecutor) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /** Held until the transaction ends; every write to the bank takes it first. */
    async lockBank(tx: DbExecutor): Promise<void> {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${QUIZ_BANK_LOCK})`);
    },

    async find(tx: DbExecutor, index: number): Promise<QuizQuestionRow | undefined> {
      const [row] = await tx.select(rowColumns).from(quizQuestions).where(eq(quizQuestions.index, index));
      return row;
    },

    async activeCount(tx: DbExecutor): Promise<number> {
      const [row] = await tx.select({ n: count() }).from(quizQuestions).where(eq(quizQuestions.active, true));
      return row?.n ?? 0;
    },

    /** Whether another active question (not `exceptIndex`) has this text, spaces around it aside. */
    async activeDuplicate(tx: DbExecutor, question: string, exceptIndex: number | null): Promise<boolean> {
      const { rows } = await tx.execute<{ found: boolean }>(sql`
        SELECT EXISTS (
          SELECT 1 FROM quiz_questions
          WHERE active AND btrim(question) = btrim(${question})
            AND (${exceptIndex}::int IS NULL OR "index" <> ${exceptIndex}::int)
        ) AS found`);
      return rows[0]?.found ?? false;
    },

    /** The section titles of the newest published charter; none before the first is published. */
    async charterSectionTitles(tx: DbExecutor): Promise<string[]> {
      const { rows } = await tx.execute<{ title: string }>(sql`
        SELECT section->>'title' AS title
        FROM (SELECT sections FROM charter_versions ORDER BY version DESC LIMIT 1) AS newest,
          jsonb_array_elements(newest.sections) AS section`);
      return rows.map((row) => row.title);
    },

    /** The index after the highest ever used (retired questions keep theirs: attempts refer to them). */
    async nextIndex(tx: DbExecutor): Promise<number> {
      const { rows } = await tx.execute<{ next: number }>(
        sql`SELECT coalesce(max("index"), 0) + 1 AS next FROM quiz_questions`,
      );
      return Number(rows[0]?.next ?? 1);
    },

    /** A new question, active, as its version 1 (in the bank and in its versions). */
    async insert(
      tx: DbExecutor,
      question: QuizQuestionContent & { index: number },
      userName: string,
    ): Promise<QuizQuestionRow> {
      const [row] = await tx
        .insert(quizQuestions)
        .values({ ...question, active: true, version: 1 })
        .returning(rowColumns);
      if (!row) throw new Error('the quiz question was not inserted');
      await tx.insert(quizQuestionVersions).values({
        questionIndex: question.index,
        version: 1,
        question: question.question,
        answer: question.answer,
        section: question.section,
        createdByUserName: userName,
      });
      return row;
    },

    /**
     * Writes the question as it now is. With `newVersion`, its version goes up by one and that version is written
     * beside the older ones, which stay as they were for the draws and attempts that name them.
     */
    async save(
      tx: DbExecutor,
      index: number,
      next: QuizQuestionContent & { active: boolean },
      newVersion: boolean,
      userName: string,
    ): Promise<QuizQuestionRow> {
      const [row] = await tx
        .update(quizQuestions)
        .set({
          ...next,
          ...(newVersion ? { version: sql`${quizQuestions.version} + 1` } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(quizQuestions.index, index))
        .returning(rowColumns);
      if (!row) throw new Error('the quiz question was not saved');
      if (newVersion) {
        await tx.insert(quizQuestionVersions).values({
          questionIndex: index,
          version: row.version,
          question: row.question,
          answer: row.answer,
          section: row.section,
          createdByUserName: userName,
        });
      }
      return row;
    },
  };
}
export type QuizBankRepository = ReturnType<typeof quizBankRepository>;
