// Benchmark of the staff student records: the student list (getAllStudents, a page of 500) and the name search
// (getStudentInfo) over HTTP against a running portal whose database holds 100,000 students.
//
// What it does (loopback only, bounded):
//   1. Seeds BENCH_STUDENTS (default 100,000) students straight into the portal's database with ONE set-based
//      `INSERT ... SELECT ... FROM generate_series` (realistic four-part Arabic names, hamza spelling variants,
//      spread over every college), after removing the rows of an earlier run (marked seat_no = 'bench'), and
//      runs VACUUM (ANALYZE) on the table.
//   2. Signs in as a super admin through POST /api/v1/users/login.
//   3. Measures, one request at a time after a warm-up: getAllStudents page 1 of 500, getAllStudents at random
//      pages of 500, getStudentInfo name searches inside one faculty and across every faculty, and the
//      national-ID search. Prints median, p90, p99 and max in milliseconds.
//   4. Removes the seeded students again (BENCH_KEEP=1 keeps them).
//
// Run (external PostgreSQL; the portal and the benchmark on the same machine):
//   createdb -h 127.0.0.1 -U postgres portal_bench
//   npm run build
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/portal_bench DEMO_DATA=0 HOST=127.0.0.1 PORT=8099 \
//     SUPERADMIN_USERNAME=benchadmin SUPERADMIN_PASSWORD=Bench12345 STAFF_2FA_REQUIRED=none LOG_LEVEL=warn \
//     DATA_DIR=/tmp/portal-bench \
//     node api/dist/main.js &
//   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/portal_bench PORTAL_URL=http://127.0.0.1:8099 \
//     BENCH_USER=benchadmin BENCH_PASSWORD=Bench12345 node bench/student-records.mjs
// With the embedded PostgreSQL (no DATABASE_URL), the database is `portal`, the user `portal`, the password in
// DATA_DIR/pg/password and the port in the portal's log line 'embedded PostgreSQL listening on 127.0.0.1:<port>':
//   BENCH_DATABASE_URL=postgresql://portal:$(cat /tmp/portal-bench/pg/password)@127.0.0.1:<port>/portal ...
//
// Settings (environment): BENCH_STUDENTS (1,000…200,000, default 100,000), BENCH_ITERATIONS per measurement
// (10…2,000, default 200), BENCH_WARMUP (default 20), BENCH_KEEP=1, BENCH_TIMEOUT_MS per request (default
// 10,000). The whole run stops after 10 minutes.

import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { intSetting, loopbackUrl, stop } from './settings.mjs';

const DEADLINE_MS = 10 * 60 * 1000;
const started = Date.now();

const STUDENTS = intSetting('BENCH_STUDENTS', 100_000, 1_000, 200_000);
const ITERATIONS = intSetting('BENCH_ITERATIONS', 200, 10, 2_000);
const WARMUP = intSetting('BENCH_WARMUP', 20, 0, 500);
const TIMEOUT_MS = intSetting('BENCH_TIMEOUT_MS', 10_000, 100, 60_000);
const KEEP = process.env.BENCH_KEEP === '1';
const databaseUrl = loopbackUrl('BENCH_DATABASE_URL');
const portalUrl = loopbackUrl('PORTAL_URL');
const user = process.env.BENCH_USER;
const password = process.env.BENCH_PASSWORD;
if (!user || !password) stop('BENCH_USER and BENCH_PASSWORD (a super admin account) are required');

function checkDeadline() {
  if (Date.now() - started > DEADLINE_MS) stop('stopped: the run took longer than 10 minutes');
}

