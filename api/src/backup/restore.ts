import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { MIGRATIONS_FOLDER } from '../db/migrate.js';
import type { ObjectStorage } from '../storage/storage.js';
import {
  IMAGE_LIST_ENTRY,
  MANIFEST_ENTRY,
  type Manifest,
  parseImageListLine,
  type TableManifest,
} from './manifest.js';
import { findPgTool, toolConnection } from './pg-tools.js';
import { BACKED_UP_SCHEMAS } from './snapshot.js';
import { archiveEntries, RestoreRefused, verifyArchive } from './verify-archive.js';

export { RestoreRefused } from './verify-archive.js';

export interface RestoreOptions {
  databaseUrl: string;
  storage: ObjectStorage;
  file: string;
  log?: (message: string) => void;
}

/** Images written to the store at once: the local store flushes every file, so one at a time is disk-latency bound. */
const PUTS_AT_ONCE = 32;

const tableName = (client: pg.Client, table: { schema: string; name: string }) =>
  `${client.escapeIdentifier(table.schema)}.${client.escapeIdentifier(table.name)}`;

/** The code's migrations up to the archive's level; refuses an archive of a newer portal or another history. */
function migrationsOf(manifest: Manifest) {
  const known = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  if (manifest.migrations.length > known.length) {
    throw new RestoreRefused(
      `the archive is at migration level ${manifest.migrations.length}, this portal knows ${known.length}: restore it with the portal version that wrote it (${manifest.portalVersion}) or a newer one`,
    );
  }
  // Matched by creation time, as drizzle's migrator itself decides what is applied; a migration file edited
  // after it ran (in development) keeps its time.
  manifest.migrations.forEach((applied, index) => {
    if (String(known[index]?.folderMillis) !== applied.createdAt) {
      throw new RestoreRefused(
        `the archive's migration ${index + 1} is not this portal's: it comes from another code line`,
      );
    }
  });
  return known.slice(0, manifest.migrations.length);
}

async function assertDatabaseEmpty(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'p', 'v', 'm', 'S')`,
    [BACKED_UP_SCHEMAS],
  );
  if ((rows[0]?.n ?? 0) > 0) {
    throw new RestoreRefused(
      'the target database is not empty: restore needs a new, empty database (nothing was changed)',
    );
  }
}

async function assertTargetEmpty(client: pg.Client, storage: ObjectStorage): Promise<void> {
  await assertDatabaseEmpty(client);
  await assertStoreEmpty(storage);
}

async function assertStoreEmpty(storage: ObjectStorage): Promise<void> {
  for await (const object of storage.list('')) {
    throw new RestoreRefused(
      `the image store is not empty (it holds ${object.key}): restore needs an empty one (nothing was changed)`,
    );
  }
}

/**
 * Writes images with a few puts in flight. It counts the puts it started: they are the first keys of the image
 * list, which is what a failed restore deletes again (no list of millions of keys held in memory).
 */
function imageWriter(storage: ObjectStorage) {
  const inFlight = new Set<Promise<void>>();
  let started = 0;
  let failure: unknown;
  return {
    started: () => started,
    async write(key: string, bytes: Buffer) {
      if (failure) throw failure;
      started += 1;
      const done = storage.put(key, bytes).then(
        () => void inFlight.delete(done),
        (error) => {
          inFlight.delete(done);
          failure ??= error;
        },
      );
      inFlight.add(done);
      if (inFlight.size >= PUTS_AT_ONCE) await Promise.race(inFlight);
    },
    async finish() {
      await Promise.all(inFlight);
      if (failure) throw failure;
    },
  };
}

/** Deletes the first `count` images of the list (the ones a failed restore put), waiting for puts in flight. */
async function deleteImages(
  storage: ObjectStorage,
  listFile: string,
  images: ReturnType<typeof imageWriter>,
): Promise<void> {
  await images.finish().catch(() => undefined);
  let left = images.started();
  for await (const line of createInterface({ input: createReadStream(listFile), crlfDelay: Infinity })) {
    if (left-- <= 0) break;
    const image = parseImageListLine(line);
    if (image) await storage.delete(image.key).catch(() => undefined);
  }
}

/**
 * Writes the chunks into `sink` at its pace, leaving it open for the next part. Written by hand: a pipeline per
 * part would leave its listeners on the long-lived sink, hundreds of them over a large database.
 */
async function writeAll(sink: Writable, chunks: Readable): Promise<void> {
  for await (const chunk of chunks) {
    if (sink.errored) throw sink.errored;
    if (sink.write(chunk)) continue;
    const stop = new AbortController();
    try {
      await Promise.race([
        once(sink, 'drain', { signal: stop.signal }),
        once(sink, 'close', { signal: stop.signal }).then(() => {
          throw sink.errored ?? new Error('the database stopped reading the restore');
        }),
      ]);
    } finally {
      stop.abort();
    }
  }
  if (sink.errored) throw sink.errored;
}

/**
 * The second pass: each database part into its table's COPY (the `copy` kind) or into pg_restore's input, each
 * image into the store. `load` receives the database parts in archive order.
 */
async function secondPass(
  file: string,
  images: ReturnType<typeof imageWriter>,
  load: (entry: string, body: Readable) => Promise<void>,
) {
  for await (const entry of archiveEntries(file)) {
    if (entry.name.startsWith('database/')) {
      await load(entry.name, entry.body);
    } else if (entry.name.startsWith('images/')) {
      await images.write(entry.name.slice('images/'.length), Buffer.concat(await entry.body.toArray()));
    } else if (entry.name === IMAGE_LIST_ENTRY || entry.name === MANIFEST_ENTRY) {
      entry.body.resume();
    }
  }
  await images.finish();
}

async function assertCounts(client: pg.Client, tables: TableManifest[]): Promise<void> {
  for (const table of tables) {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${tableName(client, table)}`,
    );
    if (rows[0]?.n !== table.rows) {
      throw new RestoreRefused(
        `${table.schema}.${table.name} holds ${rows[0]?.n} rows after loading, the manifest counts ${table.rows}`,
      );
    }
  }
}

