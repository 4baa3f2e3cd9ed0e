// Kept whole: one benchmark run from start to end (sink, portal, queueing, delivery, login load); its steps share
// the run's state and read top to bottom as the numbered list below.
// Benchmark of the staff message (issue 17) on ONE portal instance: queueing a message to every student of a
// 50,000-student college, its delivery to a local SMTP server, and the student login while it is delivered.
// Targets (issue 17): POST /api/v1/notifications/send answers in under 5 s with every message in the outbox; at
// least 200 e-mails/s delivered; POST /api/v1/students/getStudent stays under 50 ms p99 while it runs.
//
// What it does (loopback only, bounded: the whole run stops after 10 minutes):
//   1. Starts an SMTP sink (the `smtp-server` package, no TLS and no authentication) in a child process forked
//      from this file, so that receiving does not share the bench's event loop (the machine has 2 cores, and the
//      login load runs in the bench's own process). It counts the accepted messages, the time each arrived and
//      its Message-ID (a Message-ID seen twice is a duplicate).
//   2. Starts the built portal (api/dist/main.js) on a fresh database of the PostgreSQL server of BENCH_PG_URL
//      (default postgresql://postgres@127.0.0.1:5432/postgres) with a super admin, SMTP_URL on the sink,
//      MAIL_FROM and PUBLIC_URL, the notification workers on (the default). With BENCH_WORKER_INSTANCE=1, that
//      instance runs with NOTIFICATION_WORKERS=0 and a second one, its workers on, does the delivery (one
//      delivering instance still; the logins and the staff calls go to the first).
//   3. Seeds BENCH_STUDENTS (default 50,000) students with one INSERT (bench-database.mjs), then one UPDATE puts
//      them all in ONE college with an e-mail address and a mobile number; VACUUM ANALYZE.
//   4. Signs in as the super admin. Logins before: BENCH_CONNECTIONS (default 50) connections POST getStudent
//      (each request another seeded national ID) for 5 s of warm-up, then BENCH_LOGIN_SECONDS (default 20)
//      measured.
//   5. POST /api/v1/notifications/preview, then POST /api/v1/notifications/send {faculty, filter: {audience:
//      'all'}, channels: ['email'], text}; prints the send's time and checks the outbox holds one row per student
//      when it answers.
//   6. Logins during: as soon as the first e-mail reaches the sink, the same login load for the same time.
//   7. Delivery: waits until no message is queued or sending (polling the sink, and the database now and then),
//      or, with BENCH_DELIVERY_SECONDS set, for that many seconds from the first e-mail. Prints the rate the
//      sink received e-mails from 10 % to 90 % of them (or over the fixed window), during and after the login
//      load, the time from the send's answer to the last row `sent` (its sent_at), duplicates and the rows not
//      sent; and the CPU the portal, the sink, PostgreSQL (this database's backends, and every postgres process on
//      the machine) and the bench itself used per 1,000 e-mails, with and without the login load, to show which
//      side limits the rate.
//   8. Prints each target with met / NOT met and the load average; stops the portal and the sink, drops the
//      database and removes the data folder (BENCH_KEEP=1 keeps both). Exit code 1 when a target or a check
//      fails.
//
// Run:  npx tsc -b common api && node bench/notifications.mjs      (or npm run build)
// Settings (environment): BENCH_PG_URL, BENCH_STUDENTS (1,000…200,000), BENCH_CONNECTIONS (1…1,000),
// BENCH_LOGIN_SECONDS (5…60), BENCH_LOGIN_RATE (logins/s in all, 0 = as fast as answered, the default),
// BENCH_DELIVERY_SECONDS (10…400; unset: until every message is sent), BENCH_TIMEOUT_MS per staff request
// (default 60,000), BENCH_WORKER_INSTANCE=1, BENCH_KEEP=1.
//
// The login load, the portal, PostgreSQL and the sink share the machine's 2 cores (and whatever else runs on
// it: the load average is printed), so the figures are what one instance does on a shared machine.

import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freshDataAndDatabase, seedStudents } from './bench-database.mjs';
import { figures, postLoad } from './load.mjs';
import { requireBuild, startPortal, stopChild } from './portal-process.mjs';
import { cpuSeconds, loadAverage, postgresCpuSeconds } from './process-stats.mjs';
import { intSetting, loopbackUrl } from './settings.mjs';

