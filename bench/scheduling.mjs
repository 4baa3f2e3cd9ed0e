// Benchmark of interview scheduling over HTTP against a running portal: appointing 1,000 students in one
// PATCH /users/appointStudents call (target: under 1 s) and printing a 2,000-row schedule list with
// GET /users/exportsAppointedStudents/{date}/{period}/{token} (target: under 3 s, the whole PDF received).
//
// What it does (loopback only, bounded):
//   1. Seeds BENCH_BACKGROUND (default 50,000) students of other colleges and BENCH_WAITING (default 15,000)
//      complete social-work students (waiting) straight into the portal's database with set-based
//      `INSERT ... SELECT ... FROM generate_series` statements (four-part Arabic names), after removing the rows
//      of an earlier run (marked seat_no = 'bench-sched'), then VACUUM (ANALYZE).
//   2. Signs in as a super admin through POST /api/v1/users/login; asks getAppointedStudentsNumber for the
//      university's today and weekend, and picks the next working days.
//   3. Appoints 1,000 students per call, BENCH_ROUNDS times (default 5), one call at a time, on one day and
//      period; prints each call's time and the median.
//   4. BENCH_PRINTS times (default 5): appoints 2,000 other students on another day and downloads that day's
//      printed list, so that every document is new to the compiler (Typst memoises layout: printing the same
//      list again is much faster and would flatter the figure). Checks it is a PDF; prints the times and sizes.
//      The first print also starts the PDF child process. BENCH_PDF_OUT=file keeps the last PDF.
//   5. Removes the seeded students (their appointments go with them) unless BENCH_KEEP=1.
//
// Run (external PostgreSQL; the portal and the benchmark on the same machine):
//   createdb -h 127.0.0.1 -U postgres portal_bench
//   npm run build
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/portal_bench DEMO_DATA=0 HOST=127.0.0.1 PORT=8099 \
//     SUPERADMIN_USERNAME=benchadmin SUPERADMIN_PASSWORD=Bench12345 STAFF_2FA_REQUIRED=none LOG_LEVEL=warn \
//     DATA_DIR=/tmp/portal-bench \
//     node api/dist/main.js &
//   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/portal_bench PORTAL_URL=http://127.0.0.1:8099 \
//     BENCH_USER=benchadmin BENCH_PASSWORD=Bench12345 node bench/scheduling.mjs
// With the embedded PostgreSQL (no DATABASE_URL), the database is `portal`, the user `portal`, the password in
// DATA_DIR/pg/password and the port in the portal's log line 'embedded PostgreSQL listening on 127.0.0.1:<port>'.
//
// Settings (environment): BENCH_BACKGROUND (0…200,000), BENCH_WAITING (3,000…200,000; at least
// 1,000 × BENCH_ROUNDS + 2,000 × BENCH_PRINTS), BENCH_ROUNDS (1…20), BENCH_PRINTS (1…50), BENCH_KEEP=1, BENCH_PDF_OUT,
// BENCH_TIMEOUT_MS per request (default 30,000). The whole run stops after 10 minutes.

import { writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { intSetting, loopbackUrl, stop } from './settings.mjs';

const DEADLINE_MS = 10 * 60 * 1000;
const MARK = 'bench-sched';
const started = Date.now();

class BenchError extends Error {}

/** Stops the run; once the database is seeded, the seeded rows are still removed on the way out. */
function fail(message) {
  throw new BenchError(message);
}

const BACKGROUND = intSetting('BENCH_BACKGROUND', 50_000, 0, 200_000);
const ROUNDS = intSetting('BENCH_ROUNDS', 5, 1, 20);
const WAITING = intSetting('BENCH_WAITING', 15_000, 3_000, 200_000);
const PRINTS = intSetting('BENCH_PRINTS', 5, 1, 50);
const TIMEOUT_MS = intSetting('BENCH_TIMEOUT_MS', 30_000, 100, 120_000);
const KEEP = process.env.BENCH_KEEP === '1';
const PDF_OUT = process.env.BENCH_PDF_OUT;
const APPOINT_EACH = 1_000;
const PRINT_ROWS = 2_000;
if (WAITING < APPOINT_EACH * ROUNDS + PRINT_ROWS * PRINTS)
  stop(`BENCH_WAITING must be at least ${APPOINT_EACH * ROUNDS + PRINT_ROWS * PRINTS} for these settings`);
const databaseUrl = loopbackUrl('BENCH_DATABASE_URL');
const portalUrl = loopbackUrl('PORTAL_URL');
const user = process.env.BENCH_USER;
const password = process.env.BENCH_PASSWORD;
if (!user || !password) stop('BENCH_USER and BENCH_PASSWORD (a super admin account) are required');

function checkDeadline() {
  if (Date.now() - started > DEADLINE_MS) fail('stopped: the run took longer than 10 minutes');
}

const FIRST = (
  'محمد|أحمد|محمود|مصطفى|عبد الله|عبد الرحمن|يوسف|إبراهيم|علي|عمر|خالد|حسن|حسين|كريم|طارق|' +
  'فاطمة|مريم|نور|سارة|آية|هدى|منى|إسراء|ياسمين|رحمة|سلمى|شيماء|أسماء|إيمان|هبة'
).split('|');
const FAMILY = (
  'السيد|عبد العزيز|الشناوي|المصري|النجار|حجازي|الشافعي|منصور|عثمان|سليمان|البنا|الجمال|رمضان|' +
  'شحاتة|الفقي|زكي|بدوي|عيسى|موسى|الدسوقي|القاضي|الخولي|سالم|غنيم|فرج|مرسي|عاشور|الزيات'
).split('|');

/** One set-based insert of `count` students of the colleges chosen by `collegeFilter`. */
async function insertStudents(client, count, collegeFilter, complete, offset) {
  await client.query(
    `WITH c AS (SELECT array_agg(id ORDER BY sort_order, name) AS ids FROM colleges WHERE ${collegeFilter})
     INSERT INTO students (national_id, name, seat_no, phone_number, college_id, is_complete, completed_at,
                           enrollment_status)
     SELECT '6' || lpad((i + $6::int)::text, 13, '0'),
            ($1::text[])[1 + i % $3::int] || ' ' || ($1::text[])[1 + (i / 7) % $3::int] || ' ' ||
              ($1::text[])[1 + (i / 53) % $3::int] || ' ' || ($2::text[])[1 + (i / 3) % $4::int],
            '${MARK}',
            '010' || lpad((i * 7919 % 100000000)::text, 8, '0'),
            c.ids[1 + i % cardinality(c.ids)],
            $5::boolean,
            CASE WHEN $5::boolean THEN now() - make_interval(secs => i) END,
            'regular'
     FROM generate_series(1, $7::int) AS i, c`,
    [FIRST, FAMILY, FIRST.length, FAMILY.length, complete, offset, count],
  );
}

async function seed(client) {
  const t0 = performance.now();
  await client.query(`DELETE FROM students WHERE seat_no = $1`, [MARK]);
  const { rows } = await client.query('SELECT count(*)::int AS n FROM colleges WHERE social_work');
  if (rows[0].n === 0) fail('the database has no social-work college: start the portal on it once first');
  if (BACKGROUND > 0) await insertStudents(client, BACKGROUND, 'NOT social_work', true, 0);
  await insertStudents(client, WAITING, 'social_work', true, BACKGROUND);
  await client.query('VACUUM (ANALYZE) students');
  await client.query('VACUUM (ANALYZE) appointments');
  const { rows: total } = await client.query('SELECT count(*)::int AS n FROM students');
  return { seconds: (performance.now() - t0) / 1000, total: total[0].n };
}

async function request(method, path, token, body) {
  const t0 = performance.now();
  const res = await fetch(new URL(path, portalUrl), {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - t0;
  const type = res.headers.get('content-type') ?? '';
  return {
    status: res.status,
    ms,
    type,
    bytes,
    json: type.includes('json') ? JSON.parse(bytes.toString()) : null,
  };
}

const median = (times) => [...times].sort((a, b) => a - b)[Math.floor((times.length - 1) / 2)];
const ms = (v) => `${v.toFixed(0).padStart(5)} ms`;

/** `YYYY-MM-DD` + days. */
function addDays(date, days) {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
function nextWorkingDay(after, weekendDays) {
  let day = addDays(after, 1);
  while (weekendDays.includes(new Date(`${day}T12:00:00Z`).getUTCDay())) day = addDays(day, 1);
  return day;
}

const client = new pg.Client({ connectionString: databaseUrl.toString() });
await client.connect();
try {
  process.stdout.write(
    `seeding ${BACKGROUND.toLocaleString('en')} students of other colleges and ` +
      `${WAITING.toLocaleString('en')} waiting social-work students…\n`,
  );
  const seeded = await seed(client);
  const { rows: server } = await client.query('SHOW server_version');
  const { rows: waiting } = await client.query(
    `SELECT count(*)::int AS n FROM students s JOIN colleges c ON c.id = s.college_id AND c.social_work
     WHERE s.is_complete AND NOT EXISTS (SELECT 1 FROM appointments a WHERE a.student_id = s.id)`,
  );
  process.stdout.write(
    `seeded in ${seeded.seconds.toFixed(1)} s; ${seeded.total.toLocaleString('en')} students in the database, ` +
      `${waiting[0].n.toLocaleString('en')} waiting; PostgreSQL ${server[0].server_version}\n\n`,
  );

  const login = await request('POST', '/api/v1/users/login', undefined, { userName: user, password });
  if (login.status !== 200) fail(`login failed: HTTP ${login.status} ${JSON.stringify(login.json)}`);
  const token = login.json.token;
  const probe = await request('POST', '/api/v1/users/getAppointedStudentsNumber', token, {
    date: '2026-01-01',
  });
  if (probe.status !== 200) fail(`getAppointedStudentsNumber: HTTP ${probe.status}`);
  const { today, weekendDays } = probe.json.data;
  // Far enough ahead that no real schedule is disturbed by the counts, and distinct days for each part.
  const appointDay = nextWorkingDay(addDays(today, 300), weekendDays);

  const appointTimes = [];
  for (let round = 1; round <= ROUNDS; round++) {
    checkDeadline();
    const res = await request('PATCH', '/api/v1/users/appointStudents', token, {
      date: appointDay,
      period: 9,
      NumOfStudents: APPOINT_EACH,
    });
    if (res.status !== 200 || res.json.data.appointed !== APPOINT_EACH)
      fail(`appointStudents: HTTP ${res.status} ${JSON.stringify(res.json)}`);
    appointTimes.push(res.ms);
    process.stdout.write(`appointStudents ${APPOINT_EACH} students, call ${round}: ${ms(res.ms)}\n`);
  }
  process.stdout.write(
    `appointStudents ${APPOINT_EACH}: median ${ms(median(appointTimes))}, max ${ms(Math.max(...appointTimes))}` +
      ` (target < 1000 ms)\n\n`,
  );

  const printTimes = [];
  let last;
  let printDay = appointDay;
  for (let i = 1; i <= PRINTS; i++) {
    checkDeadline();
    printDay = nextWorkingDay(printDay, weekendDays);
    const big = await request('PATCH', '/api/v1/users/appointStudents', token, {
      date: printDay,
      period: 12,
      NumOfStudents: PRINT_ROWS,
    });
    if (big.status !== 200 || big.json.data.appointed !== PRINT_ROWS)
      fail(`appointStudents ${PRINT_ROWS}: HTTP ${big.status} ${JSON.stringify(big.json)}`);
    const res = await request(
      'GET',
      `/api/v1/users/exportsAppointedStudents/${printDay}/12/${encodeURIComponent(token)}`,
      undefined,
    );
    if (
      res.status !== 200 ||
      !res.type.startsWith('application/pdf') ||
      res.bytes.subarray(0, 5).toString() !== '%PDF-'
    )
      fail(`print: HTTP ${res.status} ${res.type} ${res.bytes.subarray(0, 200).toString()}`);
    printTimes.push(res.ms);
    last = res;
    process.stdout.write(
      `print ${PRINT_ROWS}-row list ${i} (${printDay}; appointing them took ${big.ms.toFixed(0)} ms): ` +
        `${ms(res.ms)} (${(res.bytes.length / 1024).toFixed(0)} KB)\n`,
    );
  }
  process.stdout.write(
    `print ${PRINT_ROWS} rows: median ${ms(median(printTimes))}, max ${ms(Math.max(...printTimes))} (target < 3000 ms)\n`,
  );
  if (PDF_OUT && last) {
    await writeFile(PDF_OUT, last.bytes);
    process.stdout.write(`last PDF written to ${PDF_OUT}\n`);
  }
} catch (error) {
  process.stderr.write(`bench: ${error instanceof BenchError ? error.message : error}\n`);
  process.exitCode = 1;
} finally {
  if (!KEEP) {
    await client.query(`DELETE FROM students WHERE seat_no = $1`, [MARK]);
    process.stdout.write('seeded students removed\n');
  }
  await client.end();
}
