import { randomInt } from 'node:crypto';
import { test as base } from '@playwright/test';
import type pg from 'pg';
import { connectPortalDb } from './portal-db.js';

export interface NewStudent {
  id: string;
  nationalId: string;
  name: string;
  college: string;
}

export type StudentOverrides = Partial<Omit<NewStudent, 'id'>> & {
  isPassed?: boolean;
  completedQuestions?: boolean;
  /** The imported seat number (default '123456'); null for a row imported without one. */
  seatNo?: string | null;
};

/** Inserts a student straight into a portal's database (a test's own portal, or the shared one below). */
export async function insertStudent(db: pg.Client, overrides: StudentOverrides = {}): Promise<NewStudent> {
  const nationalId = overrides.nationalId ?? `3${String(randomInt(10 ** 12, 10 ** 13))}`;
  const name = overrides.name ?? 'طالب اختبار آلي للبوابة';
  const college = overrides.college ?? 'كلية التجارة';
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO students (national_id, name, seat_no, college_id, enrollment_status, is_passed,
       is_completed_additional_questions)
     SELECT $1, $2, $6, id, 'regular', $4, $5 FROM colleges WHERE name = $3
     RETURNING id`,
    [
      nationalId,
      name,
      college,
      overrides.isPassed ?? false,
      overrides.completedQuestions ?? false,
      overrides.seatNo === undefined ? '123456' : overrides.seatNo,
    ],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error(`no college named ${college}`);
  return { id, nationalId, name, college };
}

interface Fixtures {
  db: pg.Client;
  /** Inserts a student straight into the database, so each test starts from its own fresh record. */
  createStudent(overrides?: StudentOverrides): Promise<NewStudent>;
}

export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
  db: async ({}, use) => {
    const client = await connectPortalDb(String(process.env.PORTAL_DATA_DIR));
    await use(client);
    await client.end();
  },
  createStudent: async ({ db }, use) => {
    await use((overrides = {}) => insertStudent(db, overrides));
  },
});

export { expect } from '@playwright/test';
