import { consoleLogger } from '../logger.js';
import { type Config, ConfigError, loadConfig } from './config.js';

/** What a console command tells the operator as it goes (one line each, at the portal's log level). */
export interface ConsoleLog {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * The portal's own settings for a console command (`npm run backup|restore|staff:reset-two-factor`) with its log;
 * undefined after a bad setting was said on stderr, naming the variable, for the command to exit 1.
 */
export function consoleConfig(
  env: NodeJS.ProcessEnv = process.env,
): { config: Config; log: ConsoleLog } | undefined {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return undefined;
  }
  const log = consoleLogger(config.logLevel);
  return { config, log: { info: (m) => log.info(m), warn: (m) => log.warn(m) } };
}
