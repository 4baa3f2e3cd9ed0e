import { mkdir, mkdtemp, readdir, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { localDiskStorage, TEMP_FOLDER } from './local-disk-storage.js';
import { storagePlugin } from './storage.plugin.js';

async function fileAged(file: string, ageMs: number) {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, 'x');
  const when = new Date(Date.now() - ageMs);
  await utimes(file, when, when);
}

describe('storagePlugin', () => {
  it('decorates the app and removes stale temporary files of the store and of staged uploads on start', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-data-'));
    const storage = localDiskStorage(path.join(dataDir, 'images'));
    const stagingDir = path.join(dataDir, 'tmp', 'uploads');
    const hours = (n: number) => n * 60 * 60 * 1000;
    await fileAged(path.join(storage.root, TEMP_FOLDER, 'crashed.part'), hours(2));
    await fileAged(path.join(storage.root, TEMP_FOLDER, 'writing.part'), 0);
    await fileAged(path.join(stagingDir, 'crashed.upload'), hours(3));
    await fileAged(path.join(stagingDir, 'receiving.upload'), 0);

    const app = Fastify();
    await app.register(storagePlugin, { storage, stagingDir });
    await app.ready();
    expect(app.storage).toBe(storage);
    expect(await readdir(path.join(storage.root, TEMP_FOLDER))).toEqual(['writing.part']);
    expect(await readdir(stagingDir)).toEqual(['receiving.upload']);
    await app.close();
  });
});
