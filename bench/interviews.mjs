// Benchmark of the interviews (issue 18) over HTTP on one portal instance: a student's booking, 300 students
// booking the last 10 places of one slot at the same moment, and the committee's day list of 300 students.
// Targets (issue 18): booking under 30 ms median; the 300 concurrent bookings answer nothing but 200 (exactly
// 10) and 409 (the rest); the day list of 300 students under 50 ms median.
//
// What it does (loopback only, bounded: the whole run stops after 10 minutes):
//   1. Starts the built portal (api/dist/main.js) on a fresh database of the PostgreSQL server of BENCH_PG_URL
//      (default postgresql://postgres@127.0.0.1:5432/postgres) with a super admin.
//   2. Seeds BENCH_STUDENTS (default 50,000) students of every college with one INSERT (bench-database.mjs),
//      and BENCH_WAITING (default 1,500) social-work students with complete data and no appointment.
//   3. Signs in as the super admin, asks for the university's today and weekend, publishes the slots through
//      POST /api/v1/interviews/slots and opens each student's session through POST /api/v1/students/getStudent.
//   4. Booking: BENCH_WARMUP (default 20) then BENCH_ITERATIONS (default 200) bookings, one at a time, each a
//      different waiting student into open slots of 500 places; prints median, p90, p99 and max.
//   5. Concurrency: a slot of 40 places, 30 of them booked first; then 300 other students book it at the same
//      moment (300 requests in flight). Prints how many got 200, 409 and anything else, and the wall time.
//   6. Day list: 300 students booked on another day in three rooms, half of them with an outcome saved through
//      PUT /api/v1/interviews/outcome/{id}; then GET /api/v1/interviews/day?date=…&period=9, WARMUP then
//      ITERATIONS times; prints the figures.
//   7. Stops the portal, drops the database and removes the data folder (BENCH_KEEP=1 keeps both).
//
// Run:  npx tsc -b common api && node bench/interviews.mjs      (or npm run build, which also builds the web app)
// Settings (environment): BENCH_PG_URL, BENCH_STUDENTS (0…200,000), BENCH_WAITING (1,000…20,000),
// BENCH_ITERATIONS (10…1,000), BENCH_WARMUP (0…200), BENCH_TIMEOUT_MS per request (default 30,000),
// BENCH_KEEP=1.

import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { freshDataAndDatabase, seedStudents } from './bench-database.mjs';
import { percentile, printLatency } from './load.mjs';
import { requireBuild, startPortal } from './portal-process.mjs';
import { fail, reportFailure, stopAfter } from './run.mjs';
import { intSetting, loopbackUrl, stop } from './settings.mjs';

const STAFF = { userName: 'benchadmin', password: 'Bench12345' };
const MARK = 'bench-interviews';
const TARGETS_MS = { booking: 30, day: 50 };
const CROWD = 300;
const LAST_PLACES = 10;
const ALREADY_BOOKED = 30;
const DAY_STUDENTS = 300;
const SCORES = { appearance: 8, expression: 16, culture: 11, motivation: 17, balance: 12, communication: 18 };

const STUDENTS = intSetting('BENCH_STUDENTS', 50_000, 0, 200_000);
const WAITING = intSetting('BENCH_WAITING', 1_500, 1_000, 20_000);
const ITERATIONS = intSetting('BENCH_ITERATIONS', 200, 10, 1_000);
const WARMUP = intSetting('BENCH_WARMUP', 20, 0, 200);
const TIMEOUT_MS = intSetting('BENCH_TIMEOUT_MS', 30_000, 100, 120_000);
const KEEP = process.env.BENCH_KEEP === '1';
const NEEDED = WARMUP + ITERATIONS + ALREADY_BOOKED + CROWD + DAY_STUDENTS;
if (WAITING < NEEDED) stop(`BENCH_WAITING must be at least ${NEEDED} for these settings`);
const pgServer = loopbackUrl('BENCH_PG_URL', { fallback: 'postgresql://postgres@127.0.0.1:5432/postgres' });
requireBuild();

stopAfter(10);

/** Complete social-work students with no appointment: waiting (product decisions), in random order. */
async function seedWaiting(databaseUrl) {
  const waiting = await seedStudents(databaseUrl, WAITING, { prefix: '7', mark: MARK, socialWorkOnly: true });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `UPDATE students SET is_complete = true, completed_at = now() - make_interval(secs => (random() * 1e6)::int)
       WHERE seat_no = $1`,
      [MARK],
    );
    await client.query('VACUUM (ANALYZE) students');
  } finally {
    await client.end();
  }
  return waiting;
}

