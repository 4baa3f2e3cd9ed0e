// Starting and stopping the built portal (api/dist/main.js) for a benchmark: on a free loopback port, with the
// lookup limit lifted, no demo data and little logging; on an external database or its own embedded one.

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sign } from '@fastify/cookie';
import { stop } from './settings.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BENCH_SECRET = 'bench-secret-that-is-long-enough-for-hmac-signing';
/**
 * Node's flags for the portal, as `npm run serve` and deploy/local-set.sh start it (a 64 MB young generation,
 * docs/decisions/0010-login-cost.md). bench/get-student.mjs gives its ceiling and floors the same, so that they
 * run on the same runtime as the portal they are compared with.
 */
export const PORTAL_NODE_FLAGS = ['--max-semi-space-size=64'];
const READY_WITHIN_MS = 120_000;

/**
 * The Cookie header of a student's session until `expiresAt` (ms), signed as the portal signs it (@fastify/cookie,
 * BENCH_SECRET as its JWT_SECRET) and URI-encoded as its Set-Cookie is.
 */
export function studentSessionCookie(studentId, expiresAt) {
  return `studentSession=${encodeURIComponent(sign(`${studentId}.${expiresAt}`, BENCH_SECRET))}`;
}

/** Stops before anything is touched when the portal has not been built. */
export function requireBuild() {
  if (!existsSync(path.join(repoRoot, 'api/dist/main.js')))
    stop("the portal is not built: run 'npm run build'");
}

export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Waits until GET `url` answers 200, the child still running; throws otherwise (so cleanups still run). */
export async function waitUntilReady(child, url, output) {
  const end = Date.now() + READY_WITHIN_MS;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`${url} exited (${child.exitCode}):\n${output()}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stopChild(child);
  throw new Error(`${url} did not become ready:\n${output()}`);
}

/**
 * Starts the portal with `env` on top of the bench defaults. Without `databaseUrl` it runs its own embedded
 * PostgreSQL under `dataDir/pg`; `nodeArgs` go to node before the script (a CPU profile: `--cpu-prof`); `root` is
 * the checkout whose build runs (another build: bench/compare-builds.mjs). Answers `{ child, url, stop() }`.
 */
export async function startPortal({ dataDir, databaseUrl, env = {}, nodeArgs = [], root = repoRoot }) {
  // Run as root, the embedded PostgreSQL runs as the user postgres, which must be able to reach DATA_DIR/pg.
  await chmod(dataDir, 0o755);
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...PORTAL_NODE_FLAGS, ...nodeArgs, path.join(root, 'api/dist/main.js')],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        JWT_SECRET: BENCH_SECRET,
        DEMO_DATA: '0',
        LOG_LEVEL: 'warn',
        STUDENT_LOOKUP_RATE_LIMIT: '1000000000',
        REDIS_URL: '',
        // The benches sign staff in with a password alone.
        STAFF_2FA_REQUIRED: 'none',
        // No balancer waits for its readiness to turn: stop at once instead of draining for 5 s.
        SHUTDOWN_DRAIN_MS: '0',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let errors = '';
  child.stderr.on('data', (chunk) => {
    errors = (errors + chunk).slice(-20_000);
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(child, `${url}/api/v1/health/ready`, () => errors);
  return { child, url, stop: () => stopChild(child) };
}

/**
 * bench/bare-fastify-server.mjs as `variant` (the ceiling or a floor on `databaseUrl`), on the portal's Node flags
 * and `nodeArgs`, with `env` added to its environment. Answers `{ child, url, stop() }`.
 */
export async function startBare(variant, databaseUrl, { nodeArgs = [], env = {} } = {}) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...PORTAL_NODE_FLAGS, ...nodeArgs, path.join(repoRoot, 'bench/bare-fastify-server.mjs')],
    {
      env: { ...process.env, PORT: String(port), VARIANT: variant, DATABASE_URL: databaseUrl ?? '', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let errors = '';
  child.stderr.on('data', (chunk) => {
    errors = (errors + chunk).slice(-20_000);
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(child, `${url}/ready`, () => errors);
  return { child, url, stop: () => stopChild(child) };
}

/** SIGTERM, then waits for the exit (the portal stops its embedded PostgreSQL on the way). */
export async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The connection URL of the embedded PostgreSQL a running portal started under `dataDir/pg`. */
export async function embeddedDatabaseUrl(dataDir) {
  const password = (await readFile(path.join(dataDir, 'pg/password'), 'utf8')).trim();
  // postmaster.pid: pid, data directory, start time, port, …
  const port = (await readFile(path.join(dataDir, 'pg/data/postmaster.pid'), 'utf8')).split('\n')[3].trim();
  return `postgresql://portal:${encodeURIComponent(password)}@127.0.0.1:${port}/portal`;
}
