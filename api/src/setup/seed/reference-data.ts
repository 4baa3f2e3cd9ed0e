import { sql } from 'drizzle-orm';
import type { Database } from '../../db/pool.js';
import { seedCharter } from '../../modules/charter/charter.seed.js';
import { CHARTER, sectionOfArticle } from '../../modules/charter/charter-text.js';
import { QUIZ_BANK } from '../../modules/charter/quiz-bank.js';
import { seedQuizBank } from '../../modules/quiz/quiz.seed.js';
import { COLLEGES } from './colleges.js';
import { seedQuestionnaire } from './questionnaire.js';

/**
 * Seeds the reference data every portal needs (colleges and their programs, the charter quiz bank, the additional
 * questionnaire, the charter) into a database that has none of that kind yet. Runs on every start; once a kind is
 * there the university edits it on its content screens (issue 19), so a start never overwrites it, brings back a
 * renamed college under its old name or revives a retired question. Set-based statements, one transaction; two
 * instances starting at once both find the table empty, and the unique keys make the second insert nothing.
 */
export async function seedReferenceData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const programs = COLLEGES.flatMap((c) =>
      (c.programs ?? []).map((name, i) => ({ college: c.name, name, i })),
    );
    await tx.execute(sql`
      WITH seeded AS (
        INSERT INTO colleges (name, social_work, tourism, sort_order)
        SELECT * FROM unnest(
          ${sql.param(COLLEGES.map((c) => c.name))}::text[],
          ${sql.param(COLLEGES.map((c) => c.socialWork ?? false))}::boolean[],
          ${sql.param(COLLEGES.map((c) => c.tourism ?? false))}::boolean[],
          ${sql.param(COLLEGES.map((_, i) => i))}::int[])
        WHERE NOT EXISTS (SELECT 1 FROM colleges)
        ON CONFLICT (name) DO NOTHING
        RETURNING id, name
      )
      INSERT INTO college_programs (college_id, name, sort_order)
      SELECT c.id, p.name, p.sort_order
      FROM unnest(
        ${sql.param(programs.map((p) => p.college))}::text[],
        ${sql.param(programs.map((p) => p.name))}::text[],
        ${sql.param(programs.map((p) => p.i))}::int[]) AS p(college, name, sort_order)
      JOIN seeded c ON c.name = p.college
      ON CONFLICT (college_id, name) DO NOTHING`);

    await seedQuizBank(
      tx,
      QUIZ_BANK.map(({ article, ...question }) => ({
        ...question,
        section: sectionOfArticle(CHARTER.sections, article) ?? null,
      })),
    );
    await seedQuestionnaire(tx);
    await seedCharter(tx, CHARTER);
  });
}
