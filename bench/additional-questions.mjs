// Benchmark of the student's questionnaire (issue 19, Speed): GET /api/v1/additionalQuestions over HTTP on one
// portal instance, which serves it from its per-version content cache (no database query per request). Target:
// under 5 ms median.
//
// What it does (loopback only, bounded: the whole run stops after 5 minutes):
//   1. Without PORTAL_URL: starts the built portal (api/dist/main.js) on a fresh database of the PostgreSQL server
//      of BENCH_PG_URL (default postgresql://postgres@127.0.0.1:5432/postgres) with a super admin. With
//      PORTAL_URL: measures that running portal instead (BENCH_USER and BENCH_PASSWORD, a super admin, are then
//      needed only for step 4).
//   2. Sequential: BENCH_WARMUP (default 50) requests, then BENCH_ITERATIONS (default 2,000) one at a time.
//   3. Concurrent: BENCH_CONCURRENCY (default 20) clients, each sending BENCH_ITERATIONS / 4 requests back to
//      back. Prints median, p90, p99 and max in milliseconds, and requests per second.
//   4. With a super admin: rewords a question through PATCH /api/v1/content/additional-questions/:id and times
//      the first GET after it (the one that loads the new version), then puts the wording back.
//   5. Stops the portal, drops the database and removes the data folder (BENCH_KEEP=1 keeps both).
//
// Run:  npx tsc -b common api && node bench/additional-questions.mjs      (or npm run build)
//   or, against a running portal:  PORTAL_URL=http://127.0.0.1:8099 node bench/additional-questions.mjs
// Settings (environment): PORTAL_URL, BENCH_PG_URL, BENCH_ITERATIONS (100…100,000), BENCH_WARMUP (0…10,000),
// BENCH_CONCURRENCY (1…200), BENCH_TIMEOUT_MS per request (default 10,000), BENCH_USER, BENCH_PASSWORD,
// BENCH_KEEP=1.

import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { freshDataAndDatabase } from './bench-database.mjs';
import { percentile, printLatency } from './load.mjs';
import { requireBuild, startPortal } from './portal-process.mjs';
import { fail, reportFailure, stopAfter } from './run.mjs';
import { intSetting, loopbackUrl } from './settings.mjs';

const TARGET_MS = 5;
const LIST_PATH = '/api/v1/additionalQuestions';

const ITERATIONS = intSetting('BENCH_ITERATIONS', 2_000, 100, 100_000);
const WARMUP = intSetting('BENCH_WARMUP', 50, 0, 10_000);
const CONCURRENCY = intSetting('BENCH_CONCURRENCY', 20, 1, 200);
const TIMEOUT_MS = intSetting('BENCH_TIMEOUT_MS', 10_000, 100, 60_000);
const KEEP = process.env.BENCH_KEEP === '1';
const runningPortal = loopbackUrl('PORTAL_URL', { optional: true });
const pgServer = runningPortal
  ? undefined
  : loopbackUrl('BENCH_PG_URL', { fallback: 'postgresql://postgres@127.0.0.1:5432/postgres' });
if (!runningPortal) requireBuild();

stopAfter(5);

/** One GET of the questionnaire, read to its last byte; answers the time and the questions. */
async function getQuestions(portalUrl) {
  const t0 = performance.now();
  const res = await fetch(new URL(LIST_PATH, portalUrl), { signal: AbortSignal.timeout(TIMEOUT_MS) });
  const body = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200) fail(`GET ${LIST_PATH}: HTTP ${res.status} ${body.slice(0, 200)}`);
  return { ms, body };
}

const f = (v) => v.toFixed(2).padStart(7);

/** The target is the median of requests one at a time; under concurrency the figures show the queueing. */
function report(label, times, { seconds, judged = false } = {}) {
  const extra = seconds ? `  ${Math.round(times.length / seconds).toLocaleString('en')} requests/s` : '';
  const target = judged ? TARGET_MS : undefined;
  return printLatency(label, times, { width: 34, digits: 2, extra, target }) < TARGET_MS;
}

async function sequential(portalUrl) {
  for (let i = 0; i < WARMUP; i++) await getQuestions(portalUrl);
  const times = [];
  for (let i = 0; i < ITERATIONS; i++) times.push((await getQuestions(portalUrl)).ms);
  return report('sequential, one at a time', times, { judged: true });
}

async function concurrent(portalUrl) {
  const perClient = Math.max(1, Math.floor(ITERATIONS / 4));
  const times = [];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = 0; i < perClient; i++) times.push((await getQuestions(portalUrl)).ms);
    }),
  );
  report(`${CONCURRENCY} concurrent clients`, times, { seconds: (performance.now() - t0) / 1000 });
}

async function signIn(portalUrl, staff) {
  const res = await fetch(new URL('/api/v1/users/login', portalUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(staff),
  });
  if (res.status !== 200) fail(`staff login failed: HTTP ${res.status}`);
  return (await res.json()).token;
}

/** The first request after an edit loads the new version; the ones after it are served from the cache again. */
async function afterAnEdit(portalUrl, token) {
  const { body } = await getQuestions(portalUrl);
  const [question] = JSON.parse(body).data;
  if (!question) fail('the questionnaire is empty');
  const edit = (text) =>
    fetch(new URL(`/api/v1/content/additional-questions/${encodeURIComponent(question.id)}`, portalUrl), {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ question: text }),
    }).then((res) => (res.status === 200 ? undefined : fail(`PATCH: HTTP ${res.status}`)));
  await edit(`${question.question} (قياس)`);
  try {
    const first = await getQuestions(portalUrl);
    if (!first.body.includes('(قياس)')) fail('the edit did not show at once on the instance that made it');
    const next = [];
    for (let i = 0; i < 20; i++) next.push((await getQuestions(portalUrl)).ms);
    process.stdout.write(
      `first request after an edit         ${f(first.ms)} ms (loads the new version); the next 20: median ` +
        `${f(percentile(next, 50))} ms\n`,
    );
  } finally {
    await edit(question.question);
  }
}

const cleanups = [];
let exitCode = 0;
try {
  let portalUrl = runningPortal?.href;
  let staff =
    process.env.BENCH_USER && process.env.BENCH_PASSWORD
      ? { userName: process.env.BENCH_USER, password: process.env.BENCH_PASSWORD }
      : undefined;
  if (!portalUrl) {
    staff = { userName: 'benchadmin', password: 'Bench12345' };
    const { dataDir, database } = await freshDataAndDatabase(pgServer, 'questionnaire', {
      keep: KEEP,
      cleanups,
    });
    const portal = await startPortal({
      dataDir,
      databaseUrl: database.url,
      env: { SUPERADMIN_USERNAME: staff.userName, SUPERADMIN_PASSWORD: staff.password },
    });
    cleanups.push(() => portal.stop());
    portalUrl = portal.url;
  }
  const { body } = await getQuestions(portalUrl);
  process.stdout.write(
    `GET ${LIST_PATH}: ${JSON.parse(body).data.length} questions, ${Buffer.byteLength(body)} bytes; ` +
      `load average ${loadavg()
        .map((v) => v.toFixed(1))
        .join(' ')}\n`,
  );
  const met = await sequential(portalUrl);
  await concurrent(portalUrl);
  if (staff) await afterAnEdit(portalUrl, await signIn(portalUrl, staff));
  else process.stdout.write('no BENCH_USER/BENCH_PASSWORD: the request after an edit is not measured\n');
  if (!met) exitCode = 1;
} catch (error) {
  exitCode = 1;
  reportFailure(error);
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
}
process.exit(exitCode);
