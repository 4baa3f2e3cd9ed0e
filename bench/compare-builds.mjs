// Compares builds of the portal by the CPU each spends per request, side by side on one database: the way
// docs/decisions/0010-login-cost.md tells a change of a few µs from the noise, which bench/get-student.mjs's
// ratios (±0.1 between rounds) cannot.
//
// What it does (loopback only):
//   1. Creates a fresh database on the PostgreSQL server of BENCH_PG_URL (default
//      postgresql://postgres@127.0.0.1:5432/postgres), starts each build named on the command line there (as
//      bench/get-student.mjs starts the portal: LOG_LEVEL=info, the lookup limit lifted), with BENCH_FLOOR=1 also
//      the read's floor (bench/bare-fastify-server.mjs), and seeds BENCH_STUDENTS students (default 20,000).
//   2. Per round (BENCH_ROUNDS, default 9), each server in turn, the order reversed every other round: 3 s of
//      warm-up, then BENCH_SECONDS (default 6) of BENCH_READ (quiz-draw, each request another student with that
//      student's signed session cookie; or login, POST getStudent) on BENCH_CONNECTIONS connections (default 100)
//      at BENCH_RATE requests/s in all (default 2,500; 0: as fast as answered). Measured meanwhile: the server
//      process's CPU (/proc), every postgres process's, and this process's (the load generator's: it parses
//      every answer, headers included, on the same cores), each per 2xx answer.
//   3. Prints each round, then per server the medians and in how many rounds it spent less Node CPU than the
//      first build. Stops the servers, drops the database.
//
// At a fixed rate the figure is the CPU a request costs, not the rate a saturated machine reaches. Single rounds
// differ by about ±10 µs, and two processes of one build by up to 16 µs in all rounds of a run
// (docs/decisions/0010-login-cost.md, fifth pass): name one build twice for an A/A pair, whose spread is the noise.
//
// Run:  npm run build && node bench/compare-builds.mjs snapshot /tmp/build-before
//       (a copy of this checkout's api/dist beside links to the rest of the checkout; then change, build, and)
//       node bench/compare-builds.mjs /tmp/build-before .
// Settings (environment): BENCH_PG_URL, BENCH_READ, BENCH_RATE (0…20,000), BENCH_ROUNDS (1…21), BENCH_SECONDS
// (3…60), BENCH_CONNECTIONS (1…1,000), BENCH_STUDENTS (1,000…200,000), BENCH_FLOOR=1, BENCH_CPU_PROF=<folder>
// (each server writes a V8 CPU profile there when it stops: bench/cpu-profile-top.mjs reads it), BENCH_GC=1 (each
// server also reports its garbage per request, through bench/gc-window.mjs: kB allocated in the young generation,
// bytes promoted out of it, µs of collection).

import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { freshDatabase, seedStudents } from './bench-database.mjs';
import { percentile, requestLoad } from './load.mjs';
import { repoRoot, requireBuild, startBare, startPortal, studentSessionCookie } from './portal-process.mjs';
import { cpuSeconds, postgresCpuSeconds } from './process-stats.mjs';
import { intSetting, loopbackUrl, stop } from './settings.mjs';

const WARM_UP_S = 3;
const SESSION_MS = 60 * 60 * 1000;
const READS = { 'quiz-draw': 'quiz-draw', login: 'lookup-cookie' };

/**
 * A build to compare later: `folder` gets a copy of this checkout's api/dist and links to everything else, so
 * that the build's files the compiler does not copy (lib/source-path.ts maps api/dist to api/src) are found.
 */
async function snapshot(folder) {
  requireBuild();
  await mkdir(path.join(folder, 'api'), { recursive: true });
  for (const entry of await readdir(repoRoot))
    if (entry !== 'api' && entry !== '.git')
      await symlink(path.join(repoRoot, entry), path.join(folder, entry));
  for (const entry of await readdir(path.join(repoRoot, 'api')))
    if (entry !== 'dist') await symlink(path.join(repoRoot, 'api', entry), path.join(folder, 'api', entry));
  await cp(path.join(repoRoot, 'api/dist'), path.join(folder, 'api/dist'), { recursive: true });
  process.stdout.write(`build of ${repoRoot} kept in ${folder}\n`);
}