const SINK_ROLE = 'smtp-sink';
const DEADLINE_MS = 10 * 60 * 1000;
/** Waiting for the delivery stops here, leaving the rest of the 10 minutes to report and clean up. */
const WAIT_UNTIL_MS = 9 * 60 * 1000;
const WARM_UP_S = 5;
const STAFF = { userName: 'benchadmin', password: 'Bench12345' };
const MARK = 'bench-notifications';
const MAIL_FROM = 'بوابة القبول <admission@example.edu>';
const PUBLIC_URL = 'https://admission.example.edu';
const TEXT =
  'تذكير من الكلية: يرجى استكمال البيانات ورفع المستندات المطلوبة قبل الموعد المحدد، ومتابعة حالة الطلب ' +
  'من صفحة الطالب على بوابة القبول. لأي استفسار يرجى التواصل مع شؤون الطلاب.';
const TARGETS = { sendMs: 5_000, emailsPerSecond: 200, loginP99Ms: 50 };
/** The first bytes of a message, where its headers (and so its Message-ID) are. */
const HEAD_BYTES = 16_384;
const MESSAGE_ID = /^message-id:\s*<([^>]+)>/im;

// ---------------------------------------------------------------------------------------------------------------
// The SMTP sink (this file run as a child with the argument `smtp-sink`).

