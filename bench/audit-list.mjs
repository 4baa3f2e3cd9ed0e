// Benchmark of the audit screen (issue 20) over HTTP on one portal instance: a page of 50 rows of
// GET /api/v1/audit, unfiltered and with each filter, on a log of 1,000,000 rows, and a page deep in the log
// reached with a cursor. Target: every page under 50 ms median (a keyset page is a short index scan whatever the
// table's size; an OFFSET page or a sort of the filtered rows would not be).
//
// What it does (loopback only, bounded: the whole run stops after 10 minutes):
//   1. Starts the built portal (api/dist/main.js) on a fresh database of the PostgreSQL server of BENCH_PG_URL
//      (default postgresql://postgres@127.0.0.1:5432/postgres) with a super admin.
//   2. Seeds BENCH_ROWS (default 1,000,000) audit rows with one set-based INSERT over a year: 40 staff ids, the
//      actions the portal writes, 100,000 students' national IDs and names, and the faculties; then ANALYZE.
//   3. Signs in as the super admin and measures, one request at a time after BENCH_WARMUP (default 10):
//      BENCH_ITERATIONS (default 100) first pages unfiltered, by staff member, by action, by national ID, by
//      faculty, by a month, all of those combined, and the page after a cursor taken 500,000 rows deep. Prints
//      median, p90, p99 and max in milliseconds.
//   4. Stops the portal, drops the database and removes the data folder (BENCH_KEEP=1 keeps both).
//
// Run:  npx tsc -b common api && node bench/audit-list.mjs      (or npm run build, which also builds the web app)
// Settings (environment): BENCH_PG_URL, BENCH_ROWS (10,000…5,000,000), BENCH_ITERATIONS (10…1,000),
// BENCH_WARMUP (0…100), BENCH_TIMEOUT_MS per request (default 30,000), BENCH_KEEP=1.

import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { freshDataAndDatabase } from './bench-database.mjs';
import { printLatency } from './load.mjs';
import { requireBuild, startPortal } from './portal-process.mjs';
import { fail, reportFailure, stopAfter } from './run.mjs';
import { intSetting, loopbackUrl } from './settings.mjs';

const STAFF = { userName: 'benchadmin', password: 'Bench12345' };
const TARGET_MS = 50;
const PAGE = 50;

const ROWS = intSetting('BENCH_ROWS', 1_000_000, 10_000, 5_000_000);
const ITERATIONS = intSetting('BENCH_ITERATIONS', 100, 10, 1_000);
const WARMUP = intSetting('BENCH_WARMUP', 10, 0, 100);
const TIMEOUT_MS = intSetting('BENCH_TIMEOUT_MS', 30_000, 100, 120_000);
const KEEP = process.env.BENCH_KEEP === '1';
const pgServer = loopbackUrl('BENCH_PG_URL', { fallback: 'postgresql://postgres@127.0.0.1:5432/postgres' });
requireBuild();

stopAfter(10);

const ACTIONS = [
  'staff.login',
  'student.view',
  'student.document_view',
  'student.review',
  'forms.download',
  'students.export.download',
  'interviews.outcome',
  'staff.update',
];

/** One set-based INSERT of the whole log: ids, instants over a year, and the filter columns by the row number. */
async function seed(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: colleges } = await client.query('SELECT name FROM colleges ORDER BY sort_order, name');
    if (colleges.length === 0) fail('the database has no colleges');
    const { rows: staff } = await client.query(
      `SELECT gen_random_uuid()::text AS id, 'staff' || g AS user_name FROM generate_series(1, 40) AS g`,
    );
    await client.query(
      `INSERT INTO audit_log (actor_id, actor_user_name, action, target_type, target_id, student_national_id,
                              student_name, faculty, ip, created_at)
       SELECT ($1::uuid[])[1 + g % 40], ($2::text[])[1 + g % 40], ($3::text[])[1 + (g / 7) % $4::int], 'student',
              NULL, '3' || lpad((g % 100000)::text, 13, '0'), 'طالب رقم ' || (g % 100000),
              ($5::text[])[1 + (g % 100000) % $6::int], '10.0.' || (g % 250) || '.' || (g % 200),
              now() - make_interval(secs => (g::float8 * 31536000 / $7::int))
       FROM generate_series(1, $7::int) AS g`,
      [
        staff.map((row) => row.id),
        staff.map((row) => row.user_name),
        ACTIONS,
        ACTIONS.length,
        colleges.map((row) => row.name),
        colleges.length,
        ROWS,
      ],
    );
    await client.query('ANALYZE audit_log');
    return { actor: staff[3].id, faculty: colleges[0].name };
  } finally {
    await client.end();
  }
}

async function request(portalUrl, pathName, token) {
  const t0 = performance.now();
  const res = await fetch(new URL(pathName, portalUrl), {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body = await res.text();
  return { status: res.status, ms: performance.now() - t0, json: JSON.parse(body) };
}

function report(label, times) {
  return printLatency(label, times, { width: 40, target: TARGET_MS }) < TARGET_MS;
}

const cleanups = [];
let exitCode = 0;
try {
  const { dataDir, database } = await freshDataAndDatabase(pgServer, 'audit', { keep: KEEP, cleanups });
  const portal = await startPortal({
    dataDir,
    databaseUrl: database.url,
    env: { SUPERADMIN_USERNAME: STAFF.userName, SUPERADMIN_PASSWORD: STAFF.password },
  });
  cleanups.push(() => portal.stop());

  const t0 = performance.now();
  process.stdout.write(`seeding ${ROWS.toLocaleString('en')} audit rows…\n`);
  const { actor, faculty } = await seed(database.url);
  process.stdout.write(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);

  const signIn = await fetch(new URL('/api/v1/users/login', portal.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(STAFF),
  });
  if (signIn.status !== 200) fail(`staff login failed: HTTP ${signIn.status}`);
  const { token } = await signIn.json();

  // A cursor half way down the log: the pages walked to it are not measured, only the page after it.
  const deep = new pg.Client({ connectionString: database.url });
  await deep.connect();
  const { rows: middle } = await deep.query(
    `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, id FROM audit_log
     ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT 1`,
    [Math.floor(ROWS / 2)],
  );
  await deep.end();
  const cursor = Buffer.from(`${middle[0].at}|${middle[0].id}`).toString('base64url');

  const month = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 7);
  const cases = [
    ['first page, no filter', {}],
    ['by staff member', { actor }],
    ['by action', { action: 'forms.download' }],
    ['by national ID', { nationalID: '30000000012345' }],
    ['by faculty', { faculty }],
    ['by a month', { from: `${month}-01`, to: `${month}-28` }],
    ['all filters combined', { actor, action: 'student.view', faculty, from: `${month}-01` }],
    [`the page ${(ROWS / 2).toLocaleString('en')} rows deep`, { cursor }],
  ];
  let met = true;
  for (const [label, filters] of cases) {
    const query = new URLSearchParams(filters).toString();
    const times = [];
    for (let i = 0; i < WARMUP + ITERATIONS; i++) {
      const res = await request(portal.url, `/api/v1/audit${query ? `?${query}` : ''}`, token);
      if (res.status !== 200) fail(`${label}: HTTP ${res.status} ${JSON.stringify(res.json)}`);
      if (label !== 'by national ID' && label !== 'all filters combined' && res.json.data.length !== PAGE)
        fail(`${label}: ${res.json.data.length} rows, not a full page`);
      if (i >= WARMUP) times.push(res.ms);
    }
    met = report(label, times) && met;
  }
  if (!met) exitCode = 1;
} catch (error) {
  exitCode = 1;
  reportFailure(error);
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
}
process.exit(exitCode);
