import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-app.js';
import { seedReferenceData } from './reference-data.js';

const { db } = await createTestDatabase();

/** Everything the seed writes, as rows a test can compare before and after a second start. */
async function referenceRows() {
  const read = async (query: ReturnType<typeof sql>) => (await db.execute(query)).rows;
  return {
    colleges: await read(
      sql`SELECT name, social_work, tourism, sort_order, hidden FROM colleges ORDER BY name`,
    ),
    programs: await read(
      sql`SELECT college_id, name, hidden FROM college_programs ORDER BY college_id, name`,
    ),
    quiz: await read(
      sql`SELECT "index", question, answer, active, version FROM quiz_questions ORDER BY "index"`,
    ),
    quizVersions: await read(sql`SELECT question_index, version FROM quiz_question_versions ORDER BY 1, 2`),
    questionnaire: await read(
      sql`SELECT id, question, options, active FROM additional_questions ORDER BY id`,
    ),
    charter: await read(sql`SELECT version, sections FROM charter_versions ORDER BY version`),
  };
}

describe('seedReferenceData (issue 19)', () => {
  it('seeds every kind once, each quiz question as its version 1 and the charter as version 1', async () => {
    const rows = await referenceRows();
    expect(rows.colleges.length).toBeGreaterThanOrEqual(15);
    expect(rows.quizVersions).toHaveLength(rows.quiz.length);
    expect(rows.quizVersions.every((row) => row.version === 1)).toBe(true);
    expect(rows.charter).toHaveLength(1);
    expect(rows.questionnaire.length).toBeGreaterThanOrEqual(5);
  });

  it("records each seeded quiz question's charter section, a title of the seeded charter, in its version too", async () => {
    const { rows } = await db.execute<{
      section: string | null;
      version_section: string | null;
      titles: string[];
    }>(sql`
      SELECT q.section, v.section AS version_section,
        (SELECT array_agg(s->>'title') FROM charter_versions c, jsonb_array_elements(c.sections) s
         WHERE c.version = 1) AS titles
      FROM quiz_questions q JOIN quiz_question_versions v ON v.question_index = q."index" AND v.version = 1`);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.section).not.toBeNull();
      expect(row.titles).toContain(row.section);
      expect(row.version_section).toBe(row.section);
    }
  });

  it('never overwrites, revives or duplicates what the university edited', async () => {
    await db.execute(
      sql`UPDATE colleges SET name = 'كلية الآداب والعلوم الإنسانية' WHERE name = 'كلية الآداب'`,
    );
    await db.execute(sql`UPDATE colleges SET hidden = true WHERE name = 'كلية الإعلام'`);
    await db.execute(sql`DELETE FROM college_programs WHERE name = 'الإرشاد السياحي'`);
    await db.execute(sql`UPDATE quiz_questions SET active = false WHERE "index" = 2`);
    await db.execute(sql`UPDATE quiz_questions SET question = 'سؤال معدل', version = 2 WHERE "index" = 3`);
    await db.execute(
      sql`UPDATE additional_questions SET question = 'سؤال معدل', active = false WHERE id = 'residence'`,
    );
    await db.execute(sql`INSERT INTO charter_versions (version, sections) VALUES (2, '[]'::jsonb)`);
    const edited = await referenceRows();

    await seedReferenceData(db);

    expect(await referenceRows()).toEqual(edited);
  });
});
