// Benchmark of the student login, POST /api/v1/students/getStudent, on ONE portal instance: requests per second
// and latency under a closed-loop load (autocannon), and the CPU each request costs the portal process and
// PostgreSQL, for the capacity note in the README ('Capacity').
//
// What it does (loopback only, bounded: at most BENCH_DURATION 120 s of load, the whole run at most 5 minutes):
//   1. Creates a fresh database on the PostgreSQL server of BENCH_PG_URL (default
//      postgresql://postgres@127.0.0.1:5432/postgres) and starts the built portal (api/dist/main.js) on a free
//      loopback port on it, with the lookup limit lifted (STUDENT_LOOKUP_RATE_LIMIT=1e9), DEMO_DATA=0,
//      LOG_LEVEL=warn; with BENCH_REDIS_URL set, the limit is counted in that Redis (as in a scaled-out set).
//   2. Seeds BENCH_STUDENTS students (default 20,000) with one set-based INSERT.
//   3. Warms up for 5 s, then loads the portal for BENCH_DURATION seconds (default 20) with BENCH_CONNECTIONS
//      keep-alive connections (default 32), each request naming another seeded national ID (all answer 200
//      with the student's result and a session cookie, the full work of a login).
//   4. Prints requests/s, latency percentiles, errors, and the CPU seconds the portal process and all
//      PostgreSQL processes used during the measured part, per 1,000 requests; then a JSON line.
//   5. Stops the portal and drops the database.
//
// Run:  npm run build && node bench/get-student.mjs
// Settings (environment): BENCH_PG_URL, BENCH_REDIS_URL, BENCH_STUDENTS (1,000…200,000), BENCH_DURATION
// (5…120 s), BENCH_CONNECTIONS (1…256).
//
// The load generator runs on the same 2 cores as the portal and PostgreSQL, so the figure is what one instance
// serves while sharing the machine with its database; the CPU per request is what scales.

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { intSetting, loopbackUrl, stop } from './settings.mjs';

const DEADLINE_MS = 5 * 60 * 1000;
const WARM_UP_S = 5;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const STUDENTS = intSetting('BENCH_STUDENTS', 20_000, 1_000, 200_000);
const DURATION = intSetting('BENCH_DURATION', 20, 5, 120);
const CONNECTIONS = intSetting('BENCH_CONNECTIONS', 32, 1, 256);
const pgServer = loopbackUrl('BENCH_PG_URL', { fallback: 'postgresql://postgres@127.0.0.1:5432/postgres' });
const redisUrl = loopbackUrl('BENCH_REDIS_URL', { optional: true });
if (!existsSync(path.join(repoRoot, 'api/dist/main.js')))
  stop("the portal is not built: run 'npm run build'");

const deadline = setTimeout(() => {
  process.stderr.write('bench: stopped: the run took longer than 5 minutes\n');
  process.exit(2);
}, DEADLINE_MS);
deadline.unref();

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const TICKS_PER_SECOND = 100;

