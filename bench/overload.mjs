// Kept whole: one benchmark run, two kinds of clients against two instances, read top to bottom.
// Overload of ONE portal instance: far more clients than it can serve (default 4,000, each on its own keep-alive
// connection, posting getStudent with a 30 s timeout) for BENCH_DURATION seconds (default 20). With the overload
// protection (plugins/overload.ts) the instance should answer part of the requests at once with 503,
// Retry-After and the Arabic busy message rather than let every request queue, keep its memory bounded, and
// take work again by itself within seconds of the load stopping. Two kinds of clients:
//   - backoff: clients that behave like the web app (web/src/lib/retry-policy.ts): after a 503 they wait the
//     longer of Retry-After and an exponential backoff (0.5 s doubling, at most 8 s) plus up to a quarter more
//     at random, then go on; otherwise they send their next request at once;
//   - flood: autocannon, which ignores Retry-After and sends the next request the moment an answer arrives.
// Each kind meets an instance with the default limits and, for comparison, one with every limit off
// (OVERLOAD_MAX_EVENT_LOOP_DELAY_MS=0, OVERLOAD_MAX_HEAP_MB=0, OVERLOAD_MAX_IN_FLIGHT=0). OVERLOAD_* variables
// set for this script reach both instances (those of the run without limits are overridden), so another cap can
// be tried: OVERLOAD_MAX_IN_FLIGHT=800 node bench/overload.mjs.
//
// What it does (loopback only, bounded: the load at most 60 s per instance, every request at most 30 s, the
// whole run at most 10 minutes):
//   1. Creates a fresh database on the PostgreSQL server of BENCH_PG_URL (default
//      postgresql://postgres@127.0.0.1:5432/postgres), migrates it with a first start of the built portal and
//      seeds BENCH_STUDENTS students (default 20,000).
//   2. Per kind of client and instance: starts the portal (lookup limit lifted, LOG_LEVEL=warn), loads it,
//      counting answers by status, sampling every 250 ms its resident memory and, from the exempt routes, its
//      event-loop lag and database pool queue (/metrics) and readiness (/health/ready); keeps the first 503
//      answer to show it.
//   3. After the load: one getStudent every 50 ms until one answers 200 (the recovery time), at most 60 s.
//   4. Prints per run: answers by status, the share of 503s, logins served per second, latency p50/p99/max of the
//      200s and of the 503s as the clients saw them, the 200s' p99 as the portal timed them (its histogram,
//      connecting left out), timeouts and errors, resident memory before/peak/after, the peak event-loop lag and
//      pool queue, connections the kernel dropped for a full accept queue, how long readiness reported
//      overload, the recovery time, the load average; then a JSON line. Stops the portals, drops the database,
//      removes the data folders.
//
// Run:  npm run build && node bench/overload.mjs
// Settings (environment): BENCH_PG_URL, BENCH_CONNECTIONS (500…10,000), BENCH_DURATION (5…60 s),
// BENCH_STUDENTS (1,000…200,000), BENCH_CLIENTS (comma-separated of backoff, flood; default both),
// BENCH_COMPARE (1: also the instance without limits, the default; 0: not).

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { freshDatabase, seedStudents } from './bench-database.mjs';
import { requireBuild, startPortal } from './portal-process.mjs';
import { loadAverage, residentBytes } from './process-stats.mjs';
import { intSetting, loopbackUrl, stop } from './settings.mjs';

const DEADLINE_MS = 10 * 60 * 1000;
const SAMPLE_MS = 250;
const RECOVERY_LIMIT_MS = 60_000;
const REQUEST_TIMEOUT_S = 30;
const MB = 1024 * 1024;
const UNPROTECTED = {
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
  OVERLOAD_MAX_HEAP_MB: '0',
  OVERLOAD_MAX_IN_FLIGHT: '0',
};

const CONNECTIONS = intSetting('BENCH_CONNECTIONS', 4_000, 500, 10_000);
const DURATION = intSetting('BENCH_DURATION', 20, 5, 60);
const STUDENTS = intSetting('BENCH_STUDENTS', 20_000, 1_000, 200_000);
const CLIENTS = (process.env.BENCH_CLIENTS || 'backoff,flood').split(',').map((raw) => {
  const value = raw.trim();
  if (value !== 'backoff' && value !== 'flood') stop('BENCH_CLIENTS must name backoff and/or flood');
  return value;
});
const compare = process.env.BENCH_COMPARE ?? '1';
if (compare !== '0' && compare !== '1') stop('BENCH_COMPARE must be 1 or 0');
const pgServer = loopbackUrl('BENCH_PG_URL', { fallback: 'postgresql://postgres@127.0.0.1:5432/postgres' });
requireBuild();

