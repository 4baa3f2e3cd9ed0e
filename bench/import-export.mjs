#!/usr/bin/env node
// Student list import and staff export at scale, against a portal that is ALREADY running (this script starts
// nothing). It talks only to a loopback address, and every loop in it is bounded in count and time.
//
//   PORTAL_URL=http://127.0.0.1:8080 BENCH_USERNAME=… BENCH_PASSWORD=… [BENCH_SERVER_PID=…] \
//     node bench/import-export.mjs
//
// Environment:
//   PORTAL_URL        the portal (loopback only: 127.0.0.0/8, localhost, [::1]); default http://127.0.0.1:8080
//   BENCH_USERNAME    a SUPERADMIN account whose password is already changed, and BENCH_PASSWORD
//   BENCH_ROWS        students in the generated list (default 100000)
//   BENCH_FACULTY     the faculty to import into and export (default كلية التجارة)
//   BENCH_SERVER_PID  the portal's process id: its resident memory is sampled during the export (Linux /proc)
// The portal should run with STUDENT_LOOKUP_RATE_LIMIT raised (e.g. 1000000): the probe below calls getStudent
// about 20 times a second from one address, well over the default 30 a minute.
//
// What it measures (targets of the 'Staff student records' issue):
//   1. Import of a BENCH_ROWS-row .xlsx, end to end (upload → answer): under 15 s.
//   2. getStudent latency while that import runs: p99 under 100 ms.
//   3. Export of the faculty's students (type 'incomplete', the full column set) to .xlsx, end to end (link →
//      last byte): under 15 s, with the server's memory growth under 300 MB.

import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { percentile } from './load.mjs';
import { residentBytes } from './process-stats.mjs';
import { studentListXlsx, uploadStudentList } from './student-list.mjs';

const TIME_LIMIT_MS = 10 * 60 * 1000;
const PROBE_INTERVAL_MS = 50;
const PROBE_MAX_CALLS = 20_000;

const base = new URL(process.env.PORTAL_URL ?? 'http://127.0.0.1:8080');
const LOOPBACK = /^(127(\.\d{1,3}){3}|localhost|\[::1\])$/;
if (!LOOPBACK.test(base.hostname)) {
  console.error(`PORTAL_URL must be a loopback address, not ${base.hostname}`);
  process.exit(2);
}
const userName = process.env.BENCH_USERNAME;
const password = process.env.BENCH_PASSWORD;
if (!userName || !password) {
  console.error('BENCH_USERNAME and BENCH_PASSWORD (a SUPERADMIN account) are required');
  process.exit(2);
}
const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const faculty = process.env.BENCH_FACULTY ?? 'كلية التجارة';
const serverPid = process.env.BENCH_SERVER_PID ? Number(process.env.BENCH_SERVER_PID) : undefined;

const deadline = setTimeout(() => {
  console.error(`benchmark stopped after ${TIME_LIMIT_MS / 1000} s`);
  process.exit(1);
}, TIME_LIMIT_MS);
deadline.unref();

const api = (path) => new URL(`/api/v1${path}`, base);
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function call(path, init = {}, token) {
  const headers = { ...(init.headers ?? {}) };
  if (token) headers.authorization = `Bearer ${token}`;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(api(path), {
    ...init,
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    signal: AbortSignal.timeout(5 * 60 * 1000),
  });
  return res;
}

