// Kept whole: tus staging end to end (creation, upload, lease lock, submit, sweep, metadata) on one app, one
// embedded database and one staging directory; another file would start another database.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import {
  IMAGE_KINDS,
  type ImageKind,
  MESSAGES,
  SERVER_IMAGE_MAX_BYTES,
  STAGED_UPLOAD_MESSAGES,
  STAGED_UPLOADS_FIELD,
} from '@portal/common';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { insertStudent, loginStudent } from '../../../test/builders.js';
import { COMPLETE_DATA_FIELDS as FIELDS } from '../../../test/complete-data-fields.js';
import { setDocumentReviews } from '../../../test/documents.js';
import { pngWithText, tinyPng } from '../../../test/images.js';
import { createSecondInstance } from '../../../test/second-instance.js';
import { createTestApp } from '../../../test/test-app.js';
import { tusClient } from '../../../test/tus.js';
import { documentPhotos, patchMultipart } from '../../../test/uploads.js';
import { stagedUploads, studentImages, students, uploadLocks } from '../../db/schema/index.js';
import { PgLocker } from './pg-locker.js';
import { tusStagingDir } from './staged-upload-store.js';
import { STAGED_UPLOADS_PER_SESSION } from './staged-uploads.routes.js';

const { app, database } = await createTestApp({ STUDENT_LOOKUP_RATE_LIMIT: '10000' });
const { db } = database;
// A second instance sharing the database and the staging disk, as two instances behind nginx do.
const other = await createSecondInstance(database.url, { DATA_DIR: app.config.dataDir });
const tus = tusClient(app);
const tusOther = tusClient(other);

const completeUrl = (id: string) => `/api/v1/students/completeStudentData/${id}`;
const replaceUrl = (id: string) => `/api/v1/students/replaceDocuments/${id}`;

async function loggedIn() {
  const student = await insertStudent(db);
  return { student, cookie: await loginStudent(app, student.nationalId) };
}

/** A distinct real PNG for each kind. */
const pngOf = (kind: ImageKind, shade = 0) => tinyPng([20 * IMAGE_KINDS.indexOf(kind), shade, 77], 3);

/** Uploads one finished document per kind through tus; answers the `uploads` map. */
async function uploadAll(cookie: string, kinds: readonly ImageKind[] = IMAGE_KINDS) {
  const named: Partial<Record<ImageKind, string>> = {};
  for (const kind of kinds) {
    const { id, sent } = await tus.upload(cookie, pngOf(kind), kind);
    expect(sent.statusCode, sent.body).toBe(204);
    named[kind] = id;
  }
  return named;
}

const submit = (studentId: string, cookie: string, named: object, url = completeUrl(studentId)) =>
  patchMultipart(app, url, cookie, {
    ...(url.includes('completeStudentData') ? FIELDS : {}),
    [STAGED_UPLOADS_FIELD]: JSON.stringify(named),
  });

const stagedRows = (studentId: string) =>
  db.select().from(stagedUploads).where(eq(stagedUploads.studentId, studentId));
const imageRows = (studentId: string) =>
  db.select().from(studentImages).where(eq(studentImages.studentId, studentId));
const stagedFiles = async () => {
  try {
    return (await readdir(tusStagingDir(app.config.dataDir))).sort();
  } catch {
    return [];
  }
};
const storedBytes = async (storageKey: string) => buffer(await app.storage.get(storageKey));