const deadline = setTimeout(() => {
  process.stderr.write('bench: stopped: the run took longer than 10 minutes\n');
  process.exit(2);
}, DEADLINE_MS);
deadline.unref();

/** The value of an unlabelled series in Prometheus text, e.g. nodejs_eventloop_lag_seconds. */
function metric(text, name) {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

/**
 * Connections the kernel dropped, machine-wide, because a listening socket's accept queue was full: a client
 * whose SYN is dropped retries after 1, 3, 7, 15 s, which no limit inside the portal can shorten.
 */
async function listenOverflows() {
  const lines = (await readFile('/proc/net/netstat', 'utf8')).split('\n');
  const names = lines.find((l) => l.startsWith('TcpExt:'))?.split(' ') ?? [];
  const values = lines.filter((l) => l.startsWith('TcpExt:'))[1]?.split(' ') ?? [];
  const at = names.indexOf('ListenOverflows');
  return at > 0 ? Number(values[at]) : null;
}

/**
 * Logins answered 200 as the portal itself timed them (portal_http_request_duration_seconds: from routing to the
 * last byte sent), so the time a client spent connecting is left out: how many, and the smallest histogram
 * bound that 99 % of them stayed under (null when none).
 */
function serverSideOk(text) {
  const buckets = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('portal_http_request_duration_seconds_bucket{')) continue;
    const labels = Object.fromEntries([...line.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (labels.route !== '/api/v1/students/getStudent' || labels.status_code !== '200') continue;
    const le = labels.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(labels.le);
    buckets.push({ le, count: Number(line.slice(line.lastIndexOf(' ') + 1)) });
  }
  const count = buckets.find((b) => b.le === Number.POSITIVE_INFINITY)?.count ?? 0;
  const p99 = buckets.sort((a, b) => a.le - b.le).find((b) => b.count >= 0.99 * count);
  return { count, p99AtMostSeconds: count === 0 || !p99 ? null : p99.le };
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
}

/** Memory, event-loop lag, pool queue and readiness every SAMPLE_MS until `stop()`; the first 503 answer is kept. */
function sampler(portal, body) {
  const samples = [];
  let shown;
  let running = true;
  const done = (async () => {
    while (running) {
      const at = performance.now();
      const [rss, metrics, ready] = await Promise.all([
        residentBytes(portal.child.pid),
        fetch(`${portal.url}/api/v1/metrics`, { signal: AbortSignal.timeout(5_000) }).then(
          (r) => r.text(),
          () => '',
        ),
        fetch(`${portal.url}/api/v1/health/ready`, { signal: AbortSignal.timeout(5_000) }).then(
          (r) => r.json(),
          () => null,
        ),
      ]);
      if (!shown) {
        const res = await fetch(`${portal.url}/api/v1/students/getStudent`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          signal: AbortSignal.timeout(5_000),
        }).catch(() => null);
        if (res?.status === 503)
          shown = { retryAfter: res.headers.get('retry-after'), body: await res.json() };
        else await res?.arrayBuffer();
      }
      samples.push({
        rss,
        lagSeconds: metric(metrics, 'nodejs_eventloop_lag_seconds'),
        poolWaiting: metric(metrics, 'portal_db_pool_waiting_clients'),
        overloaded: ready?.overloaded === true,
      });
      const wait = SAMPLE_MS - (performance.now() - at);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  })();
  return async () => {
    running = false;
    await done;
    return { samples, shown };
  };
}

/**
 * autocannon: the next request the moment an answer arrives, whatever it says. Latencies are timed here, from
 * each connection's latest request: autocannon's own go wrong once the server closes a connection (as it does
 * after a 503), since the request it had already written into the closing connection stays at the head of its
 * queue and every later answer is timed from an older request.
 */
function flood(url, ids) {
  let next = 0;
  let maxLatencyMs = 0;
  const byStatus = {};
  const latency = { ok: [], shed: [] };
  const setupClient = (client) => {
    let sentAt = 0;
    client.on('request', () => {
      sentAt = performance.now();
    });
    client.on('response', (statusCode) => {
      const ms = performance.now() - sentAt;
      maxLatencyMs = Math.max(maxLatencyMs, ms);
      byStatus[statusCode] = (byStatus[statusCode] ?? 0) + 1;
      if (statusCode === 200) latency.ok.push(ms);
      else if (statusCode === 503) latency.shed.push(ms);
    });
  };
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${url}/api/v1/students/getStudent`,
        method: 'POST',
        connections: CONNECTIONS,
        duration: DURATION,
        timeout: REQUEST_TIMEOUT_S,
        headers: { 'content-type': 'application/json' },
        setupClient,
        requests: [
          {
            setupRequest: (request) => {
              next = (next + 1) % ids.length;
              return { ...request, body: JSON.stringify({ nationalID: ids[next] }) };
            },
          },
        ],
      },
      (error, result) =>
        error
          ? reject(error)
          : resolve({
              byStatus,
              latency,
              timeouts: result.timeouts,
              errors: result.errors,
              maxLatencyMs: Math.round(maxLatencyMs),
            }),
    );
  });
}

const RETRY = { baseMs: 500, maxMs: 8_000, maxDoublings: 4 };

/** Clients that back off after a 503 as the web app does (web/src/lib/retry-policy.ts). */
async function backoff(url, ids) {
  const byStatus = {};
  const latency = { ok: [], shed: [] };
  let timeouts = 0;
  let errors = 0;
  let maxLatencyMs = 0;
  let next = 0;
  const end = performance.now() + DURATION * 1000;
  async function client() {
    let doublings = 0;
    while (performance.now() < end) {
      next = (next + 1) % ids.length;
      const started = performance.now();
      let res;
      try {
        res = await fetch(`${url}/api/v1/students/getStudent`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ nationalID: ids[next] }),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_S * 1000),
        });
        await res.arrayBuffer();
      } catch (error) {
        if (error.name === 'TimeoutError') timeouts += 1;
        else errors += 1;
        continue;
      }
      const ms = performance.now() - started;
      maxLatencyMs = Math.max(maxLatencyMs, ms);
      byStatus[res.status] = (byStatus[res.status] ?? 0) + 1;
      if (res.status === 200) latency.ok.push(ms);
      if (res.status !== 503) {
        doublings = 0;
        continue;
      }
      latency.shed.push(ms);
      const asked = Number(res.headers.get('retry-after') ?? 0) * 1000;
      const wait = Math.min(RETRY.maxMs, Math.max(asked, RETRY.baseMs * 2 ** doublings));
      doublings = Math.min(doublings + 1, RETRY.maxDoublings);
      const left = end - performance.now();
      await new Promise((resolve) => setTimeout(resolve, Math.min(left, wait * (1 + Math.random() / 4))));
    }
  }
  await Promise.all(Array.from({ length: CONNECTIONS }, client));
  return { byStatus, latency, timeouts, errors, maxLatencyMs: Math.round(maxLatencyMs) };
}

/** Milliseconds from now until a single getStudent answers 200 (null past RECOVERY_LIMIT_MS). */
async function recoveryMs(url, nationalId) {
  const started = performance.now();
  while (performance.now() - started < RECOVERY_LIMIT_MS) {
    const res = await fetch(`${url}/api/v1/students/getStudent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ nationalID: nationalId }),
      signal: AbortSignal.timeout(10_000),
    }).catch(() => null);
    await res?.arrayBuffer();
    if (res?.status === 200) return Math.round(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}