async function login() {
  const res = await call('/users/login', { method: 'POST', json: { userName, password } });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${body.message}`);
  if (!body.data.user.passwordChanged) throw new Error('the bench account must have changed its password');
  return body.token;
}

const upload = (token, file, name) => uploadStudentList(base, token, file, { faculty, name });

/** getStudent about every PROBE_INTERVAL_MS until `stop()` says so; answers the latencies. */
function probeGetStudent(nationalIds) {
  let running = true;
  const latencies = [];
  const statuses = new Map();
  const done = (async () => {
    for (let i = 0; running && i < PROBE_MAX_CALLS; i++) {
      const started = performance.now();
      const res = await call('/students/getStudent', {
        method: 'POST',
        json: { nationalID: nationalIds[i % nationalIds.length] },
      });
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, PROBE_INTERVAL_MS));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return { latencies: latencies.sort((a, b) => a - b), statuses };
    },
  };
}

async function main() {
  console.log(`portal ${base.origin}, ${rows} rows, faculty ${faculty}`);
  const token = await login();

  // Students the probe can look up while the big list is imported.
  const probeBase = 29_000_000_000_000;
  const probeIds = Array.from({ length: 50 }, (_, i) => String(probeBase + i));
  const warmup = await studentListXlsx(50, probeBase);
  await upload(token, warmup, 'warmup.xlsx');

  let started = performance.now();
  // Fixed IDs: on a fresh database the faculty then holds exactly these students, and a second run measures
  // the update path of the same list.
  const firstId = 30_000_000_000_000;
  const list = await studentListXlsx(rows, firstId);
  console.log(`generated ${rows} rows (${mb(list.length)}) in ${seconds(performance.now() - started)}`);

  // 1 + 2: the import, with getStudent probed all along.
  const probe = probeGetStudent(probeIds);
  await new Promise((resolve) => setTimeout(resolve, 500));
  started = performance.now();
  const imported = await upload(token, list, 'bench.xlsx');
  const importMs = performance.now() - started;
  const { latencies, statuses } = await probe.stop();
  console.log(
    `import: ${seconds(importMs)} (added ${imported.added}, updated ${imported.updated}, rejected ${imported.rejected})`,
  );
  console.log(
    `getStudent during import: ${latencies.length} calls, p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
      `p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1)?.toFixed(1)} ms, ` +
      `statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
  );

  // 3: the export, streamed to nowhere; the server's memory sampled meanwhile.
  const baseline = serverPid ? await residentBytes(serverPid) : undefined;
  let peak = baseline ?? 0;
  const sampler = serverPid
    ? setInterval(async () => {
        peak = Math.max(peak, (await residentBytes(serverPid)) ?? 0);
      }, 50)
    : undefined;
  const exportProbe = probeGetStudent(probeIds);
  started = performance.now();
  const link = await call(
    '/students/downloadStudentData/incomplete',
    { method: 'POST', json: { faculty } },
    token,
  );
  const { path } = await link.json();
  const file = await fetch(new URL(path, base), { signal: AbortSignal.timeout(5 * 60 * 1000) });
  if (file.status !== 200) throw new Error(`download failed: ${file.status}`);
  let bytes = 0;
  const parts = [];
  for await (const chunk of file.body) {
    bytes += chunk.length;
    parts.push(chunk);
  }
  const exportMs = performance.now() - started;
  if (sampler) clearInterval(sampler);
  const duringExport = (await exportProbe.stop()).latencies;

  // Count the rows with exceljs' streaming reader (not timed).
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(parts), {
    sharedStrings: 'cache',
    worksheets: 'emit',
  });
  let exportedRows = 0;
  for await (const sheet of reader) for await (const _ of sheet) exportedRows++;

  console.log(
    `export: ${seconds(exportMs)} for ${exportedRows - 1} students (${mb(bytes)} .xlsx)` +
      (baseline ? `, server memory ${mb(baseline)} → peak ${mb(peak)} (growth ${mb(peak - baseline)})` : ''),
  );
  console.log(
    `getStudent during export (for information): p50 ${percentile(duringExport, 50).toFixed(1)} ms, ` +
      `p99 ${percentile(duringExport, 99).toFixed(1)} ms`,
  );
  const p99 = percentile(latencies, 99);
  const verdict = [
    ['import under 15 s', importMs < 15_000],
    ['getStudent p99 under 100 ms during import', p99 < 100],
    ['export under 15 s', exportMs < 15_000],
    ...(baseline ? [['server memory growth under 300 MB', peak - baseline < 300 * 1024 * 1024]] : []),
  ];
  for (const [what, ok] of verdict) console.log(`${ok ? 'PASS' : 'FAIL'} ${what}`);
  process.exitCode = verdict.every(([, ok]) => ok) ? 0 : 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
