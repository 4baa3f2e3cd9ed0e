import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { insertStudent } from '../../../test/builders.js';
import { createTestDatabase } from '../../../test/test-app.js';
import { studentImages } from '../../db/schema/index.js';
import { localDiskStorage } from '../../storage/local-disk-storage.js';
import { completeDataRepository } from './complete-data.repository.js';
import { imageStorageKey } from './image-keys.js';
import { ORPHAN_GRACE_MS, sweepOrphanImages } from './orphan-images.js';

const { db } = await createTestDatabase();
const repository = completeDataRepository(db);

async function newStore() {
  return localDiskStorage(await mkdtemp(path.join(tmpdir(), 'portal-orphans-')));
}

describe('the orphan image sweep', () => {
  it('removes old files no row records, and keeps recorded, young and foreign ones', async () => {
    const store = await newStore();
    const student = await insertStudent(db);
    const recorded = imageStorageKey(student.id, 'personalPhoto', 'image/png');
    const interrupted = imageStorageKey(student.id, 'frontIdCard', 'image/png');
    const inFlight = imageStorageKey(student.id, 'backIdCard', 'image/png');
    const ofDeletedStudent = imageStorageKey(randomUUID(), 'personalPhoto', 'image/jpeg');
    const foreign = ['students/readme.txt', `students/not-a-student/${randomUUID()}.png`, 'exports/old.zip'];
    for (const key of [recorded, interrupted, inFlight, ofDeletedStudent, ...foreign]) {
      await store.put(key, Buffer.from(key));
    }
    await db.insert(studentImages).values({
      studentId: student.id,
      kind: 'personalPhoto',
      storageKey: recorded,
      contentType: 'image/png',
      sizeBytes: 1,
      sha256: 'x',
    });
    const old = new Date(Date.now() - ORPHAN_GRACE_MS - 60_000);
    for (const key of [recorded, interrupted, ofDeletedStudent, ...foreign]) {
      await utimes(path.join(store.root, key), old, old);
    }

    const result = await sweepOrphanImages({ storage: store, recordedKeys: repository.recordedKeys });

    expect(result).toEqual({ checked: 6, removed: 2 });
    expect(await store.exists(interrupted)).toBe(false);
    expect(await store.exists(ofDeletedStudent)).toBe(false);
    for (const key of [recorded, inFlight, ...foreign]) expect(await store.exists(key)).toBe(true);
  });

  it('checks the database in batches, so a large store is swept whole', async () => {
    const store = await newStore();
    const keys = Array.from({ length: 1_203 }, () =>
      imageStorageKey(randomUUID(), 'personalPhoto', 'image/png'),
    );
    // Written straight into the store's folder: 1,203 flushed puts would only make the test slow.
    for (const key of keys) {
      const file = path.join(store.root, key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, 'x');
    }
    const asked: number[] = [];
    const result = await sweepOrphanImages({
      storage: store,
      recordedKeys: (ids) => {
        asked.push(ids.length);
        return repository.recordedKeys(ids);
      },
      now: Date.now() + ORPHAN_GRACE_MS + 60_000,
    });
    expect(result).toEqual({ checked: 1_203, removed: 1_203 });
    expect(asked).toEqual([500, 500, 203]);
    for await (const object of store.list('students/')) throw new Error(`left behind: ${object.key}`);
  });
});
