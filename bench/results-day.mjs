// Results day on ONE portal instance: for BENCH_DURATION seconds (default 60) an open-loop mix of requests at
// BENCH_RATE requests per second (default 100): 80 % logins (POST getStudent), 10 % quiz and questionnaire steps
// of logged-in students (draw the quiz, answer it correctly, read the questionnaire, submit it) and 10 %
// complete-data submissions with six images (a 600 × 800 photo and five 550 × 730 PNGs, about 3 MB in all),
// while a staff import of BENCH_IMPORT_ROWS rows (default 50,000) runs. Targets (issue 8): no request fails,
// login p99 under 200 ms.
//
// What it does (loopback only, bounded: the load at most 120 s, every request at most 60 s, the whole run at
// most 10 minutes):
//   1. Creates a fresh database on the PostgreSQL server of BENCH_PG_URL (default
//      postgresql://postgres@127.0.0.1:5432/postgres) and starts the built portal on it (lookup limit lifted,
//      LOG_LEVEL=warn, a bench super admin); seeds BENCH_STUDENTS (default 20,000) students for the logins and,
//      in the social-work college, one student per planned submission; logs the quiz and submission students in
//      beforehand; builds the list to import and a few image sets (reused between submissions).
//   2. Starts the import, and the mix at the same moment; each request is sent at its planned time whatever
//      the answers before it (open loop), so a slow server meets a growing number of requests in flight.
//   3. Prints, per kind, the count, failures (non-2xx or network error, with their statuses), p50/p99/max; the
//      import's duration and summary; what the database holds afterwards (students completed with six images,
//      quizzes passed, questionnaires stored); the load average; whether the targets hold, then a JSON line.
//   4. Stops the portal, drops the database, removes the data folder.
//
// Run:  npm run build && node bench/results-day.mjs
// Settings (environment): BENCH_PG_URL, BENCH_DURATION (10…120 s), BENCH_RATE (10…1,000 requests/s),
// BENCH_IMPORT_ROWS (1,000…100,000), BENCH_STUDENTS (1,000…200,000).

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { freshDatabase, seedStudents } from './bench-database.mjs';
import { completeForm, studentImages } from './complete-data-form.mjs';
import { percentile } from './load.mjs';
import { requireBuild, startPortal } from './portal-process.mjs';
import { loadAverage } from './process-stats.mjs';
import { intSetting, loopbackUrl } from './settings.mjs';
import { studentListXlsx, uploadStudentList } from './student-list.mjs';

const DEADLINE_MS = 10 * 60 * 1000;
const REQUEST_TIMEOUT_MS = 60_000;
const IMAGE_SETS = 6;
const TARGET_LOGIN_P99_MS = 200;
const STAFF = { userName: 'benchadmin', password: 'Bench12345' };
const IMPORT_FACULTY = 'كلية التجارة';

const DURATION = intSetting('BENCH_DURATION', 60, 10, 120);
const RATE = intSetting('BENCH_RATE', 100, 10, 1_000);
const IMPORT_ROWS = intSetting('BENCH_IMPORT_ROWS', 50_000, 1_000, 100_000);
const STUDENTS = intSetting('BENCH_STUDENTS', 20_000, 1_000, 200_000);
const pgServer = loopbackUrl('BENCH_PG_URL', { fallback: 'postgresql://postgres@127.0.0.1:5432/postgres' });
requireBuild();

const deadline = setTimeout(() => {
  process.stderr.write('bench: stopped: the run took longer than 10 minutes\n');
  process.exit(2);
}, DEADLINE_MS);
deadline.unref();

const TOTAL = DURATION * RATE;
/** Every tenth request a quiz or questionnaire step, every tenth (offset by one) a submission, else a login. */
const kindOf = (i) => (i % 10 === 0 ? 'quiz' : i % 10 === 1 ? 'complete' : 'login');
const QUIZ_STEPS = Math.ceil(TOTAL / 10);
const SUBMISSIONS = Math.ceil(TOTAL / 10);
// Four steps a student; a student may have a step in flight when the next slot comes, so seed more.
const QUIZ_STUDENTS = Math.ceil(QUIZ_STEPS / 4) * 2;

