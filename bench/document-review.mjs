// Benchmark of the staff document review (issue 16) over HTTP on one portal instance: the review queue's first
// page, a student's record page, a review save and one document image, with 100,000 students of whom 30,000
// await review. Targets (issue 16): the queue's first page and a record page under 50 ms median, a save under
// 30 ms median, one image under 20 ms median from local disk; a reviewer's whole loop in at most 9 requests.
//
// What it does (loopback only, bounded: the whole run stops after 10 minutes):
//   1. Starts the built portal (api/dist/main.js) on a fresh database of the PostgreSQL server of BENCH_PG_URL
//      (default postgresql://postgres@127.0.0.1:5432/postgres) with its images on the local disk (a fresh
//      DATA_DIR) and a super admin.
//   2. Seeds BENCH_STUDENTS (default 100,000) students with one INSERT (bench-database.mjs), then, set-based:
//      BENCH_AWAITING (default 30,000) of them complete with six pending documents, all in one faculty (كلية
//      التجارة: the longest queue a faculty can have); 7,500 more complete with a refused document and 7,500 with
//      all six accepted, spread over the colleges; three audit rows per complete student (their history). The
//      documents status is kept as the portal keeps it. The first 50 queued students get real image files
//      (550 × 730 PNGs of about 0.5 MB, the most the browser sends after compressing) on the portal's disk.
//   3. Measures, one request at a time after BENCH_WARMUP (default 20) requests, BENCH_ITERATIONS (default 200)
//      of each: the queue's first page (limit 50, a screen's page, and limit 500, the most), a record page (a
//      different queued student each time; each opening writes its audit row), one image (staff bearer token;
//      cycling over the 300 files) and a review save (a different student each time, six decisions, two refused).
//      Prints median, p90, p99 and max in milliseconds beside each target.
//   4. Walks the reviewer's loop 20 times (record page, the six images at once, save, the queue's next page)
//      and prints the requests it took and its median wall time.
//   5. Stops the portal, drops the database and removes the data folder (BENCH_KEEP=1 keeps both, and prints
//      where they are, to look at the plans).
//
// Run:  npm run build && node bench/document-review.mjs
// Settings (environment): BENCH_PG_URL, BENCH_STUDENTS (50,000…200,000), BENCH_AWAITING (1,000…100,000, less
// than a third of the students), BENCH_ITERATIONS (10…2,000), BENCH_WARMUP (0…500), BENCH_TIMEOUT_MS per
// request (default 10,000), BENCH_KEEP=1.

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { freshDataAndDatabase, seedStudents } from './bench-database.mjs';
import { portraitPng } from './complete-data-form.mjs';
import { percentile, printLatency } from './load.mjs';
import { requireBuild, startPortal } from './portal-process.mjs';
import { fail, reportFailure, stopAfter } from './run.mjs';
import { intSetting, loopbackUrl, stop } from './settings.mjs';

const STAFF = { userName: 'benchadmin', password: 'Bench12345' };
const QUEUE_FACULTY = 'كلية التجارة';
const MARK = 'bench-review';
const KINDS = [
  'frontIdCard',
  'backIdCard',
  'birthCertificate',
  'personalPhoto',
  'secondarySchoolCertificate',
  'nominationCard',
];
const IMAGE_STUDENTS = 50;
const LOOPS = 20;
const TARGETS_MS = { queue: 50, record: 50, save: 30, image: 20 };
const LOOP_REQUESTS_AT_MOST = 9;

const STUDENTS = intSetting('BENCH_STUDENTS', 100_000, 50_000, 200_000);
const AWAITING = intSetting('BENCH_AWAITING', 30_000, 1_000, 100_000);
const ITERATIONS = intSetting('BENCH_ITERATIONS', 200, 10, 2_000);
const WARMUP = intSetting('BENCH_WARMUP', 20, 0, 500);
const TIMEOUT_MS = intSetting('BENCH_TIMEOUT_MS', 10_000, 100, 60_000);
const KEEP = process.env.BENCH_KEEP === '1';
if (AWAITING * 3 > STUDENTS) stop('BENCH_AWAITING must be at most a third of BENCH_STUDENTS');
if (AWAITING < IMAGE_STUDENTS + LOOPS + WARMUP + ITERATIONS)
  stop('BENCH_AWAITING is too small for the saves, the loops and the image students');
