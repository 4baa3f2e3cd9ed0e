import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { App } from '../src/app.js';
import type { DbExecutor } from '../src/db/executor.js';
import { colleges, students } from '../src/db/schema/index.js';

type StudentInsert = typeof students.$inferInsert;
export type StudentOverrides = Partial<Omit<StudentInsert, 'collegeId'>> & { college?: string };

/** A 14-digit national ID unlikely to collide within one test database. */
export function randomNationalId(): string {
  return `3${String(randomInt(0, 10 ** 12)).padStart(12, '0')}${randomInt(0, 10)}`;
}

/**
 * Inserts a student straight into the database (college by name, default كلية التجارة), or in a transaction;
 * answers the row.
 */
export async function insertStudent(db: DbExecutor, overrides: StudentOverrides = {}) {
  const { college = 'كلية التجارة', ...fields } = overrides;
  const [found] = await db.select({ id: colleges.id }).from(colleges).where(eq(colleges.name, college));
  if (!found) throw new Error(`no college named ${college}`);
  const [row] = await db
    .insert(students)
    .values({
      nationalId: randomNationalId(),
      name: 'طالب تجريبي للاختبار',
      seatNo: String(randomInt(100_000, 999_999)),
      enrollmentStatus: 'regular',
      ...fields,
      collegeId: found.id,
    })
    .returning();
  if (!row) throw new Error('student not inserted');
  return row;
}

/** Logs the student in through `getStudent` and answers the `Cookie` header value carrying the session. */
export async function loginStudent(app: App, nationalId: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/students/getStudent',
    payload: { nationalID: nationalId },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const header = res.headers['set-cookie'];
  const first = Array.isArray(header) ? header[0] : header;
  if (!first) throw new Error('no session cookie');
  return first.split(';')[0] ?? '';
}
