import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { chmod, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import tar from 'tar-stream';
import { localDiskStorage } from '../../storage/local-disk-storage.js';
import { addEntry } from '../archive-io.js';
import { MANIFEST_ENTRY, type Manifest } from '../manifest.js';
import { BACKED_UP_SCHEMAS } from '../snapshot.js';
import { archiveEntries } from '../verify-archive.js';

/** Each backed-up table's row count and a hash of its ordered rows, as one snapshot (or the database now) sees them. */
export type Contents = Record<string, { rows: number; md5: string | null }>;

async function contentsOf(client: pg.Client): Promise<Contents> {
  const { rows: tables } = await client.query<{ name: string }>(
    `SELECT quote_ident(schemaname) || '.' || quote_ident(tablename) AS name FROM pg_tables
      WHERE schemaname = ANY($1) ORDER BY 1`,
    [BACKED_UP_SCHEMAS],
  );
  const contents: Contents = {};
  for (const { name } of tables) {
    const { rows } = await client.query<{ rows: number; md5: string | null }>(
      `SELECT count(*)::int AS rows, md5(string_agg(t::text, '' ORDER BY t::text)) AS md5 FROM ${name} t`,
    );
    contents[name] = rows[0] ?? { rows: 0, md5: null };
  }
  return contents;
}

export interface SnapshotView {
  contents: Contents;
  images: { key: string; sha256: string }[];
  completeStudents: string[];
}

/** What an exported snapshot holds, read through a transaction of its own that imports it. */
export async function readSnapshot(url: string, snapshotId?: string): Promise<SnapshotView> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    if (snapshotId) await client.query(`SET TRANSACTION SNAPSHOT '${snapshotId}'`);
    const contents = await contentsOf(client);
    const images = await client.query<{ key: string; sha256: string }>(
      'SELECT storage_key AS key, sha256 FROM student_images WHERE purged_at IS NULL ORDER BY storage_key',
    );
    const complete = await client.query<{ id: string }>(
      'SELECT id FROM students WHERE is_complete ORDER BY id',
    );
    await client.query('COMMIT');
    return { contents, images: images.rows, completeStudents: complete.rows.map((row) => row.id) };
  } finally {
    await client.end();
  }
}

/** A new empty local image store in a temporary folder. */
export async function emptyStore() {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-restore-images-'));
  await chmod(dir, 0o755);
  return localDiskStorage(dir);
}

export const sha256File = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');

/** A copy of the archive whose manifest `change` edits (every other entry as it was). */
export async function withManifest(file: string, copy: string, change: (manifest: Manifest) => void) {
  const pack = tar.pack();
  const written = pipeline(pack, createWriteStream(copy));
  for await (const entry of archiveEntries(file)) {
    let body = Buffer.concat(await entry.body.toArray());
    if (entry.name === MANIFEST_ENTRY) {
      const manifest = JSON.parse(body.toString('utf8')) as Manifest;
      change(manifest);
      body = Buffer.from(JSON.stringify(manifest));
    }
    await addEntry(pack, entry.name, body);
  }
  pack.finalize();
  await written;
}
