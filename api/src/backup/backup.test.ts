import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IMAGE_KINDS } from '@portal/common';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { insertStudent, loginStudent } from '../../test/builders.js';
import { COMPLETE_DATA_FIELDS } from '../../test/complete-data-fields.js';
import { startS3Server } from '../../test/s3-server.js';
import { adminQuery, withDatabase } from '../../test/template-database.js';
import { createTestApp } from '../../test/test-app.js';
import { documentPhotos, filesUnder, patchMultipart, uploadFolders } from '../../test/uploads.js';
import { runMigrations } from '../db/migrate.js';
import { localDiskStorage } from '../storage/local-disk-storage.js';
import { s3Storage } from '../storage/s3-storage.js';
import type { ObjectStorage } from '../storage/storage.js';
import { BackupError, backup } from './backup.js';
import { findPgTool } from './pg-tools.js';
import { RestoreRefused, restore } from './restore.js';
import { emptyStore, readSnapshot, type SnapshotView, sha256File, withManifest } from './testing/targets.js';

const { app, database } = await createTestApp({ STUDENT_LOOKUP_RATE_LIMIT: '10000' });
const imagesDir = uploadFolders(app).images;
const work = await mkdtemp(path.join(tmpdir(), 'portal-backup-test-'));
let archives = 0;
const archivePath = () => path.join(work, `backup-${++archives}.tar`);

async function storedKeys(storage: ObjectStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list('')) keys.push(object.key);
  return keys.sort();
}

/** Whether the database and store are as empty as a new one: no table, no image. */
async function isEmpty(url: string, storage: ObjectStorage) {
  return {
    tables: Object.keys((await readSnapshot(url).catch(() => undefined))?.contents ?? {}),
    images: await storedKeys(storage),
  };
}