/** utime + stime of a process, in seconds (Linux /proc). */
async function cpuSeconds(pid) {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** CPU seconds of every process named postgres on this machine (the server and its backends). */
async function postgresCpuSeconds() {
  let total = 0;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const comm = (await readFile(`/proc/${entry}/comm`, 'utf8')).trim();
      if (comm === 'postgres') total += await cpuSeconds(entry);
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-'));

async function startPortal(databaseUrl, port) {
  const child = spawn(process.execPath, [path.join(repoRoot, 'api/dist/main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hmac-signing',
      DEMO_DATA: '0',
      LOG_LEVEL: 'warn',
      STUDENT_LOOKUP_RATE_LIMIT: '1000000000',
      ...(redisUrl ? { REDIS_URL: redisUrl.href } : { REDIS_URL: '' }),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk) => {
    errors += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i += 1) {
    if (child.exitCode !== null) stop(`the portal exited (${child.exitCode}):\n${errors}`);
    const ok = await fetch(`${url}/api/v1/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, url };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGTERM');
  stop(`the portal did not become ready:\n${errors}`);
}

function load(url, ids, seconds) {
  let next = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${url}/api/v1/students/getStudent`,
        method: 'POST',
        connections: CONNECTIONS,
        duration: seconds,
        headers: { 'content-type': 'application/json' },
        requests: [
          {
            setupRequest: (request) => {
              next = (next + 1) % ids.length;
              return { ...request, body: JSON.stringify({ nationalID: ids[next] }) };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

const admin = new pg.Client({ connectionString: pgServer.href });
const dbName = `portal_bench_gs_${Date.now()}`;
let portal;
try {
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const dbUrl = new URL(pgServer.href);
  dbUrl.pathname = `/${dbName}`;
  portal = await startPortal(dbUrl.href, await freePort());

  const db = new pg.Client({ connectionString: dbUrl.href });
  await db.connect();
  const { rows } = await db.query(
    `WITH c AS (SELECT array_agg(id ORDER BY sort_order) AS ids FROM colleges)
     INSERT INTO students (national_id, name, seat_no, college_id, enrollment_status)
     SELECT '5' || lpad(i::text, 13, '0'), 'طالب قياس الأداء رقم ' || i, 'bench-gs', c.ids[1 + i % cardinality(c.ids)],
            'regular'
     FROM generate_series(1, $1::int) AS i, c
     RETURNING national_id`,
    [STUDENTS],
  );
  await db.query('VACUUM (ANALYZE) students');
  await db.end();
  const ids = rows.map((row) => row.national_id).sort(() => Math.random() - 0.5);

  process.stdout.write(
    `getStudent on one instance: ${STUDENTS} students, ${CONNECTIONS} connections, ` +
      `${WARM_UP_S} s warm-up + ${DURATION} s measured, rate limit in ${redisUrl ? 'Redis' : 'memory'}\n`,
  );
  await load(portal.url, ids, WARM_UP_S);

  const cpuBefore = { portal: await cpuSeconds(portal.child.pid), postgres: await postgresCpuSeconds() };
  const result = await load(portal.url, ids, DURATION);
  const cpuAfter = { portal: await cpuSeconds(portal.child.pid), postgres: await postgresCpuSeconds() };

  const requests = result.requests.total;
  const non2xx = result.non2xx + result.errors + result.timeouts;
  const per1000 = (seconds) => (requests > 0 ? (seconds / requests) * 1000 : 0);
  const summary = {
    requestsPerSecond: Math.round(result.requests.average),
    requests,
    failed: non2xx,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    cpuSecondsPer1000Requests: {
      portal: Number(per1000(cpuAfter.portal - cpuBefore.portal).toFixed(3)),
      postgres: Number(per1000(cpuAfter.postgres - cpuBefore.postgres).toFixed(3)),
    },
    portalCpuBusy: Number(((cpuAfter.portal - cpuBefore.portal) / DURATION).toFixed(2)),
    postgresCpuBusy: Number(((cpuAfter.postgres - cpuBefore.postgres) / DURATION).toFixed(2)),
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    rateLimitStore: redisUrl ? 'redis' : 'memory',
  };
  process.stdout.write(
    `  ${summary.requestsPerSecond} requests/s (${requests} in ${DURATION} s, ${non2xx} failed)\n` +
      `  latency ms: p50 ${summary.latencyMs.p50}, p90 ${summary.latencyMs.p90}, p99 ${summary.latencyMs.p99}, ` +
      `max ${summary.latencyMs.max}\n` +
      `  CPU per 1,000 requests: portal ${summary.cpuSecondsPer1000Requests.portal} s, ` +
      `PostgreSQL ${summary.cpuSecondsPer1000Requests.postgres} s ` +
      `(cores busy: portal ${summary.portalCpuBusy}, PostgreSQL ${summary.postgresCpuBusy})\n`,
  );
  process.stdout.write(`${JSON.stringify(summary)}\n`);
  if (non2xx > 0) process.exitCode = 1;
} finally {
  if (portal && portal.child.exitCode === null) {
    const exited = new Promise((resolve) => portal.child.once('exit', resolve));
    portal.child.kill('SIGTERM');
    await exited;
  }
  await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => undefined);
  await admin.end().catch(() => undefined);
  await rm(dataDir, { recursive: true, force: true });
}
