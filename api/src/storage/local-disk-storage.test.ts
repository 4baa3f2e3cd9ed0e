import { mkdir, mkdtemp, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { localDiskStorage, sweepOldFiles, TEMP_FOLDER } from './local-disk-storage.js';
import { isValidStorageKey, StorageError, StorageNotFoundError } from './storage.js';

const newStore = async () => localDiskStorage(await mkdtemp(path.join(tmpdir(), 'portal-store-')));

describe('localDiskStorage', () => {
  it('puts a buffer or a stream under a key and reads it back', async () => {
    const store = await newStore();
    await store.put('students/a/front-1.png', Buffer.from('first'));
    await store.put('students/a/back-1.png', Readable.from([Buffer.from('sec'), Buffer.from('ond')]));
    expect(await text(await store.get('students/a/front-1.png'))).toBe('first');
    expect(await readFile(path.join(store.root, 'students', 'a', 'back-1.png'), 'utf8')).toBe('second');
    expect(await store.exists('students/a/front-1.png')).toBe(true);
    expect(await store.exists('students/a/none.png')).toBe(false);
    expect(await readdir(path.join(store.root, TEMP_FOLDER))).toEqual([]);
  });

  it('deletes, and deleting a missing object is not an error', async () => {
    const store = await newStore();
    await store.put('x/y.png', Buffer.from('1'));
    await store.delete('x/y.png');
    await store.delete('x/y.png');
    expect(await store.exists('x/y.png')).toBe(false);
    await expect(store.get('x/y.png')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('leaves neither the object nor a temporary file when the source fails midway', async () => {
    const store = await newStore();
    const failing = Readable.from(
      (async function* () {
        yield Buffer.from('half');
        throw new Error('source broke');
      })(),
    );
    await expect(store.put('x/broken.png', failing)).rejects.toBeInstanceOf(StorageError);
    expect(await store.exists('x/broken.png')).toBe(false);
    expect(await readdir(path.join(store.root, TEMP_FOLDER))).toEqual([]);
  });

  it('refuses keys that could leave its folder or reach its temporary files', async () => {
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
    expect(isValidStorageKey('students/3f2a/frontIdCard-1b9d.png')).toBe(true);
    const store = await newStore();
    await expect(store.put('../escape.png', Buffer.from('x'))).rejects.toThrow();
    await expect(store.get('../escape.png')).rejects.toThrow(/invalid storage key/);
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
