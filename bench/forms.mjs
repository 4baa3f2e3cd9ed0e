// Benchmark of the admission forms over HTTP against a running portal: the render time of one admission form
// (median of 50 after a warm-up; target under 100 ms) and 50 concurrent form downloads while a getStudent loop
// runs (target: getStudent p99 under 100 ms during the downloads); and, on the way, 50 concurrent complete-data
// submissions with six images of about 0.5 MB each (target: all stored, p99 under 2 s).
//
// What it does (loopback only, bounded):
//   1. Seeds BENCH_STUDENTS (default 120) social-work students straight into the portal's database (four-part
//      Arabic names, marked seat_no = 'bench-forms'), after removing the students of an earlier run through the
//      staff API (so their stored images go too).
//   2. Completes each student the way a student does: POST /students/getStudent (the session cookie), then
//      PATCH /students/completeStudentData/{id} (multipart) with every field and the six images; the personal
//      photo is a 600 × 800 PNG of about 0.6 MB (grain makes it hard to compress), different for every student.
//      The last 50 students submit at the same moment, each with six 550 × 730 PNGs of about 0.5 MB (the most
//      the browser sends after compressing); the run prints p50/p99/max and checks in the database that all
//      50 were stored whole (data and six images).
//   3. Downloads BENCH_WARMUP (default 10) admission forms, then 50 more one at a time, each of another student:
//      every document and photo is new to the server (Typst memoises layout and decoded images, and the reduced
//      photo is kept in memory; downloading the same form again is faster and would flatter the figure). Prints
//      p50, p90, p99 and max (whole PDF received); then, for reference, one student's form 50 times again.
//   4. Measures getStudent alone for 3 s (one request at a time), then again while 50 downloads of 50 other
//      students' forms (admission, acquaintance and personal-test forms in turn) run at once. Prints getStudent
//      p50/p99/max alone and during the downloads, and the downloads' own times.
//   5. Downloads one form with the super admin's bearer token (the staff path), then removes the seeded
//      students with their images through DELETE /students/deleteStudent/{id} unless BENCH_KEEP=1.
//
// Run (external PostgreSQL; the portal and the benchmark on the same machine). getStudent is rate-limited per
// client address (30 a minute by default): start the portal with a high STUDENT_LOOKUP_RATE_LIMIT.
//   createdb -h 127.0.0.1 -U postgres portal_bench
//   npm run build
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/portal_bench DEMO_DATA=0 HOST=127.0.0.1 PORT=8099 \
//     SUPERADMIN_USERNAME=benchadmin SUPERADMIN_PASSWORD=Bench12345 STAFF_2FA_REQUIRED=none LOG_LEVEL=warn \
//     DATA_DIR=/tmp/portal-bench \
//     STUDENT_LOOKUP_RATE_LIMIT=1000000 node api/dist/main.js &
//   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/portal_bench PORTAL_URL=http://127.0.0.1:8099 \
//     BENCH_USER=benchadmin BENCH_PASSWORD=Bench12345 node bench/forms.mjs
// With the embedded PostgreSQL (no DATABASE_URL), the database is `portal`, the user `portal`, the password in
// DATA_DIR/pg/password and the port in the portal's log line 'embedded PostgreSQL listening on 127.0.0.1:<port>'.
//
// Settings (environment): BENCH_STUDENTS (110…1,000; at least BENCH_WARMUP + 100), BENCH_WARMUP (1…100),
// BENCH_KEEP=1, BENCH_PDF_OUT=file (keeps the last sequential PDF), BENCH_TIMEOUT_MS per request (default 30,000).
// The whole run stops after 10 minutes.

import { randomInt } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { completeForm } from './complete-data-form.mjs';
import { percentile } from './load.mjs';
import { intSetting, loopbackUrl, stop } from './settings.mjs';

const DEADLINE_MS = 10 * 60 * 1000;
const MARK = 'bench-forms';
const SEQUENTIAL = 50;
const CONCURRENT = 50;
const started = Date.now();