describe('tus creation', () => {
  it('creates an upload at an absolute-path Location and finishes it', async () => {
    const { student, cookie } = await loggedIn();
    const png = pngOf('personalPhoto');
    const created = await tus.create(cookie, png.length);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers.location).toMatch(/^\/api\/v1\/uploads\/[0-9a-f]{32}$/);
    expect(created.headers['access-control-allow-origin']).toBeUndefined();
    const sent = await tus.patch(cookie, String(created.headers.location), 0, png);
    expect(sent.statusCode, sent.body).toBe(204);
    // tus answers on the raw response: the portal's security headers and request id must go with it.
    for (const answer of [created, sent]) {
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-request-id']).toBeTruthy();
    }
    expect(sent.headers['upload-offset']).toBe(String(png.length));
    const [row] = await stagedRows(student.id);
    expect(row).toMatchObject({ state: 'finished', contentType: 'image/png', kind: 'personalPhoto' });
    expect(row?.declaredLength).toBe(png.length);
  });

  it.each([
    ['no Upload-Length', undefined, {}, 400, STAGED_UPLOAD_MESSAGES.uploadLengthRequired],
    [
      'a deferred length',
      undefined,
      { 'upload-defer-length': '1' },
      400,
      STAGED_UPLOAD_MESSAGES.uploadLengthRequired,
    ],
    ['a length over the limit', SERVER_IMAGE_MAX_BYTES + 1, {}, 413, STAGED_UPLOAD_MESSAGES.uploadTooLarge],
    ['a method override', 100, { 'x-http-method-override': 'PATCH' }, 400, MESSAGES.invalidInput],
  ] as const)(
    'refuses %s before any byte, storing nothing',
    async (_what, length, headers, status, message) => {
      const { student, cookie } = await loggedIn();
      const files = await stagedFiles();
      const res = await tus.create(cookie, length, 'personalPhoto', headers);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
      expect(await stagedRows(student.id)).toEqual([]);
      expect(await stagedFiles()).toEqual(files);
    },
  );

  it('refuses an unknown kind', async () => {
    const { cookie } = await loggedIn();
    const res = await tus.create(cookie, 100, 'passport');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(STAGED_UPLOAD_MESSAGES.uploadKindUnknown);
  });

  it('refuses a creation past the uploads one session may hold, in Arabic', async () => {
    const { student, cookie } = await loggedIn();
    for (let i = 0; i < STAGED_UPLOADS_PER_SESSION; i += 1) {
      expect((await tus.create(cookie, 100)).statusCode).toBe(201);
    }
    const res = await tus.create(cookie, 100);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(STAGED_UPLOAD_MESSAGES.uploadsTooMany);
    expect(await stagedRows(student.id)).toHaveLength(STAGED_UPLOADS_PER_SESSION);
  });

  it('refuses without a session', async () => {
    const res = await tus.create(undefined, 100);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MESSAGES.studentSessionExpired);
  });
});