/** Moves every sequence of the restored tables past the largest value its column holds. */
async function continueSequences(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ sequence: string; tbl: string; col: string }>(
    `SELECT s.oid::regclass::text AS sequence, quote_ident(n.nspname) || '.' || quote_ident(t.relname) AS tbl,
            quote_ident(a.attname) AS col
       FROM pg_class s
       JOIN pg_depend d ON d.classid = 'pg_class'::regclass AND d.objid = s.oid
                       AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')
       JOIN pg_class t ON t.oid = d.refobjid
       JOIN pg_namespace n ON n.oid = t.relnamespace
       JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
      WHERE s.relkind = 'S' AND n.nspname = ANY($1)`,
    [BACKED_UP_SCHEMAS],
  );
  for (const row of rows) {
    await client.query(
      `SELECT setval($1, COALESCE((SELECT max(${row.col}) FROM ${row.tbl}), 0) + 1, false)`,
      [row.sequence],
    );
  }
}

/**
 * pg-boss's queue is not in the archive (decision 13): messages it held undelivered at the snapshot are handed to
 * the new, empty queue again by the dispatcher, which takes the rows not marked dispatched.
 */
async function requeueUndelivered(client: pg.Client): Promise<void> {
  await client.query(
    "UPDATE notifications SET dispatched = false WHERE dispatched AND state IN ('queued', 'sending', 'retrying')",
  );
}

/**
 * The `copy` kind, in one transaction: the schema from the code's own migrations up to the archive's level (the
 * rows those migrations insert are emptied again), then every table's rows, then the sequences; images are put
 * before the commit, and deleted again if anything fails, so a failure leaves the database and the store empty.
 */
async function loadCopies(client: pg.Client, options: RestoreOptions, manifest: Manifest, listFile: string) {
  const migrations = migrationsOf(manifest);
  const images = imageWriter(options.storage);
  await client.query('BEGIN');
  try {
    // The migrations have made closed seasons read-only (migration 0013's trigger); their rows come back as they
    // were. pg_restore needs no such setting: it creates triggers after the data.
    await client.query("SET LOCAL portal.season_maintenance = 'on'");
    // The migrations table as drizzle's migrator creates it; its rows come from the archive.
    await client.query('CREATE SCHEMA IF NOT EXISTS drizzle');
    await client.query(
      'CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
    );
    for (const migration of migrations) for (const statement of migration.sql) await client.query(statement);
    const tables = manifest.database.tables;
    if (tables.length > 0)
      await client.query(`TRUNCATE ${tables.map((table) => tableName(client, table)).join(', ')}`);
    const tableOfPart = new Map(
      tables.flatMap((table) =>
        table.parts.map(
          (part, index) => [part.entry, { table, last: index === table.parts.length - 1 }] as const,
        ),
      ),
    );
    let copying: Writable | undefined;
    options.log?.(`loading ${tables.length} tables and ${manifest.images.count} images`);
    await secondPass(options.file, images, async (entry, body) => {
      const found = tableOfPart.get(entry);
      if (!found) throw new RestoreRefused(`database part ${entry} belongs to no table`);
      const columns = found.table.columns.map((column) => client.escapeIdentifier(column)).join(', ');
      copying ??= client.query(copyFrom(`COPY ${tableName(client, found.table)} (${columns}) FROM STDIN`));
      await writeAll(copying, body);
      if (found.last) {
        const done = copying;
        copying = undefined;
        done.end();
        await finished(done);
      }
    });
    await continueSequences(client);
    await assertCounts(client, tables);
    await requeueUndelivered(client);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    await deleteImages(options.storage, listFile, images);
    throw error;
  }
}