/** The read's requests: each names the next seeded student (the quiz draw with that student's session). */
function requestsOf(read, students) {
  let next = 0;
  const advance = () => {
    next = (next + 1) % students.length;
    return students[next];
  };
  if (read === 'login')
    return (request) => ({
      ...request,
      method: 'POST',
      path: '/api/v1/students/getStudent',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ nationalID: advance().nationalId }),
    });
  const expiresAt = Date.now() + SESSION_MS;
  return (request) => {
    const { id } = advance();
    const headers = { cookie: studentSessionCookie(id, expiresAt) };
    return { ...request, method: 'GET', path: `/api/v1/students/question/${id}`, headers };
  };
}

/**
 * What bench/gc-window.mjs wrote for the server's window that `SIGUSR2` ends (and a new one begins); with `gcDir`
 * unset, nothing.
 */
async function gcWindow(server, gcDir) {
  if (!gcDir) return undefined;
  const file = path.join(gcDir, `${server.child.pid}.json`);
  await rm(file, { force: true });
  process.kill(server.child.pid, 'SIGUSR2');
  for (let waited = 0; waited < 5_000; waited += 50) {
    try {
      return JSON.parse(await readFile(file, 'utf8'));
    } catch {
      await setTimeout(50);
    }
  }
  throw new Error(`${server.label}: no garbage collection figures in ${file}`);
}

/**
 * One measured load on `server`: µs of its CPU, PostgreSQL's and the load generator's per 2xx answer; with
 * `gcDir`, also the bytes its young generation took and promoted per 2xx answer, and its ms of collection.
 */
async function measure(server, setupRequest, settings, gcDir) {
  await requestLoad({ url: server.url, setupRequest, ...settings, seconds: WARM_UP_S });
  await gcWindow(server, gcDir);
  const before = { node: await cpuSeconds(server.child.pid), pg: await postgresCpuSeconds() };
  const client = process.cpuUsage();
  const result = await requestLoad({ url: server.url, setupRequest, ...settings });
  const clientUs = process.cpuUsage(client);
  const after = { node: await cpuSeconds(server.child.pid), pg: await postgresCpuSeconds() };
  const gc = await gcWindow(server, gcDir);
  const ok = result['2xx'];
  if (ok === 0 || result.non2xx > 0 || result.errors > 0)
    throw new Error(`${server.label}: ${ok} answered 2xx, ${result.non2xx} not, ${result.errors} errors`);
  return {
    node: ((after.node - before.node) / ok) * 1e6,
    pg: ((after.pg - before.pg) / ok) * 1e6,
    client: (clientUs.user + clientUs.system) / ok,
    okPerSecond: ok / result.duration,
    ...(gc && {
      allocated: gc.allocated / ok,
      promoted: gc.promoted / ok,
      gcUs: ((gc.scavengeMs + gc.fullMs) / ok) * 1000,
    }),
  };
}

/** Garbage per request: kB the young generation took, bytes promoted out of it, µs of collection. */
const gcFigures = (m) =>
  `allocated ${(m.allocated / 1024).toFixed(1)} kB, promoted ${m.promoted.toFixed(0)} B, GC ${m.gcUs.toFixed(1)} µs`;

