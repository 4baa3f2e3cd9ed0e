// Benchmark of the admission funnel (issue 36) over HTTP on one portal instance: GET /api/v1/funnel of every
// faculty and of one, and GET /api/v1/funnel/daily of a 60-day range, on 100,000 students of one season and
// 1,000,000 audit rows. Targets: the funnel of all faculties under 100 ms median, the 60-day series under 150 ms
// (the counts are index-only scans of a few indexes on students, never a scan of the audit log).
//
// What it does (loopback only, bounded: the whole run stops after 15 minutes):
//   1. Starts the built portal (api/dist/main.js) on a fresh database of the PostgreSQL server of BENCH_PG_URL
//      (default postgresql://postgres@127.0.0.1:5432/postgres) with a super admin.
//   2. Seeds, each with one set-based INSERT over generate_series, BENCH_STUDENTS (default 100,000) students of
//      the current season spread over the colleges and over 60 days, at every place of the tracker (about 90%
//      passed the charter, 80% answered the questionnaire, 60% completed their data; of those a quarter have all
//      documents accepted and a tenth a refused one, with its image row; forms downloaded; first logins), the
//      appointments and interview outcomes of the social-work students, and BENCH_AUDIT_ROWS (default 1,000,000)
//      audit rows; then VACUUM ANALYZE (the funnel's scans are index-only, which needs the visibility map).
//   3. Signs in as the super admin and measures, one request at a time after BENCH_WARMUP (default 10),
//      BENCH_ITERATIONS (default 100) of each call. Prints median, p90, p99 and max in milliseconds. Each call's
//      reading is audited, so the log grows by one row per request, as in production.
//   4. Stops the portal, drops the database and removes the data folder (BENCH_KEEP=1 keeps both, to EXPLAIN).
//
// Run:  npx tsc -b common api && node bench/funnel.mjs      (or npm run build, which also builds the web app)
// Settings (environment): BENCH_PG_URL, BENCH_STUDENTS (1,000…1,000,000), BENCH_AUDIT_ROWS (0…5,000,000),
// BENCH_ITERATIONS (10…1,000), BENCH_WARMUP (0…100), BENCH_TIMEOUT_MS per request (default 30,000), BENCH_KEEP=1.

import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { freshDataAndDatabase } from './bench-database.mjs';
import { printLatency } from './load.mjs';
import { requireBuild, startPortal } from './portal-process.mjs';
import { fail, reportFailure, stopAfter } from './run.mjs';
import { intSetting, loopbackUrl } from './settings.mjs';

const STAFF = { userName: 'benchadmin', password: 'Bench12345' };
const FUNNEL_TARGET_MS = 100;
const DAILY_TARGET_MS = 150;
const DAYS = 60;

const STUDENTS = intSetting('BENCH_STUDENTS', 100_000, 1_000, 1_000_000);
const AUDIT_ROWS = intSetting('BENCH_AUDIT_ROWS', 1_000_000, 0, 5_000_000);
const ITERATIONS = intSetting('BENCH_ITERATIONS', 100, 10, 1_000);
const WARMUP = intSetting('BENCH_WARMUP', 10, 0, 100);
const TIMEOUT_MS = intSetting('BENCH_TIMEOUT_MS', 30_000, 100, 120_000);
const KEEP = process.env.BENCH_KEEP === '1';
const pgServer = loopbackUrl('BENCH_PG_URL', { fallback: 'postgresql://postgres@127.0.0.1:5432/postgres' });
requireBuild();

stopAfter(15);

/**
 * The students, where each stands on the tracker by hashes of its number `i` (independent of its college, so
 * that every college has students at every place): every event instant lies in the 60 days before now.
 */
const SEED_STUDENTS = `
  WITH c AS (SELECT array_agg(id ORDER BY sort_order) AS ids FROM colleges),
  g AS (
    SELECT i, abs(hashtext('a' || i)) % 100 AS a, abs(hashtext('b' || i)) % 100 AS b,
      abs(hashtext('d' || i)) % 100 AS d,
      now() - make_interval(secs => (abs(hashtext('t' || i)) % ($2::int * 86400))::float8) AS created
    FROM generate_series(1::bigint, $1::bigint) AS i
  )
  INSERT INTO students (national_id, name, seat_no, college_id, enrollment_status, email, phone_number,
    is_passed, passed_at, is_completed_additional_questions, is_complete, completed_at, documents_status,
    documents_accepted_at, forms_downloaded_at, first_login_at, created_at)
  SELECT '6' || lpad(i::text, 13, '0'), 'طالب مسار القبول رقم ' || i, 'bench', c.ids[(1 + i % cardinality(c.ids))::int],
    'regular', CASE WHEN a % 2 = 0 THEN 'funnel' || i || '@example.com' END, '010' || lpad(i::text, 8, '0'),
    a < 90, CASE WHEN a < 90 THEN created END, a < 80, a < 60,
    CASE WHEN a < 60 THEN least(now(), created + make_interval(hours => (1 + b)::int)) END,
    CASE WHEN a >= 60 THEN 'none' WHEN d < 25 THEN 'accepted' WHEN d < 35 THEN 'needsReupload' ELSE 'pending' END,
    CASE WHEN a < 60 AND d < 25 THEN least(now(), created + make_interval(hours => (2 + b + d)::int)) END,
    CASE WHEN a < 60 AND d < 10 THEN now() END,
    CASE WHEN b < 85 THEN least(now(), created + make_interval(mins => (5 + b)::int)) END,
    created
  FROM g, c`;

