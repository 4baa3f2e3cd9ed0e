import { randomBytes } from 'node:crypto';
import type { Database } from '../src/db/pool.js';
import { colleges } from '../src/db/schema/index.js';

export interface CollegeOptions {
  socialWork?: boolean;
  tourism?: boolean;
  /** The college's data deadline (issue 17); none by default. */
  dataDeadline?: Date | null;
}

/**
 * Inserts a college of its own for a test (a fresh name, last in the list), so that its deadline touches no
 * other test's students; answers the row.
 */
export async function insertCollege(db: Database, options: CollegeOptions = {}) {
  const [row] = await db
    .insert(colleges)
    .values({
      name: `كلية الاختبار ${randomBytes(4).toString('hex')}`,
      socialWork: options.socialWork ?? false,
      tourism: options.tourism ?? false,
      sortOrder: 10_000,
      dataDeadline: options.dataDeadline ?? null,
    })
    .returning();
  if (!row) throw new Error('college not inserted');
  return row;
}