const pgServer = loopbackUrl('BENCH_PG_URL', { fallback: 'postgresql://postgres@127.0.0.1:5432/postgres' });
requireBuild();

stopAfter(10);

// ---------------------------------------------------------------------------------------------------------
// The seed.

const REFUSED = Math.floor(AWAITING / 4);
const ACCEPTED = Math.floor(AWAITING / 4);

/**
 * Completes the seeded students as the review finds them: the first AWAITING (in national-ID order) moved to
 * the queue faculty with six pending documents, the next REFUSED with a refused birth certificate, the next
 * ACCEPTED all accepted; completion times scattered so the queue's order is not the insertion order.
 */
async function completeStudents(client) {
  const { rows } = await client.query('SELECT id FROM colleges WHERE name = $1', [QUEUE_FACULTY]);
  if (rows.length === 0) fail(`no college named ${QUEUE_FACULTY}`);
  const complete = AWAITING + REFUSED + ACCEPTED;
  await client.query(
    `CREATE TEMP TABLE picked AS
       SELECT id, row_number() OVER (ORDER BY national_id) AS n FROM students WHERE seat_no = $1`,
    [MARK],
  );
  await client.query(
    `UPDATE students s SET
       college_id = CASE WHEN p.n <= $1 THEN $3::uuid ELSE s.college_id END,
       is_complete = p.n <= $2,
       completed_at = CASE WHEN p.n <= $2 THEN now() - make_interval(secs => (p.n * 7919) % 2000000) END,
       student_name_en = CASE WHEN p.n <= $2 THEN 'Bench Student ' || p.n END,
       address = CASE WHEN p.n <= $2 THEN '15 شارع الجمهورية، المنصورة' END,
       total_grade = CASE WHEN p.n <= $2 THEN 385.5 END,
       percentage = CASE WHEN p.n <= $2 THEN 93.9 END
     FROM picked p WHERE s.id = p.id`,
    [AWAITING, complete, rows[0].id],
  );
  await client.query(
    `INSERT INTO student_images (student_id, kind, storage_key, content_type, size_bytes, sha256, review_status,
                                 review_reason, reviewed_by_user_name, reviewed_at)
     SELECT p.id, k.kind, 'students/' || p.id || '/' || k.kind || '-bench.png', 'image/png', 500000,
            md5(p.id::text || k.kind) || md5(k.kind || p.id::text), st.status,
            CASE WHEN st.status = 'rejected' THEN 'unreadable' END,
            CASE WHEN st.status <> 'pending' THEN 'bench' END,
            CASE WHEN st.status <> 'pending' THEN now() END
     FROM picked p CROSS JOIN unnest($3::text[]) AS k(kind)
     CROSS JOIN LATERAL (SELECT CASE
         WHEN p.n <= $1 THEN 'pending'
         WHEN p.n <= $1 + $4 AND k.kind = 'birthCertificate' THEN 'rejected'
         ELSE 'accepted' END AS status) st
     WHERE p.n <= $2`,
    [AWAITING, complete, KINDS, REFUSED],
  );
  // The rule of db/documents-status.ts, for every student at once.
  await client.query(
    `UPDATE students SET documents_status = c.status, documents_awaiting = c.awaiting
     FROM (SELECT s.id,
             CASE WHEN NOT s.is_complete THEN 'none'
                  WHEN bool_or(i.review_status = 'rejected') THEN 'needsReupload'
                  WHEN count(i.*) < 6 OR bool_or(i.review_status = 'pending') THEN 'pending'
                  ELSE 'accepted' END AS status,
             count(i.*) FILTER (WHERE i.review_status = 'pending')::smallint AS awaiting
           FROM students s JOIN picked p ON p.id = s.id LEFT JOIN student_images i ON i.student_id = s.id
           WHERE p.n <= $1 GROUP BY s.id) c
     WHERE students.id = c.id`,
    [complete],
  );
  // A history for every complete student: what staff did to it before.
  await client.query(
    `INSERT INTO audit_log (actor_user_name, action, target_type, target_id, details, created_at)
     SELECT 'bench', a.action, 'student', p.id::text, '{"via": "bench"}'::jsonb,
            now() - make_interval(days => a.n::int)
     FROM picked p CROSS JOIN unnest(ARRAY['student.view', 'forms.download', 'student.document_view'])
       WITH ORDINALITY AS a(action, n)
     WHERE p.n <= $1`,
    [complete],
  );
  await client.query('VACUUM (ANALYZE) students, student_images, audit_log');
}