async function run(label, clients, env, database, ids) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-ol-'));
  const portal = await startPortal({ dataDir, databaseUrl: database.url, env });
  try {
    const body = JSON.stringify({ nationalID: ids[0] });
    const rssBefore = await residentBytes(portal.child.pid);
    const overflowsBefore = await listenOverflows();
    const stopSampling = sampler(portal, body);
    const { byStatus, latency, timeouts, errors, maxLatencyMs } = await (clients === 'flood'
      ? flood
      : backoff)(portal.url, ids);
    const { samples, shown } = await stopSampling();
    const overflowsAfter = await listenOverflows();
    const serverSide = serverSideOk(
      await fetch(`${portal.url}/api/v1/metrics`, { signal: AbortSignal.timeout(10_000) }).then((r) =>
        r.text(),
      ),
    );
    const recovered = await recoveryMs(portal.url, ids[1]);
    const rssAfter = await residentBytes(portal.child.pid);
    const answered = Object.values(byStatus).reduce((a, b) => a + b, 0);
    const ok = latency.ok.sort((a, b) => a - b);
    const shed = latency.shed.sort((a, b) => a - b);
    return {
      label,
      clients,
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      answered,
      byStatus,
      shareShed: answered ? Number(((byStatus[503] ?? 0) / answered).toFixed(3)) : 0,
      okPerSecond: Math.round((byStatus[200] ?? 0) / DURATION),
      timeouts,
      errors,
      okMs: {
        p50: percentile(ok, 50),
        p99: percentile(ok, 99),
        max: ok.length ? Math.round(ok.at(-1)) : null,
      },
      okServerSide: serverSide,
      shedMs: {
        p50: percentile(shed, 50),
        p99: percentile(shed, 99),
        max: shed.length ? Math.round(shed.at(-1)) : null,
      },
      maxLatencyMs,
      rssMb: {
        before: Math.round(rssBefore / MB),
        peak: Math.round(Math.max(...samples.map((s) => s.rss ?? 0)) / MB),
        after: Math.round(rssAfter / MB),
      },
      peakEventLoopLagMs: Math.round(Math.max(...samples.map((s) => s.lagSeconds ?? 0)) * 1000),
      peakPoolWaiting: Math.max(...samples.map((s) => s.poolWaiting ?? 0)),
      listenOverflows: overflowsBefore === null ? null : overflowsAfter - overflowsBefore,
      readinessOverloadedSeconds: (samples.filter((s) => s.overloaded).length * SAMPLE_MS) / 1000,
      firstShedAnswer: shown ?? null,
      recoveryMs: recovered,
      loadAverage: await loadAverage(),
    };
  } finally {
    await portal.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function print(r) {
  const ms = (m) => `p50 ${m.p50} ms, p99 ${m.p99} ms, max ${m.max} ms`;
  process.stdout.write(
    `${r.clients} clients, ${r.label}:\n` +
      `  ${r.answered} answered in ${r.durationSeconds} s by status ${JSON.stringify(r.byStatus)}; ` +
      `503 share ${(r.shareShed * 100).toFixed(1)} %; ${r.okPerSecond} logins/s served; ` +
      `timeouts ${r.timeouts}, errors ${r.errors}\n` +
      `  200s: ${ms(r.okMs)}; 503s: ${ms(r.shedMs)}; longest wait ${r.maxLatencyMs} ms\n` +
      `  200s as the portal timed them (connecting left out): ${r.okServerSide.count}, 99 % within ` +
      `${r.okServerSide.p99AtMostSeconds ?? '-'} s\n` +
      `  memory (RSS) ${r.rssMb.before} MB before, ${r.rssMb.peak} MB peak, ${r.rssMb.after} MB after; ` +
      `peak event-loop lag ${r.peakEventLoopLagMs} ms; peak queries waiting for the pool ${r.peakPoolWaiting}; readiness said overloaded for ${r.readinessOverloadedSeconds} s\n` +
      `  connections dropped for a full accept queue (machine-wide) ${r.listenOverflows}\n` +
      `  first 503: ${r.firstShedAnswer ? `Retry-After ${r.firstShedAnswer.retryAfter}, ${JSON.stringify(r.firstShedAnswer.body)}` : 'none seen'}\n` +
      `  recovered (a single getStudent answered 200) ${r.recoveryMs === null ? 'NOT within 60 s' : `${r.recoveryMs} ms`} after the load stopped; ` +
      `load average ${r.loadAverage}\n`,
  );
}

let database;
try {
  database = await freshDatabase(pgServer, 'ol');
  process.stdout.write(
    `overload: ${CONNECTIONS} clients posting getStudent for ${DURATION} s, ${STUDENTS} students; ` +
      `load average ${await loadAverage()}\n`,
  );
  // The first start migrates the database; the students are seeded once for both instances.
  const firstDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-ol-'));
  const first = await startPortal({ dataDir: firstDir, databaseUrl: database.url });
  await first.stop();
  await rm(firstDir, { recursive: true, force: true });
  const ids = (await seedStudents(database.url, STUDENTS, { mark: 'bench-ol' })).map((s) => s.nationalId);

  const runs = [];
  for (const clients of CLIENTS) {
    runs.push(await run('with the default limits', clients, {}, database, ids));
    print(runs.at(-1));
    if (compare === '1') {
      runs.push(await run('every limit off', clients, UNPROTECTED, database, ids));
      print(runs.at(-1));
    }
  }
  process.stdout.write(`${JSON.stringify(runs)}\n`);
  // The protected instance must recover by itself.
  if (runs.some((r) => r.label === 'with the default limits' && r.recoveryMs === null)) process.exitCode = 1;
} catch (error) {
  process.stderr.write(`bench: ${error.message}\n`);
  process.exitCode = 1;
} finally {
  await database?.drop();
}
