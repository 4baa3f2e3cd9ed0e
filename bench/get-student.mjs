// Benchmark of the student login, POST /api/v1/students/getStudent, on ONE portal instance against a ceiling and
// two floors: requests per second, latency and failures under a closed-loop load (autocannon) at 100 and 1,000
// connections, on the embedded PostgreSQL and on an external PostgreSQL, beside a bare Fastify JSON route on
// the same machine in the same run; and the CPU each request costs the portal and PostgreSQL ('Capacity').
// Targets (issue 8): at least half the ceiling's requests/s, and p99 under 50 ms at 100 connections.
//
// What it does (loopback only, bounded: at most BENCH_DURATION 60 s per measurement, the whole run at most
// 15 minutes):
//   1. Starts the ceiling, bench/bare-fastify-server.mjs (VARIANT=bare), in its own process on a free loopback
//      port.
//   2. For each database: starts the built portal (api/dist/main.js) on a free port with the lookup limit lifted
//      (STUDENT_LOOKUP_RATE_LIMIT=1e9), DEMO_DATA=0, LOG_LEVEL=warn, either with no DATABASE_URL (it starts its
//      own PostgreSQL under a fresh DATA_DIR) or on a fresh database on the PostgreSQL server of BENCH_PG_URL
//      (default postgresql://postgres@127.0.0.1:5432/postgres); with BENCH_REDIS_URL set, the limit is counted
//      in that Redis (as in a scaled-out set). Seeds BENCH_STUDENTS students (default 20,000) with one INSERT.
//      Then starts the two floors on the same database: bare Fastify + the portal's prepared lookup
//      (VARIANT=lookup), and that + the signed session cookie (VARIANT=lookup-cookie).
//   3. Per connection count: the ceiling, the floors, then the portal (so all meet the same load from the rest
//      of the machine), each with 5 s of warm-up, then BENCH_DURATION seconds (default 15) measured; each
//      request naming another seeded national ID (all answer 200 with the student's result and a signed session
//      cookie: the full work of a login, audit and limit included).
//   4. Prints per measurement requests/s (all answers, and 2xx alone), p50/p97.5/p99/max latency, non-2xx
//      and errors, the ratio of 2xx/s to the ceiling's at the same connection count (and the portal's to the
//      cookie floor's), CPU per 1,000 requests, the load average; then whether the targets hold, and a JSON
//      line. Exit code 1 when a request failed or a target does not hold.
//   5. Stops the portals, the floors and the ceiling, drops the database, removes the data folders.
//
// Run:  npm run build && node bench/get-student.mjs
// Settings (environment): BENCH_PG_URL, BENCH_REDIS_URL, BENCH_STUDENTS (1,000…200,000), BENCH_DURATION
// (5…60 s), BENCH_CONNECTIONS (comma-separated, each 1…5,000; default 100,1000), BENCH_DATABASES
// (comma-separated of embedded, postgres; default both), BENCH_FLOORS=0 to skip the floors.
//
// The load generator runs on the same 2 cores as the portal and PostgreSQL (and the ceiling shares them with the
// load generator alone), so the figures are what one instance serves while sharing the machine; the CPU per
// request is what scales. The PostgreSQL CPU counts every postgres process on the machine.

import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freshDatabase, seedStudents } from './bench-database.mjs';
import { figures, postLoad } from './load.mjs';
import {
  embeddedDatabaseUrl,
  freePort,
  repoRoot,
  requireBuild,
  startPortal,
  stopChild,
  waitUntilReady,
} from './portal-process.mjs';
import { cpuSeconds, loadAverage, postgresCpuSeconds } from './process-stats.mjs';
import { intSetting, loopbackUrl, stop } from './settings.mjs';

const DEADLINE_MS = 15 * 60 * 1000;
const WARM_UP_S = 5;
const TARGET_SHARE_OF_CEILING = 0.5;
const TARGET_P99_MS = 50;
const TARGET_CONNECTIONS = 100;

