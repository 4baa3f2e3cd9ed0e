import { type CompleteData, validateCompleteData } from '@portal/common';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertStudent } from '../../../test/builders.js';
import { COMPLETE_DATA_FIELDS } from '../../../test/complete-data-fields.js';
import { createTestDatabase } from '../../../test/test-app.js';
import { openDatabase } from '../../db/pool.js';
import { collegePrograms, students } from '../../db/schema/index.js';
import { TOURISM_COLLEGE } from '../../setup/seed/colleges.js';
import { completeDataRepository, ProgramsChangedError } from './complete-data.repository.js';

// Issue 19: a tourism student's program choices are checked by name, and the super admin may rename a program
// between that check and the save. The save holds the chosen programs, so the stored choice is never a name that
// is gone.
const database = await createTestDatabase();
const repository = completeDataRepository(database.db);
const PROGRAMS = ['الدراسات السياحية', 'الدراسات الفندقية', 'الإرشاد السياحي'] as const;

function formData(programs: readonly string[]): CompleteData {
  const checked = validateCompleteData(
    { ...COMPLETE_DATA_FIELDS, program1: programs[0], program2: programs[1], program3: programs[2] },
    { socialWork: false, tourism: true, programs: [...programs] },
  );
  if (!checked.ok) throw new Error(checked.message);
  return checked.data;
}

const storedChoice = async (studentId: string) =>
  (
    await database.db.select({ program1: students.program1 }).from(students).where(eq(students.id, studentId))
  )[0]?.program1;

describe('a complete-data save and a program rename', () => {
  it('stores the choices when the programs are as they were checked', async () => {
    const student = await insertStudent(database.db, { college: TOURISM_COLLEGE });
    expect(await repository.save(student.id, formData(PROGRAMS), [], [])).toEqual([]);
    expect(await storedChoice(student.id)).toBe(PROGRAMS[0]);
  });

  it('refuses, writing nothing, a choice whose program was renamed before the save', async () => {
    const student = await insertStudent(database.db, { college: TOURISM_COLLEGE });
    await expect(
      repository.save(student.id, formData(['برنامج أعيدت تسميته', PROGRAMS[1], PROGRAMS[2]]), [], []),
    ).rejects.toBeInstanceOf(ProgramsChangedError);
    expect(await storedChoice(student.id)).toBeNull();
  });

  it('waits for a rename in progress, then refuses the old name instead of storing it', async () => {
    const student = await insertStudent(database.db, { college: TOURISM_COLLEGE });
    const renamer = openDatabase(database.url, 1);
    const client = await renamer.pool.connect();
    try {
      // The rename's transaction, as the super admin's call makes it, not yet committed.
      await client.query('BEGIN');
      await client.query('UPDATE college_programs SET name = $1 WHERE name = $2', [
        'الدراسات السياحية والتراث',
        PROGRAMS[0],
      ]);
      const saving = repository.save(student.id, formData(PROGRAMS), [], []);
      const outcome = saving.then(
        () => 'saved',
        (error: unknown) => error,
      );
      // The save is held by the rename's row lock until the rename commits.
      expect(
        await Promise.race([outcome, new Promise((resolve) => setTimeout(resolve, 300, 'waiting'))]),
      ).toBe('waiting');
      await client.query('COMMIT');
      expect(await outcome).toBeInstanceOf(ProgramsChangedError);
      expect(await storedChoice(student.id)).toBeNull();
    } finally {
      client.release();
      await renamer.pool.end();
      await database.db
        .update(collegePrograms)
        .set({ name: PROGRAMS[0] })
        .where(eq(collegePrograms.name, 'الدراسات السياحية والتراث'));
    }
  });
});