describe('tus upload', () => {
  it('resumes from the offset HEAD answers after a partial PATCH', async () => {
    const { student, cookie } = await loggedIn();
    const png = pngOf('frontIdCard');
    const created = await tus.create(cookie, png.length, 'frontIdCard');
    const location = String(created.headers.location);
    const half = Math.floor(png.length / 2);
    expect((await tus.patch(cookie, location, 0, png.subarray(0, half))).statusCode).toBe(204);
    const head = await tus.head(cookie, location);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(half));
    expect((await stagedRows(student.id))[0]?.state).toBe('receiving');
    // A PATCH from a stale offset is refused by tus; from the right one it finishes.
    expect((await tus.patch(cookie, location, 0, png)).statusCode).toBe(409);
    const rest = await tus.patch(cookie, location, half, png.subarray(half));
    expect(rest.statusCode, rest.body).toBe(204);
    expect((await stagedRows(student.id))[0]?.state).toBe('finished');
  });

  it("answers 404 to another session's HEAD, PATCH and DELETE, of the same student or another", async () => {
    const { student, cookie } = await loggedIn();
    const png = pngOf('backIdCard');
    const created = await tus.create(cookie, png.length, 'backIdCard');
    const location = String(created.headers.location);
    const sameStudentOtherSession = await loginStudent(app, student.nationalId);
    const someoneElse = (await loggedIn()).cookie;
    for (const intruder of [sameStudentOtherSession, someoneElse]) {
      for (const res of [
        await tus.head(intruder, location),
        await tus.patch(intruder, location, 0, png),
        await tus.remove(intruder, location),
      ]) {
        expect(res.statusCode).toBe(404);
        if (res.body) expect(res.json().message).toBe(STAGED_UPLOAD_MESSAGES.uploadNotFound);
      }
    }
    // Untouched: its owner still finishes it.
    expect((await tus.head(cookie, location)).headers['upload-offset']).toBe('0');
    expect((await tus.patch(cookie, location, 0, png)).statusCode).toBe(204);
  });

  it('refuses bytes that are not an image when the last one arrives, and removes the upload', async () => {
    const { student, cookie } = await loggedIn();
    const files = await stagedFiles();
    const { location, sent } = await tus.upload(cookie, Buffer.from('%PDF-1.7 not an image at all'));
    expect(sent.statusCode).toBe(415);
    expect(sent.json().message).toBe(MESSAGES.imageNotImage);
    expect(await stagedRows(student.id)).toEqual([]);
    expect(await stagedFiles()).toEqual(files);
    expect((await tus.head(cookie, location)).statusCode).toBe(404);
  });

  it('refuses a HEIC photo with a message saying to choose a JPEG or PNG', async () => {
    const { cookie } = await loggedIn();
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypheic'),
      Buffer.alloc(4),
      Buffer.from('mif1heic'),
      Buffer.alloc(64, 1),
    ]);
    const { sent } = await tus.upload(cookie, heic);
    expect(sent.statusCode).toBe(415);
    expect(sent.json().message).toBe(STAGED_UPLOAD_MESSAGES.imageHeic);
  });

  it('DELETE cancels an upload: its bytes and row are gone', async () => {
    const { student, cookie } = await loggedIn();
    const files = await stagedFiles();
    const { location } = await tus.upload(cookie, pngOf('nominationCard'), 'nominationCard');
    expect((await tus.remove(cookie, location)).statusCode).toBe(204);
    await expect.poll(() => stagedRows(student.id)).toEqual([]);
    expect(await stagedFiles()).toEqual(files);
  });

  it('an upload started on one instance is finished on the other (shared store and lock)', async () => {
    const { student, cookie } = await loggedIn();
    const png = pngOf('birthCertificate');
    const created = await tus.create(cookie, png.length, 'birthCertificate');
    const location = String(created.headers.location);
    const half = Math.floor(png.length / 2);
    expect((await tus.patch(cookie, location, 0, png.subarray(0, half))).statusCode).toBe(204);
    expect((await tusOther.head(cookie, location)).headers['upload-offset']).toBe(String(half));
    const rest = await tusOther.patch(cookie, location, half, png.subarray(half));
    expect(rest.statusCode, rest.body).toBe(204);
    expect((await stagedRows(student.id))[0]?.state).toBe('finished');
  });

  it('serialises two instances on one upload: a lock held by one makes the other wait', async () => {
    const locker = app.stagedUploads.locker;
    const lockA = locker.newLock('0'.repeat(32));
    const lockB = other.stagedUploads.locker.newLock('0'.repeat(32));
    await lockA.lock(new AbortController().signal, () => undefined);
    let bHeld = false;
    const waiting = lockB
      .lock(new AbortController().signal, () => undefined)
      .then(() => {
        bHeld = true;
      });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(bHeld).toBe(false);
    await lockA.unlock();
    await waiting;
    expect(bHeld).toBe(true);
    await lockB.unlock();
  });
});

