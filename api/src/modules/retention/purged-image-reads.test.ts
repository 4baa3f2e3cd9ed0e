import { execFileSync } from 'node:child_process';
import { IMAGE_KIND_LABELS, IMAGE_KINDS, type ImageKind } from '@portal/common';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { injectAs } from '../../../test/auth-helpers.js';
import { accomplishedStudent } from '../../../test/student-access.js';
import { createTestApp } from '../../../test/test-app.js';
import { unzip } from '../../../test/zip.js';
import { studentImages } from '../../db/schema/index.js';
import { SOCIAL_WORK_COLLEGE } from '../../setup/seed/colleges.js';
import { FORMS } from '../forms/index.js';
import { MY_DATA_JSON } from '../my-data/index.js';
import { RETENTION_MESSAGES } from './retention-messages.js';

const { app, database } = await createTestApp({ STUDENT_LOOKUP_RATE_LIMIT: '10000' });
const db = database.db;
const PURGED: readonly ImageKind[] = ['birthCertificate', 'personalPhoto'];
const KEPT = IMAGE_KINDS.filter((kind) => !PURGED.includes(kind));
const gone = { status: 'error', message: RETENTION_MESSAGES.imagePurged };

let student: Awaited<ReturnType<typeof accomplishedStudent>>;

/** As the retention job leaves them: the rows marked, the files deleted. */
async function purge(studentId: string, kinds: readonly ImageKind[]) {
  const marked = await db
    .update(studentImages)
    .set({ purgedAt: sql`now()` })
    .where(and(eq(studentImages.studentId, studentId), inArray(studentImages.kind, [...kinds])))
    .returning({ key: studentImages.storageKey });
  for (const { key } of marked) await app.storage.delete(key);
}

beforeAll(async () => {
  student = await accomplishedStudent(app);
  await purge(student.id, PURGED);
});

describe('an image the retention job deleted', () => {
  it('answers 410 in Arabic to staff, and the kept images as before', async () => {
    const read = (kind: ImageKind) =>
      injectAs(app, 'SUPERADMIN', { method: 'GET', url: `/api/v1/students/document/${student.id}/${kind}` });
    for (const kind of PURGED) {
      const res = await read(kind);
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual(gone);
    }
    expect((await read('nominationCard')).statusCode).toBe(200);
  });

  it("answers 410 in Arabic to the student's own reads", async () => {
    const headers = { cookie: student.cookie };
    for (const url of [
      `/api/v1/students/document/${student.id}/personalPhoto`,
      `/api/v1/students/photo/${student.id}/personalPhoto`,
    ]) {
      const res = await app.inject({ method: 'GET', url, headers });
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual(gone);
    }
    const kept = await app.inject({
      method: 'GET',
      url: `/api/v1/students/photo/${student.id}/nominationCard`,
      headers,
    });
    expect(kept.statusCode).toBe(200);
  });

  it("is left out of the student's data zip, which says when it was deleted", async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/students/myData/${student.id}`,
      headers: { cookie: student.cookie },
    });
    expect(res.statusCode).toBe(200);
    const entries = unzip(res.rawPayload);
    const data = JSON.parse(entries.get(MY_DATA_JSON)?.toString('utf8') ?? '{}');
    for (const document of data.documents as {
      kind: ImageKind;
      file: string | null;
      fileDeletedAt: string | null;
    }[]) {
      if (PURGED.includes(document.kind)) {
        expect(document.file).toBeNull();
        expect(Date.parse(document.fileDeletedAt ?? '')).not.toBeNaN();
      } else {
        expect(document.fileDeletedAt).toBeNull();
        expect(entries.has(document.file ?? '')).toBe(true);
      }
    }
    expect(entries.size).toBe(KEPT.length + 1);
    for (const kind of PURGED)
      expect([...entries.keys()].some((name) => name.startsWith(IMAGE_KIND_LABELS[kind]))).toBe(false);
  });

  it('is left out of the photo archive export, which names it in a text entry', async () => {
    const asked = await injectAs(app, 'SUPERADMIN', {
      method: 'POST',
      url: '/api/v1/students/downloadStudentData/completePhotos',
      payload: { faculty: SOCIAL_WORK_COLLEGE },
    });
    expect(asked.statusCode).toBe(200);
    const file = await app.inject({ method: 'GET', url: (asked.json() as { path: string }).path });
    expect(file.statusCode).toBe(200);
    const entries = unzip(file.rawPayload);
    const folder = [...entries.keys()].filter((name) => name.startsWith(`${student.nationalId}/`));
    expect(folder.map((name) => name.split('/')[1]?.split('.')[0]).sort()).toEqual([...KEPT].sort());
    const note = entries.get(RETENTION_MESSAGES.archiveEntryName)?.toString('utf8') ?? '';
    expect(note.split('\n')).toEqual([
      RETENTION_MESSAGES.archiveEntryHeading,
      ...PURGED.map((kind) => `${student.nationalId}: ${kind}`).sort(),
      '',
    ]);
    expect(entries.has('صور غير موجودة.txt')).toBe(false);
  });

  it('prints as the placeholder on the forms, also where the instance kept the photo fitted', async () => {
    const printed = await accomplishedStudent(app);
    const print = async () => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/students/${FORMS.admission.call}/${printed.id}`,
        headers: { cookie: printed.cookie },
      });
      expect(res.statusCode).toBe(200);
      return rasterImages(res.rawPayload);
    };
    expect(await print()).toHaveLength(1);
    await purge(printed.id, ['personalPhoto']);
    expect(await print()).toEqual([]);
  });
});

/** The raster images of a PDF (the photo is its only one; the QR code and the logo are vectors). */
function rasterImages(pdf: Buffer): string[] {
  const list = execFileSync('pdfimages', ['-list', '-'], { input: pdf, stdio: ['pipe', 'pipe', 'ignore'] });
  return list
    .toString('utf8')
    .split('\n')
    .filter((line) => /^\s*\d+\s+\d+\s+image\s/.test(line));
}