const STUDENTS = intSetting('BENCH_STUDENTS', 20_000, 1_000, 200_000);
const DURATION = intSetting('BENCH_DURATION', 15, 5, 60);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS || '100,1000').split(',').map((raw) => {
  const value = Number(raw.trim());
  if (!Number.isInteger(value) || value < 1 || value > 5_000)
    stop('BENCH_CONNECTIONS must be whole numbers 1…5,000 separated by commas');
  return value;
});
const DATABASES = (process.env.BENCH_DATABASES || 'embedded,postgres').split(',').map((raw) => {
  const value = raw.trim();
  if (value !== 'embedded' && value !== 'postgres')
    stop('BENCH_DATABASES must name embedded and/or postgres');
  return value;
});
const FLOORS = process.env.BENCH_FLOORS !== '0';
const pgServer = loopbackUrl('BENCH_PG_URL', { fallback: 'postgresql://postgres@127.0.0.1:5432/postgres' });
const redisUrl = loopbackUrl('BENCH_REDIS_URL', { optional: true });
requireBuild();

const deadline = setTimeout(() => {
  process.stderr.write('bench: stopped: the run took longer than 15 minutes\n');
  process.exit(2);
}, DEADLINE_MS);
deadline.unref();

/** bench/bare-fastify-server.mjs as `variant` (the ceiling or a floor on `databaseUrl`). */
async function startBare(variant, databaseUrl) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(repoRoot, 'bench/bare-fastify-server.mjs')], {
    env: { ...process.env, PORT: String(port), VARIANT: variant, DATABASE_URL: databaseUrl ?? '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk) => {
    errors += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(child, `${url}/ready`, () => errors);
  return { child, url, stop: () => stopChild(child) };
}

/** Warm-up, then one measured load at `connections`, with the CPU of `pid` and of PostgreSQL meanwhile. */
async function measure(url, pid, ids, connections) {
  let next = 0;
  const nextBody = () => {
    next = (next + 1) % ids.length;
    return JSON.stringify({ nationalID: ids[next] });
  };
  const target = `${url}/api/v1/students/getStudent`;
  await postLoad({ url: target, connections, seconds: WARM_UP_S, nextBody });
  const cpuBefore = { process: await cpuSeconds(pid), postgres: await postgresCpuSeconds() };
  const result = await postLoad({ url: target, connections, seconds: DURATION, nextBody });
  const cpuAfter = { process: await cpuSeconds(pid), postgres: await postgresCpuSeconds() };
  const measured = figures(result);
  const per1000 = (seconds) =>
    measured.requests > 0 ? Number(((seconds / measured.requests) * 1000).toFixed(3)) : 0;
  return {
    ...measured,
    connections,
    cpuSecondsPer1000Requests: {
      process: per1000(cpuAfter.process - cpuBefore.process),
      postgres: per1000(cpuAfter.postgres - cpuBefore.postgres),
    },
    loadAverage: await loadAverage(),
  };
}

/** One answer of `url`, to print the sizes side by side. */
async function answerBytes(url, nationalId) {
  const res = await fetch(`${url}/api/v1/students/getStudent`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nationalID: nationalId }),
  });
  if (res.status !== 200) stop(`${url}: getStudent answered ${res.status}`);
  return (await res.arrayBuffer()).byteLength;
}

function line(label, m, ceiling, floor) {
  const failed = m.non2xx + m.errors + m.timeouts;
  const ratio =
    (ceiling
      ? `, 2xx ${m.okPerSecond}/s = ${(m.okPerSecond / ceiling.okPerSecond).toFixed(2)} × ceiling`
      : '') + (floor ? ` = ${(m.okPerSecond / floor.okPerSecond).toFixed(2)} × cookie floor` : '');
  return (
    `  ${label.padEnd(26)} ${String(m.connections).padStart(5)} conn: ${String(m.requestsPerSecond).padStart(6)} req/s${ratio}; ` +
    `ms p50 ${m.latencyMs.p50}, p97.5 ${m.latencyMs.p97_5}, p99 ${m.latencyMs.p99}, max ${m.latencyMs.max}; ` +
    `failed ${failed} (non-2xx ${m.non2xx}, errors ${m.errors}, timeouts ${m.timeouts}); ` +
    `CPU s/1,000 req: process ${m.cpuSecondsPer1000Requests.process}, PostgreSQL ${m.cpuSecondsPer1000Requests.postgres}; ` +
    `load ${m.loadAverage}\n`
  );
}