/** Back to an empty database after a pg_restore that committed but whose images could not all be stored. */
async function emptyDatabase(client: pg.Client): Promise<void> {
  await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
  await client.query('DROP SCHEMA IF EXISTS public CASCADE');
  await client.query('CREATE SCHEMA public');
  await client.query('GRANT USAGE ON SCHEMA public TO PUBLIC');
}

/** The `pg_dump` kind: pg_restore in one transaction of its own, the counts checked, then the images. */
async function loadDump(client: pg.Client, options: RestoreOptions, manifest: Manifest, listFile: string) {
  const dumpMajor = Number.parseInt(manifest.database.serverVersion, 10);
  const pgRestore = await findPgTool('pg_restore', (major) => major >= dumpMajor);
  if (!pgRestore) {
    throw new RestoreRefused(
      `the archive's database was written by pg_dump ${dumpMajor}: install pg_restore ${dumpMajor} or newer (package postgresql-client-${dumpMajor}) and run the restore again`,
    );
  }
  const { dbname, env } = toolConnection(options.databaseUrl);
  const child = spawn(
    pgRestore,
    ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', `--dbname=${dbname}`],
    { stdio: ['pipe', 'ignore', 'pipe'], env },
  );
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  child.stdin.on('error', () => undefined);
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  const lastPart = manifest.database.dumpParts.at(-1)?.entry;
  const images = imageWriter(options.storage);
  let restored = false;
  try {
    await secondPass(options.file, images, async (entry, body) => {
      await writeAll(child.stdin, body);
      if (entry !== lastPart) return;
      child.stdin.end();
      const code = await exited;
      if (code !== 0) throw new RestoreRefused(`pg_restore failed (exit ${code}): ${errors.trim()}`);
      restored = true;
      await assertCounts(client, manifest.database.tables);
      await requeueUndelivered(client);
    });
  } catch (error) {
    child.kill();
    await exited;
    await deleteImages(options.storage, listFile, images);
    if (restored) await emptyDatabase(client);
    throw error;
  }
}

/**
 * Restores an archive into an empty database and an empty image store. The whole archive is checked first
 * (`verifyArchive`); a damaged or truncated archive, a newer migration level, or a target that is not empty is
 * refused with RestoreRefused, having changed nothing.
 */
export async function restore(options: RestoreOptions): Promise<Manifest> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'portal-restore-'));
  const client = new pg.Client({
    connectionString: options.databaseUrl,
    application_name: 'st-admission-restore',
  });
  try {
    if (
      !(await stat(options.file).then(
        (info) => info.isFile(),
        () => false,
      ))
    ) {
      throw new RestoreRefused(`there is no archive at ${options.file}`);
    }
    await client.connect();
    // The target is checked before the archive (a mistaken target is told at once, not after reading a large
    // archive) and again after (a portal started on it meanwhile).
    await assertTargetEmpty(client, options.storage);
    options.log?.(`checking ${options.file}`);
    const listFile = path.join(workDir, IMAGE_LIST_ENTRY);
    const manifest = await verifyArchive(options.file, listFile);
    migrationsOf(manifest);
    await assertTargetEmpty(client, options.storage);
    if (manifest.database.kind === 'copy') await loadCopies(client, options, manifest, listFile);
    else await loadDump(client, options, manifest, listFile);
    return manifest;
  } finally {
    await client.end().catch(() => undefined);
    await rm(workDir, { recursive: true, force: true });
  }
}
