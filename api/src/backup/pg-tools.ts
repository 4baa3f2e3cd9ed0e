import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where Debian and Ubuntu install each major version's client tools; `PATH` is asked too. */
const VERSIONED_ROOT = '/usr/lib/postgresql';

async function majorOf(binary: string): Promise<number | undefined> {
  try {
    const { stdout } = await run(binary, ['--version'], { timeout: 10_000 });
    const major = /\(PostgreSQL\) (\d+)/.exec(stdout)?.[1];
    return major ? Number(major) : undefined;
  } catch {
    return undefined;
  }
}

async function candidates(tool: 'pg_dump' | 'pg_restore'): Promise<string[]> {
  const versioned = await readdir(VERSIONED_ROOT).catch(() => [] as string[]);
  return [...versioned.map((major) => path.join(VERSIONED_ROOT, major, 'bin', tool)), tool];
}

/**
 * An installed `tool` whose major version `accepts`, or undefined. pg_dump must match the server's major version
 * (an older one refuses a newer server; a newer one writes what an older pg_restore cannot read), pg_restore must
 * be at least the dump's.
 */
export async function findPgTool(
  tool: 'pg_dump' | 'pg_restore',
  accepts: (major: number) => boolean,
): Promise<string | undefined> {
  for (const binary of await candidates(tool)) {
    const major = await majorOf(binary);
    if (major !== undefined && accepts(major)) return binary;
  }
  return undefined;
}

/** A libpq connection for a client tool: the URL without its password, which goes in PGPASSWORD (not in `ps`). */
export function toolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}
