import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The deployment recipe of deploy/ driven from a test: deploy/start-local.sh starts a fresh database on the local
// PostgreSQL, portal instances and nginx in front of them on loopback; deploy/restart-instance.sh restarts one.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const START_SCRIPT = path.join(repoRoot, 'deploy/start-local.sh');
const RESTART_SCRIPT = path.join(repoRoot, 'deploy/restart-instance.sh');

export interface Deployment {
  /** What the script printed: PORTAL_URL, INSTANCE_<n>_URL, INSTANCE_<n>_PID, DATABASE_URL, RUN_DIR, ACCESS_LOG… */
  vars: Record<string, string>;
  /** Stops the set (SIGTERM to the script); answers its exit status. */
  stop(): Promise<number | null>;
}

function keyValues(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const at = line.indexOf('=');
    if (at > 0) vars[line.slice(0, at)] = line.slice(at + 1);
  }
  return vars;
}

/** The script's last line of its own saying why it stopped, for a skip. */
function reason(stderr: string, script: string, code: number | null | string): string {
  return (
    stderr
      .split('\n')
      .filter((line) => line.startsWith(`${script}:`) && !line.endsWith(': stopped'))
      .pop() ?? `deploy/${script}.sh exited ${code}`
  );
}

/** Starts deploy/start-local.sh; answers why when PostgreSQL or nginx cannot be started (exit 3 or 4). */
export async function startDeployment(env: Record<string, string>): Promise<Deployment | { skip: string }> {
  const child: ChildProcess = spawn('bash', [START_SCRIPT], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = new Promise<Record<string, string>>((resolve) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('deploy ready\n')) resolve(keyValues(stdout));
    });
  });
  const outcome = await Promise.race([
    ready,
    exited.then((code) => ({ code })),
    new Promise<{ code: 'timeout' }>((resolve) => setTimeout(() => resolve({ code: 'timeout' }), 150_000)),
  ]);
  if ('code' in outcome) {
    child.kill('SIGTERM');
    if (outcome.code === 3 || outcome.code === 4)
      return { skip: reason(stderr, 'start-local', outcome.code) };
    throw new Error(`deploy/start-local.sh failed (${outcome.code}):\n${stdout}\n${stderr}`);
  }
  return {
    vars: outcome as Record<string, string>,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * Runs deploy/restart-instance.sh on the set for instance `n` (with `upgrade` as its upgrade command, if any);
 * answers the new process id. Throws with the script's output when it fails.
 */
export async function restartInstance(deployment: Deployment, n: number, upgrade: string[] = []) {
  const child = spawn('bash', [RESTART_SCRIPT, String(deployment.vars.RUN_DIR), String(n), ...upgrade], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const pid = Number(keyValues(stdout)[`INSTANCE_${n}_PID`]);
  if (code !== 0 || !stdout.includes('restarted\n') || !Number.isInteger(pid))
    throw new Error(`deploy/restart-instance.sh ${n} failed (${code}):\n${stdout}\n${stderr}`);
  return { pid, log: stderr };
}

export interface AccessLine {
  remote: string;
  request: string;
  status: number;
  /** Every instance nginx tried for the request, in order (more than one when it retried). */
  upstreams: string[];
  /** Each tried instance's status, `-` or 502 where it did not answer. */
  upstreamStatuses: string[];
}

/** nginx's access log in the set's `portal_upstream` format (deploy/nginx/portal.conf). */
export async function accessLog(file: string): Promise<AccessLine[]> {
  const text = await readFile(file, 'utf8');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const match = /^(\S+) \[[^\]]+\] "([^"]*)" (\d+) \d+ upstream=(.*?) upstream_status=(.*?) rt=/.exec(
        line,
      );
      if (!match) throw new Error(`unexpected access log line: ${line}`);
      return {
        remote: match[1] ?? '',
        request: match[2] ?? '',
        status: Number(match[3]),
        upstreams: (match[4] ?? '').split(/\s*,\s*|\s+:\s+/),
        upstreamStatuses: (match[5] ?? '').split(/\s*,\s*|\s+:\s+/),
      };
    });
}

/** `host:port` of a URL, as nginx logs an upstream. */
export const hostPort = (url: string) => new URL(url).host;

/** Whether a process is alive (signal 0). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
