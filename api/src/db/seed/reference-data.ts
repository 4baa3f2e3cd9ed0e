import { sql } from 'drizzle-orm';
import { QUIZ_BANK } from '../../modules/charter/quiz-bank.js';
import { seedQuizBank } from '../../modules/quiz/quiz.seed.js';
import type { Database } from '../pool.js';
import { COLLEGES } from './colleges.js';
import { seedQuestionnaire } from './questionnaire.js';

/**
 * Upserts the reference data every portal needs (colleges and their programs, the charter quiz bank, the
 * additional questionnaire). Runs on every start, so a new release's reference data reaches existing databases;
 * set-based statements, one transaction.
 */
export async function seedReferenceData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO colleges (name, social_work, tourism, sort_order)
      SELECT * FROM unnest(
        ${sql.param(COLLEGES.map((c) => c.name))}::text[],
        ${sql.param(COLLEGES.map((c) => c.socialWork ?? false))}::boolean[],
        ${sql.param(COLLEGES.map((c) => c.tourism ?? false))}::boolean[],
        ${sql.param(COLLEGES.map((_, i) => i))}::int[])
      ON CONFLICT (name) DO UPDATE
        SET social_work = EXCLUDED.social_work, tourism = EXCLUDED.tourism, sort_order = EXCLUDED.sort_order`);

    const programs = COLLEGES.flatMap((c) =>
      (c.programs ?? []).map((name, i) => ({ college: c.name, name, i })),
    );
    await tx.execute(sql`
      INSERT INTO college_programs (college_id, name, sort_order)
      SELECT c.id, p.name, p.sort_order
      FROM unnest(
        ${sql.param(programs.map((p) => p.college))}::text[],
        ${sql.param(programs.map((p) => p.name))}::text[],
        ${sql.param(programs.map((p) => p.i))}::int[]) AS p(college, name, sort_order)
      JOIN colleges c ON c.name = p.college
      ON CONFLICT (college_id, name) DO UPDATE SET sort_order = EXCLUDED.sort_order`);

    await seedQuizBank(tx, QUIZ_BANK);
    await seedQuestionnaire(tx);
  });
}