class BenchError extends Error {}

/** Stops the run; once the database is seeded, the seeded students are still removed on the way out. */
function fail(message) {
  throw new BenchError(message);
}

const WARMUP = intSetting('BENCH_WARMUP', 10, 1, 100);
const STUDENTS = intSetting('BENCH_STUDENTS', 120, 110, 1_000);
const TIMEOUT_MS = intSetting('BENCH_TIMEOUT_MS', 30_000, 100, 120_000);
const KEEP = process.env.BENCH_KEEP === '1';
const PDF_OUT = process.env.BENCH_PDF_OUT;
if (STUDENTS < WARMUP + SEQUENTIAL + CONCURRENT)
  stop(`BENCH_STUDENTS must be at least ${WARMUP + SEQUENTIAL + CONCURRENT} for these settings`);
const databaseUrl = loopbackUrl('BENCH_DATABASE_URL');
const portalUrl = loopbackUrl('PORTAL_URL');
const user = process.env.BENCH_USER;
const password = process.env.BENCH_PASSWORD;
if (!user || !password) stop('BENCH_USER and BENCH_PASSWORD (a super admin account) are required');

function checkDeadline() {
  if (Date.now() - started > DEADLINE_MS) fail('stopped: the run took longer than 10 minutes');
}

// ---------------------------------------------------------------------------------------------------------
// The seed.

const FIRST = (
  'محمد|أحمد|محمود|مصطفى|عبد الله|عبد الرحمن|يوسف|إبراهيم|علي|عمر|خالد|حسن|حسين|كريم|طارق|' +
  'فاطمة|مريم|نور|سارة|آية|هدى|منى|إسراء|ياسمين|رحمة|سلمى|شيماء|أسماء|إيمان|هبة'
).split('|');
const FAMILY = (
  'السيد|عبد العزيز|الشناوي|المصري|النجار|حجازي|الشافعي|منصور|عثمان|سليمان|البنا|الجمال|رمضان|' +
  'شحاتة|الفقي|زكي|بدوي|عيسى|موسى|الدسوقي|القاضي|الخولي|سالم|غنيم|فرج|مرسي|عاشور|الزيات'
).split('|');

async function seed(client) {
  const { rows } = await client.query('SELECT count(*)::int AS n FROM colleges WHERE social_work');
  if (rows[0].n === 0) fail('the database has no social-work college: start the portal on it once first');
  const { rows: students } = await client.query(
    `WITH c AS (SELECT id FROM colleges WHERE social_work ORDER BY sort_order, name LIMIT 1)
     INSERT INTO students (national_id, name, seat_no, phone_number, college_id, enrollment_status)
     SELECT '5' || lpad((i + $5::int)::text, 13, '0'),
            ($1::text[])[1 + i % $3::int] || ' ' || ($1::text[])[1 + (i / 7) % $3::int] || ' ' ||
              ($1::text[])[1 + (i / 3) % $3::int] || ' ' || ($2::text[])[1 + (i / 5) % $4::int],
            '${MARK}', '010' || lpad((i * 7919 % 100000000)::text, 8, '0'), c.id, 'regular'
     FROM generate_series(1, $6::int) AS i, c
     RETURNING id, national_id AS "nationalId", name`,
    [FIRST, FAMILY, FIRST.length, FAMILY.length, randomInt(0, 10 ** 9), STUDENTS],
  );
  return students;
}

// ---------------------------------------------------------------------------------------------------------
// HTTP.

async function request(method, path, { token, cookie, json, form } = {}) {
  const t0 = performance.now();
  const res = await fetch(new URL(path, portalUrl), {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(cookie ? { cookie } : {}),
      ...(json ? { 'content-type': 'application/json' } : {}),
    },
    body: json ? JSON.stringify(json) : form,
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
    setCookie: res.headers.getSetCookie(),
    json: type.includes('json') ? JSON.parse(bytes.toString()) : null,
  };
}