// Names of the seed: first names (with hamza and teh-marbuta spellings as people type them), family names.
const FIRST = (
  'محمد|أحمد|احمد|محمود|مصطفى|عبد الله|عبد الرحمن|يوسف|إبراهيم|ابراهيم|علي|عمر|' +
  'خالد|حسن|حسين|كريم|طارق|ياسر|سامي|هشام|فاطمة|فاطمه|مريم|نور|سارة|آية|ايه|هدى|' +
  'منى|إسراء|اسراء|ياسمين|رحمة|سلمى|شيماء|دعاء|أسماء|إيمان|هبة|رنا'
).split('|');
const FAMILY = (
  'السيد|عبد العزيز|الشناوي|المصري|النجار|حجازي|الشافعي|منصور|عثمان|سليمان|البنا|' +
  'الجمال|عبد الحميد|رمضان|شحاتة|الفقي|زكي|بدوي|عيسى|موسى|الدسوقي|القاضي|الخولي|' +
  'سالم|غنيم|فرج|الحسيني|مرسي|عاشور|الزيات'
).split('|');

async function seed(client) {
  const t0 = performance.now();
  await client.query(`DELETE FROM students WHERE seat_no = 'bench'`);
  const { rows: colleges } = await client.query('SELECT id, name FROM colleges ORDER BY sort_order, name');
  if (colleges.length === 0) stop('the database has no colleges: start the portal on it once first');
  // One set-based statement: 100,000 rows in a few seconds, names built from the lists by the row number.
  await client.query(
    `INSERT INTO students (national_id, name, seat_no, phone_number, college_id, is_complete, is_passed,
                           completed_at, enrollment_status)
     SELECT '7' || lpad(i::text, 13, '0'),
            ($1::text[])[1 + i % $3::int] || ' ' || ($1::text[])[1 + (i / 7) % $3::int] || ' ' ||
              ($1::text[])[1 + (i / 53) % $3::int] || ' ' || ($2::text[])[1 + (i / 3) % $4::int],
            'bench',
            '010' || lpad((i * 7919 % 100000000)::text, 8, '0'),
            ($5::uuid[])[1 + i % $6::int],
            i % 3 = 0,
            i % 3 = 0 AND i % 2 = 0,
            CASE WHEN i % 3 = 0 THEN now() - make_interval(secs => i) END,
            'regular'
     FROM generate_series(1, $7::int) AS i`,
    [FIRST, FAMILY, FIRST.length, FAMILY.length, colleges.map((c) => c.id), colleges.length, STUDENTS],
  );
  // Rows deleted by an earlier run would otherwise still sit in the heap and the indexes.
  await client.query('VACUUM (ANALYZE) students');
  const { rows } = await client.query(
    `SELECT c.name, count(*)::int AS n FROM students s JOIN colleges c ON c.id = s.college_id
     GROUP BY c.name ORDER BY n DESC, c.name LIMIT 1`,
  );
  const { rows: total } = await client.query('SELECT count(*)::int AS n FROM students');
  const { rows: nid } = await client.query(
    `SELECT national_id FROM students WHERE seat_no = 'bench' ORDER BY national_id OFFSET $1 LIMIT 1`,
    [Math.floor(STUDENTS / 2)],
  );
  return {
    seconds: (performance.now() - t0) / 1000,
    faculty: rows[0].name,
    facultyStudents: rows[0].n,
    total: total[0].n,
    nationalId: nid[0].national_id,
  };
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
  const text = await res.text();
  const ms = performance.now() - t0;
  return { status: res.status, ms, json: text ? JSON.parse(text) : null };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Runs `make(i)` (answering a request) WARMUP + ITERATIONS times, one at a time; summarises the timings. */
async function measure(label, make, accept = [200]) {
  const times = [];
  let rows = 0;
  for (let i = 0; i < WARMUP + ITERATIONS; i++) {
    checkDeadline();
    const res = await make(i);
    if (!accept.includes(res.status)) stop(`${label}: HTTP ${res.status} ${JSON.stringify(res.json)}`);
    if (i >= WARMUP) {
      times.push(res.ms);
      rows += Array.isArray(res.json?.data) ? res.json.data.length : 0;
    }
  }
  times.sort((a, b) => a - b);
  const f = (v) => v.toFixed(1).padStart(7);
  const line = `${label.padEnd(58)} median ${f(percentile(times, 50))}  p90 ${f(percentile(times, 90))}  p99 ${f(percentile(times, 99))}  max ${f(times[times.length - 1])} ms  (rows/answer ${(rows / ITERATIONS).toFixed(0)})`;
  process.stdout.write(`${line}\n`);
  return times;
}

const client = new pg.Client({ connectionString: databaseUrl.toString() });
await client.connect();
try {
  process.stdout.write(`seeding ${STUDENTS.toLocaleString('en')} students…\n`);
  const seeded = await seed(client);
  process.stdout.write(
    `seeded in ${seeded.seconds.toFixed(1)} s; ${seeded.total.toLocaleString('en')} students in the database; ` +
      `largest faculty ${seeded.faculty} (${seeded.facultyStudents.toLocaleString('en')})\n`,
  );
  const { rows: server } = await client.query('SHOW server_version');
  process.stdout.write(
    `PostgreSQL ${server[0].server_version}; ${ITERATIONS} requests per line after ${WARMUP} warm-up\n\n`,
  );

  const login = await request('POST', '/api/v1/users/login', undefined, { userName: user, password });
  if (login.status !== 200) stop(`login failed: HTTP ${login.status} ${JSON.stringify(login.json)}`);
  const token = login.json.token;
  const faculty = seeded.faculty;
  const pages = Math.ceil(seeded.facultyStudents / 500);

  const all = [];
  all.push(
    ...(await measure('getAllStudents page 1 (limit 500)', () =>
      request('POST', '/api/v1/students/getAllStudents?page=1&limit=500', token, { faculty }),
    )),
  );
  all.push(
    ...(await measure(`getAllStudents random page of ${pages} (limit 500)`, (i) =>
      request('POST', `/api/v1/students/getAllStudents?page=${1 + ((i * 7) % pages)}&limit=500`, token, {
        faculty,
      }),
    )),
  );

  // Common and rare names, hamza and teh-marbuta variants, inside words and across two words.
  const SEARCHES = [
    'محمد',
    'احمد',
    'إبراهيم',
    'فاطمه',
    'عبد الرحمن',
    'مصطفي الشناوي',
    'اسراء',
    'شحاته',
    'ياسمين حسن',
    'الزيات',
  ];
  const search = (studentName, withFaculty) => (i) =>
    request('POST', '/api/v1/students/getStudentInfo', token, {
      nationalID: null,
      studentName: studentName ?? SEARCHES[i % SEARCHES.length],
      isComplete: null,
      faculty: withFaculty ? faculty : null,
    });
  const inFaculty = await measure(
    'getStudentInfo name search, one faculty (10 names)',
    search(null, true),
    [200, 404],
  );
  const everywhere = await measure(
    'getStudentInfo name search, all faculties (10 names)',
    search(null, false),
    [200, 404],
  );
  await measure(
    "getStudentInfo name 'محمد', all faculties (most matches)",
    search('محمد', false),
    [200, 404],
  );
  await measure(
    "getStudentInfo name 'مصطفي الشناوي', all faculties",
    search('مصطفي الشناوي', false),
    [200, 404],
  );
  await measure('getStudentInfo national ID, all faculties', () =>
    request('POST', '/api/v1/students/getStudentInfo', token, {
      nationalID: seeded.nationalId,
      faculty: null,
    }),
  );
  const names = [...inFaculty, ...everywhere].sort((a, b) => a - b);
  process.stdout.write(
    `\nname search overall: median ${percentile(names, 50).toFixed(1)} ms, p99 ${percentile(names, 99).toFixed(1)} ms\n`,
  );
} finally {
  if (!KEEP) {
    await client.query(`DELETE FROM students WHERE seat_no = 'bench'`);
    process.stdout.write('removed the seeded students (BENCH_KEEP=1 keeps them)\n');
  }
  await client.end();
}
