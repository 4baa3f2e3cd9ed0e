import { sql } from 'drizzle-orm';
import type { Database } from '../../db/pool.js';

export interface QuizBankItem {
  index: number;
  question: string;
  answer: boolean;
  /** The title of the charter section it comes from. */
  section: string | null;
}

/**
 * Seeds the charter quiz bank, each question as its version 1, into a database that has no question yet. Once
 * there, the bank is the university's to edit (issue 19): a start never changes or revives a question.
 */
export async function seedQuizBank(
  db: Pick<Database, 'execute'>,
  bank: readonly QuizBankItem[],
): Promise<void> {
  if (bank.length === 0) return;
  await db.execute(sql`
    WITH seeded AS (
      INSERT INTO quiz_questions ("index", question, answer, section)
      SELECT * FROM unnest(
        ${sql.param(bank.map((q) => q.index))}::int[],
        ${sql.param(bank.map((q) => q.question))}::text[],
        ${sql.param(bank.map((q) => q.answer))}::boolean[],
        ${sql.param(bank.map((q) => q.section))}::text[])
      WHERE NOT EXISTS (SELECT 1 FROM quiz_questions)
      ON CONFLICT ("index") DO NOTHING
      RETURNING "index", question, answer, section
    )
    INSERT INTO quiz_question_versions (question_index, version, question, answer, section)
    SELECT "index", 1, question, answer, section FROM seeded`);
}
