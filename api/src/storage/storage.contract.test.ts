import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../test/s3-server.js';
import { loadConfig } from '../config/config.js';
import { localDiskStorage, sweepOldFiles, TEMP_FOLDER } from './local-disk-storage.js';
import { s3Storage } from './s3-storage.js';
import { isValidStorageKey, type ObjectStorage, StorageError, StorageNotFoundError } from './storage.js';
import { storageFromConfig } from './storage.plugin.js';

const s3 = await startS3Server();
afterAll(() => s3.close());

/** A port nothing listens on: a store there is unreachable. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 1;
}

interface Backend {
  name: string;
  /** A new, empty store. */
  create(): Promise<ObjectStorage>;
  /** A store whose backing service cannot work (a file where the folder should be; a closed port). */
  broken(): Promise<ObjectStorage>;
}

const backends: Backend[] = [
  {
    name: 'local disk',
    create: async () => localDiskStorage(await mkdtemp(path.join(tmpdir(), 'portal-store-'))),
    broken: async () => {
      const file = path.join(await mkdtemp(path.join(tmpdir(), 'portal-store-')), 'not-a-folder');
      await writeFile(file, 'x');
      return localDiskStorage(file);
    },
  },
  {
    name: 'S3-compatible (s3rver on loopback)',
    create: async () => s3Storage(s3.config()),
    broken: async () => s3Storage({ ...s3.config(), endpoint: `http://127.0.0.1:${await closedPort()}` }),
  },
];

