import { spawn } from 'node:child_process';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, link, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import tar, { type Pack } from 'tar-stream';
import { type ObjectStorage, StorageNotFoundError } from '../storage/storage.js';
import { addEntry, addFileEntry, countLines, inParts, sha256Of } from './archive-io.js';
import {
  ARCHIVE_FORMAT,
  type ArchivePart,
  databasePartEntry,
  IMAGE_LIST_ENTRY,
  type ImageListLine,
  imageEntry,
  imageListLine,
  MANIFEST_ENTRY,
  type Manifest,
  parseImageListLine,
  type TableManifest,
} from './manifest.js';
import { findPgTool, toolConnection } from './pg-tools.js';
import { BACKED_UP_SCHEMAS, type DatabaseSnapshot, openSnapshot, quoteTable } from './snapshot.js';

export interface BackupOptions {
  databaseUrl: string;
  storage: ObjectStorage;
  /** The archive to write; refused when it exists. Written as `FILE.partial`, renamed when whole. */
  file: string;
  portalVersion: string;
  /** `copy` forces the COPY path even where a matching pg_dump is installed; default: pg_dump when there is one. */
  databaseKind?: 'auto' | 'copy';
  /** Called once the snapshot is taken, with its exported name (tests read the same snapshot through it). */
  onSnapshot?: (snapshotId: string) => Promise<void>;
  log?: (message: string) => void;
}

export interface BackupResult {
  manifest: Manifest;
  archiveBytes: number;
  attempts: number;
}

/** A refusal the IT team can act on, said in one sentence; the CLI prints it without a stack trace. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** An image row of the snapshot whose object is gone from the store: a later commit replaced or deleted it. */
class ImageVanishedError extends Error {
  constructor(readonly key: string) {
    super(`image ${key} was removed from the store after the snapshot`);
  }
}

/** Whole backups tried before giving up when images keep vanishing under the snapshot (decision 13). */
const ATTEMPTS = 3;
/** Images fetched ahead of the one being written: the store's latency overlaps, at most this many in memory. */
const IMAGES_AHEAD = 8;

async function copyTables(snapshot: DatabaseSnapshot, pack: Pack, nextPart: () => string) {
  const tables: TableManifest[] = [];
  for (const table of snapshot.tables) {
    const columns = table.columns.map((column) => snapshot.client.escapeIdentifier(column)).join(', ');
    const source = snapshot.client.query(
      copyTo(`COPY (SELECT ${columns} FROM ${quoteTable(snapshot.client, table)}) TO STDOUT`),
    );
    const parts: ArchivePart[] = [];
    let rows = 0;
    for await (const part of inParts(source)) {
      const entry = nextPart();
      rows += countLines(part);
      await addEntry(pack, entry, part);
      parts.push({ entry, bytes: part.byteLength, sha256: sha256Of(part) });
    }
    if (rows !== table.rows) {
      throw new BackupError(
        `${table.schema}.${table.name}: COPY wrote ${rows} rows, the snapshot counts ${table.rows}`,
      );
    }
    tables.push({ ...table, parts });
  }
  return tables;
}

async function otherSchemas(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT nspname AS name FROM pg_namespace
      WHERE nspname <> ALL($1) AND nspname !~ '^pg_' AND nspname <> 'information_schema'`,
    [BACKED_UP_SCHEMAS],
  );
  return rows.map((row) => row.name);
}

/** pg_dump of the same snapshot (custom format: compressed, restored by pg_restore in one transaction). */
async function dumpDatabase(
  pgDump: string,
  url: string,
  snapshot: DatabaseSnapshot,
  pack: Pack,
  nextPart: () => string,
) {
  const excluded = (await otherSchemas(snapshot.client)).map((schema) => `--exclude-schema=${schema}`);
  const { dbname, env } = toolConnection(url);
  const child = spawn(
    pgDump,
    [
      '--format=custom',
      `--snapshot=${snapshot.snapshotId}`,
      '--no-owner',
      '--no-privileges',
      ...excluded,
      `--dbname=${dbname}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env },
  );
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  const parts: ArchivePart[] = [];
  for await (const part of inParts(child.stdout)) {
    const entry = nextPart();
    await addEntry(pack, entry, part);
    parts.push({ entry, bytes: part.byteLength, sha256: sha256Of(part) });
  }
  const code = await exited;
  if (code !== 0) throw new BackupError(`pg_dump failed (exit ${code}): ${errors.trim()}`);
  return parts;
}

/**
 * The snapshot's image rows whose files the store holds, written to `file` in key order through a cursor (never
 * all in memory). A row the retention job purged keeps its record but no longer has its file.
 */
async function writeImageList(snapshot: DatabaseSnapshot, file: string) {
  const { client } = snapshot;
  await client.query(
    `DECLARE backup_images NO SCROLL CURSOR FOR
       SELECT storage_key, sha256, size_bytes FROM student_images WHERE purged_at IS NULL ORDER BY storage_key`,
  );
  const sink = createWriteStream(file, { flags: 'wx' });
  let count = 0;
  let bytes = 0;
  const lines = async function* () {
    for (;;) {
      const { rows } = await client.query<{ storage_key: string; sha256: string; size_bytes: number }>(
        'FETCH 1000 FROM backup_images',
      );
      if (rows.length === 0) return;
      count += rows.length;
      for (const row of rows) bytes += row.size_bytes;
      yield rows
        .map((row) => imageListLine({ key: row.storage_key, sha256: row.sha256, bytes: row.size_bytes }))
        .join('');
    }
  };
  await pipeline(Readable.from(lines()), sink);
  await client.query('CLOSE backup_images');
  return { count, bytes };
}