async function call(portalUrl, method, pathName, { cookie, json, form, token } = {}) {
  const started = performance.now();
  try {
    const res = await fetch(new URL(pathName, portalUrl), {
      method,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(json ? { 'content-type': 'application/json' } : {}),
      },
      body: json ? JSON.stringify(json) : form,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    const type = res.headers.get('content-type') ?? '';
    return {
      status: res.status,
      ms: performance.now() - started,
      json: type.includes('json') ? JSON.parse(text) : null,
      setCookie: res.headers.getSetCookie(),
    };
  } catch (error) {
    return { status: `error: ${error.name}`, ms: performance.now() - started, json: null, setCookie: [] };
  }
}

async function login(portalUrl, student) {
  const res = await call(portalUrl, 'POST', '/api/v1/students/getStudent', {
    json: { nationalID: student.nationalId },
  });
  if (res.status !== 200) throw new Error(`getStudent before the run: HTTP ${res.status}`);
  const session = res.setCookie.find((cookie) => cookie.startsWith('studentSession='));
  if (!session) throw new Error('getStudent set no studentSession cookie');
  return session.split(';')[0];
}

/** A valid answer to every questionnaire question, the extra text wherever it is allowed. */
function questionnaireAnswers(questions) {
  return questions.map((q) => {
    switch (q.type) {
      case 'mcq':
        return { id: q.id, answer: q.options[0] ?? '', input: '' };
      case 'multi_select_input':
        return { id: q.id, answer: [q.options[0] ?? '', 'أخرى'], input: 'معرض الجامعات' };
      case 'input':
        return { id: q.id, answer: 'أن أعمل باحثا في مجال تخصصي', input: '' };
      case 'mcq_yes_input':
        return { id: q.id, answer: 'نعم', input: 'حساسية الصدر' };
      default:
        return { id: q.id, answer: 'أخرى', input: 'الدراجة' };
    }
  });
}

/** The quiz and questionnaire of logged-in students, one step per call, no student with two steps at once. */
function quizWalker(portalUrl, students, answerKey) {
  const ready = [];
  let nextNew = 0;
  const steps = [
    async (s) => {
      const res = await call(portalUrl, 'GET', `/api/v1/students/question/${s.id}`, { cookie: s.cookie });
      s.drawn = res.json?.randomQuestions?.map((q) => q.index);
      return res;
    },
    (s) =>
      call(portalUrl, 'POST', `/api/v1/students/question/${s.id}`, {
        cookie: s.cookie,
        json: { answers: Object.fromEntries(s.drawn.map((index) => [index, String(answerKey.get(index))])) },
      }),
    async (s) => {
      const res = await call(portalUrl, 'GET', '/api/v1/additionalQuestions', { cookie: s.cookie });
      s.questions = res.json?.data;
      return res;
    },
    (s) =>
      call(portalUrl, 'POST', `/api/v1/additionalQuestions/submit/${s.nationalId}`, {
        cookie: s.cookie,
        json: { answers: questionnaireAnswers(s.questions) },
      }),
  ];
  return async () => {
    const student = ready.shift() ?? students[nextNew++];
    if (!student) return { status: 'error: no quiz student left', ms: 0 };
    const step = student.step ?? 0;
    const res = await steps[step](student);
    student.step = step + 1;
    // A failed step ends the student's walk: the next step would fail for the same reason.
    if (res.status === 200 && student.step < steps.length) ready.push(student);
    return res;
  };
}

function summary(kind, results) {
  const times = results.map((r) => r.ms);
  const failed = results.filter((r) => r.status !== 200);
  const statuses = {};
  for (const r of failed) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  return {
    kind,
    count: results.length,
    failed: failed.length,
    failedStatuses: statuses,
    p50: Number(percentile(times, 50).toFixed(1)),
    p99: Number(percentile(times, 99).toFixed(1)),
    max: Number(Math.max(...times).toFixed(1)),
  };
}

const cleanups = [];
try {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-rd-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const database = await freshDatabase(pgServer, 'rd');
  cleanups.push(() => database.drop());
  const portal = await startPortal({
    dataDir,
    databaseUrl: database.url,
    env: { SUPERADMIN_USERNAME: STAFF.userName, SUPERADMIN_PASSWORD: STAFF.password },
  });
  cleanups.push(() => portal.stop());

  process.stdout.write(
    `results day on one instance: ${DURATION} s at ${RATE} requests/s (${TOTAL} requests: 80 % logins, ` +
      `10 % quiz/questionnaire, 10 % complete-data with six images) during an import of ${IMPORT_ROWS} rows\n` +
      'preparing: seeding, logging in the quiz and submission students, building the list and the images…\n',
  );
  const logins = await seedStudents(database.url, STUDENTS, { prefix: '5', mark: 'bench-rd' });
  const quizStudents = await seedStudents(database.url, QUIZ_STUDENTS, { prefix: '6', mark: 'bench-rd' });
  const submitters = await seedStudents(database.url, SUBMISSIONS, {
    prefix: '7',
    mark: 'bench-rd',
    socialWorkOnly: true,
  });
  for (const student of [...quizStudents, ...submitters]) student.cookie = await login(portal.url, student);
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  cleanups.push(() => db.end());
  const { rows: key } = await db.query('SELECT index, answer FROM quiz_questions');
  const answerKey = new Map(key.map((row) => [row.index, row.answer]));
  const imageSets = Array.from({ length: IMAGE_SETS }, (_, i) => studentImages(i, { large: true }));
  const list = await studentListXlsx(IMPORT_ROWS, 30_000_000_000_000);
  const signIn = await call(portal.url, 'POST', '/api/v1/users/login', { json: STAFF });
  if (signIn.status !== 200) throw new Error(`staff login: HTTP ${signIn.status}`);

  const nextQuizStep = quizWalker(portal.url, quizStudents, answerKey);
  let nextLogin = 0;
  let nextSubmitter = 0;
  const send = {
    login: () =>
      call(portal.url, 'POST', '/api/v1/students/getStudent', {
        json: { nationalID: logins[nextLogin++ % logins.length].nationalId },
      }),
    quiz: nextQuizStep,
    complete: () => {
      const index = nextSubmitter++;
      const student = submitters[index];
      return call(portal.url, 'PATCH', `/api/v1/students/completeStudentData/${student.id}`, {
        cookie: student.cookie,
        form: completeForm(index, { images: imageSets[index % IMAGE_SETS] }),
      });
    },
  };

  process.stdout.write(`prepared; load average ${await loadAverage()}; starting the import and the mix\n`);
  const importStarted = performance.now();
  const importDone = uploadStudentList(portal.url, signIn.json.token, list, {
    faculty: IMPORT_FACULTY,
    name: 'results-day.xlsx',
  }).then(
    (answer) => ({ answer, ms: performance.now() - importStarted }),
    (error) => ({ error, ms: performance.now() - importStarted }),
  );

  const results = { login: [], quiz: [], complete: [] };
  const inFlight = [];
  let maxInFlight = 0;
  let open = 0;
  const mixStarted = performance.now();
  for (let i = 0; i < TOTAL; i++) {
    const due = mixStarted + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const kind = kindOf(i);
    open += 1;
    maxInFlight = Math.max(maxInFlight, open);
    inFlight.push(
      send[kind]().then((res) => {
        open -= 1;
        results[kind].push(res);
      }),
    );
  }
  const sendingMs = performance.now() - mixStarted;
  await Promise.all(inFlight);
  const mixMs = performance.now() - mixStarted;
  const imported = await importDone;
  const loadAtEnd = await loadAverage();

  const { rows: stored } = await db.query(
    `SELECT
       (SELECT count(*)::int FROM students s WHERE s.national_id LIKE '7%' AND s.is_complete
          AND (SELECT count(*) FROM student_images i WHERE i.student_id = s.id) = 6) AS completed,
       (SELECT count(*)::int FROM students WHERE national_id LIKE '6%' AND is_passed) AS passed,
       (SELECT count(*)::int FROM students WHERE national_id LIKE '6%' AND is_completed_additional_questions)
         AS questionnaires,
       (SELECT count(*)::int FROM students WHERE national_id LIKE '3%') AS imported`,
  );
  const kinds = Object.entries(results).map(([kind, list]) => summary(kind, list));
  for (const k of kinds)
    process.stdout.write(
      `  ${k.kind.padEnd(8)} ${String(k.count).padStart(6)} requests, ${k.failed} failed ` +
        `${JSON.stringify(k.failedStatuses)}; ms p50 ${k.p50}, p99 ${k.p99}, max ${k.max}\n`,
    );
  process.stdout.write(
    `  sent over ${(sendingMs / 1000).toFixed(1)} s, all answered after ${(mixMs / 1000).toFixed(1)} s; ` +
      `at most ${maxInFlight} in flight\n` +
      (imported.error
        ? `  import FAILED after ${(imported.ms / 1000).toFixed(1)} s: ${imported.error.message}\n`
        : `  import of ${IMPORT_ROWS} rows: ${(imported.ms / 1000).toFixed(1)} s (added ${imported.answer.added}, ` +
          `updated ${imported.answer.updated}, rejected ${imported.answer.rejected})\n`) +
      `  stored: ${stored[0].completed} of ${SUBMISSIONS} submissions with six images, ${stored[0].passed} quizzes ` +
      `passed, ${stored[0].questionnaires} questionnaires, ${stored[0].imported} imported students; ` +
      `load average ${loadAtEnd}\n`,
  );
  const loginP99 = kinds.find((k) => k.kind === 'login').p99;
  const failed = kinds.reduce((sum, k) => sum + k.failed, 0);
  const verdict = [
    [`no request failed (${failed})`, failed === 0],
    [`login p99 < ${TARGET_LOGIN_P99_MS} ms (${loginP99})`, loginP99 < TARGET_LOGIN_P99_MS],
    ['the import succeeded', !imported.error],
    [
      `every submission stored with six images (${stored[0].completed}/${SUBMISSIONS})`,
      stored[0].completed === SUBMISSIONS,
    ],
  ];
  for (const [what, ok] of verdict) process.stdout.write(`  ${ok ? 'PASS' : 'FAIL'} ${what}\n`);
  process.stdout.write(
    `${JSON.stringify({
      durationSeconds: DURATION,
      rate: RATE,
      importRows: IMPORT_ROWS,
      kinds,
      importMs: Math.round(imported.ms),
      maxInFlight,
      stored: stored[0],
      loadAverage: loadAtEnd,
    })}\n`,
  );
  if (!verdict.every(([, ok]) => ok)) process.exitCode = 1;
} catch (error) {
  process.stderr.write(`bench: ${error.message}\n`);
  process.exitCode = 1;
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
}
