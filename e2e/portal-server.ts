import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface PortalServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  log(): string;
  /** SIGTERM, then waits for the exit code. */
  stop(): Promise<number | null>;
}

export async function freshDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-'));
  // The embedded PostgreSQL runs as the `postgres` user when the tests run as root.
  await chmod(dir, 0o755);
  return dir;
}

/**
 * Starts the built portal (`api/dist/main.js`) on a free port and waits until it says it is ready. No staff role
 * must enrol a second factor unless `env` says so: the tests sign staff in with a password alone.
 */
export async function startPortal(dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<PortalServer> {
  const child = spawn(process.execPath, [path.join(repoRoot, 'api/dist/main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      STAFF_2FA_REQUIRED: 'none',
      // No balancer stands in front of a test's portal, so its stop (SIGTERM) need not wait for one to notice.
      SHUTDOWN_DRAIN_MS: '0',
      // Two browsers, several portals and their databases share two cores here: the event loop lags past the
      // production limit with no flood at all, and the shed requests failed tests that check something else.
      // Shedding is tested where it is the subject (api/src/plugins/overload.test.ts, bench/overload.mjs).
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`portal did not start in time:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /portal ready at (http:\/\/localhost:\d+)\//.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`portal exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    dataDir,
    process: child,
    log: () => output,
    stop: () =>
      new Promise((resolve) => {
        // Already gone (a killed process has a signal and no exit code): nothing to wait for.
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}
