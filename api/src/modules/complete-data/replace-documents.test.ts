// Kept whole: one route (PATCH /students/replaceDocuments/{id}) case by case, on one app and one embedded
// database with its fixture images; another file would start another database.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  IMAGE_KINDS,
  type ImageKind,
  MESSAGES,
  photoFileName,
  REVIEW_MESSAGES,
  SERVER_IMAGE_MAX_BYTES,
} from '@portal/common';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { insertStudent, loginStudent } from '../../../test/builders.js';
import { COMPLETE_DATA_FIELDS as FIELDS } from '../../../test/complete-data-fields.js';
import { type DocumentReview, setDocumentReviews } from '../../../test/documents.js';
import { faultyStorage, storageFaults } from '../../../test/faulty-storage.js';
import { pngHeadedBytes, tinyJpeg, tinyPng } from '../../../test/images.js';
import type { FilePart } from '../../../test/multipart.js';
import { expectSamePicture } from '../../../test/same-picture.js';
import { createTestApp } from '../../../test/test-app.js';
import { documentPhotos, filesUnder, patchMultipart, uploadFolders } from '../../../test/uploads.js';
import { auditLog, studentImages, students } from '../../db/schema/index.js';
import { localDiskStorage } from '../../storage/local-disk-storage.js';

const faults = storageFaults();

const { app, database } = await createTestApp({ STUDENT_LOOKUP_RATE_LIMIT: '10000' }, (dataDir) => ({
  storage: faultyStorage(localDiskStorage(path.join(dataDir, 'images')), faults),
}));
const { db } = database;
const folders = uploadFolders(app);

beforeEach(() => faults.reset());

const replaceUrl = (id: string) => `/api/v1/students/replaceDocuments/${id}`;
const replace = (
  id: string,
  cookie: string | undefined,
  files: readonly FilePart[],
  fields: Record<string, string> | readonly (readonly [string, string])[] = {},
) => patchMultipart(app, replaceUrl(id), cookie, fields, files);

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const studentRow = async (id: string) => (await db.select().from(students).where(eq(students.id, id)))[0];
const imageRows = async (id: string) =>
  (await db.select().from(studentImages).where(eq(studentImages.studentId, id))).sort(
    (a, b) => IMAGE_KINDS.indexOf(a.kind as ImageKind) - IMAGE_KINDS.indexOf(b.kind as ImageKind),
  );
const auditRows = (id: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'student'), eq(auditLog.targetId, id)));

const REJECTED_PHOTO: DocumentReview = { state: 'rejected', reason: 'other', note: 'الخلفية ليست بيضاء' };
const REJECTED_ID: DocumentReview = { state: 'rejected', reason: 'unreadable' };

/**
 * A student who completed the data with six stored images (files included), then was reviewed: `reviews` for
 * the kinds named, every other kind accepted.
 */
async function reviewedStudent(reviews: Partial<Record<ImageKind, DocumentReview>>) {
  const student = await insertStudent(db);
  const cookie = await loginStudent(app, student.nationalId);
  const res = await patchMultipart(
    app,
    `/api/v1/students/completeStudentData/${student.id}`,
    cookie,
    FIELDS,
    documentPhotos(),
  );
  expect(res.statusCode, res.body).toBe(200);
  await setDocumentReviews(db, student.id, {
    ...Object.fromEntries(IMAGE_KINDS.map((kind) => [kind, { state: 'accepted' }])),
    ...reviews,
  });
  faults.reset();
  return { student, cookie };
}

/** Everything a replacement could change of the student: its row, image rows, history and files. */
async function snapshot(id: string) {
  return {
    student: await studentRow(id),
    images: await imageRows(id),
    history: await auditRows(id),
    files: await filesUnder(folders.images),
  };
}

/** The refusal left everything as it was, and no staged upload behind. */
async function expectUnchanged(id: string, before: Awaited<ReturnType<typeof snapshot>>) {
  expect(await snapshot(id)).toEqual(before);
  expect(await filesUnder(folders.staging)).toEqual([]);
}

function expectError(res: { statusCode: number; json: () => unknown }, statusCode: number, message: string) {
  expect({ statusCode: res.statusCode, body: res.json() }).toEqual({
    statusCode,
    body: { status: 'error', message },
  });
}

