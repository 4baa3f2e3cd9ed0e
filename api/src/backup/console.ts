import { readFile } from 'node:fs/promises';
import { consoleConfig } from '../config/console-config.js';
import { openPortalTarget, type PortalTarget } from './portal-target.js';

/**
 * What the two console entries share: the portal's own settings, a log, the target they name, and the
 * refusals they print as one sentence (anything else is a fault and keeps its stack trace).
 */
export async function runAtConsole(
  usage: string,
  refusals: readonly (new (...args: never[]) => Error)[],
  work: (file: string, target: PortalTarget, say: (message: string) => void) => Promise<string>,
): Promise<number> {
  const file = process.argv[2]?.trim();
  if (!file) {
    process.stderr.write(`usage: ${usage}\n`);
    return 2;
  }
  const settings = consoleConfig();
  if (!settings) return 1;
  const { config, log: logger } = settings;
  let target: PortalTarget;
  try {
    target = await openPortalTarget(config, logger);
  } catch (error) {
    process.stderr.write(`could not open the database: ${(error as Error).message}\n`);
    return 1;
  }
  try {
    process.stdout.write(`${await work(file, target, logger.info)}\n`);
    return 0;
  } catch (error) {
    if (!refusals.some((refusal) => error instanceof refusal)) throw error;
    process.stderr.write(`${(error as Error).message}\n`);
    return 1;
  } finally {
    await target.close();
  }
}

/** The portal's version, from the api package beside the running code (api/src or api/dist). */
export async function portalVersion(): Promise<string> {
  const text = await readFile(new URL('../../package.json', import.meta.url), 'utf8');
  return (JSON.parse(text) as { version?: string }).version ?? 'unknown';
}

export const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
