import { createHash } from 'node:crypto';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { IMAGE_KINDS, photoFileName } from '@portal/common';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { insertStudent, loginStudent } from '../../test/builders.js';
import { COMPLETE_DATA_FIELDS as FIELDS } from '../../test/complete-data-fields.js';
import { tinyJpeg, tinyPng } from '../../test/images.js';
import { multipartBody } from '../../test/multipart.js';
import { startS3Server } from '../../test/s3-server.js';
import { expectSamePicture } from '../../test/same-picture.js';
import { passStepUp } from '../../test/step-up.js';
import { createTestApp, TEST_SECRET } from '../../test/test-app.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/config.js';
import { studentImages } from '../db/schema/index.js';
import { s3Storage } from './s3-storage.js';

const s3 = await startS3Server();
afterAll(() => s3.close());
// Two instances of the portal on one database and one bucket, chosen by the configuration as in production.
const env = { ...s3.env('app/'), STUDENT_LOOKUP_RATE_LIMIT: '10000' };
const { app, database } = await createTestApp(env);
const second = await buildApp({
  config: loadConfig({ ...env, DATA_DIR: await mkdtemp(path.join(tmpdir(), 'portal-data-')) }),
  db: database.db,
  secret: TEST_SECRET,
  webRoot: await mkdtemp(path.join(tmpdir(), 'portal-no-web-')),
});
afterAll(() => second.close());
const bucket = s3Storage(s3.config('app/'));
afterAll(() => bucket.close?.());

describe('student images in an S3-compatible store (S3_BUCKET set)', () => {
  it('a submit through one instance stores the six images in the bucket; another instance serves them', async () => {
    const student = await insertStudent(database.db);
    const cookie = await loginStudent(app, student.nationalId);
    const files = IMAGE_KINDS.map((kind, i) => ({
      filename: photoFileName(`${kind}.png`, kind),
      content: kind === 'personalPhoto' ? tinyJpeg(kind) : tinyPng([20 * i, 40, 60]),
    }));
    const body = multipartBody(FIELDS, files);
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/v1/students/completeStudentData/${student.id}`,
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);

    const rows = await database.db
      .select()
      .from(studentImages)
      .where(eq(studentImages.studentId, student.id));
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      expect(await bucket.exists(row.storageKey)).toBe(true);
      // The stored bytes are the cleaned ones (issue 34), whose size the row records.
      expect((await buffer(await bucket.get(row.storageKey))).length).toBe(row.sizeBytes);
    }
    // Nothing on the local disk: the images live only in the bucket.
    const local = await readdir(path.join(app.config.dataDir, 'images')).catch(() => []);
    expect(local).toEqual([]);

    // The same session cookie on the other instance, with a step-up passed, reads the photo back from the bucket.
    await passStepUp(app, cookie, student.id);
    const photo = await second.inject({
      method: 'GET',
      url: `/api/v1/students/photo/${student.id}/personalPhoto`,
      headers: { cookie },
    });
    expect(photo.statusCode).toBe(200);
    const personal = rows.find((row) => row.kind === 'personalPhoto');
    expect(createHash('sha256').update(photo.rawPayload).digest('hex')).toBe(personal?.sha256);
    await expectSamePicture(photo.rawPayload, tinyJpeg('personalPhoto'));
  });
});