async function request(portalUrl, method, pathName, { token, cookie, json } = {}) {
  const t0 = performance.now();
  const res = await fetch(new URL(pathName, portalUrl), {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(cookie ? { cookie } : {}),
      ...(json ? { 'content-type': 'application/json' } : {}),
    },
    body: json ? JSON.stringify(json) : undefined,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - t0;
  const type = res.headers.get('content-type') ?? '';
  return {
    status: res.status,
    ms,
    setCookie: res.headers.get('set-cookie'),
    json: type.includes('json') ? JSON.parse(bytes.toString()) : null,
  };
}

const f = (v) => v.toFixed(1).padStart(6);

/** Prints the figures of `times` beside the target and answers the median. */
function report(label, times, target) {
  return printLatency(label, times, { width: 44, target });
}

/** `YYYY-MM-DD` + days, and the next day after `after` that is not a weekend day. */
function addDays(date, days) {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
function nextWorkingDay(after, weekendDays) {
  let day = addDays(after, 1);
  while (weekendDays.includes(new Date(`${day}T12:00:00Z`).getUTCDay())) day = addDays(day, 1);
  return day;
}

const cleanups = [];
let exitCode = 0;
try {
  const { dataDir, database } = await freshDataAndDatabase(pgServer, 'interviews', { keep: KEEP, cleanups });
  const portal = await startPortal({
    dataDir,
    databaseUrl: database.url,
    env: { SUPERADMIN_USERNAME: STAFF.userName, SUPERADMIN_PASSWORD: STAFF.password },
  });
  cleanups.push(() => portal.stop());

  const t0 = performance.now();
  process.stdout.write(
    `seeding ${STUDENTS.toLocaleString('en')} students and ${WAITING.toLocaleString('en')} waiting ` +
      'social-work students…\n',
  );
  if (STUDENTS > 0) await seedStudents(database.url, STUDENTS, { prefix: '5', mark: 'bench' });
  const waiting = await seedWaiting(database.url);
  process.stdout.write(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);

  const signIn = await request(portal.url, 'POST', '/api/v1/users/login', { json: STAFF });
  if (signIn.status !== 200) fail(`staff login failed: HTTP ${signIn.status} ${JSON.stringify(signIn.json)}`);
  const token = signIn.json.token;
  const call = (method, pathName, json) => request(portal.url, method, pathName, { token, json });
  const probe = await call('POST', '/api/v1/users/getAppointedStudentsNumber', { date: '2026-01-01' });
  if (probe.status !== 200) fail(`getAppointedStudentsNumber: HTTP ${probe.status}`);
  const { today, weekendDays } = probe.json.data;
  // Days well ahead, so that every booking may still change and nothing real is disturbed.
  const bookingDay = nextWorkingDay(addDays(today, 30), weekendDays);
  const crowdDay = nextWorkingDay(bookingDay, weekendDays);
  const listDay = nextWorkingDay(crowdDay, weekendDays);

  async function publish(date, period, capacity, place) {
    const res = await call('POST', '/api/v1/interviews/slots', { date, period, capacity, place });
    if (res.status !== 200) fail(`publish slot: HTTP ${res.status} ${JSON.stringify(res.json)}`);
    return res.json.data.id;
  }

  // Each student's own session, opened the way the login screen opens it.
  const t1 = performance.now();
  const sessions = new Map();
  for (const student of waiting.slice(0, NEEDED)) {
    const res = await request(portal.url, 'POST', '/api/v1/students/getStudent', {
      json: { nationalID: student.nationalId },
    });
    const cookie = res.setCookie?.split(';')[0];
    if (res.status !== 200 || !cookie) fail(`getStudent: HTTP ${res.status}`);
    sessions.set(student.id, cookie);
  }
  process.stdout.write(
    `${sessions.size} student sessions opened in ${((performance.now() - t1) / 1000).toFixed(1)} s\n\n`,
  );
  let next = 0;
  const take = (count) => {
    const taken = waiting.slice(next, next + count);
    next += count;
    return taken;
  };
  const book = (student, slotId) =>
    request(portal.url, 'POST', `/api/v1/students/bookInterview/${student.id}`, {
      cookie: sessions.get(student.id),
      json: { slotId },
    });

  // 4. One booking at a time, each a different student.
  const bookingSlots = [];
  for (let i = 0; i * 500 < WARMUP + ITERATIONS; i++)
    bookingSlots.push(await publish(bookingDay, 9 + 3 * (i % 2), 500, `قاعة ${i + 1}`));
  const bookingTimes = [];
  for (const [i, student] of take(WARMUP + ITERATIONS).entries()) {
    const res = await book(student, bookingSlots[Math.floor(i / 500)]);
    if (res.status !== 200) fail(`booking: HTTP ${res.status} ${JSON.stringify(res.json)}`);
    if (i >= WARMUP) bookingTimes.push(res.ms);
  }
  report('booking (a different student each time)', bookingTimes, TARGETS_MS.booking);

  // 5. The last 10 places of a slot, 300 students at once.
  const crowdSlot = await publish(crowdDay, 9, ALREADY_BOOKED + LAST_PLACES, 'المدرج الكبير');
  for (const student of take(ALREADY_BOOKED)) {
    const res = await book(student, crowdSlot);
    if (res.status !== 200) fail(`booking before the crowd: HTTP ${res.status}`);
  }
  const crowd = take(CROWD);
  const t2 = performance.now();
  const answers = await Promise.all(crowd.map((student) => book(student, crowdSlot)));
  const wall = performance.now() - t2;
  const count = (status) => answers.filter((res) => res.status === status).length;
  const others = answers.filter((res) => res.status !== 200 && res.status !== 409);
  const full = answers.filter(
    (res) => res.status === 409 && res.json?.message === 'اكتمل العدد في هذا الموعد، اختر موعدا آخر',
  );
  const slots = await call('GET', `/api/v1/interviews/slots?from=${crowdDay}&to=${crowdDay}`);
  const booked = slots.json.data.find((slot) => slot.id === crowdSlot)?.booked;
  const exact = count(200) === LAST_PLACES && full.length === CROWD - LAST_PLACES && others.length === 0;
  process.stdout.write(
    `${CROWD} concurrent bookings of the last ${LAST_PLACES} places: ${count(200)} × 200, ${count(409)} × 409 ` +
      `(${full.length} 'slot full'), ${others.length} other (${others.map((r) => r.status).join(', ') || 'none'}); ` +
      `slot holds ${booked}/${ALREADY_BOOKED + LAST_PLACES}; all answered in ${wall.toFixed(0)} ms ` +
      `(p50 ${f(
        percentile(
          answers.map((r) => r.ms),
          50,
        ),
      )} ms, max ${f(Math.max(...answers.map((r) => r.ms)))} ms)  ` +
      `(target: exactly ${LAST_PLACES} bookings, nothing but 409 otherwise: ${exact ? 'met' : 'NOT met'})\n`,
  );
  if (!exact || booked !== ALREADY_BOOKED + LAST_PLACES) exitCode = 1;

  // 6. The committee's day list: 300 students in three rooms, half of them already scored.
  const rooms = [];
  for (const place of ['قاعة 1', 'قاعة 2', 'قاعة 3']) rooms.push(await publish(listDay, 9, 100, place));
  const dayStudents = take(DAY_STUDENTS);
  for (const [i, student] of dayStudents.entries()) {
    const res = await book(student, rooms[i % rooms.length]);
    if (res.status !== 200) fail(`booking for the day list: HTTP ${res.status}`);
  }
  for (const [i, student] of dayStudents.entries()) {
    if (i % 2 === 1) continue;
    const outcome =
      i % 10 === 0
        ? { attended: false }
        : {
            attended: true,
            scores: SCORES,
            decision: i % 4 === 0 ? 'suitable' : 'notSuitable',
            notes: 'ملاحظة',
          };
    const res = await call('PUT', `/api/v1/interviews/outcome/${student.id}`, outcome);
    if (res.status !== 200) fail(`outcome: HTTP ${res.status} ${JSON.stringify(res.json)}`);
  }
  const dayTimes = [];
  for (let i = 0; i < WARMUP + ITERATIONS; i++) {
    const res = await call('GET', `/api/v1/interviews/day?date=${listDay}&period=9`);
    if (res.status !== 200 || res.json.data.students.length !== DAY_STUDENTS)
      fail(`day list: HTTP ${res.status}, ${res.json?.data?.students?.length} students`);
    if (i >= WARMUP) dayTimes.push(res.ms);
  }
  report(`day list of ${DAY_STUDENTS} students (150 scored)`, dayTimes, TARGETS_MS.day);
} catch (error) {
  exitCode = 1;
  reportFailure(error);
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
}
process.exit(exitCode);
