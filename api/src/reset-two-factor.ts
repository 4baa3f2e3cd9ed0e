import { consoleConfig } from './config/console-config.js';
import { resetTwoFactorAtConsole } from './modules/two-factor/console-reset.js';
import { startDatabase } from './setup/start-database.js';

/**
 * `npm run staff:reset-two-factor -- USERNAME`: removes a staff account's second factor, on the database the
 * portal's settings name (DATABASE_URL, or the embedded PostgreSQL of DATA_DIR, which only one process can hold:
 * stop the portal first).
 */
async function main(): Promise<number> {
  const userName = process.argv[2]?.trim();
  if (!userName) {
    process.stderr.write('usage: npm run staff:reset-two-factor -- USERNAME\n');
    return 2;
  }
  const settings = consoleConfig();
  if (!settings) return 1;
  const { config, log: say } = settings;
  let database: Awaited<ReturnType<typeof startDatabase>>;
  try {
    database = await startDatabase(config, say);
  } catch (error) {
    process.stderr.write(
      `could not open the database: ${(error as Error).message}\n` +
        (config.databaseUrl ? '' : `is the portal still running on ${config.dataDir}? stop it first\n`),
    );
    return 1;
  }
  try {
    const outcome = await resetTwoFactorAtConsole(database.db, userName);
    const said = {
      reset: `the second factor of '${userName}' is removed and its sessions ended: it signs in with its password and enrols again\n`,
      notFound: `no staff account is named '${userName}'\n`,
      notEnabled: `'${userName}' has no second factor turned on: nothing changed\n`,
    }[outcome];
    (outcome === 'reset' ? process.stdout : process.stderr).write(said);
    return outcome === 'reset' ? 0 : 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
