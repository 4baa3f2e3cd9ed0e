import { and, eq, sql } from 'drizzle-orm';
import { type Database, poolOf } from '../../db/pool.js';
import { quizAttempts, quizDraws, students } from '../../db/schema/index.js';

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

/** What drawing a student's quiz found: no such student, one who already passed, or the questions drawn. */
export type DrawOutcome =
  | { kind: 'noStudent' }
  | { kind: 'passed' }
  | { kind: 'drawn'; questions: { index: number; question: string }[] };

/**
 * The whole draw as ONE statement: the student's state, `$2` random active questions, and their indexes with the
 * version of each stored as the student's draw, replacing any earlier one. The text shown and the version stored
 * come from the same read, so they always match. Nothing is drawn or stored for an unknown student, one who has
 * passed, or an empty bank. Answers one row: `is_passed` (null without the student) and the questions drawn as
 * a JSON array of [index, question].
 *
 * A draw commits without waiting for its WAL to reach the disk (`synchronous_commit` off for this statement's
 * own transaction only, docs/decisions/0016-asynchronous-quiz-draw.md): waiting was half of a draw's time.
 * A PostgreSQL crash can lose the draws of its last 0.6 s or so, each whole or not at all. Such a student's
 * answers then meet no draw (409) or the earlier one, whose questions differ (400), and are not graded until
 * the next fetch draws again. Grading stays synchronous.
 */
const DRAW_SQL = `
  WITH student AS MATERIALIZED (
    SELECT is_passed, set_config('synchronous_commit', 'off', true) FROM students WHERE id = $1::uuid
  ), picked AS MATERIALIZED (
    SELECT "index", question, version, random() AS r
    FROM quiz_questions
    WHERE active AND EXISTS (SELECT 1 FROM student WHERE NOT is_passed)
    ORDER BY r LIMIT $2::int
  ), saved AS (
    INSERT INTO quiz_draws (student_id, question_indexes, question_versions, drawn_at)
    SELECT $1::uuid, array_agg("index" ORDER BY r), array_agg(version ORDER BY r), now()
    FROM picked HAVING count(*) > 0
    ON CONFLICT (student_id) DO UPDATE
      SET question_indexes = EXCLUDED.question_indexes, question_versions = EXCLUDED.question_versions,
        drawn_at = EXCLUDED.drawn_at
  )
  SELECT (SELECT is_passed FROM student),
    (SELECT coalesce(json_agg(json_build_array("index", question) ORDER BY r), '[]') FROM picked)`;

export function quizRepository(db: Database) {
  const pool = poolOf(db);
  if (!pool) throw new Error('the quiz draw needs a node-postgres pool under the database');

  return {
    /**
     * Draws `count` questions for the student (DRAW_SQL), as a named prepared statement on the pool: planned
     * once per connection instead of on every draw, which was most of PostgreSQL's work per draw
     * (docs/decisions/0010-login-cost.md).
     */
    async draw(studentId: string, count: number): Promise<DrawOutcome> {
      const { rows } = await pool.query<[boolean | null, [number, string][]]>({
        name: 'quiz_draw',
        text: DRAW_SQL,
        values: [studentId, count],
        rowMode: 'array',
      });
      const [isPassed, drawn] = rows[0] ?? [null, []];
      if (isPassed === null) return { kind: 'noStudent' };
      if (isPassed) return { kind: 'passed' };
      return { kind: 'drawn', questions: drawn.map(([index, question]) => ({ index, question })) };
    },

    grade<T>(work: (statements: GradingStatements) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(gradingStatements(tx)));
    },
  };
}
export type QuizRepository = ReturnType<typeof quizRepository>;