describe('PATCH /students/replaceDocuments/{id}: success', () => {
  it('replaces the refused documents, which await review again, and records it in the history', async () => {
    const { student, cookie } = await reviewedStudent({
      personalPhoto: REJECTED_PHOTO,
      frontIdCard: REJECTED_ID,
    });
    const before = await snapshot(student.id);
    const sent = documentPhotos(['personalPhoto', 'frontIdCard'], 200);

    const res = await replace(student.id, cookie, sent);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: REVIEW_MESSAGES.documentsReplaced });

    const after = await imageRows(student.id);
    for (const kind of ['personalPhoto', 'frontIdCard'] as const) {
      const old = before.images.find((row) => row.kind === kind);
      const now = after.find((row) => row.kind === kind);
      const content = sent.find((file) => file.filename.endsWith(`__${kind}`))?.content ?? Buffer.alloc(0);
      const stored = await readFile(path.join(folders.images, now?.storageKey ?? ''));
      expect(now).toMatchObject({
        sha256: sha256(stored),
        sizeBytes: stored.length,
        contentType: 'image/png',
        reviewStatus: 'pending',
        reviewReason: null,
        reviewNote: null,
        reviewedBy: null,
        reviewedByUserName: null,
        reviewedAt: null,
      });
      expect(now?.storageKey).not.toBe(old?.storageKey);
      await expectSamePicture(stored, content);
      await expect(readFile(path.join(folders.images, old?.storageKey ?? ''))).rejects.toThrow(/ENOENT/);
    }
    // The accepted documents keep their review.
    for (const row of before.images.filter((r) => r.kind !== 'personalPhoto' && r.kind !== 'frontIdCard'))
      expect(after.find((r) => r.kind === row.kind)).toEqual(row);

    expect(await studentRow(student.id)).toMatchObject({
      documentsStatus: 'pending',
      documentsAwaiting: 2,
      reviewVersion: (before.student?.reviewVersion ?? 0) + 1,
    });
    const history = await auditRows(student.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      actorId: null,
      actorUserName: null,
      action: 'student.replace_documents',
      targetType: 'student',
      targetId: student.id,
      details: { kinds: ['frontIdCard', 'personalPhoto'] },
    });
    expect(await filesUnder(path.join(folders.images, 'students', student.id))).toHaveLength(6);
    expect(await filesUnder(folders.staging)).toEqual([]);
  });

  it('replacing one of two refused documents leaves the student needing to re-upload the other', async () => {
    const { student, cookie } = await reviewedStudent({
      personalPhoto: REJECTED_PHOTO,
      birthCertificate: REJECTED_ID,
    });
    const res = await replace(student.id, cookie, documentPhotos(['birthCertificate'], 7));
    expect(res.statusCode, res.body).toBe(200);
    expect(await studentRow(student.id)).toMatchObject({
      documentsStatus: 'needsReupload',
      documentsAwaiting: 1,
    });
    const lookup = await app.inject({
      method: 'POST',
      url: '/api/v1/students/getStudent',
      payload: { nationalID: student.nationalId },
    });
    const documents: { kind: string; state: string }[] = lookup.json().studentData.documents;
    expect(documents.find((d) => d.kind === 'birthCertificate')?.state).toBe('pending');
    expect(documents.find((d) => d.kind === 'personalPhoto')?.state).toBe('rejected');
  });

  it('judges a replacement by its content: a JPEG named .png is stored as JPEG', async () => {
    const { student, cookie } = await reviewedStudent({ personalPhoto: REJECTED_PHOTO });
    const res = await replace(student.id, cookie, [
      {
        filename: photoFileName('me.png', 'personalPhoto'),
        content: tinyJpeg('again'),
        contentType: 'image/png',
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const photo = (await imageRows(student.id)).find((row) => row.kind === 'personalPhoto');
    expect(photo).toMatchObject({ contentType: 'image/jpeg', reviewStatus: 'pending' });
    expect(photo?.storageKey).toMatch(/\.jpg$/);
  });
});

describe('PATCH /students/replaceDocuments/{id}: only refused documents', () => {
  it('refuses an accepted document sent beside a refused one with 409, changing nothing', async () => {
    const { student, cookie } = await reviewedStudent({ personalPhoto: REJECTED_PHOTO });
    const before = await snapshot(student.id);
    const res = await replace(student.id, cookie, documentPhotos(['personalPhoto', 'frontIdCard'], 50));
    expectError(res, 409, REVIEW_MESSAGES.replaceNotRefused);
    expect(faults.puts).toBe(0);
    await expectUnchanged(student.id, before);
  });

  it('refuses a document awaiting review with 409, changing nothing', async () => {
    const { student, cookie } = await reviewedStudent({ nominationCard: { state: 'pending' } });
    const before = await snapshot(student.id);
    expectError(
      await replace(student.id, cookie, documentPhotos(['nominationCard'], 3)),
      409,
      REVIEW_MESSAGES.replaceNotRefused,
    );
    await expectUnchanged(student.id, before);
  });

  it('refuses a student whose data is not complete with 409, changing nothing', async () => {
    const student = await insertStudent(db);
    const cookie = await loginStudent(app, student.nationalId);
    const before = await snapshot(student.id);
    expectError(
      await replace(student.id, cookie, documentPhotos(['personalPhoto'])),
      409,
      REVIEW_MESSAGES.replaceNotComplete,
    );
    await expectUnchanged(student.id, before);
  });

  it('refuses a replacement without any image with 400', async () => {
    const { student, cookie } = await reviewedStudent({ personalPhoto: REJECTED_PHOTO });
    const before = await snapshot(student.id);
    expectError(await replace(student.id, cookie, []), 400, REVIEW_MESSAGES.replaceNothingSent);
    await expectUnchanged(student.id, before);
  });

  it.each([
    ['a text field alone', [['address', 'عنوان جديد']] as const, []],
    ['a text field before the image', [['studentNameEn', 'Someone Else']] as const, ['personalPhoto']],
    ['an unknown field', [['note', 'x']] as const, ['personalPhoto']],
  ] as const)('refuses %s with 400, changing nothing', async (_, fields, kinds) => {
    const { student, cookie } = await reviewedStudent({ personalPhoto: REJECTED_PHOTO });
    const before = await snapshot(student.id);
    expectError(
      await replace(student.id, cookie, documentPhotos(kinds as readonly ImageKind[], 9), fields),
      400,
      REVIEW_MESSAGES.replaceFieldsRefused,
    );
    await expectUnchanged(student.id, before);
  });

  it('a review saved while the images were being stored wins: 409, and the new files are removed', async () => {
    const { student, cookie } = await reviewedStudent({ personalPhoto: REJECTED_PHOTO });
    faults.beforePut = async () => {
      await setDocumentReviews(db, student.id, { personalPhoto: { state: 'accepted' } });
    };
    const before = await snapshot(student.id);
    const res = await replace(student.id, cookie, documentPhotos(['personalPhoto'], 11));
    expectError(res, 409, REVIEW_MESSAGES.replaceNotRefused);
    expect(faults.puts).toBe(1);
    const after = await snapshot(student.id);
    expect(after.images.find((row) => row.kind === 'personalPhoto')).toMatchObject({
      storageKey: before.images.find((row) => row.kind === 'personalPhoto')?.storageKey,
      reviewStatus: 'accepted',
    });
    expect(after.files).toEqual(before.files);
    expect(after.history).toEqual([]);
  });

  it('two replacements of the same refused document at once: one is stored, the other refused', async () => {
    const { student, cookie } = await reviewedStudent({ secondarySchoolCertificate: REJECTED_ID });
    const results = await Promise.all([
      replace(student.id, cookie, documentPhotos(['secondarySchoolCertificate'], 21)),
      replace(student.id, cookie, documentPhotos(['secondarySchoolCertificate'], 22)),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await imageRows(student.id);
    const onDisk = await filesUnder(path.join(folders.images, 'students', student.id));
    expect(onDisk.map((file) => `students/${student.id}/${file}`).sort()).toEqual(
      rows.map((row) => row.storageKey).sort(),
    );
    expect(await auditRows(student.id)).toHaveLength(1);
  });
});

describe('PATCH /students/replaceDocuments/{id}: access', () => {
  it('answers 401 without a session, before reading the body', async () => {
    const { student } = await reviewedStudent({ personalPhoto: REJECTED_PHOTO });
    const before = await snapshot(student.id);
    expectError(
      await replace(student.id, undefined, documentPhotos(['personalPhoto'])),
      401,
      MESSAGES.studentSessionExpired,
    );
    await expectUnchanged(student.id, before);
  });

  it("answers 403 for another student's documents, changing nothing of either", async () => {
    const { student: victim } = await reviewedStudent({ personalPhoto: REJECTED_PHOTO });
    const { cookie } = await reviewedStudent({ personalPhoto: REJECTED_PHOTO });
    const before = await snapshot(victim.id);
    expectError(await replace(victim.id, cookie, documentPhotos(['personalPhoto'])), 403, MESSAGES.forbidden);
    await expectUnchanged(victim.id, before);
  });

  it('answers 400 for an id that is not a UUID and 404 for a student deleted after login', async () => {
    const { student, cookie } = await reviewedStudent({ personalPhoto: REJECTED_PHOTO });
    expectError(
      await replace('123', cookie, documentPhotos(['personalPhoto'])),
      400,
      MESSAGES.studentIdInvalid,
    );
    const filesBefore = await filesUnder(folders.images);
    await db.delete(students).where(eq(students.id, student.id));
    expectError(
      await replace(student.id, cookie, documentPhotos(['personalPhoto'])),
      404,
      MESSAGES.studentNotFound,
    );
    expect(await filesUnder(folders.images)).toEqual(filesBefore);
  });
});

describe('PATCH /students/replaceDocuments/{id}: the images, checked as in the complete-data form', () => {
  const named = (kind: ImageKind, content: Buffer, name = `${kind}.png`): FilePart => ({
    filename: photoFileName(name, kind),
    content,
  });

  it.each([
    [
      'a text file named .png',
      [named('personalPhoto', Buffer.from('not an image\n'))],
      415,
      MESSAGES.imageNotImage,
    ],
    ['an empty file', [named('personalPhoto', Buffer.alloc(0))], 415, MESSAGES.imageNotImage],
    [
      'an image one byte over 2 MB',
      [named('personalPhoto', pngHeadedBytes(SERVER_IMAGE_MAX_BYTES + 1))],
      413,
      MESSAGES.imageTooLarge,
    ],
    [
      'a truncated PNG',
      [named('personalPhoto', tinyPng([1, 2, 3], 8).subarray(0, 60))],
      400,
      MESSAGES.imageCorrupt,
    ],
    [
      'the same kind twice',
      [named('personalPhoto', tinyPng([1, 1, 1])), named('personalPhoto', tinyPng([2, 2, 2]))],
      400,
      MESSAGES.photoKindRepeated,
    ],
    ['a name without a kind', [{ filename: 'me.png', content: tinyPng() }], 400, MESSAGES.photoKindUnknown],
    [
      'an unknown kind',
      [{ filename: 'me.png__passport', content: tinyPng() }],
      400,
      MESSAGES.photoKindUnknown,
    ],
    [
      'a file outside the photos field',
      [{ ...named('personalPhoto', tinyPng()), field: 'image' }],
      400,
      MESSAGES.photoFieldUnknown,
    ],
    [
      'seven files',
      [...documentPhotos(IMAGE_KINDS, 5), named('personalPhoto', tinyPng([4, 4, 4]))],
      400,
      MESSAGES.photosTooMany,
    ],
  ] as const)('refuses %s, changing nothing', async (_, files, status, message) => {
    const { student, cookie } = await reviewedStudent({ personalPhoto: REJECTED_PHOTO });
    const before = await snapshot(student.id);
    expectError(await replace(student.id, cookie, files), status, message);
    await expectUnchanged(student.id, before);
  });

  it('refuses a body that is not multipart with 415', async () => {
    const { student, cookie } = await reviewedStudent({ personalPhoto: REJECTED_PHOTO });
    const res = await app.inject({
      method: 'PATCH',
      url: replaceUrl(student.id),
      headers: { cookie },
      payload: { photos: 'x' },
    });
    expectError(res, 415, MESSAGES.multipartRequired);
  });
});

describe('PATCH /students/replaceDocuments/{id}: all or nothing', () => {
  it('the disk failing at the second of two images answers 503 and leaves no row changed and no file', async () => {
    const { student, cookie } = await reviewedStudent({
      personalPhoto: REJECTED_PHOTO,
      backIdCard: REJECTED_ID,
    });
    const before = await snapshot(student.id);
    faults.failPut = 2;
    const res = await replace(student.id, cookie, documentPhotos(['backIdCard', 'personalPhoto'], 60));
    expectError(res, 503, MESSAGES.storageUnavailable);
    expect(faults.puts).toBe(2);
    await expectUnchanged(student.id, before);
    expect(await filesUnder(path.join(folders.images, '.tmp'))).toEqual([]);
  });

  it('a student deleted while the images were being stored: 404, and the new files are removed', async () => {
    const { student, cookie } = await reviewedStudent({ personalPhoto: REJECTED_PHOTO });
    const filesBefore = await filesUnder(folders.images);
    faults.beforePut = async () => {
      await db.delete(students).where(eq(students.id, student.id));
    };
    const res = await replace(student.id, cookie, documentPhotos(['personalPhoto'], 70));
    expectError(res, 404, MESSAGES.studentNotFound);
    // The deleted student's own files are the student-records module's to remove; none of this call's stays.
    expect(await filesUnder(folders.images)).toEqual(filesBefore);
    expect(await filesUnder(folders.staging)).toEqual([]);
  });
});