const failingSource = () =>
  Readable.from(
    (async function* () {
      yield Buffer.from('half');
      await new Promise((resolve) => setTimeout(resolve, 5));
      throw new Error('source broke');
    })(),
  );

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.each(backends)('ObjectStorage contract: $name', (backend) => {
  const opened: ObjectStorage[] = [];
  const newStore = async () => {
    const store = await backend.create();
    opened.push(store);
    return store;
  };
  afterAll(async () => {
    for (const store of opened) await store.close?.();
  });

  it('puts a buffer or a stream under a key and reads it back', async () => {
    const store = await newStore();
    await store.put('students/a/front-1.png', Buffer.from('first'));
    await store.put('students/a/back-1.png', Readable.from([Buffer.from('sec'), Buffer.from('ond')]));
    expect(await text(await store.get('students/a/front-1.png'))).toBe('first');
    expect(await text(await store.get('students/a/back-1.png'))).toBe('second');
    expect(await store.exists('students/a/front-1.png')).toBe(true);
    expect(await store.exists('students/a/none.png')).toBe(false);
  });

  it('keeps binary content byte for byte, streamed both ways (2 MB, the largest image)', async () => {
    const store = await newStore();
    const bytes = randomBytes(2 * 1024 * 1024);
    const chunks = Array.from({ length: 32 }, (_, i) => bytes.subarray(i * 65_536, (i + 1) * 65_536));
    await store.put('students/b/photo.jpg', Readable.from(chunks));
    await store.put('students/b/empty.png', Buffer.alloc(0));
    expect(sha256(await buffer(await store.get('students/b/photo.jpg')))).toBe(sha256(bytes));
    expect((await buffer(await store.get('students/b/empty.png'))).length).toBe(0);
  });

  it('a second put under a key replaces the object whole', async () => {
    const store = await newStore();
    await store.put('x/replace.png', Buffer.from('old content, longer'));
    await store.put('x/replace.png', Buffer.from('new'));
    expect(await text(await store.get('x/replace.png'))).toBe('new');
  });

  it('keys are independent: similar names and nested segments do not touch each other', async () => {
    const store = await newStore();
    await store.put('a/b', Buffer.from('1'));
    await store.put('a/bc', Buffer.from('2'));
    await store.put('a/b2/c', Buffer.from('3'));
    await store.delete('a/b');
    expect(await store.exists('a/b')).toBe(false);
    expect(await text(await store.get('a/bc'))).toBe('2');
    expect(await text(await store.get('a/b2/c'))).toBe('3');
  });

  it('deletes, and deleting a missing object is not an error', async () => {
    const store = await newStore();
    await store.put('x/y.png', Buffer.from('1'));
    await store.delete('x/y.png');
    await store.delete('x/y.png');
    await store.delete('never/was.png');
    expect(await store.exists('x/y.png')).toBe(false);
    await expect(store.get('x/y.png')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('answers StorageNotFoundError, naming the key, for a key never written', async () => {
    const store = await newStore();
    const error = await store.get('students/none/photo.png').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageNotFoundError);
    expect((error as StorageNotFoundError).key).toBe('students/none/photo.png');
  });

  it('leaves no object when the source fails midway', async () => {
    const store = await newStore();
    await expect(store.put('x/broken.png', failingSource())).rejects.toBeInstanceOf(StorageError);
    expect(await store.exists('x/broken.png')).toBe(false);
  });

  it('a failed replacement leaves the previous object whole', async () => {
    const store = await newStore();
    await store.put('x/kept.png', Buffer.from('previous'));
    await expect(store.put('x/kept.png', failingSource())).rejects.toBeInstanceOf(StorageError);
    expect(await text(await store.get('x/kept.png'))).toBe('previous');
  });

  it('takes many puts at once, each under its own key', async () => {
    const store = await newStore();
    const keys = Array.from({ length: 24 }, (_, i) => `students/c/kind-${i}.png`);
    await Promise.all(keys.map((key, i) => store.put(key, Buffer.from(`image ${i}`))));
    const read = await Promise.all(keys.map(async (key) => text(await store.get(key))));
    expect(read).toEqual(keys.map((_, i) => `image ${i}`));
  });

  it('refuses keys that could leave its place or reach its temporary files, before any I/O', async () => {
    const store = await newStore();
    for (const key of ['../escape.png', '/etc/passwd', 'a/../../b', '.tmp/x', 'a//b', '', 'a\\b']) {
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow();
      await expect(store.get(key)).rejects.toThrow(/invalid storage key/);
      await expect(store.exists(key)).rejects.toThrow(/invalid storage key/);
      await expect(store.delete(key)).rejects.toThrow(/invalid storage key/);
    }
  });

  it('answers StorageError (the caller answers 503) when its backing service cannot work', async () => {
    const store = await backend.broken();
    opened.push(store);
    await expect(store.put('x/y.png', Buffer.from('1'))).rejects.toBeInstanceOf(StorageError);
    await expect(store.put('x/y.png', Readable.from([Buffer.from('1')]))).rejects.toBeInstanceOf(
      StorageError,
    );
    await expect(store.get('x/y.png')).rejects.toBeInstanceOf(StorageError);
    await expect(store.exists('x/y.png')).rejects.toBeInstanceOf(StorageError);
    await expect(store.list('x/')[Symbol.asyncIterator]().next()).rejects.toBeInstanceOf(StorageError);
  });
});

describe('storage keys', () => {
  it('are 1-8 segments of letters, digits, dot, dash and underscore, none starting with a dot', () => {
    for (const key of [
      '../etc/passwd',
      '/etc/passwd',
      'a/../../b',
      '.tmp/x',
      'a//b',
      '',
      'a/.hidden',
      'a\\b',
    ]) {
      expect(isValidStorageKey(key)).toBe(false);
    }
    expect(isValidStorageKey('a/b/c/d/e/f/g/h/i')).toBe(false);
    expect(isValidStorageKey('students/3f2a/frontIdCard-1b9d.png')).toBe(true);
  });
});

describe('local disk store', () => {
  const newStore = async () => localDiskStorage(await mkdtemp(path.join(tmpdir(), 'portal-store-')));

  it('keeps objects as files under its root and leaves no temporary file behind', async () => {
    const store = await newStore();
    await store.put('students/a/back-1.png', Readable.from([Buffer.from('sec'), Buffer.from('ond')]));
    expect(await readFile(path.join(store.root, 'students', 'a', 'back-1.png'), 'utf8')).toBe('second');
    await expect(store.put('x/broken.png', failingSource())).rejects.toBeInstanceOf(StorageError);
    expect(await readdir(path.join(store.root, TEMP_FOLDER))).toEqual([]);
  });

  it('leaves no temporary file even when the source fails before the file is open (100 tries)', async () => {
    const store = await newStore();
    const early = () =>
      Readable.from(
        (async function* () {
          yield Buffer.from('partial');
          throw new Error('source broke at once');
        })(),
      );
    for (let i = 0; i < 100; i += 1) {
      await expect(store.put(`x/early-${i}.png`, early())).rejects.toBeInstanceOf(StorageError);
    }
    expect(await readdir(path.join(store.root, TEMP_FOLDER))).toEqual([]);
  });

  it('lists every object under a folder with when it was written, and nothing else', async () => {
    const store = await newStore();
    const folder = `listed-${randomBytes(4).toString('hex')}`;
    const keys = [`${folder}/a/photo-1.png`, `${folder}/a/card-2.jpg`, `${folder}/b/photo-3.png`];
    const before = Date.now() - 60_000;
    for (const key of keys) await store.put(key, Buffer.from(key));
    await store.put(`${folder}-sibling/a/photo-1.png`, Buffer.from('not listed'));
    await expect(store.put(`${folder}/a/broken.png`, failingSource())).rejects.toBeInstanceOf(StorageError);
    const listed = [];
    for await (const object of store.list(`${folder}/`)) listed.push(object);
    expect(listed.map((object) => object.key).sort()).toEqual([...keys].sort());
    for (const object of listed) expect(object.modifiedAt.getTime()).toBeGreaterThan(before);
    const none = [];
    for await (const object of store.list(`${folder}-missing/`)) none.push(object);
    expect(none).toEqual([]);
  });

  it('sweeps temporary files older than the given age, and only those', async () => {
    const store = await newStore();
    const temp = path.join(store.root, TEMP_FOLDER);
    await mkdir(temp, { recursive: true });
    await writeFile(path.join(temp, 'old.part'), 'x');
    await writeFile(path.join(temp, 'new.part'), 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(path.join(temp, 'old.part'), twoHoursAgo, twoHoursAgo);
    await store.put('kept.png', Buffer.from('x'));
    expect(await store.sweep?.(60 * 60 * 1000)).toBe(1);
    expect(await readdir(temp)).toEqual(['new.part']);
    expect(await store.exists('kept.png')).toBe(true);
    expect(await sweepOldFiles(path.join(store.root, 'missing'), 1000)).toBe(0);
  });
});

describe('S3-compatible store', () => {
  // s3rver refuses every signed bucket listing (SignatureDoesNotMatch: it signs the bucket path without the
  // trailing slash the SDK sends), so `list` on S3 is checked against real stores only, not here.
  console.warn('storage contract: S3 list is not tested against s3rver (it refuses signed bucket listings)');

  it('writes under its prefix in the bucket, so several portals can share one bucket', async () => {
    const first = s3Storage(s3.config('portal-a/'));
    const second = s3Storage(s3.config('portal-b/'));
    await first.put('students/s/photo.png', Buffer.from('A'));
    await second.put('students/s/photo.png', Buffer.from('B'));
    expect(await text(await first.get('students/s/photo.png'))).toBe('A');
    expect(await text(await second.get('students/s/photo.png'))).toBe('B');
    const head = await first.client.send(
      new HeadObjectCommand({ Bucket: s3.bucket, Key: 'portal-a/students/s/photo.png' }),
    );
    expect(head.ContentLength).toBe(1);
    await first.close?.();
    await second.close?.();
  });
});

describe('storage selection from the configuration', () => {
  it('is the local disk under DATA_DIR/images by default', () => {
    const dataDir = path.join(tmpdir(), 'portal-selection');
    const store = storageFromConfig(loadConfig({ DATA_DIR: dataDir }));
    expect((store as { root?: string }).root).toBe(path.join(dataDir, 'images'));
  });

  it('is the S3-compatible store when S3_BUCKET is set, and it works', async () => {
    const config = loadConfig({ DATA_DIR: tmpdir(), ...s3.env('selected/') });
    expect(config.s3).toMatchObject({ bucket: s3.bucket, forcePathStyle: true, prefix: 'selected/' });
    const store = storageFromConfig(config);
    await store.put('k/v.png', Buffer.from('through the configuration'));
    expect(await text(await s3Storage(s3.config('selected/')).get('k/v.png'))).toBe(
      'through the configuration',
    );
    await store.close?.();
  });
});