const cleanups = [];
const results = { embedded: [], postgres: [] };
let targetsHold = true;
try {
  process.stdout.write(
    `getStudent on one instance: ${STUDENTS} students, connections ${CONNECTIONS.join(', ')}, ` +
      `${WARM_UP_S} s warm-up + ${DURATION} s measured each, rate limit in ${redisUrl ? 'Redis' : 'memory'}, ` +
      `load average at start ${await loadAverage()}\n`,
  );
  const ceiling = await startBare('bare');
  cleanups.push(ceiling.stop);

  for (const database of DATABASES) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-gs-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    let databaseUrl;
    if (database === 'postgres') {
      const fresh = await freshDatabase(pgServer, 'gs');
      cleanups.push(() => fresh.drop());
      databaseUrl = fresh.url;
    }
    const portal = await startPortal({
      dataDir,
      databaseUrl,
      env: redisUrl ? { REDIS_URL: redisUrl.href } : {},
    });
    cleanups.push(() => portal.stop());
    const students = await seedStudents(databaseUrl ?? (await embeddedDatabaseUrl(dataDir)), STUDENTS, {
      mark: 'bench-gs',
    });
    const ids = students.map((student) => student.nationalId);
    const floors = {};
    if (FLOORS) {
      for (const variant of ['lookup', 'lookup-cookie']) {
        floors[variant] = await startBare(variant, databaseUrl ?? (await embeddedDatabaseUrl(dataDir)));
        cleanups.push(floors[variant].stop);
      }
    }
    const sizes = [['portal', portal], ['ceiling', ceiling], ...Object.entries(floors)].map(
      async ([label, server]) => `${label} ${await answerBytes(server.url, ids[0])} B`,
    );
    process.stdout.write(`  answer sizes: ${(await Promise.all(sizes)).join(', ')}\n`);
    for (const connections of CONNECTIONS) {
      // The ceiling and the floors just before, so all meet the same load from the rest of the machine.
      const bare = await measure(ceiling.url, ceiling.child.pid, ['29001011234567'], connections);
      process.stdout.write(line('bare Fastify (ceiling)', bare));
      const floor = {};
      for (const [variant, server] of Object.entries(floors)) {
        floor[variant] = await measure(server.url, server.child.pid, ids, connections);
        process.stdout.write(line(`floor: + ${variant.replace('-', ' + ')}`, floor[variant], bare));
      }
      const measured = {
        ...(await measure(portal.url, portal.child.pid, ids, connections)),
        ceiling: bare,
        ...(FLOORS ? { floors: floor } : {}),
      };
      results[database].push(measured);
      process.stdout.write(line(`portal, ${database}`, measured, bare, floor['lookup-cookie']));
    }
    await portal.stop();
    for (const server of Object.values(floors)) await server.stop();
  }

  process.stdout.write('targets:\n');
  for (const database of DATABASES) {
    for (const m of results[database]) {
      const share = m.okPerSecond / m.ceiling.okPerSecond;
      const failed = m.non2xx + m.errors + m.timeouts;
      const checks = [
        [`≥ ${TARGET_SHARE_OF_CEILING} × ceiling (${share.toFixed(2)})`, share >= TARGET_SHARE_OF_CEILING],
      ];
      if (m.connections === TARGET_CONNECTIONS)
        checks.push([`p99 < ${TARGET_P99_MS} ms (${m.latencyMs.p99})`, m.latencyMs.p99 < TARGET_P99_MS]);
      checks.push([`no failed request (${failed})`, failed === 0]);
      for (const [what, ok] of checks) {
        process.stdout.write(
          `  ${ok ? 'PASS' : 'FAIL'} ${database}, ${m.connections} connections: ${what}\n`,
        );
        targetsHold &&= ok;
      }
    }
  }
  process.stdout.write(`${JSON.stringify({ durationSeconds: DURATION, students: STUDENTS, ...results })}\n`);
  if (!targetsHold) process.exitCode = 1;
} catch (error) {
  process.stderr.write(`bench: ${error.message}\n`);
  process.exitCode = 1;
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
}
