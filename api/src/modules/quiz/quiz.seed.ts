import { sql } from 'drizzle-orm';
import type { Database } from '../../db/pool.js';

export interface QuizBankItem {
  index: number;
  question: string;
  answer: boolean;
}

/**
 * Upserts the charter quiz bank by index in one set-based statement. Leaves `active` alone, so a question staff
 * switched off stays off; a question's index never changes meaning, since attempts refer to it.
 */
export async function seedQuizBank(
  db: Pick<Database, 'execute'>,
  bank: readonly QuizBankItem[],
): Promise<void> {
  if (bank.length === 0) return;
  await db.execute(sql`
    INSERT INTO quiz_questions ("index", question, answer)
    SELECT * FROM unnest(
      ${sql.param(bank.map((q) => q.index))}::int[],
      ${sql.param(bank.map((q) => q.question))}::text[],
      ${sql.param(bank.map((q) => q.answer))}::boolean[])
    ON CONFLICT ("index") DO UPDATE SET question = EXCLUDED.question, answer = EXCLUDED.answer`);
}
