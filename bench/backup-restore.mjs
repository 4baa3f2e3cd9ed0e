// Benchmark of backup and restore (issue 21): how long `npm run backup` and `npm run restore` take, and how large
// the archive is, for BENCH_STUDENTS (default 100,000) students with six images each.
//
// What it does (loopback only, bounded: the whole run stops after 60 minutes):
//   1. Starts the built portal (api/dist/main.js) on a fresh database of the PostgreSQL server of BENCH_PG_URL
//      (default postgresql://postgres@127.0.0.1:5432/postgres), or with BENCH_EMBEDDED=1 on its own embedded
//      PostgreSQL, with its images on the local disk of a fresh DATA_DIR.
//   2. Seeds the students with one INSERT (bench-database.mjs) and six image files each of BENCH_IMAGE_BYTES
//      (default 4,096: small synthetic images, every one different, so the figures are about per-file costs;
//      the MB/s printed scales them to real photos) with their rows, as the portal records them.
//   3. Runs the backup console entry (api/dist/backup/backup-cli.js, what `npm run backup` runs) against the
//      running portal's settings, with its heap capped at BENCH_HEAP_MB (default 128: the archive is streamed,
//      so its size must not matter), and measures its wall time and peak memory; meanwhile a student logs in
//      every 50 ms, and the login times show the portal still serving.
//   4. Restores the archive (restore-cli.js, the same heap cap) into a second fresh database (or embedded
//      DATA_DIR) and image folder, measuring the same, and checks the restored row and file counts.
//   5. Stops the portal, drops both databases and removes the folders (BENCH_KEEP=1 keeps them).
//
// Run:  npm run build && node bench/backup-restore.mjs
// Settings (environment): BENCH_PG_URL, BENCH_EMBEDDED=1, BENCH_STUDENTS (1,000…200,000), BENCH_IMAGE_BYTES
// (200…2,000,000), BENCH_HEAP_MB (32…4,096), BENCH_KEEP=1.

import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freshDataAndDatabase, seedStudents } from './bench-database.mjs';
import { printLatency } from './load.mjs';
import { embeddedDatabaseUrl, repoRoot, requireBuild, startPortal } from './portal-process.mjs';
import { residentBytes } from './process-stats.mjs';
import { fail, reportFailure, stopAfter } from './run.mjs';
import { intSetting, loopbackUrl } from './settings.mjs';

const KINDS = [
  'frontIdCard',
  'backIdCard',
  'birthCertificate',
  'personalPhoto',
  'secondarySchoolCertificate',
  'nominationCard',
];
const STUDENTS = intSetting('BENCH_STUDENTS', 100_000, 1_000, 200_000);
const IMAGE_BYTES = intSetting('BENCH_IMAGE_BYTES', 4_096, 200, 2_000_000);
const EMBEDDED = process.env.BENCH_EMBEDDED === '1';
const HEAP_MB = intSetting('BENCH_HEAP_MB', 128, 32, 4_096);
const KEEP = process.env.BENCH_KEEP === '1';
const pgServer = loopbackUrl('BENCH_PG_URL', { fallback: 'postgresql://postgres@127.0.0.1:5432/postgres' });
const FILES_AT_ONCE = 32;
const ROWS_PER_INSERT = 6_000;
const PROBE_EVERY_MS = 50;
const IDLE_PROBE_MS = 5_000;
requireBuild();

stopAfter(60);

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

/** A PNG-headed image of IMAGE_BYTES whose bytes differ per student and kind. */
function imageBytes(studentId, kind) {
  const bytes = Buffer.alloc(IMAGE_BYTES, 0x5a);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  Buffer.from(`${studentId}/${kind}`).copy(bytes, 16);
  return bytes;
}

/** Six image files per student on the portal's disk, and their rows (key, size, SHA-256) in the database. */
async function seedImages(databaseUrl, imagesDir, students) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    let rows = [];
    const flush = async () => {
      await client.query(
        `INSERT INTO student_images (student_id, kind, storage_key, content_type, size_bytes, sha256)
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[])`,
        [
          rows.map((r) => r.studentId),
          rows.map((r) => r.kind),
          rows.map((r) => r.key),
          rows.map(() => 'image/png'),
          rows.map(() => IMAGE_BYTES),
          rows.map((r) => r.sha256),
        ],
      );
      rows = [];
    };
    for (let start = 0; start < students.length; start += FILES_AT_ONCE) {
      await Promise.all(
        students.slice(start, start + FILES_AT_ONCE).map(async ({ id }) => {
          await mkdir(path.join(imagesDir, 'students', id), { recursive: true });
          for (const kind of KINDS) {
            const key = `students/${id}/${kind}-bench.png`;
            const bytes = imageBytes(id, kind);
            await writeFile(path.join(imagesDir, key), bytes);
            rows.push({ studentId: id, kind, key, sha256: createHash('sha256').update(bytes).digest('hex') });
          }
        }),
      );
      if (rows.length >= ROWS_PER_INSERT) await flush();
    }
    if (rows.length > 0) await flush();
    await client.query(
      `UPDATE students SET is_complete = true, completed_at = now(), documents_status = 'pending',
              documents_awaiting = 6
        WHERE id IN (SELECT student_id FROM student_images)`,
    );
  } finally {
    await client.end();
  }
}

