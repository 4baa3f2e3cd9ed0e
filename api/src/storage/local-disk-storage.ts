import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, opendir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertStorageKey,
  type ObjectStorage,
  StorageError,
  StorageNotFoundError,
  type StoredObject,
} from './storage.js';

/** Folder (inside the store's root) of objects being written; its files are never addressable by a key. */
export const TEMP_FOLDER = '.tmp';

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

/**
 * Removes the files directly in `dir` last modified more than `maxAgeMs` ago (a missing folder has none);
 * answers how many were removed.
 */
export async function sweepOldFiles(dir: string, maxAgeMs: number, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if (isNotFound(error)) return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      const info = await stat(file);
      if (info.isFile() && now - info.mtimeMs > maxAgeMs) {
        await rm(file, { force: true });
        removed += 1;
      }
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }
  return removed;
}

async function flush(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The files under `dir` and its sub-folders as keys (`prefix` + relative path), skipping dot-names. */
async function* filesUnder(dir: string, prefix: string): AsyncGenerator<StoredObject> {
  let folder: Awaited<ReturnType<typeof opendir>>;
  try {
    folder = await opendir(dir);
  } catch (error) {
    if (isNotFound(error)) return;
    throw error;
  }
  for await (const entry of folder) {
    if (entry.name.startsWith('.')) continue;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      yield* filesUnder(file, `${prefix}${entry.name}/`);
    } else if (entry.isFile()) {
      try {
        yield { key: `${prefix}${entry.name}`, modifiedAt: (await stat(file)).mtime };
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    }
  }
}

/**
 * The store on the local disk under `root`: a key is a relative path. A write goes to a temporary file in
 * `root/.tmp`, is flushed to disk, then renamed into place and the rename flushed too, so a crash (even of the
 * machine) never leaves half an object under a key, nor loses one the caller was told is stored; temporary files
 * left by a crash are removed by `sweep`.
 */
export function localDiskStorage(root: string): ObjectStorage & { root: string } {
  const tempDir = path.join(root, TEMP_FOLDER);
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, ...key.split('/'));
  };

  return {
    root,

    async put(key, body) {
      const target = fileOf(key);
      const temp = path.join(tempDir, `${randomUUID()}.part`);
      let sinkClosed: Promise<unknown> = Promise.resolve();
      try {
        await mkdir(tempDir, { recursive: true });
        const source = body instanceof Uint8Array ? Readable.from([body]) : body;
        const sink = createWriteStream(temp, { flags: 'wx' });
        sinkClosed = new Promise((resolve) => sink.once('close', () => resolve(undefined)));
        await pipeline(source, sink);
        await flush(temp);
        await mkdir(path.dirname(target), { recursive: true });
        await rename(temp, target);
        await flush(path.dirname(target));
      } catch (error) {
        // A source that fails before the file is even open: the file appears when the open completes, so wait
        // for the write stream to close before removing it.
        await sinkClosed;
        await rm(temp, { force: true }).catch(() => undefined);
        throw new StorageError('put', key, { cause: error });
      }
    },

    async get(key) {
      const file = fileOf(key);
      try {
        const handle = await open(file, 'r');
        return handle.createReadStream();
      } catch (error) {
        if (isNotFound(error)) throw new StorageNotFoundError(key);
        throw new StorageError('get', key, { cause: error });
      }
    },

    async delete(key) {
      const file = fileOf(key);
      try {
        await rm(file, { force: true });
      } catch (error) {
        throw new StorageError('delete', key, { cause: error });
      }
    },

    async exists(key) {
      const file = fileOf(key);
      try {
        return (await stat(file)).isFile();
      } catch (error) {
        if (isNotFound(error)) return false;
        throw new StorageError('exists', key, { cause: error });
      }
    },

    async *list(folder) {
      const prefix = folder === '' ? '' : folder.replace(/\/?$/, '/');
      if (prefix !== '') assertStorageKey(prefix.slice(0, -1));
      try {
        yield* filesUnder(path.join(root, ...prefix.split('/')), prefix);
      } catch (error) {
        throw new StorageError('list', folder, { cause: error });
      }
    },

    sweep: (maxAgeMs) => sweepOldFiles(tempDir, maxAgeMs),
  };
}
