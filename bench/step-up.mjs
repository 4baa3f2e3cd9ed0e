// Benchmark of the student step-up's send (issue 33, Speed): POST /api/v1/students/stepUp/:id draws a code and
// writes it to the outbox (the message is delivered later by the outbox worker), on one portal instance over HTTP.
// Target: under 50 ms median, one request at a time.
//
// What it does (loopback only, bounded: the whole run stops after 5 minutes):
//   1. Starts the built portal (api/dist/main.js) on a fresh database of the PostgreSQL server of BENCH_PG_URL
//      (default postgresql://postgres@127.0.0.1:5432/postgres) with STUDENT_STEP_UP=code and an SMTP server that
//      does not answer (127.0.0.1:9: nothing is delivered, the outbox keeps retrying in the background, as it
//      would while a real mail server is away), and seeds BENCH_STUDENTS students (default 400) with an e-mail on
//      record.
//   2. Logs every student in (POST /api/v1/students/getStudent) for its session cookie.
//   3. Sequential: one step-up send per student, one at a time, for the first half; then BENCH_CONCURRENCY
//      (default 20) clients sending the second half's. Each student gets one send: a second within 60 s is refused
//      by design. Prints median, p90, p99 and max in milliseconds.
//   4. Stops the portal, drops the database and removes the data folder (BENCH_KEEP=1 keeps both).
//
// Run:  npx tsc -b common api && node bench/step-up.mjs      (or npm run build)
// Settings (environment): BENCH_PG_URL, BENCH_STUDENTS (40…10,000), BENCH_CONCURRENCY (1…200), BENCH_KEEP=1.

import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { freshDataAndDatabase, seedStudents } from './bench-database.mjs';
import { printLatency } from './load.mjs';
import { requireBuild, startPortal } from './portal-process.mjs';
import { fail, reportFailure, stopAfter } from './run.mjs';
import { intSetting, loopbackUrl } from './settings.mjs';

const TARGET_MS = 50;
const STUDENTS = intSetting('BENCH_STUDENTS', 400, 40, 10_000);
const CONCURRENCY = intSetting('BENCH_CONCURRENCY', 20, 1, 200);
const KEEP = process.env.BENCH_KEEP === '1';
const pgServer = loopbackUrl('BENCH_PG_URL', { fallback: 'postgresql://postgres@127.0.0.1:5432/postgres' });
requireBuild();
stopAfter(5);

async function giveEmails(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query("UPDATE students SET email = 'student' || national_id || '@example.com'");
  } finally {
    await db.end();
  }
}

/** The student's session cookie, from a real login. */
async function logIn(portalUrl, student) {
  const res = await fetch(new URL('/api/v1/students/getStudent', portalUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nationalID: student.nationalId }),
  });
  if (res.status !== 200) fail(`login: HTTP ${res.status} ${(await res.text()).slice(0, 200)}`);
  const cookie = res.headers.getSetCookie().find((line) => line.startsWith('studentSession='));
  if (!cookie) fail('login: no session cookie');
  return cookie.split(';')[0];
}

/** One step-up send; answers its time in ms. */
async function sendStepUp(portalUrl, student, cookie) {
  const t0 = performance.now();
  const res = await fetch(new URL(`/api/v1/students/stepUp/${student.id}`, portalUrl), {
    method: 'POST',
    headers: { cookie },
  });
  const body = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200) fail(`stepUp: HTTP ${res.status} ${body.slice(0, 200)}`);
  if (JSON.parse(body).data?.method !== 'code') fail(`stepUp did not send a code: ${body.slice(0, 200)}`);
  return ms;
}

const cleanups = [];
let exitCode = 0;
try {
  const { dataDir, database } = await freshDataAndDatabase(pgServer, 'step-up', { keep: KEEP, cleanups });
  const portal = await startPortal({
    dataDir,
    databaseUrl: database.url,
    env: { STUDENT_STEP_UP: 'code', SMTP_URL: 'smtp://127.0.0.1:9', MAIL_FROM: 'portal@example.com' },
  });
  cleanups.push(() => portal.stop());
  const students = await seedStudents(database.url, STUDENTS, { prefix: '6' });
  await giveEmails(database.url);
  const sessions = [];
  for (const student of students) sessions.push({ student, cookie: await logIn(portal.url, student) });
  process.stdout.write(
    `${STUDENTS} students logged in; load average ${loadavg()
      .map((v) => v.toFixed(1))
      .join(' ')}\n`,
  );

  const half = Math.floor(sessions.length / 2);
  const sequential = [];
  for (const { student, cookie } of sessions.slice(0, half))
    sequential.push(await sendStepUp(portal.url, student, cookie));
  const median = printLatency('step-up send, one at a time', sequential, {
    width: 40,
    digits: 2,
    target: TARGET_MS,
  });

  const rest = sessions.slice(half);
  const concurrent = [];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let next = rest.shift(); next; next = rest.shift())
        concurrent.push(await sendStepUp(portal.url, next.student, next.cookie));
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  printLatency(`step-up send, ${CONCURRENCY} concurrent clients`, concurrent, {
    width: 40,
    digits: 2,
    extra: `  ${Math.round(concurrent.length / seconds)} sends/s`,
  });
  if (!(median < TARGET_MS)) exitCode = 1;
} catch (error) {
  exitCode = 1;
  reportFailure(error);
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
}
process.exit(exitCode);
