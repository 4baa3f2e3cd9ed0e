import { readdir, utimes } from 'node:fs/promises';
import path from 'node:path';
import type { PortalServer } from './portal-server.js';

/** `kill -9` of the portal process (its PostgreSQL child is left running, as after a real crash). */
export async function killPortal(server: PortalServer): Promise<void> {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGKILL');
  await exited;
}

/** The first JSON log line of the portal whose `msg` is `message`, waiting up to `timeoutMs` for it. */
export async function logEntry(
  server: PortalServer,
  message: string,
  timeoutMs = 30_000,
): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const line of server.log().split('\n')) {
      if (!line.includes(message)) continue;
      const entry = JSON.parse(line) as Record<string, unknown>;
      if (entry.msg === message) return entry;
    }
    if (Date.now() > deadline) throw new Error(`the portal did not log '${message}':\n${server.log()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every file under `dir` as a relative path with '/' separators (a missing folder has none). */
export async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * Sets every file under `dir` as last written `ageMs` ago: stands for the sweeps' grace period having passed
 * (they leave young files alone, as a write of another instance may still be in flight).
 */
export async function ageFiles(dir: string, ageMs: number): Promise<void> {
  const when = new Date(Date.now() - ageMs);
  for (const file of await filesUnder(dir)) await utimes(path.join(dir, file), when, when);
}
