import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/pool.js';
import { quizAttempts, quizDraws, students } from '../../db/schema.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A stored draw: the questions' indexes, and the version of each as it was drawn (same order). */
export interface StoredDraw {
  indexes: number[];
  versions: number[];
}

/** The statements of one grading, all inside the transaction that holds the draw's row lock. */
function gradingStatements(tx: Transaction) {
  return {
    /** The student's draw, locked until the transaction ends, so a double submit is graded once. */
    async lockDraw(studentId: string): Promise<StoredDraw | undefined> {
      const rows = await tx
        .select({ indexes: quizDraws.questionIndexes, versions: quizDraws.questionVersions })
        .from(quizDraws)
        .where(eq(quizDraws.studentId, studentId))
        .for('update');
      return rows[0];
    },
    async isPassed(studentId: string): Promise<boolean | undefined> {
      const rows = await tx
        .select({ isPassed: students.isPassed })
        .from(students)
        .where(eq(students.id, studentId));
      return rows[0]?.isPassed;
    },
    /**
     * The right answers of exactly these versions, read from `quiz_question_versions` (never updated), so an
     * edit or a retirement after the draw does not change its grading.
     */
    async correctAnswers(questions: ReadonlyMap<number, number>): Promise<Map<number, boolean>> {
      const { rows } = await tx.execute<{ index: number; answer: boolean }>(sql`
        SELECT v.question_index AS "index", v.answer
        FROM quiz_question_versions v
        JOIN unnest(${sql.param([...questions.keys()])}::int[], ${sql.param([...questions.values()])}::int[])
          AS drawn(question_index, version)
          ON v.question_index = drawn.question_index AND v.version = drawn.version`);
      return new Map(rows.map((row) => [row.index, row.answer]));
    },
    async recordAttempt(attempt: {
      studentId: string;
      answers: Record<string, boolean>;
      /** Each graded question's index mapped to the version it was graded on. */
      questionVersions: Record<string, number>;
      correctCount: number;
      passed: boolean;
    }): Promise<void> {
      await tx.insert(quizAttempts).values(attempt);
    },
    async deleteDraw(studentId: string): Promise<void> {
      await tx.delete(quizDraws).where(eq(quizDraws.studentId, studentId));
    },
    async markPassed(studentId: string): Promise<void> {
      await tx
        .update(students)
        .set({ isPassed: true, passedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(students.id, studentId), eq(students.isPassed, false)));
    },
  };
}
export type GradingStatements = ReturnType<typeof gradingStatements>;

export function quizRepository(db: Database) {
  const findState = db
    .select({ isPassed: students.isPassed })
    .from(students)
    .where(eq(students.id, sql.placeholder('studentId')))
    .prepare('quiz_student_state');

  return {
    async studentState(studentId: string): Promise<{ isPassed: boolean } | undefined> {
      return (await findState.execute({ studentId }))[0];
    },

    /**
     * Draws `count` random active questions and stores their indexes, with the version of each, as the
     * student's draw, replacing any earlier one, in one statement: the text shown and the version stored come
     * from the same read, so they always match. Answers the drawn questions (never their answers); none when the
     * bank is empty, in which case nothing is stored.
     */
    async draw(studentId: string, count: number): Promise<{ index: number; question: string }[]> {
      const result = await db.execute<{ index: number; question: string }>(sql`
        WITH picked AS MATERIALIZED (
          SELECT "index", question, version, random() AS r
          FROM quiz_questions WHERE active ORDER BY r LIMIT ${count}
        ), saved AS (
          INSERT INTO quiz_draws (student_id, question_indexes, question_versions, drawn_at)
          SELECT ${studentId}::uuid, array_agg("index" ORDER BY r), array_agg(version ORDER BY r), now()
          FROM picked HAVING count(*) > 0
          ON CONFLICT (student_id) DO UPDATE
            SET question_indexes = EXCLUDED.question_indexes, question_versions = EXCLUDED.question_versions,
              drawn_at = EXCLUDED.drawn_at
        )
        SELECT "index", question FROM picked ORDER BY r`);
      return result.rows;
    },

    grade<T>(work: (statements: GradingStatements) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(gradingStatements(tx)));
    },
  };
}
export type QuizRepository = ReturnType<typeof quizRepository>;