async function login(student) {
  const res = await request('POST', '/api/v1/students/getStudent', {
    json: { nationalID: student.nationalId },
  });
  if (res.status === 429)
    fail('getStudent is rate-limited: start the portal with STUDENT_LOOKUP_RATE_LIMIT=1000000');
  if (res.status !== 200) fail(`getStudent: HTTP ${res.status} ${JSON.stringify(res.json)}`);
  const session = res.setCookie.find((cookie) => cookie.startsWith('studentSession='));
  if (!session) fail('getStudent set no studentSession cookie');
  return session.split(';')[0];
}

async function complete(student, form) {
  const res = await request('PATCH', `/api/v1/students/completeStudentData/${student.id}`, {
    cookie: student.cookie,
    form,
  });
  if (res.status !== 200) fail(`completeStudentData: HTTP ${res.status} ${JSON.stringify(res.json)}`);
  return res.ms;
}

const FORM_CALLS = ['getAdmissionForm', 'getAcquaintanceForm', 'getFinalPersonalTestForm'];

async function downloadForm(student, call = 'getAdmissionForm', auth = { cookie: student.cookie }) {
  const res = await request('GET', `/api/v1/students/${call}/${student.id}`, auth);
  if (res.status !== 200 || res.bytes.subarray(0, 5).toString() !== '%PDF-')
    fail(`${call}: HTTP ${res.status} ${res.json ? JSON.stringify(res.json) : res.type}`);
  return res;
}

// ---------------------------------------------------------------------------------------------------------
// Figures.

const ms = (v) => `${v.toFixed(1).padStart(7)} ms`;
const summary = (times) =>
  `n=${String(times.length).padStart(4)}  p50 ${ms(percentile(times, 50))}  p90 ${ms(percentile(times, 90))}  ` +
  `p99 ${ms(percentile(times, 99))}  max ${ms(Math.max(...times))}`;

/** getStudent one request at a time, cycling over the students, until `until()` says stop. */
async function lookupLoop(students, until) {
  const times = [];
  let i = 0;
  while (!until()) {
    const student = students[i++ % students.length];
    const res = await request('POST', '/api/v1/students/getStudent', {
      json: { nationalID: student.nationalId },
    });
    if (res.status !== 200) fail(`getStudent during the loop: HTTP ${res.status}`);
    times.push(res.ms);
  }
  return times;
}

// ---------------------------------------------------------------------------------------------------------