/** A new empty database on the test server, dropped after the file. */
export async function emptyDatabase(): Promise<string> {
  const serverUrl = inject('dbServerUrl');
  const name = `${inject('dbPrefix')}restore_${randomBytes(5).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
  afterAll(() => adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  return withDatabase(serverUrl, name);
}

/** Drops every backed-up schema's contents: the database as empty as a new one. */
export async function destroyDatabase(url: string): Promise<void> {
  await adminQuery(
    url,
    'DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public',
  );
}

async function adminQueryRows(url: string, statement: string) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    return (await pool.query(statement)).rows;
  } finally {
    await pool.end();
  }
}

const STUDENTS = 50;

/** pg_dump where one of the server's major version is installed (the external server here), COPY where not. */
const version = await database.pool.query<{ num: string }>(
  "SELECT current_setting('server_version_num') AS num",
);
const serverMajor = Math.floor(Number(version.rows[0]?.num) / 10_000);
const automatic = (await findPgTool('pg_dump', (major) => major === serverMajor)) ? 'pg_dump' : 'copy';
const kinds = automatic === 'pg_dump' ? (['auto', 'copy'] as const) : (['auto'] as const);

describe.each(kinds)('a backup (%s) taken while 50 complete-data submissions are in flight', (kind) => {
  let snapshot: SnapshotView;
  let file: string;
  const completedLive: string[] = [];

  beforeAll(async () => {
    // A complete student with its images in a season then closed: a closed season is read-only (decision 15), and
    // the restore must bring it back whole all the same.
    const earlier = await insertStudent(database.db);
    const earlierSubmit = await patchMultipart(
      app,
      `/api/v1/students/completeStudentData/${earlier.id}`,
      await loginStudent(app, earlier.nationalId),
      COMPLETE_DATA_FIELDS,
      documentPhotos(IMAGE_KINDS, 99),
    );
    expect(earlierSubmit.statusCode).toBe(200);
    await database.pool.query(`
      WITH closed AS (UPDATE admission_seasons SET closed_at = now() WHERE closed_at IS NULL RETURNING name)
      INSERT INTO admission_seasons (name)
      SELECT split_part(name, '/', 2) || '/' || (split_part(name, '/', 2)::int + 1) FROM closed`);
    const students = await Promise.all(Array.from({ length: STUDENTS }, () => insertStudent(database.db)));
    const cookies = await Promise.all(students.map((student) => loginStudent(app, student.nationalId)));
    const submits = students.map(async (student, i) => {
      const res = await patchMultipart(
        app,
        `/api/v1/students/completeStudentData/${student.id}`,
        cookies[i],
        COMPLETE_DATA_FIELDS,
        documentPhotos(IMAGE_KINDS, i),
      );
      if (res.statusCode === 200) completedLive.push(student.id);
      return res.statusCode;
    });
    // The snapshot is taken once a few submissions have committed and the rest are still on their way; the
    // backup goes on only after all of them have committed, so those are surely after the snapshot.
    await vi.waitFor(() => expect(completedLive.length).toBeGreaterThanOrEqual(3), {
      timeout: 30_000,
      interval: 5,
    });
    file = archivePath();
    const result = await backup({
      databaseUrl: database.url,
      storage: app.storage,
      file,
      portalVersion: 'test',
      databaseKind: kind,
      onSnapshot: async (snapshotId) => {
        snapshot = await readSnapshot(database.url, snapshotId);
        expect(await Promise.all(submits)).toEqual(Array(STUDENTS).fill(200));
      },
    });
    expect(result.manifest.images.count).toBe(snapshot.images.length);
    expect(result.manifest.database.kind).toBe(kind === 'copy' ? 'copy' : automatic);
  }, 60_000);

  it('restores every row and image byte-identical to the snapshot, after the data is destroyed', async () => {
    expect(completedLive).toHaveLength(STUDENTS);
    const completeAtSnapshot = snapshot.completeStudents.filter((id) => completedLive.includes(id));
    expect(completeAtSnapshot.length).toBeGreaterThanOrEqual(3);
    expect(completeAtSnapshot.length).toBeLessThan(STUDENTS);

    await destroyDatabase(database.url);
    await rm(imagesDir, { recursive: true, force: true });
    const store = localDiskStorage(imagesDir);
    await restore({ databaseUrl: database.url, storage: store, file });

    const restored = await readSnapshot(database.url);
    expect(restored.contents).toEqual(snapshot.contents);
    expect(restored.images).toEqual(snapshot.images);
    // Every image row has its file with the row's bytes, and the store holds no file without its row.
    expect(await storedKeys(store)).toEqual(snapshot.images.map((image) => image.key));
    for (const image of restored.images) {
      expect(await sha256File(path.join(imagesDir, image.key))).toBe(image.sha256);
    }
    // A submission is wholly there (complete, six images) or wholly absent.
    const perStudent = new Map<string, number>();
    for (const image of restored.images) {
      const student = image.key.split('/')[1] ?? '';
      perStudent.set(student, (perStudent.get(student) ?? 0) + 1);
    }
    expect([...perStudent.keys()].sort()).toEqual(restored.completeStudents);
    expect([...perStudent.values()].every((count) => count === IMAGE_KINDS.length)).toBe(true);
  });

  it('leaves a database the portal starts on, whose sequences continue after the restored ids', async () => {
    // As a start does: migrations as the owner, then the grants to the role the portal serves as (decision 20).
    await runMigrations(database.pool, database.serving.role);
    const { rows } = await database.pool.query<{ next: number; max: number }>(
      `SELECT nextval(pg_get_serial_sequence('drizzle.__drizzle_migrations', 'id'))::int AS next,
              (SELECT max(id) FROM drizzle.__drizzle_migrations)::int AS max`,
    );
    expect(rows[0]?.next).toBeGreaterThan(rows[0]?.max ?? Number.POSITIVE_INFINITY);
  });
});

it('takes the backup again when a student replaces their images after the snapshot (the old files are deleted)', async () => {
  const student = await insertStudent(database.db);
  const cookie = await loginStudent(app, student.nationalId);
  const url = `/api/v1/students/completeStudentData/${student.id}`;
  const send = (shade: number) =>
    patchMultipart(app, url, cookie, COMPLETE_DATA_FIELDS, documentPhotos(IMAGE_KINDS, shade));
  expect((await send(1)).statusCode).toBe(200);
  const file = archivePath();
  let snapshots = 0;
  const result = await backup({
    databaseUrl: database.url,
    storage: app.storage,
    file,
    portalVersion: 'test',
    onSnapshot: async () => {
      snapshots += 1;
      if (snapshots === 1) expect((await send(2)).statusCode).toBe(200);
    },
  });
  expect(result.attempts).toBe(2);
  const target = await emptyDatabase();
  const store = await emptyStore();
  await restore({ databaseUrl: target, storage: store, file });
  const restored = await readSnapshot(target);
  expect(restored.images).toEqual((await readSnapshot(database.url)).images);
  expect(await storedKeys(store)).toEqual(restored.images.map((image) => image.key));
});

it('leaves out the files of images the retention job purged, keeping their rows', async () => {
  // As the retention job does it: an image of the closed season, past the read-only trigger.
  const client = await database.pool.connect();
  const purged = await (async () => {
    try {
      await client.query('BEGIN');
      await client.query("SET LOCAL portal.season_maintenance = 'on'");
      const { rows } = await client.query<{ key: string }>(
        `UPDATE student_images SET purged_at = now()
          WHERE id = (SELECT i.id FROM student_images i JOIN students s ON s.id = i.student_id
            JOIN admission_seasons a ON a.id = s.season_id
            WHERE i.purged_at IS NULL AND a.closed_at IS NOT NULL LIMIT 1)
          RETURNING storage_key AS key`,
      );
      await client.query('COMMIT');
      return rows[0];
    } finally {
      client.release();
    }
  })();
  if (!purged) throw new Error('no image to purge');
  await app.storage.delete(purged.key);
  const file = archivePath();
  const result = await backup({
    databaseUrl: database.url,
    storage: app.storage,
    file,
    portalVersion: 'test',
  });
  expect(result.attempts).toBe(1);
  const target = await emptyDatabase();
  const store = await emptyStore();
  await restore({ databaseUrl: target, storage: store, file });
  expect((await readSnapshot(target)).contents).toEqual((await readSnapshot(database.url)).contents);
  const keys = await storedKeys(store);
  expect(keys).not.toContain(purged.key);
  expect(keys).toEqual((await readSnapshot(database.url)).images.map((image) => image.key));
});

it('restores into an S3-compatible store and backs up from it, image for image', async () => {
  const s3 = await startS3Server();
  const store = s3Storage(s3.config());
  // s3rver refuses signed bucket listings (see storage.contract.test.ts); its bucket prefix is new, so empty.
  const bucket: ObjectStorage = { ...store, list: async function* () {} };
  try {
    const first = archivePath();
    await backup({ databaseUrl: database.url, storage: app.storage, file: first, portalVersion: 'test' });
    const onS3 = await emptyDatabase();
    await restore({ databaseUrl: onS3, storage: bucket, file: first });
    const second = archivePath();
    await backup({ databaseUrl: onS3, storage: bucket, file: second, portalVersion: 'test' });
    const local = await emptyDatabase();
    const disk = await emptyStore();
    await restore({ databaseUrl: local, storage: disk, file: second });
    const original = await readSnapshot(database.url);
    expect((await readSnapshot(local)).contents).toEqual(original.contents);
    expect(await storedKeys(disk)).toEqual(original.images.map((image) => image.key));
    for (const image of original.images) {
      expect(await sha256File(path.join(disk.root, image.key))).toBe(image.sha256);
    }
  } finally {
    await store.close?.();
    await s3.close();
  }
});

it('hands the messages the queue held undelivered to the new queue again', async () => {
  const { rowCount } = await database.pool.query(
    "UPDATE notifications SET dispatched = true WHERE state = 'queued'",
  );
  expect(rowCount).toBeGreaterThan(0);
  const file = archivePath();
  await backup({ databaseUrl: database.url, storage: app.storage, file, portalVersion: 'test' });
  const url = await emptyDatabase();
  await restore({ databaseUrl: url, storage: await emptyStore(), file });
  const restored = await adminQueryRows(
    url,
    'SELECT count(*)::int AS n FROM notifications WHERE NOT dispatched',
  );
  expect(restored).toEqual([{ n: rowCount }]);
});

describe('restore refuses, changing nothing', () => {
  let file: string;

  beforeAll(async () => {
    file = archivePath();
    await backup({ databaseUrl: database.url, storage: app.storage, file, portalVersion: 'test' });
  });

  async function refusedIntoEmptyTarget(archive: string, message: RegExp) {
    const url = await emptyDatabase();
    const store = await emptyStore();
    await expect(restore({ databaseUrl: url, storage: store, file: archive })).rejects.toThrow(message);
    await expect(restore({ databaseUrl: url, storage: store, file: archive })).rejects.toBeInstanceOf(
      RestoreRefused,
    );
    expect(await isEmpty(url, store)).toEqual({ tables: [], images: [] });
  }

  it('an archive with one byte of an image flipped', async () => {
    const bytes = await readFile(file);
    const [image] = await filesUnder(imagesDir);
    const at = bytes.indexOf(await readFile(path.join(imagesDir, image ?? '')));
    expect(at).toBeGreaterThan(0);
    bytes[at + 20] = (bytes[at + 20] ?? 0) ^ 0xff;
    const damaged = archivePath();
    await writeFile(damaged, bytes);
    await refusedIntoEmptyTarget(damaged, /does not match its SHA-256/);
  });

  it('an archive with one byte of the database flipped', async () => {
    const bytes = await readFile(file);
    const at = bytes.indexOf('database/000001') + 512 + 40;
    bytes[at] = (bytes[at] ?? 0) ^ 0xff;
    const damaged = archivePath();
    await writeFile(damaged, bytes);
    await refusedIntoEmptyTarget(damaged, /database part database\/000001 does not match its SHA-256/);
  });

  it.each([0.5, 0.99])('an archive cut short at %s of its length', async (share) => {
    const cut = archivePath();
    await writeFile(cut, await readFile(file));
    await truncate(cut, Math.floor((await readFile(cut)).byteLength * share));
    await refusedIntoEmptyTarget(cut, /cut short/);
  });

  it('a database that is not empty', async () => {
    const before = await readSnapshot(database.url);
    const store = await emptyStore();
    await expect(restore({ databaseUrl: database.url, storage: store, file })).rejects.toThrow(
      /the target database is not empty/,
    );
    expect((await readSnapshot(database.url)).contents).toEqual(before.contents);
    expect(await storedKeys(store)).toEqual([]);
  });

  it('an image store that is not empty', async () => {
    const url = await emptyDatabase();
    await expect(restore({ databaseUrl: url, storage: app.storage, file })).rejects.toThrow(
      /the image store is not empty/,
    );
    expect((await isEmpty(url, await emptyStore())).tables).toEqual([]);
  });

  it('an archive of a newer portal (a migration this code does not know)', async () => {
    const newer = archivePath();
    await withManifest(file, newer, (manifest) => {
      manifest.migrations.push({ hash: 'f'.repeat(64), createdAt: String(Date.now()) });
    });
    await refusedIntoEmptyTarget(newer, /the archive is at migration level \d+, this portal knows \d+/);
  });

  it('an image store that fails in the middle of the restore: database and store left empty', async () => {
    const url = await emptyDatabase();
    const store = await emptyStore();
    let puts = 0;
    const failing: ObjectStorage = {
      ...store,
      async put(key, body) {
        puts += 1;
        if (puts === 5) throw new Error('ENOSPC: no space left on device');
        await store.put(key, body);
      },
    };
    await expect(restore({ databaseUrl: url, storage: failing, file })).rejects.toThrow(/ENOSPC/);
    expect(puts).toBeGreaterThanOrEqual(5);
    expect(await isEmpty(url, store)).toEqual({ tables: [], images: [] });
  });

  it('a missing archive, and a backup over an existing file', async () => {
    await expect(
      restore({
        databaseUrl: await emptyDatabase(),
        storage: await emptyStore(),
        file: path.join(work, 'none.tar'),
      }),
    ).rejects.toThrow(/there is no archive at/);
    await expect(
      backup({ databaseUrl: database.url, storage: app.storage, file, portalVersion: 'test' }),
    ).rejects.toBeInstanceOf(BackupError);
  });
});