async function fetchImage(storage: ObjectStorage, image: ImageListLine): Promise<Buffer> {
  let stream: Readable;
  try {
    stream = await storage.get(image.key);
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw new ImageVanishedError(image.key);
    throw error;
  }
  const bytes = Buffer.concat(await stream.toArray());
  // Keys are never written twice (decision 3), so bytes that differ from the row mean a damaged store.
  if (bytes.byteLength !== image.bytes || sha256Of(bytes) !== image.sha256) {
    throw new BackupError(
      `image ${image.key} in the store does not match its row's size and SHA-256: the store is damaged`,
    );
  }
  return bytes;
}

async function copyImages(storage: ObjectStorage, listFile: string, pack: Pack) {
  const ahead: { key: string; bytes: Promise<Buffer> }[] = [];
  const writeFirst = async () => {
    const next = ahead.shift();
    if (next) await addEntry(pack, imageEntry(next.key), await next.bytes);
  };
  try {
    for await (const line of createInterface({ input: createReadStream(listFile), crlfDelay: Infinity })) {
      const image = parseImageListLine(line);
      if (!image)
        throw new BackupError(`an image row cannot be written to the list: ${JSON.stringify(line)}`);
      const bytes = fetchImage(storage, image);
      bytes.catch(() => undefined);
      ahead.push({ key: image.key, bytes });
      if (ahead.length >= IMAGES_AHEAD) await writeFirst();
    }
    while (ahead.length > 0) await writeFirst();
  } finally {
    for (const pending of ahead) pending.bytes.catch(() => undefined);
  }
}

async function writeArchive(options: BackupOptions, partial: string): Promise<Manifest> {
  const snapshot = await openSnapshot(options.databaseUrl);
  const listFile = `${partial}.images`;
  const pack = tar.pack();
  const written = pipeline(pack, createWriteStream(partial, { flags: 'wx' }));
  written.catch(() => undefined);
  try {
    await options.onSnapshot?.(snapshot.snapshotId);
    const pgDump =
      options.databaseKind === 'copy'
        ? undefined
        : await findPgTool('pg_dump', (major) => major === snapshot.serverMajor);
    let part = 0;
    const nextPart = () => databasePartEntry(++part);
    options.log?.(
      pgDump
        ? `dumping the database with ${pgDump}`
        : 'copying every table in one snapshot (no matching pg_dump)',
    );
    const tables = pgDump
      ? snapshot.tables.map((table) => ({ ...table, parts: [] }))
      : await copyTables(snapshot, pack, nextPart);
    const dumpParts = pgDump ? await dumpDatabase(pgDump, options.databaseUrl, snapshot, pack, nextPart) : [];
    const images = await writeImageList(snapshot, listFile);
    // Everything the snapshot must say is read: ending its transaction now stops holding back PostgreSQL's
    // vacuum for the long copy of the images.
    await snapshot.close();
    const list = await addFileEntry(pack, IMAGE_LIST_ENTRY, listFile);
    options.log?.(`copying ${images.count} images (${(images.bytes / 1e6).toFixed(1)} MB)`);
    await copyImages(options.storage, listFile, pack);
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      portalVersion: options.portalVersion,
      createdAt: snapshot.takenAt.toISOString(),
      migrations: snapshot.migrations,
      database: {
        kind: pgDump ? 'pg_dump' : 'copy',
        serverVersion: snapshot.serverVersion,
        tables,
        dumpParts,
      },
      images: { ...images, list },
    };
    await addEntry(pack, MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 1)));
    pack.finalize();
    await written;
    return manifest;
  } catch (error) {
    pack.destroy(error as Error);
    await written.catch(() => undefined);
    throw error;
  } finally {
    await snapshot.close();
    await rm(listFile, { force: true });
  }
}

/**
 * Writes one archive of the database (one snapshot) and every image its rows name, each image checked against its
 * row's SHA-256. An image removed from the store after the snapshot (a student replaced it) cannot be put in this
 * archive, so the whole backup is taken again from a new snapshot, up to three times (decision 13).
 */
export async function backup(options: BackupOptions): Promise<BackupResult> {
  const partial = `${options.file}.partial`;
  if (
    await stat(options.file).then(
      () => true,
      () => false,
    )
  ) {
    throw new BackupError(`${options.file} already exists: name a new file`);
  }
  await access(path.dirname(options.file), constants.W_OK).catch(() => {
    throw new BackupError(
      `cannot write into ${path.dirname(options.file)}: name a folder that exists and is writable`,
    );
  });
  for (let attempt = 1; ; attempt += 1) {
    await rm(partial, { force: true });
    try {
      const manifest = await writeArchive(options, partial);
      // A hard link refuses to replace an archive that appeared meanwhile, unlike a rename.
      await link(partial, options.file);
      await rm(partial);
      return { manifest, archiveBytes: (await stat(options.file)).size, attempts: attempt };
    } catch (error) {
      await rm(partial, { force: true });
      if (!(error instanceof ImageVanishedError)) throw error;
      if (attempt >= ATTEMPTS) {
        throw new BackupError(
          `${error.message} in each of ${ATTEMPTS} attempts: images are being replaced faster than a backup can copy them; try again at a quieter hour`,
        );
      }
      options.log?.(`${error.message}; starting again from a new snapshot`);
    }
  }
}
