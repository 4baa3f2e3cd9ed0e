import {
  DOCUMENT_STATES,
  type DocumentState,
  type DocumentsStatus,
  documentsStatusOf,
  IMAGE_KINDS,
} from '@portal/common';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertStudent } from '../../test/builders.js';
import { createTestDatabase } from '../../test/test-app.js';
import { refreshDocumentsStatus } from './documents-status.js';
import type { Database } from './pool.js';
import { studentImages, students } from './schema/index.js';

/** Every way a student's stored documents can stand: 0 to 6 images, each in each state (small, exhaustive). */
function stateSets(): DocumentState[][] {
  const sets: DocumentState[][] = [[]];
  for (let size = 1; size <= IMAGE_KINDS.length; size += 1) {
    for (const state of DOCUMENT_STATES) sets.push(Array.from({ length: size }, () => state));
  }
  sets.push(['rejected', 'pending', 'accepted', 'accepted', 'accepted', 'accepted']);
  sets.push(['pending', 'accepted', 'accepted', 'accepted', 'accepted', 'accepted']);
  sets.push(['rejected', 'accepted', 'accepted', 'accepted', 'accepted', 'accepted']);
  sets.push(['accepted', 'accepted', 'accepted', 'accepted', 'accepted']);
  return sets;
}

async function studentWith(db: Database, isComplete: boolean, states: DocumentState[]) {
  const student = await insertStudent(db, { isComplete });
  if (states.length > 0)
    await db.insert(studentImages).values(
      states.map((reviewStatus, i) => ({
        studentId: student.id,
        kind: IMAGE_KINDS[i] as string,
        storageKey: `students/${student.id}/${i}.png`,
        contentType: 'image/png',
        sizeBytes: 1,
        sha256: '0'.repeat(64),
        reviewStatus,
      })),
    );
  return student.id;
}

async function kept(db: Database, id: string) {
  const [row] = await db
    .select({
      status: students.documentsStatus,
      awaiting: students.documentsAwaiting,
      version: students.reviewVersion,
    })
    .from(students)
    .where(eq(students.id, id));
  if (!row) throw new Error('student gone');
  return row;
}

describe('the kept documents status', () => {
  let db: Database;
  beforeAll(async () => {
    db = (await createTestDatabase()).db;
  });

  it('is what the shared rule says, for every way the documents can stand', async () => {
    for (const isComplete of [false, true]) {
      for (const states of stateSets()) {
        const id = await studentWith(db, isComplete, states);
        await refreshDocumentsStatus(db, id, { bumpVersion: false });
        const expected: DocumentsStatus = documentsStatusOf(isComplete, states);
        expect({ states, isComplete, ...(await kept(db, id)) }).toEqual({
          states,
          isComplete,
          status: expected,
          awaiting: states.filter((state) => state === 'pending').length,
          version: 0,
        });
      }
    }
  });

  it('moves the review version on only when asked, and touches no other student', async () => {
    const id = await studentWith(db, true, ['pending']);
    const other = await studentWith(db, true, ['rejected']);
    await refreshDocumentsStatus(db, id, { bumpVersion: true });
    await refreshDocumentsStatus(db, id, { bumpVersion: true });
    await refreshDocumentsStatus(db, id, { bumpVersion: false });
    expect(await kept(db, id)).toMatchObject({ version: 2, status: 'pending', awaiting: 1 });
    expect(await kept(db, other)).toEqual({ status: 'none', awaiting: 0, version: 0 });
  });

  it('keeps when all documents became accepted: set once, kept while accepted, cleared when one is refused', async () => {
    const id = await studentWith(
      db,
      true,
      Array.from({ length: IMAGE_KINDS.length }, () => 'accepted'),
    );
    const acceptedAt = async () =>
      (await db.select({ at: students.documentsAcceptedAt }).from(students).where(eq(students.id, id)))[0]
        ?.at;
    expect(await acceptedAt()).toBeNull();
    await refreshDocumentsStatus(db, id, { bumpVersion: false });
    const first = await acceptedAt();
    expect(first).toBeInstanceOf(Date);
    await refreshDocumentsStatus(db, id, { bumpVersion: true });
    expect(await acceptedAt()).toEqual(first);
    await db.update(studentImages).set({ reviewStatus: 'rejected' }).where(eq(studentImages.studentId, id));
    await refreshDocumentsStatus(db, id, { bumpVersion: true });
    expect(await acceptedAt()).toBeNull();
  });
});