const client = new pg.Client({ connectionString: databaseUrl.toString() });
await client.connect();
let token;
try {
  const signIn = await request('POST', '/api/v1/users/login', { json: { userName: user, password } });
  if (signIn.status !== 200) fail(`staff login failed: HTTP ${signIn.status} ${JSON.stringify(signIn.json)}`);
  token = signIn.json.token;

  const { rows: leftovers } = await client.query('SELECT id FROM students WHERE seat_no = $1', [MARK]);
  for (const { id } of leftovers) await request('DELETE', `/api/v1/students/deleteStudent/${id}`, { token });
  if (leftovers.length > 0) process.stdout.write(`removed ${leftovers.length} students of an earlier run\n`);

  process.stdout.write(`seeding ${STUDENTS} social-work students and completing them through the API…\n`);
  const t0 = performance.now();
  const students = await seed(client);
  for (const student of students) student.cookie = await login(student);
  const submitAtOnce = students.slice(-CONCURRENT);
  for (const [index, student] of students.slice(0, -CONCURRENT).entries()) {
    checkDeadline();
    await complete(student, completeForm(index));
  }
  const forms = submitAtOnce.map((_, i) => completeForm(STUDENTS + i, { large: true }));
  const submit0 = performance.now();
  const submits = await Promise.all(submitAtOnce.map((student, i) => complete(student, forms[i])));
  const submitMs = performance.now() - submit0;
  const { rows: stored } = await client.query(
    `SELECT count(DISTINCT s.id) FILTER (WHERE s.is_complete)::int AS complete, count(i.id)::int AS images
     FROM students s LEFT JOIN student_images i ON i.student_id = s.id
     WHERE s.id = ANY($1::uuid[])`,
    [submitAtOnce.map((student) => student.id)],
  );
  process.stdout.write(
    `${CONCURRENT} concurrent complete-data submissions, six ~0.5 MB images each: ${summary(submits)}; ` +
      `all done in ${submitMs.toFixed(0)} ms   (target: p99 < 2 s)\n` +
      `  stored: ${stored[0].complete} complete students, ${stored[0].images} images (expected ${CONCURRENT}, ${CONCURRENT * 6})\n`,
  );
  if (stored[0].complete !== CONCURRENT || stored[0].images !== CONCURRENT * 6)
    fail('not every concurrent submission was stored whole');
  const { rows: server } = await client.query('SHOW server_version');
  process.stdout.write(
    `completed ${students.length} students with their images in ${((performance.now() - t0) / 1000).toFixed(1)} s; ` +
      `PostgreSQL ${server[0].server_version}\n\n`,
  );

  const warm = students.slice(0, WARMUP);
  const sequential = students.slice(WARMUP, WARMUP + SEQUENTIAL);
  const concurrent = students.slice(WARMUP + SEQUENTIAL, WARMUP + SEQUENTIAL + CONCURRENT);

  for (const student of warm) await downloadForm(student);
  const times = [];
  let last;
  for (const student of sequential) {
    checkDeadline();
    last = await downloadForm(student);
    times.push(last.ms);
  }
  process.stdout.write(
    `admission form, one at a time (${last.bytes.length.toLocaleString('en')} bytes, photo 600×800 PNG):\n` +
      `  ${summary(times)}   (target: median < 100 ms)\n`,
  );
  // For reference: one student's form again and again (its photo already reduced; the compiler memoises).
  const again = [];
  for (let i = 0; i < SEQUENTIAL; i++) again.push((await downloadForm(sequential[0])).ms);
  process.stdout.write(`  the same student's form ${SEQUENTIAL} times again: ${summary(again)}\n`);
  if (PDF_OUT) {
    await writeFile(PDF_OUT, last.bytes);
    process.stdout.write(`  last PDF written to ${PDF_OUT}\n`);
  }

  const aloneUntil = Date.now() + 3000;
  const alone = await lookupLoop(students, () => Date.now() > aloneUntil);
  process.stdout.write(`\ngetStudent alone (3 s):                 ${summary(alone)}\n`);

  let downloading = true;
  const loop = lookupLoop(students, () => !downloading);
  const burst0 = performance.now();
  const downloads = await Promise.all(
    concurrent.map((student, i) => downloadForm(student, FORM_CALLS[i % FORM_CALLS.length])),
  ).finally(() => {
    downloading = false;
  });
  const burstMs = performance.now() - burst0;
  const during = await loop;
  process.stdout.write(
    `getStudent during ${CONCURRENT} concurrent downloads: ${summary(during)}   (target: p99 < 100 ms)\n` +
      `the ${CONCURRENT} downloads:                      ${summary(downloads.map((d) => d.ms))}; ` +
      `all done in ${burstMs.toFixed(0)} ms\n`,
  );

  const staff = await downloadForm(sequential[0], 'getAdmissionForm', { token });
  process.stdout.write(`\nstaff download with a bearer token: ${ms(staff.ms)}\n`);
} catch (error) {
  process.stderr.write(`bench: ${error instanceof BenchError ? error.message : error}\n`);
  process.exitCode = 1;
} finally {
  if (!KEEP && token) {
    const { rows } = await client.query('SELECT id FROM students WHERE seat_no = $1', [MARK]);
    for (const { id } of rows) await request('DELETE', `/api/v1/students/deleteStudent/${id}`, { token });
    process.stdout.write(`seeded students removed (${rows.length}, with their images)\n`);
  }
  await client.end();
}