describe('the lease lock', () => {
  const signal = () => new AbortController().signal;

  it("takes over a crashed holder's lease once it expired", async () => {
    const id = '1'.repeat(32);
    await db
      .insert(uploadLocks)
      .values({ uploadId: id, token: 'crashed', lockedUntil: sql`now() - interval '1 second'` });
    const lock = new PgLocker(database.serving.db).newLock(id);
    await lock.lock(signal(), () => undefined);
    const [row] = await db.select().from(uploadLocks).where(eq(uploadLocks.uploadId, id));
    expect(row?.token).not.toBe('crashed');
    await lock.unlock();
    expect(await db.select().from(uploadLocks).where(eq(uploadLocks.uploadId, id))).toEqual([]);
  });

  it("gives up with tus's lock time-out while a live lease is held", async () => {
    const id = '2'.repeat(32);
    await db
      .insert(uploadLocks)
      .values({ uploadId: id, token: 'alive', lockedUntil: sql`now() + interval '1 minute'` });
    const lock = new PgLocker(database.serving.db, { acquireTimeoutMs: 300, pollMs: 50 }).newLock(id);
    await expect(lock.lock(signal(), () => undefined)).rejects.toMatchObject({ status_code: 500 });
    const [row] = await db.select().from(uploadLocks).where(eq(uploadLocks.uploadId, id));
    expect(row?.token).toBe('alive');
  });

  it('renews its lease while held, so a long PATCH keeps the upload', async () => {
    const id = '3'.repeat(32);
    const lock = new PgLocker(database.serving.db, { leaseMs: 600 }).newLock(id);
    await lock.lock(signal(), () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const [row] = await db
      .select({ live: sql<boolean>`${uploadLocks.lockedUntil} > now()` })
      .from(uploadLocks)
      .where(eq(uploadLocks.uploadId, id));
    expect(row?.live).toBe(true);
    await lock.unlock();
  });
});

describe('submit naming staged uploads', () => {
  it('completes the data with six uploads, moving them into place and removing the staged ones', async () => {
    const { student, cookie } = await loggedIn();
    const files = await stagedFiles();
    const named = await uploadAll(cookie);
    const res = await submit(student.id, cookie, named);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await db.select().from(students).where(eq(students.id, student.id));
    expect(row?.isComplete).toBe(true);
    const images = await imageRows(student.id);
    expect(images.map((image) => image.kind).sort()).toEqual([...IMAGE_KINDS].sort());
    for (const image of images) {
      const bytes = await storedBytes(image.storageKey);
      expect(image.sizeBytes).toBe(bytes.length);
      expect((await sharp(bytes).metadata()).width).toBe(3);
    }
    expect(await stagedRows(student.id)).toEqual([]);
    await expect.poll(stagedFiles).toEqual(files);
  });

  it('two submits naming the same uploads at once: one stores them, the other is refused', async () => {
    const { student, cookie } = await loggedIn();
    const named = await uploadAll(cookie);
    const answers = await Promise.all([submit(student.id, cookie, named), submit(student.id, cookie, named)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 404]);
    expect(await imageRows(student.id)).toHaveLength(6);
    for (const image of await imageRows(student.id)) {
      expect(image.sizeBytes).toBe((await storedBytes(image.storageKey)).length);
    }
  });

  it('works across instances: uploaded through one, submitted through the other', async () => {
    const { student, cookie } = await loggedIn();
    const named = await uploadAll(cookie);
    const res = await patchMultipart(other, completeUrl(student.id), cookie, {
      ...FIELDS,
      [STAGED_UPLOADS_FIELD]: JSON.stringify(named),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await imageRows(student.id)).toHaveLength(6);
  });

  /**
   * Six uploads, the submit spoiled by `spoil`: it must store nothing and remove the staged uploads it named
   * (an upload it no longer names stays, for the sweep).
   */
  async function refusedSubmit(
    spoil: (
      named: Partial<Record<ImageKind, string>>,
      ctx: { studentId: string },
    ) => Promise<object> | object,
    status: number,
    message: string,
  ) {
    const { student, cookie } = await loggedIn();
    const files = await stagedFiles();
    const named = await uploadAll(cookie);
    const spoiled = await spoil(named, { studentId: student.id });
    const res = await submit(student.id, cookie, spoiled);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toBe(message);
    const [row] = await db.select().from(students).where(eq(students.id, student.id));
    expect(row?.isComplete).toBe(false);
    expect(await imageRows(student.id)).toEqual([]);
    const unnamed = Object.values(named).filter((id) => !Object.values(spoiled).includes(id));
    expect((await stagedRows(student.id)).map((staged) => staged.id)).toEqual(unnamed);
    const left = (await stagedFiles()).filter((name) => !files.includes(name));
    expect(left.filter((name) => !unnamed.some((id) => name.startsWith(id)))).toEqual([]);
  }

  it('all or none: an unknown id refuses the whole submit', () =>
    refusedSubmit(
      (named) => ({ ...named, personalPhoto: 'f'.repeat(32) }),
      404,
      STAGED_UPLOAD_MESSAGES.uploadNotFound,
    ));

  it('refuses the same upload named twice', () =>
    refusedSubmit(
      (named) => ({ ...named, backIdCard: named.frontIdCard }),
      400,
      STAGED_UPLOAD_MESSAGES.uploadNamedTwice,
    ));

  it('refuses an upload named for another kind', () =>
    refusedSubmit(
      (named) => ({ ...named, frontIdCard: named.backIdCard, backIdCard: named.frontIdCard }),
      400,
      STAGED_UPLOAD_MESSAGES.uploadKindMismatch,
    ));

  it('refuses an expired upload', () =>
    refusedSubmit(
      async (named) => {
        await db
          .update(stagedUploads)
          .set({ createdAt: sql`now() - interval '25 hours'` })
          .where(eq(stagedUploads.id, named.personalPhoto as string));
        return named;
      },
      404,
      STAGED_UPLOAD_MESSAGES.uploadNotFound,
    ));

  it('refuses an upload still receiving', async () => {
    const { student, cookie } = await loggedIn();
    const named = await uploadAll(cookie, IMAGE_KINDS.slice(0, 5));
    const created = await tus.create(cookie, 500, 'nominationCard');
    const id = String(created.headers.location).split('/').pop() as string;
    const res = await submit(student.id, cookie, { ...named, nominationCard: id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(STAGED_UPLOAD_MESSAGES.uploadNotFinished);
    expect(await imageRows(student.id)).toEqual([]);
  });

  it("refuses another session's uploads and leaves them to their owner", async () => {
    const owner = await loggedIn();
    const named = await uploadAll(owner.cookie);
    const intruder = await loginStudent(app, owner.student.nationalId);
    const res = await submit(owner.student.id, intruder, named);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(STAGED_UPLOAD_MESSAGES.uploadNotFound);
    expect(await imageRows(owner.student.id)).toEqual([]);
    expect(await stagedRows(owner.student.id)).toHaveLength(6);
  });

  it.each([
    ['not JSON', '{kind'],
    ['an unknown kind', JSON.stringify({ passport: 'a'.repeat(32) })],
    ['an id that is not one', JSON.stringify({ frontIdCard: "1' OR '1'='1" })],
    ['nothing named', '{}'],
  ])('refuses an uploads field that is %s', async (_what, value) => {
    const { student, cookie } = await loggedIn();
    const res = await patchMultipart(app, completeUrl(student.id), cookie, {
      ...FIELDS,
      [STAGED_UPLOADS_FIELD]: value,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(STAGED_UPLOAD_MESSAGES.uploadsInvalid);
  });

  it('refuses photos parts and an uploads field together', async () => {
    const { student, cookie } = await loggedIn();
    const res = await patchMultipart(
      app,
      completeUrl(student.id),
      cookie,
      { ...FIELDS, [STAGED_UPLOADS_FIELD]: JSON.stringify({ frontIdCard: 'a'.repeat(32) }) },
      documentPhotos(),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(STAGED_UPLOAD_MESSAGES.uploadsWithPhotos);
    expect(await imageRows(student.id)).toEqual([]);
  });

  it('replaces a refused document with an upload', async () => {
    const { student, cookie } = await loggedIn();
    expect(
      (await patchMultipart(app, completeUrl(student.id), cookie, FIELDS, documentPhotos())).statusCode,
    ).toBe(200);
    await setDocumentReviews(db, student.id, {
      ...Object.fromEntries(IMAGE_KINDS.map((kind) => [kind, { state: 'accepted' }])),
      personalPhoto: { state: 'rejected', reason: 'other', note: 'غير واضحة' },
    });
    const before = (await imageRows(student.id)).find((image) => image.kind === 'personalPhoto');
    const { id } = await tus.upload(cookie, pngOf('personalPhoto', 200), 'personalPhoto');
    const res = await submit(student.id, cookie, { personalPhoto: id }, replaceUrl(student.id));
    expect(res.statusCode, res.body).toBe(200);
    const after = (await imageRows(student.id)).find((image) => image.kind === 'personalPhoto');
    expect(after?.reviewStatus).toBe('pending');
    expect(after?.sha256).not.toBe(before?.sha256);
    expect(await stagedRows(student.id)).toEqual([]);
  });
});

describe('sweep', () => {
  it('removes staged uploads older than 24 hours, bytes and rows, and keeps younger ones', async () => {
    const { student, cookie } = await loggedIn();
    const old = await tus.upload(cookie, pngOf('frontIdCard'), 'frontIdCard');
    const young = await tus.upload(cookie, pngOf('backIdCard'), 'backIdCard');
    await db
      .update(stagedUploads)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(stagedUploads.id, old.id));
    expect(await app.stagedUploads.service.sweep(app.log)).toBeGreaterThanOrEqual(1);
    expect((await stagedRows(student.id)).map((row) => row.id)).toEqual([young.id]);
    const files = await stagedFiles();
    expect(files.some((name) => name.startsWith(old.id))).toBe(false);
    expect(files.some((name) => name.startsWith(young.id))).toBe(true);
  });

  it('removes the bytes of an upload whose row went with its student, once 24 hours old', async () => {
    const { student, cookie } = await loggedIn();
    const orphan = await tus.upload(cookie, pngOf('frontIdCard'), 'frontIdCard');
    await db.delete(students).where(eq(students.id, student.id));
    expect(await stagedRows(student.id)).toEqual([]);
    const info = path.join(tusStagingDir(app.config.dataDir), `${orphan.id}.json`);
    const upload = JSON.parse(await readFile(info, 'utf8'));
    await writeFile(
      info,
      JSON.stringify({ ...upload, creation_date: new Date(Date.now() - 25 * 3600_000).toISOString() }),
    );
    await app.stagedUploads.service.sweep(app.log);
    expect((await stagedFiles()).some((name) => name.startsWith(orphan.id))).toBe(false);
  });
});

describe('orientation and metadata', () => {
  /** A 40×20 JPEG whose EXIF says "rotate 90° clockwise" (orientation 6) and carries a GPS position. */
  const gpsJpeg = () =>
    sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '31/1 2/1 30/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '31/1 22/1 0/1',
        },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();

  async function expectCleanUpright(bytes: Buffer) {
    const meta = await sharp(bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([20, 40]);
    expect(bytes.includes(Buffer.from('Exif\0\0'))).toBe(false);
    expect(bytes.includes(Buffer.from('PhoneMaker'))).toBe(false);
  }

  it('the test image does carry GPS and orientation 6', async () => {
    const meta = await sharp(await gpsJpeg()).metadata();
    expect(meta.orientation).toBe(6);
    expect(meta.exif?.includes(Buffer.from('PhoneMaker'))).toBe(true);
    expect([meta.width, meta.height]).toEqual([40, 20]);
  });

  it('a tus upload is stored upright and without metadata, its digest that of the stored bytes', async () => {
    const { student, cookie } = await loggedIn();
    const named = await uploadAll(
      cookie,
      IMAGE_KINDS.filter((kind) => kind !== 'personalPhoto'),
    );
    const { id, sent } = await tus.upload(cookie, await gpsJpeg(), 'personalPhoto');
    expect(sent.statusCode, sent.body).toBe(204);
    expect((await submit(student.id, cookie, { ...named, personalPhoto: id })).statusCode).toBe(200);
    const photo = (await imageRows(student.id)).find((image) => image.kind === 'personalPhoto');
    const bytes = await storedBytes(photo?.storageKey ?? '');
    await expectCleanUpright(bytes);
    expect(photo?.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('a PNG loses its text chunks and keeps its pixels', async () => {
    const { student, cookie } = await loggedIn();
    const named = await uploadAll(
      cookie,
      IMAGE_KINDS.filter((kind) => kind !== 'frontIdCard'),
    );
    const png = pngWithText('GPS 31.0409N 31.3785E home');
    expect(png.includes(Buffer.from('31.0409N'))).toBe(true);
    const { id } = await tus.upload(cookie, png, 'frontIdCard');
    expect((await submit(student.id, cookie, { ...named, frontIdCard: id })).statusCode).toBe(200);
    const front = (await imageRows(student.id)).find((image) => image.kind === 'frontIdCard');
    const bytes = await storedBytes(front?.storageKey ?? '');
    expect(bytes.includes(Buffer.from('tEXt'))).toBe(false);
    expect(bytes.includes(Buffer.from('31.0409N'))).toBe(false);
    expect(await sharp(bytes).raw().toBuffer()).toEqual(await sharp(png).raw().toBuffer());
  });

  it('a multipart photos part is cleaned the same way', async () => {
    const { student, cookie } = await loggedIn();
    const photos = documentPhotos(IMAGE_KINDS.filter((kind) => kind !== 'personalPhoto'));
    photos.push({ filename: 'me.jpg__personalPhoto', content: await gpsJpeg() });
    const res = await patchMultipart(app, completeUrl(student.id), cookie, FIELDS, photos);
    expect(res.statusCode, res.body).toBe(200);
    const photo = (await imageRows(student.id)).find((image) => image.kind === 'personalPhoto');
    await expectCleanUpright(await storedBytes(photo?.storageKey ?? ''));
  });
});
