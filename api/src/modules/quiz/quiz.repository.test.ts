import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { insertStudent } from '../../../test/builders.js';
import { createTestDatabase } from '../../../test/test-app.js';
import { openDatabase } from '../../db/pool.js';
import { quizDraws } from '../../db/schema/index.js';
import { quizRepository } from './quiz.repository.js';

const database = await createTestDatabase();
// One connection, so that what a draw leaves on its session is what the next statement sees.
const single = openDatabase(database.url, 1);
afterAll(() => single.pool.end());
const repository = quizRepository(single.db);

async function synchronousCommit(): Promise<string> {
  const { rows } = await single.pool.query<{ synchronous_commit: string }>('SHOW synchronous_commit');
  return rows[0]?.synchronous_commit ?? '';
}

describe('the quiz draw', () => {
  it('stores the draw it answers, and commits it without changing the session for the statements after it', async () => {
    const student = await insertStudent(database.db);
    expect(await synchronousCommit()).toBe('on');

    const outcome = await repository.draw(student.id, 4);

    expect(outcome.kind).toBe('drawn');
    const indexes = outcome.kind === 'drawn' ? outcome.questions.map((q) => q.index) : [];
    const [stored] = await database.db
      .select({ indexes: quizDraws.questionIndexes })
      .from(quizDraws)
      .where(eq(quizDraws.studentId, student.id));
    expect(stored?.indexes).toEqual(indexes);
    // The asynchronous commit is the draw's own transaction's: a grading on this connection waits for its WAL.
    expect(await synchronousCommit()).toBe('on');
  });

  it('stores nothing, and sets nothing, for an unknown student', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const outcome = await repository.draw(unknown, 4);
    expect(outcome).toEqual({ kind: 'noStudent' });
    expect(await database.db.select().from(quizDraws).where(eq(quizDraws.studentId, unknown))).toEqual([]);
    expect(await synchronousCommit()).toBe('on');
  });
});