/** Runs a console entry of api/dist/backup with the portal's settings; answers its wall time and peak memory. */
async function runConsole(script, file, env) {
  const started = performance.now();
  const heap = `--max-old-space-size=${HEAP_MB}`;
  const child = spawn(process.execPath, [heap, path.join(repoRoot, 'api/dist/backup', script), file], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  let peak = 0;
  const sampler = setInterval(async () => {
    peak = Math.max(peak, (await residentBytes(child.pid)) ?? 0);
  }, 100);
  const code = await new Promise((resolve) => child.once('close', resolve));
  clearInterval(sampler);
  if (code !== 0) fail(`${script} exited ${code}: ${output.trim()}`);
  return { ms: performance.now() - started, peak, output: output.trim() };
}

/** A student login (getStudent) every PROBE_EVERY_MS until `stop()`: the portal's answers while the backup runs. */
function probeLogins(portalUrl, students) {
  const times = [];
  const statuses = new Map();
  let running = true;
  const done = (async () => {
    for (let i = 0; running; i++) {
      const started = performance.now();
      const res = await fetch(`${portalUrl}/api/v1/students/getStudent`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ nationalID: students[i % students.length].nationalId }),
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      times.push(performance.now() - started);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return { times, statuses };
    },
  };
}

async function countFiles(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).length;
}

async function counts(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      'SELECT (SELECT count(*) FROM students)::int AS students, (SELECT count(*) FROM student_images)::int AS images',
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

async function main() {
  const cleanups = [];
  try {
    const source = await freshDataAndDatabase(pgServer, 'backup', { keep: KEEP, cleanups });
    const target = await freshDataAndDatabase(pgServer, 'restore', { keep: KEEP, cleanups });
    const work = await mkdtemp(path.join(tmpdir(), 'portal-bench-archive-'));
    if (!KEEP) cleanups.push(() => rm(work, { recursive: true, force: true }));
    const archive = path.join(work, 'backup.tar');
    // Run as root, the embedded PostgreSQL the restore starts runs as the user postgres, which must reach it.
    await chmod(target.dataDir, 0o755);

    const portal = await startPortal({
      dataDir: source.dataDir,
      databaseUrl: EMBEDDED ? undefined : source.database.url,
    });
    cleanups.unshift(() => portal.stop());
    const databaseUrl = EMBEDDED ? await embeddedDatabaseUrl(source.dataDir) : source.database.url;

    let started = performance.now();
    const students = await seedStudents(databaseUrl, STUDENTS, { mark: 'bench-backup' });
    await seedImages(databaseUrl, path.join(source.dataDir, 'images'), students);
    const seeded = await counts(databaseUrl);
    console.log(
      `seeded ${seeded.students} students and ${seeded.images} images of ${IMAGE_BYTES} bytes ` +
        `(${mb(seeded.images * IMAGE_BYTES)}) in ${seconds(performance.now() - started)}; ` +
        `database: ${EMBEDDED ? 'embedded' : pgServer.host}`,
    );

    const settingsOf = (side) => ({
      DATA_DIR: side.dataDir,
      DATABASE_URL: EMBEDDED ? '' : side.database.url,
    });
    const idle = probeLogins(portal.url, students);
    await new Promise((resolve) => setTimeout(resolve, IDLE_PROBE_MS));
    const before = (await idle.stop()).times;
    printLatency('student logins before the backup:', before, {
      width: 34,
      extra: `, ${before.length} logins`,
    });
    const probe = probeLogins(portal.url, students);
    const backup = await runConsole('backup-cli.js', archive, settingsOf(source));
    const { times, statuses } = await probe.stop();
    const archiveBytes = (await stat(archive)).size;
    console.log(backup.output);
    printLatency('student logins during the backup:', times, {
      width: 34,
      extra: `, ${times.length} logins, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    });
    console.log(
      `backup: ${seconds(backup.ms)}, archive ${mb(archiveBytes)} (${mb(archiveBytes / (backup.ms / 1000))}/s), ` +
        `${Math.round(seeded.images / (backup.ms / 1000))} images/s, peak memory ${mb(backup.peak)}`,
    );
    await portal.stop();

    started = performance.now();
    const restore = await runConsole('restore-cli.js', archive, settingsOf(target));
    console.log(restore.output);
    console.log(
      `restore: ${seconds(restore.ms)} (${mb(archiveBytes / (restore.ms / 1000))}/s), ` +
        `${Math.round(seeded.images / (restore.ms / 1000))} images/s, peak memory ${mb(restore.peak)}`,
    );

    const check = EMBEDDED ? await startPortal({ dataDir: target.dataDir }) : undefined;
    const restoredUrl = EMBEDDED ? await embeddedDatabaseUrl(target.dataDir) : target.database.url;
    const restored = await counts(restoredUrl);
    const files = await countFiles(path.join(target.dataDir, 'images'));
    await check?.stop();
    if (
      restored.students !== seeded.students ||
      restored.images !== seeded.images ||
      files !== seeded.images
    ) {
      fail(`restored ${restored.students} students, ${restored.images} image rows, ${files} files`);
    }
    console.log(
      `restored ${restored.students} students, ${restored.images} image rows and ${files} files: whole`,
    );
  } finally {
    for (const cleanup of cleanups) await cleanup().catch((error) => reportFailure(error));
  }
}

main().catch((error) => {
  reportFailure(error);
  process.exitCode = 1;
});