async function compare(folders) {
  const read = process.env.BENCH_READ || 'quiz-draw';
  if (!(read in READS)) stop(`BENCH_READ must be one of ${Object.keys(READS).join(', ')}`);
  const settings = {
    rate: intSetting('BENCH_RATE', 2_500, 0, 20_000),
    seconds: intSetting('BENCH_SECONDS', 6, 3, 60),
    connections: intSetting('BENCH_CONNECTIONS', 100, 1, 1_000),
  };
  const rounds = intSetting('BENCH_ROUNDS', 9, 1, 21);
  const studentCount = intSetting('BENCH_STUDENTS', 20_000, 1_000, 200_000);
  const profileDir = process.env.BENCH_CPU_PROF || '';
  const gcDir = process.env.BENCH_GC === '1' ? await mkdtemp(path.join(tmpdir(), 'portal-bench-gc-')) : '';
  const gcArgs = gcDir ? ['--import', path.join(repoRoot, 'bench/gc-window.mjs')] : [];
  const gcEnv = gcDir ? { BENCH_GC_DIR: gcDir } : {};
  const pgServer = loopbackUrl('BENCH_PG_URL', { fallback: 'postgresql://postgres@127.0.0.1:5432/postgres' });

  const database = await freshDatabase(pgServer, 'compare');
  const servers = [];
  const dataDirs = [];
  try {
    for (const [index, folder] of folders.entries()) {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-compare-'));
      dataDirs.push(dataDir);
      const portal = await startPortal({
        dataDir,
        databaseUrl: database.url,
        root: path.resolve(folder),
        env: { LOG_LEVEL: 'info', ...gcEnv },
        nodeArgs: [
          ...gcArgs,
          ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profileDir, String(index))}`] : []),
        ],
      });
      servers.push({ ...portal, label: `${index} ${folder}` });
    }
    if (process.env.BENCH_FLOOR === '1') {
      const nodeArgs = [
        ...gcArgs,
        ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profileDir, 'floor')}`] : []),
      ];
      servers.push({
        ...(await startBare(READS[read], database.url, { nodeArgs, env: gcEnv })),
        label: 'floor',
      });
    }
    const setupRequest = requestsOf(read, await seedStudents(database.url, studentCount));
    const figures = servers.map(() => []);
    for (let round = 0; round < rounds; round += 1) {
      const order = servers.map((_, i) => i);
      if (round % 2 === 1) order.reverse();
      for (const i of order) figures[i][round] = await measure(servers[i], setupRequest, settings, gcDir);
      const each = servers.map((server, i) => {
        const m = figures[i][round];
        const gc = gcDir ? `, ${gcFigures(m)}` : '';
        return `${server.label} ${m.node.toFixed(1)} (PostgreSQL ${m.pg.toFixed(0)}, client ${m.client.toFixed(1)}${gc})`;
      });
      process.stdout.write(`round ${round + 1}, µs per ${read}: ${each.join('; ')}\n`);
    }
    const pace = settings.rate ? `at ${settings.rate} requests/s` : 'as fast as answered';
    process.stdout.write(`${read}, ${pace}, medians of ${rounds} rounds:\n`);
    for (const [i, server] of servers.entries()) {
      const of = (key) =>
        percentile(
          figures[i].map((m) => m[key]),
          50,
        );
      const cheaper = figures[i].filter((m, round) => m.node < figures[0][round].node).length;
      process.stdout.write(
        `  ${server.label.padEnd(30)} Node ${of('node').toFixed(1)} µs, PostgreSQL ${of('pg').toFixed(0)} µs, ` +
          `client ${of('client').toFixed(1)} µs, ${of('okPerSecond').toFixed(0)} 2xx/s` +
          (gcDir
            ? `, ${gcFigures({ allocated: of('allocated'), promoted: of('promoted'), gcUs: of('gcUs') })}`
            : '') +
          (i > 0 ? `; less Node CPU than ${servers[0].label} in ${cheaper} of ${rounds} rounds` : '') +
          '\n',
      );
    }
  } finally {
    for (const server of servers) await server.stop();
    for (const dataDir of [...dataDirs, gcDir].filter(Boolean))
      await rm(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'snapshot' && rest.length === 1) await snapshot(path.resolve(rest[0]));
else if (command && command !== 'snapshot') await compare([command, ...rest]);
else stop('usage: compare-builds.mjs snapshot FOLDER | compare-builds.mjs BUILD [BUILD ...]');