/** A social-work student with all documents accepted books an interview (half of them), and most attend. */
const SEED_INTERVIEWS = `
  WITH booked AS (
    INSERT INTO appointments (student_id, appointed_day, appointed_hour)
    SELECT s.id, (now() - interval '3 days')::date, 9 FROM students s JOIN colleges c ON c.id = s.college_id
    WHERE c.social_work AND s.documents_status = 'accepted' AND (hashtext(s.id::text) & 1) = 0
    RETURNING student_id)
  INSERT INTO interview_outcomes (student_id, attended, recorded_at)
  SELECT student_id, true, now() - interval '2 days' FROM booked WHERE (hashtext(student_id::text) & 3) <> 0`;

/** One refused document per student blocked at documents, of a kind and a reason by its number. */
const SEED_REFUSALS = `
  INSERT INTO student_images (student_id, kind, storage_key, content_type, size_bytes, sha256, review_status,
    review_reason)
  SELECT s.id, (ARRAY['frontIdCard','backIdCard','birthCertificate','personalPhoto',
      'secondarySchoolCertificate','nominationCard'])[1 + abs(hashtext(s.id::text)) % 6],
    'bench/' || s.id, 'image/png', 1, repeat('0', 64), 'rejected',
    (ARRAY['unreadable','cropped','wrongDocument','expired','nameMismatch','other'])[1 + abs(hashtext(s.name)) % 6]
  FROM students s WHERE s.documents_status = 'needsReupload'`;

const SEED_AUDIT = `
  INSERT INTO audit_log (actor_id, actor_user_name, action, target_type, student_national_id, faculty, created_at)
  SELECT gen_random_uuid(), 'staff' || (g % 40), (ARRAY['staff.login','student.view','students.list',
      'student.review','forms.download'])[1 + g % 5], 'student', '6' || lpad((g % $2::int)::text, 13, '0'),
    'كلية ' || (g % 20), now() - make_interval(secs => (g::float8 * 31536000 / $1::int))
  FROM generate_series(1, $1::int) AS g`;

async function seed(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const timed = async (label, text, values = []) => {
      const t0 = performance.now();
      const { rowCount } = await client.query(text, values);
      process.stdout.write(
        `  ${label}: ${(rowCount ?? 0).toLocaleString('en')} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
      );
    };
    await timed('students', SEED_STUDENTS, [STUDENTS, DAYS]);
    await timed('appointments and interviews', SEED_INTERVIEWS);
    await timed('refused documents', SEED_REFUSALS);
    if (AUDIT_ROWS > 0) await timed('audit rows', SEED_AUDIT, [AUDIT_ROWS, STUDENTS]);
    await client.query(
      'VACUUM (ANALYZE) students, appointments, interview_outcomes, student_images, audit_log',
    );
    const { rows } = await client.query(
      `SELECT c.name FROM colleges c JOIN students s ON s.college_id = c.id GROUP BY c.name
       ORDER BY count(*) DESC LIMIT 1`,
    );
    return rows[0].name;
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

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const cleanups = [];
let exitCode = 0;
try {
  const { dataDir, database } = await freshDataAndDatabase(pgServer, 'funnel', { keep: KEEP, cleanups });
  const portal = await startPortal({
    dataDir,
    databaseUrl: database.url,
    env: { SUPERADMIN_USERNAME: STAFF.userName, SUPERADMIN_PASSWORD: STAFF.password, DEMO_DATA: '0' },
  });
  cleanups.push(() => portal.stop());

  const t0 = performance.now();
  process.stdout.write(
    `seeding ${STUDENTS.toLocaleString('en')} students and ${AUDIT_ROWS.toLocaleString('en')} audit rows…\n`,
  );
  const faculty = await seed(database.url);
  process.stdout.write(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);

  const signIn = await fetch(new URL('/api/v1/users/login', portal.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(STAFF),
  });
  if (signIn.status !== 200) fail(`staff login failed: HTTP ${signIn.status}`);
  const { token } = await signIn.json();

  const range = `from=${day(1 - DAYS)}&to=${day(0)}`;
  const cases = [
    ['funnel, all faculties', '/api/v1/funnel', FUNNEL_TARGET_MS],
    ['funnel, one faculty', `/api/v1/funnel?faculty=${encodeURIComponent(faculty)}`, FUNNEL_TARGET_MS],
    [`daily series, ${DAYS} days, all faculties`, `/api/v1/funnel/daily?${range}`, DAILY_TARGET_MS],
    [
      `daily series, ${DAYS} days, one faculty`,
      `/api/v1/funnel/daily?${range}&faculty=${encodeURIComponent(faculty)}`,
      DAILY_TARGET_MS,
    ],
  ];
  let met = true;
  for (const [label, pathName, target] of cases) {
    const times = [];
    for (let i = 0; i < WARMUP + ITERATIONS; i++) {
      const res = await request(portal.url, pathName, token);
      if (res.status !== 200) fail(`${label}: HTTP ${res.status} ${JSON.stringify(res.json)}`);
      if (i === 0 && pathName === '/api/v1/funnel' && res.json.data.total.students !== STUDENTS)
        fail(`${label}: ${res.json.data.total.students} students counted, not ${STUDENTS}`);
      if (i >= WARMUP) times.push(res.ms);
    }
    met = printLatency(label, times, { width: 40, target }) < target && met;
  }
  if (!met) exitCode = 1;
} catch (error) {
  exitCode = 1;
  reportFailure(error);
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
}
process.exit(exitCode);