/** Receives until the bench goes away; answers `counts` and `arrivals` over IPC. */
async function runSmtpSink() {
  const { SMTPServer } = await import('smtp-server');
  const arrivals = [];
  const seen = new Set();
  let duplicates = 0;
  let withoutId = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    maxClients: 1000,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk) => {
        if (head.length < HEAD_BYTES) head += chunk.toString('latin1', 0, HEAD_BYTES);
      });
      stream.on('end', () => {
        const id = MESSAGE_ID.exec(head)?.[1];
        if (!id) withoutId++;
        else if (seen.has(id)) duplicates++;
        else seen.add(id);
        arrivals.push(Date.now());
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.on('message', (what) => {
    if (what === 'counts') process.send({ received: arrivals.length, duplicates, withoutId });
    else if (what === 'arrivals') process.send({ arrivals });
  });
  process.on('disconnect', () => process.exit(0));
  process.send({ port: server.server.address().port });
}

/** Forks the sink; answers its URL, pid, `counts()`, `arrivals()` and `stop()`. */
async function startSmtpSink() {
  const child = fork(fileURLToPath(import.meta.url), [SINK_ROLE], {
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let errors = '';
  child.stderr.on('data', (chunk) => {
    errors = (errors + chunk).slice(-10_000);
  });
  const { port } = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the SMTP sink exited (${code}):\n${errors}`)));
  });
  // One question at a time, so each answer is the answer to its own question.
  let asking = Promise.resolve();
  const ask = (what) => {
    const answer = asking.then(
      () =>
        new Promise((resolve) => {
          child.once('message', resolve);
          child.send(what);
        }),
    );
    asking = answer.catch(() => undefined);
    return answer;
  };
  return {
    child,
    url: `smtp://127.0.0.1:${port}`,
    counts: () => ask('counts'),
    arrivals: async () => (await ask('arrivals')).arrivals,
    stop: () => stopChild(child),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The bench.

class BenchError extends Error {}
const fail = (message) => {
  throw new BenchError(message);
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const n = (value) => Math.round(value).toLocaleString('en');
const verdict = (ok) => (ok ? 'met' : 'NOT met');

/** All of the students in ONE college (the first that is not social work), with an e-mail and a mobile. */
async function seedOneCollege(databaseUrl, count) {
  const students = await seedStudents(databaseUrl, count, { prefix: '4', mark: MARK });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const {
      rows: [college],
    } = await db.query('SELECT id, name FROM colleges WHERE NOT social_work ORDER BY sort_order LIMIT 1');
    await db.query(
      `UPDATE students SET college_id = $1, email = 'student' || national_id || '@example.edu',
              phone_number = '010' || right(national_id, 8)
       WHERE seat_no = $2`,
      [college.id, MARK],
    );
    await db.query('VACUUM (ANALYZE) students');
    return { students, faculty: college.name };
  } finally {
    await db.end();
  }
}

/**
 * CPU seconds so far of the processes in `pids` (name → pid), this process, every postgres process on the
 * machine (other work included) and this database's backends alone (through `db`, which lists them), with the
 * wall clock.
 */
async function cpuSnapshot(pids, db) {
  const own = process.cpuUsage();
  const { rows } = await db.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
  const backends = new Map();
  for (const { pid } of rows) backends.set(pid, await cpuSeconds(pid));
  const processes = {};
  for (const [name, pid] of Object.entries(pids)) processes[name] = await cpuSeconds(pid);
  return {
    at: performance.now(),
    ...processes,
    postgres: await postgresCpuSeconds(),
    backends,
    bench: (own.user + own.system) / 1e6,
  };
}

/** CPU seconds between two snapshots; this database's backends counted per pid (one that ended is not). */
function cpuUsed(key, from, to) {
  if (key !== 'database') return to[key] - from[key];
  let used = 0;
  for (const [pid, seconds] of to.backends) used += seconds - (from.backends.get(pid) ?? 0);
  return used;
}

/** Per 1,000 e-mails and as a share of one core, between two snapshots. */
function cpuLine(label, from, to, emails) {
  const wall = (to.at - from.at) / 1000;
  const part = ([key, name]) => {
    const used = cpuUsed(key, from, to);
    const per1000 = emails > 0 ? ((used / emails) * 1000).toFixed(2) : '–';
    return `${name} ${per1000} s (${((used / wall) * 100).toFixed(0)} % of a core)`;
  };
  const parts = [
    ['portal', 'portal'],
    ...('worker' in to ? [['worker', 'worker instance']] : []),
    ['database', "this database's backends"],
    ['postgres', 'all postgres'],
    ['sink', 'sink'],
    ['bench', 'bench'],
  ];
  return (
    `  CPU ${label}, ${n(emails)} e-mails in ${wall.toFixed(1)} s, per 1,000 e-mails: ` +
    `${parts.map(part).join(', ')}\n`
  );
}

function loginLine(label, m) {
  const failed = m.non2xx + m.errors + m.timeouts;
  return (
    `${label.padEnd(34)} ${String(m.requestsPerSecond).padStart(6)} logins/s; ms p50 ${m.latencyMs.p50}, ` +
    `p97.5 ${m.latencyMs.p97_5}, p99 ${m.latencyMs.p99}, max ${m.latencyMs.max}; failed ${failed} ` +
    `(non-2xx ${m.non2xx}, errors ${m.errors}, timeouts ${m.timeouts})\n`
  );
}

/** Messages per second between the `from`th and the `to`th arrival (0-based, sorted). */
function rateBetween(arrivals, from, to) {
  const seconds = (arrivals[to] - arrivals[from]) / 1000;
  return seconds > 0 ? (to - from) / seconds : Number.NaN;
}
const arrivedWithin = (arrivals, from, to) => arrivals.filter((at) => at >= from && at < to).length;

async function runBench() {
  const STUDENTS = intSetting('BENCH_STUDENTS', 50_000, 1_000, 200_000);
  const CONNECTIONS = intSetting('BENCH_CONNECTIONS', 50, 1, 1_000);
  const LOGIN_SECONDS = intSetting('BENCH_LOGIN_SECONDS', 20, 5, 60);
  const LOGIN_RATE = intSetting('BENCH_LOGIN_RATE', 0, 0, 100_000);
  const DELIVERY_SECONDS = intSetting('BENCH_DELIVERY_SECONDS', 0, 10, 400);
  const TIMEOUT_MS = intSetting('BENCH_TIMEOUT_MS', 60_000, 1_000, 120_000);
  const WORKER_INSTANCE = process.env.BENCH_WORKER_INSTANCE === '1';
  const KEEP = process.env.BENCH_KEEP === '1';
  const pgServer = loopbackUrl('BENCH_PG_URL', { fallback: 'postgresql://postgres@127.0.0.1:5432/postgres' });
  requireBuild();

  const startedAt = Date.now();
  const children = [];
  const deadline = setTimeout(() => {
    process.stderr.write('bench: stopped: the run took longer than 10 minutes (the database is left)\n');
    for (const child of children) child.kill('SIGTERM');
    process.exit(2);
  }, DEADLINE_MS);
  deadline.unref();
  const outOfTime = () => Date.now() - startedAt > WAIT_UNTIL_MS;

  const cleanups = [];
  let ok = true;
  const check = (passed) => {
    ok &&= passed;
    return passed;
  };
  try {
    process.stdout.write(
      `staff message to ${n(STUDENTS)} students of one college, e-mail only; logins at ${CONNECTIONS} ` +
        `connections${LOGIN_RATE ? ` capped at ${n(LOGIN_RATE)}/s` : ''}, ${LOGIN_SECONDS} s each; ` +
        `SMTP sink in its own process; delivery ${WORKER_INSTANCE ? 'by a second instance' : 'by the same instance'}; ` +
        `load average at start ${await loadAverage()}\n`,
    );
    const sink = await startSmtpSink();
    children.push(sink.child);
    cleanups.push(sink.stop);

    const { dataDir, database } = await freshDataAndDatabase(pgServer, 'notifications', {
      keep: KEEP,
      cleanups,
    });
    const env = {
      SUPERADMIN_USERNAME: STAFF.userName,
      SUPERADMIN_PASSWORD: STAFF.password,
      SMTP_URL: sink.url,
      MAIL_FROM,
      PUBLIC_URL,
    };
    const portal = await startPortal({
      dataDir,
      databaseUrl: database.url,
      env: WORKER_INSTANCE ? { ...env, NOTIFICATION_WORKERS: '0' } : env,
    });
    children.push(portal.child);
    cleanups.push(() => portal.stop());
    const pids = { portal: portal.child.pid };
    if (WORKER_INSTANCE) {
      const workerDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-notifications-worker-'));
      if (!KEEP) cleanups.push(() => rm(workerDir, { recursive: true, force: true }));
      const worker = await startPortal({ dataDir: workerDir, databaseUrl: database.url, env });
      children.push(worker.child);
      cleanups.push(() => worker.stop());
      pids.worker = worker.child.pid;
    }

    const t0 = performance.now();
    const { students, faculty } = await seedOneCollege(database.url, STUDENTS);
    process.stdout.write(
      `seeded ${n(STUDENTS)} students of ${faculty} in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
    );
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    cleanups.push(() => db.end());

    const request = async (method, pathName, { token, json } = {}) => {
      const started = performance.now();
      const res = await fetch(new URL(pathName, portal.url), {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(json ? { 'content-type': 'application/json' } : {}),
        },
        body: json ? JSON.stringify(json) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const body = await res.json().catch(() => null);
      return { status: res.status, json: body, ms: performance.now() - started };
    };
    const signIn = await request('POST', '/api/v1/users/login', { json: STAFF });
    if (signIn.status !== 200)
      fail(`staff login failed: HTTP ${signIn.status} ${JSON.stringify(signIn.json)}`);
    const token = signIn.json.token;

    const nationalIds = students.map((student) => student.nationalId);
    let next = 0;
    const loginLoad = (seconds) =>
      postLoad({
        url: `${portal.url}/api/v1/students/getStudent`,
        connections: CONNECTIONS,
        seconds,
        rate: LOGIN_RATE || undefined,
        nextBody: () => {
          next = (next + 1) % nationalIds.length;
          return JSON.stringify({ nationalID: nationalIds[next] });
        },
      });

    // 4. Logins with nothing being delivered.
    await loginLoad(WARM_UP_S);
    const before = figures(await loginLoad(LOGIN_SECONDS));
    process.stdout.write(loginLine('logins before the send', before));
    process.stdout.write(`load average before the send ${await loadAverage()}\n`);

    // 5. The staff message.
    const message = { faculty, filter: { audience: 'all' }, channels: ['email'] };
    const preview = await request('POST', '/api/v1/notifications/preview', { token, json: message });
    if (preview.status !== 200) fail(`preview: HTTP ${preview.status} ${JSON.stringify(preview.json)}`);
    const { students: previewed, withEmail } = preview.json.data;
    process.stdout.write(
      `preview: ${n(previewed)} students, ${n(withEmail)} with an e-mail, in ${preview.ms.toFixed(0)} ms\n`,
    );
    check(previewed === STUDENTS && withEmail === STUDENTS);

    const send = await request('POST', '/api/v1/notifications/send', {
      token,
      json: { ...message, text: TEXT },
    });
    const answeredAt = Date.now();
    if (send.status !== 200) fail(`send: HTTP ${send.status} ${JSON.stringify(send.json)}`);
    const { campaignId, messages } = send.json.data;
    const {
      rows: [{ rows: outboxRows }],
    } = await db.query('SELECT count(*)::int AS rows FROM notifications WHERE campaign_id = $1', [
      campaignId,
    ]);
    const queuedAll = check(messages === STUDENTS && outboxRows === STUDENTS);
    process.stdout.write(
      `send: ${n(messages)} messages queued in ${send.ms.toFixed(0)} ms; the outbox holds ${n(outboxRows)} rows ` +
        `when it answers (${queuedAll ? 'all' : 'NOT all'})\n`,
    );

    const states = async () => {
      const { rows } = await db.query(
        'SELECT state, count(*)::int AS count FROM notifications WHERE campaign_id = $1 GROUP BY state',
        [campaignId],
      );
      return Object.fromEntries(rows.map((row) => [row.state, row.count]));
    };

    // 6. Logins while the e-mails go out, from the first one on.
    let firstAt;
    while (!firstAt) {
      if (outOfTime()) fail('no e-mail reached the sink');
      if ((await sink.counts()).received > 0) firstAt = Date.now();
      else await sleep(50);
    }
    process.stdout.write(
      `first e-mail ${((firstAt - answeredAt) / 1000).toFixed(2)} s after the send answered\n`,
    );
    const cpuAtFirst = await cpuSnapshot({ ...pids, sink: sink.child.pid }, db);
    const loadStart = Date.now();
    const during = figures(await loginLoad(LOGIN_SECONDS));
    const loadEnd = Date.now();
    const cpuAtLoadEnd = await cpuSnapshot({ ...pids, sink: sink.child.pid }, db);
    process.stdout.write(loginLine('logins while e-mails are delivered', during));
    process.stdout.write(`load average after the login load ${await loadAverage()}\n`);

    // 7. The rest of the delivery.
    const windowEnd = DELIVERY_SECONDS ? firstAt + DELIVERY_SECONDS * 1000 : Number.POSITIVE_INFINITY;
    let lastPrinted = Date.now();
    let lastReceived = (await sink.counts()).received;
    let finished = false;
    for (let tick = 0; !finished; tick++) {
      const { received } = await sink.counts();
      // The database is asked now and then, and at every tick once the sink holds them all.
      if (received >= STUDENTS || tick % 5 === 0) {
        const s = await states();
        finished = (s.queued ?? 0) + (s.sending ?? 0) === 0;
      }
      if (Date.now() >= windowEnd) break;
      if (outOfTime()) {
        process.stdout.write('stopped waiting: the run is near its 10 minutes\n');
        break;
      }
      if (Date.now() - lastPrinted >= 15_000) {
        const rate = ((received - lastReceived) / (Date.now() - lastPrinted)) * 1000;
        process.stdout.write(
          `  … ${n(received)} received (${n(rate)}/s lately), load ${await loadAverage()}\n`,
        );
        lastPrinted = Date.now();
        lastReceived = received;
      }
      if (!finished) await sleep(received >= STUDENTS ? 100 : 1000);
    }
    const cpuAtEnd = await cpuSnapshot({ ...pids, sink: sink.child.pid }, db);
    const endedAt = Date.now();

    const arrivals = (await sink.arrivals()).sort((a, b) => a - b);
    const counts = await sink.counts();
    const finalStates = await states();
    const {
      rows: [{ last }],
    } = await db.query(
      `SELECT (extract(epoch FROM max(sent_at)) * 1000)::float8 AS last FROM notifications WHERE campaign_id = $1`,
      [campaignId],
    );
    const sent = finalStates.sent ?? 0;
    const notSent = STUDENTS - sent;

    // The rate: from 10 % to 90 % of the messages, or over the fixed window.
    let rate;
    let rateLabel;
    if (DELIVERY_SECONDS && arrivals.length < STUDENTS) {
      rate = arrivedWithin(arrivals, firstAt, windowEnd) / DELIVERY_SECONDS;
      rateLabel = `over ${DELIVERY_SECONDS} s from the first e-mail`;
    } else {
      const from = Math.ceil(arrivals.length * 0.1);
      const to = Math.floor(arrivals.length * 0.9) - 1;
      rate = rateBetween(arrivals, from, to);
      rateLabel = `from 10 % to 90 % of the ${n(arrivals.length)} received`;
    }
    const duringLoad = arrivedWithin(arrivals, loadStart, loadEnd) / ((loadEnd - loadStart) / 1000);
    const lastArrival = arrivals.at(-1) ?? loadEnd;
    const afterLoad =
      lastArrival > loadEnd + 1000
        ? arrivedWithin(arrivals, loadEnd, lastArrival + 1) / ((lastArrival - loadEnd) / 1000)
        : Number.NaN;
    process.stdout.write(
      `delivery: ${n(rate)} e-mails/s ${rateLabel}; ${n(duringLoad)}/s during the login load, ` +
        `${Number.isNaN(afterLoad) ? '–' : n(afterLoad)}/s after it\n`,
    );
    const allSent = notSent === 0;
    process.stdout.write(
      allSent
        ? `all ${n(sent)} rows sent ${((last - answeredAt) / 1000).toFixed(1)} s after the send answered\n`
        : `${n(sent)} of ${n(STUDENTS)} rows sent when the wait ended, ` +
            `${((endedAt - answeredAt) / 1000).toFixed(1)} s after the send answered\n`,
    );
    process.stdout.write(
      `sink: ${n(counts.received)} received, ${counts.duplicates} duplicate Message-IDs, ` +
        `${counts.withoutId} without one; rows by state ${JSON.stringify(finalStates)}\n`,
    );
    if (notSent > 0 && !DELIVERY_SECONDS) {
      const { rows } = await db.query(
        `SELECT state, last_error, count(*)::int AS count FROM notifications
         WHERE campaign_id = $1 AND state <> 'sent' GROUP BY state, last_error ORDER BY count DESC LIMIT 5`,
        [campaignId],
      );
      for (const row of rows)
        process.stdout.write(`  not sent: ${row.count} ${row.state}: ${row.last_error}\n`);
    }
    process.stdout.write(
      cpuLine('with the login load', cpuAtFirst, cpuAtLoadEnd, arrivedWithin(arrivals, loadStart, loadEnd)),
    );
    process.stdout.write(
      cpuLine('after the login load', cpuAtLoadEnd, cpuAtEnd, arrivedWithin(arrivals, loadEnd, endedAt + 1)),
    );

    // 8. The targets.
    const loginFailures = during.non2xx + during.errors + during.timeouts + before.non2xx + before.errors;
    const lines = [
      [
        `queueing ${n(STUDENTS)} messages < ${TARGETS.sendMs} ms (${send.ms.toFixed(0)} ms)`,
        send.ms < TARGETS.sendMs,
      ],
      [`≥ ${TARGETS.emailsPerSecond} e-mails/s (${n(rate)}/s)`, rate >= TARGETS.emailsPerSecond],
      [
        `login p99 < ${TARGETS.loginP99Ms} ms while it runs (${during.latencyMs.p99} ms; before: ${before.latencyMs.p99} ms)`,
        during.latencyMs.p99 < TARGETS.loginP99Ms,
      ],
    ];
    process.stdout.write('targets:\n');
    for (const [what, passed] of lines) process.stdout.write(`  ${what}: ${verdict(check(passed))}\n`);
    const checks = [
      ['every message in the outbox when the send answers', queuedAll],
      ['no duplicate e-mail', counts.duplicates === 0 && counts.withoutId === 0],
      ['every row sent', DELIVERY_SECONDS ? true : allSent],
      ['no failed login', loginFailures === 0],
    ];
    process.stdout.write('checks:\n');
    for (const [what, passed] of checks) process.stdout.write(`  ${what}: ${check(passed) ? 'yes' : 'NO'}\n`);
    process.stdout.write(`load average at the end ${await loadAverage()}\n`);
  } catch (error) {
    ok = false;
    process.stderr.write(`bench: ${error instanceof BenchError ? error.message : (error?.stack ?? error)}\n`);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  }
  process.exit(ok ? 0 : 1);
}

if (process.argv[2] === SINK_ROLE) await runSmtpSink();
else await runBench();
