import path from 'node:path';
import { Readable } from 'node:stream';
import { IMAGE_KINDS, type ImageKind, photoFileName } from '@portal/common';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { insertStudent, loginStudent } from '../../../test/builders.js';
import { COMPLETE_DATA_FIELDS as FIELDS } from '../../../test/complete-data-fields.js';
import { tinyPng } from '../../../test/images.js';
import { type FilePart, multipartBody } from '../../../test/multipart.js';
import { createTestApp } from '../../../test/test-app.js';
import { filesUnder, uploadFolders } from '../../../test/uploads.js';
import { studentImages, students } from '../../db/schema/index.js';
import { localDiskStorage } from '../../storage/local-disk-storage.js';
import type { ObjectStorage } from '../../storage/storage.js';

/** What the disk says when it fails: the errors a full disk, a folder without permission, a read-only mount raise. */
const DISK_ERRORS = {
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EACCES: 'permission denied',
  EROFS: 'read-only file system',
} as const;
type DiskError = keyof typeof DISK_ERRORS;

/** The real local store, whose `failAt`-th put writes some bytes and then fails with the disk error `code`. */
const disk = { failAt: 0, puts: 0, code: 'ENOSPC' as DiskError };

function failingDisk(inner: ObjectStorage): ObjectStorage {
  return {
    ...inner,
    async put(key, body) {
      disk.puts += 1;
      if (disk.puts !== disk.failAt) return inner.put(key, body);
      if (body instanceof Readable) body.destroy();
      const code = disk.code;
      const halfWritten = Readable.from(
        (async function* () {
          yield Buffer.from('the first bytes of the image');
          throw Object.assign(new Error(`${code}: ${DISK_ERRORS[code]}, write`), { code, syscall: 'write' });
        })(),
      );
      return inner.put(key, halfWritten);
    },
  };
}

const { app, database } = await createTestApp({ STUDENT_LOOKUP_RATE_LIMIT: '10000' }, (dataDir) => ({
  storage: failingDisk(localDiskStorage(path.join(dataDir, 'images'))),
}));
const { db } = database;
const { images: imagesDir, staging: stagingDir } = uploadFolders(app);

beforeEach(() => {
  disk.failAt = 0;
  disk.puts = 0;
});

function photos(kinds: readonly ImageKind[] = IMAGE_KINDS, shade = 0): FilePart[] {
  return kinds.map((kind, i) => ({
    filename: photoFileName(`${kind}.png`, kind),
    content: tinyPng([20 * i, shade, 50]),
  }));
}

function submit(id: string, cookie: string, fields: Record<string, string>, files: FilePart[]) {
  const body = multipartBody(fields, files);
  return app.inject({
    method: 'PATCH',
    url: `/api/v1/students/completeStudentData/${id}`,
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
}

const studentRow = async (id: string) => (await db.select().from(students).where(eq(students.id, id)))[0];
const imageRows = async (id: string) =>
  (await db.select().from(studentImages).where(eq(studentImages.studentId, id))).sort((a, b) =>
    a.kind.localeCompare(b.kind),
  );

const STORAGE_FAILED = { status: 'error', message: 'تعذر حفظ الصور حاليا، حاول مرة أخرى بعد قليل' };

describe('the image disk fails in the middle of a submit', () => {
  it.each(Object.keys(DISK_ERRORS) as DiskError[])(
    '%s at the third of six images: 503 in Arabic, the student untouched, no file left',
    async (code) => {
      const student = await insertStudent(db);
      const cookie = await loginStudent(app, student.nationalId);
      const filesBefore = await filesUnder(imagesDir);
      disk.code = code;
      disk.failAt = 3;

      const res = await submit(student.id, cookie, FIELDS, photos());

      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 503, body: STORAGE_FAILED });
      expect(disk.puts).toBe(3);
      expect(await studentRow(student.id)).toMatchObject({
        isComplete: false,
        completedAt: null,
        studentNameEn: null,
        address: null,
      });
      expect(await imageRows(student.id)).toEqual([]);
      expect(await filesUnder(imagesDir)).toEqual(filesBefore);
      expect(await filesUnder(stagingDir)).toEqual([]);
    },
  );

  it('an edit that fails at its last image keeps the stored data, images and files as they were', async () => {
    const student = await insertStudent(db);
    const cookie = await loginStudent(app, student.nationalId);
    expect((await submit(student.id, cookie, FIELDS, photos())).statusCode).toBe(200);
    const rowBefore = await studentRow(student.id);
    const imagesBefore = await imageRows(student.id);
    const filesBefore = await filesUnder(imagesDir);
    disk.puts = 0;
    disk.code = 'ENOSPC';
    disk.failAt = 6;

    const res = await submit(
      student.id,
      cookie,
      { ...FIELDS, address: 'عنوان جديد' },
      photos(IMAGE_KINDS, 9),
    );

    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 503, body: STORAGE_FAILED });
    expect(await studentRow(student.id)).toEqual(rowBefore);
    expect(await imageRows(student.id)).toEqual(imagesBefore);
    expect(await filesUnder(imagesDir)).toEqual(filesBefore);
    expect(await filesUnder(stagingDir)).toEqual([]);
  });
});