/** The queued students in the queue's order, and the counts the faculty should show. */
async function queuedStudents(client) {
  const { rows } = await client.query(
    `SELECT s.id FROM students s JOIN colleges c ON c.id = s.college_id
     WHERE c.name = $1 AND s.documents_awaiting > 0 ORDER BY s.completed_at, s.id`,
    [QUEUE_FACULTY],
  );
  return rows.map((row) => row.id);
}

/** Real image files for the first students of the queue, under the keys their rows name. */
async function writeImageFiles(client, dataDir, studentIds) {
  const pictures = KINDS.map((_, i) => portraitPng(550, 730, i + 1, 2));
  for (const id of studentIds) {
    await mkdir(path.join(dataDir, 'images', 'students', id), { recursive: true });
    for (const [i, kind] of KINDS.entries()) {
      const key = `students/${id}/${kind}-bench.png`;
      await writeFile(path.join(dataDir, 'images', key), pictures[i]);
    }
  }
  await client.query('UPDATE student_images SET size_bytes = $2 WHERE student_id = ANY($1::uuid[])', [
    studentIds,
    pictures[0].length,
  ]);
  return pictures.map((png) => png.length);
}

// ---------------------------------------------------------------------------------------------------------
// HTTP and figures.

async function request(portalUrl, method, pathName, { token, json } = {}) {
  const t0 = performance.now();
  const res = await fetch(new URL(pathName, portalUrl), {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
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
    type,
    bytes,
    json: type.includes('json') ? JSON.parse(bytes.toString()) : null,
  };
}

const f = (v) => v.toFixed(1).padStart(6);

/** Runs `make(i)` WARMUP + ITERATIONS times, one at a time; prints and answers the median. */
async function measure(label, target, make) {
  const times = [];
  for (let i = 0; i < WARMUP + ITERATIONS; i++) {
    const res = await make(i);
    if (res.status !== 200)
      fail(`${label}: HTTP ${res.status} ${res.json ? JSON.stringify(res.json) : res.type}`);
    if (i >= WARMUP) times.push(res.ms);
  }
  return printLatency(label, times, { width: 46, target });
}

const decisions = KINDS.map((kind) =>
  kind === 'birthCertificate' || kind === 'personalPhoto'
    ? {
        kind,
        decision: 'rejected',
        reason: kind === 'personalPhoto' ? 'other' : 'cropped',
        note: 'الصورة غير واضحة',
      }
    : { kind, decision: 'accepted' },
);

// ---------------------------------------------------------------------------------------------------------

const cleanups = [];
let exitCode = 0;
try {
  const { dataDir, database } = await freshDataAndDatabase(pgServer, 'review', { keep: KEEP, cleanups });
  const portal = await startPortal({
    dataDir,
    databaseUrl: database.url,
    env: { SUPERADMIN_USERNAME: STAFF.userName, SUPERADMIN_PASSWORD: STAFF.password },
  });
  cleanups.push(() => portal.stop());
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  cleanups.push(() => client.end());

  const t0 = performance.now();
  process.stdout.write(
    `seeding ${STUDENTS.toLocaleString('en')} students, ${AWAITING.toLocaleString('en')} awaiting review…\n`,
  );
  await seedStudents(database.url, STUDENTS, { prefix: '5', mark: MARK });
  await completeStudents(client);
  const queued = await queuedStudents(client);
  const imageStudents = queued.slice(0, IMAGE_STUDENTS);
  const sizes = await writeImageFiles(client, dataDir, imageStudents);
  const { rows: server } = await client.query('SHOW server_version');
  process.stdout.write(
    `seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${queued.length.toLocaleString('en')} students in ` +
      `${QUEUE_FACULTY}'s queue; images of ${imageStudents.length} students on disk ` +
      `(${Math.round(Math.min(...sizes) / 1024)}–${Math.round(Math.max(...sizes) / 1024)} KB); ` +
      `PostgreSQL ${server[0].server_version}; ${ITERATIONS} requests per line after ${WARMUP} warm-up\n\n`,
  );

  const signIn = await request(portal.url, 'POST', '/api/v1/users/login', { json: STAFF });
  if (signIn.status !== 200) fail(`staff login failed: HTTP ${signIn.status} ${JSON.stringify(signIn.json)}`);
  const token = signIn.json.token;
  const call = (method, pathName, json) => request(portal.url, method, pathName, { token, json });
  const faculty = { faculty: QUEUE_FACULTY };

  const first = await call('POST', '/api/v1/students/reviewQueue?page=1&limit=50', faculty);
  if (first.status !== 200 || first.json.awaiting !== queued.length)
    fail(`the queue answers ${first.status} ${JSON.stringify(first.json).slice(0, 300)}`);
  process.stdout.write(
    `queue counts: awaiting ${first.json.awaiting}, needsReupload ${first.json.needsReupload}, ` +
      `accepted ${first.json.accepted}\n`,
  );

  await measure("queue's first page (limit 50)", TARGETS_MS.queue, () =>
    call('POST', '/api/v1/students/reviewQueue?page=1&limit=50', faculty),
  );
  await measure("queue's first page (limit 500)", TARGETS_MS.queue, () =>
    call('POST', '/api/v1/students/reviewQueue?page=1&limit=500', faculty),
  );
  // Students from the middle of the queue: none of them is saved below.
  const middle = Math.floor(queued.length / 2);
  await measure('record page (a different student each time)', TARGETS_MS.record, (i) =>
    call('GET', `/api/v1/students/record/${queued[middle + (i % 1000)]}`),
  );
  await measure('one image, ~0.5 MB PNG (staff token)', TARGETS_MS.image, (i) => {
    const id = imageStudents[Math.floor(i / KINDS.length) % imageStudents.length];
    return call('GET', `/api/v1/students/document/${id}/${KINDS[i % KINDS.length]}`);
  });
  // Saves from the end of the queue, each student once, on the version the seed left (0).
  await measure('review save (six decisions, two refused)', TARGETS_MS.save, (i) =>
    call('POST', `/api/v1/students/review/${queued[queued.length - 1 - i]}`, { version: 0, decisions }),
  );

  // The reviewer's loop on the students with image files: record, six images at once, save, next page.
  const loopTimes = [];
  let requests = 0;
  for (const id of imageStudents.slice(0, LOOPS)) {
    const started = performance.now();
    let made = 0;
    const counted = async (promise) => {
      made += 1;
      const res = await promise;
      if (res.status !== 200)
        fail(`reviewer loop: HTTP ${res.status} ${res.json ? JSON.stringify(res.json) : ''}`);
      return res;
    };
    const record = await counted(call('GET', `/api/v1/students/record/${id}`));
    await Promise.all(
      record.json.data.documents.map((document) =>
        counted(call('GET', `/api/v1/students/document/${id}/${document.kind}`)),
      ),
    );
    await counted(
      call('POST', `/api/v1/students/review/${id}`, { version: record.json.data.version, decisions }),
    );
    await counted(call('POST', '/api/v1/students/reviewQueue?page=1&limit=50', faculty));
    loopTimes.push(performance.now() - started);
    requests = Math.max(requests, made);
  }
  process.stdout.write(
    `\nreviewer loop (record, six images at once, save, next page): ${requests} requests ` +
      `(at most ${LOOP_REQUESTS_AT_MOST}: ${requests <= LOOP_REQUESTS_AT_MOST ? 'met' : 'NOT met'}); ` +
      `median ${f(percentile(loopTimes, 50))} ms, max ${f(Math.max(...loopTimes))} ms over ${LOOPS} students\n`,
  );
} catch (error) {
  exitCode = 1;
  reportFailure(error);
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
}
process.exit(exitCode);
