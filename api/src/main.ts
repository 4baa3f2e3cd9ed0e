import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config/config.js';
import { resolveSigningSecret } from './config/secrets.js';
import { consoleLogger, portalLogger } from './logger.js';
import { gracefulStop, shutdownDrainMs } from './modules/health/graceful-stop.js';
import { bootstrapSuperAdmin } from './modules/staff/bootstrap-super-admin.js';
import { totpFactorMaker } from './modules/two-factor/two-factor.rules.js';
import { seedDemoData } from './setup/seed/demo-data.js';
import { type StartedDatabase, startDatabase } from './setup/start-database.js';

function readConfig(): Config & { shutdownDrainMs: number } {
  try {
    return { ...loadConfig(process.env), shutdownDrainMs: shutdownDrainMs(process.env) };
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  const log = consoleLogger(config.logLevel);
  const say = { info: (m: string) => log.info(m), warn: (m: string) => log.warn(m) };

  const secret = await resolveSigningSecret(config.jwtSecret, config.dataDir);
  const database: StartedDatabase = await startDatabase(config, say);
  await bootstrapSuperAdmin(database.db, config.superAdmin, say);
  if (database.seedDemo)
    await seedDemoData(database.db, say, {
      requiredRoles: config.staffTwoFactorRequired,
      newFactor: totpFactorMaker(secret, config.branding.universityName),
    });

  const app = await buildApp({ config, db: database.db, secret, logger: portalLogger(config) });

  const stop = gracefulStop(app);
  let stopping = false;
  const shutdown = async (signal: 'SIGINT' | 'SIGTERM') => {
    if (stopping) return;
    stopping = true;
    // SIGTERM is how systemd, an orchestrator or a rolling upgrade stops an instance behind a balancer: it drains.
    // Ctrl-C (SIGINT) at a terminal wants the portal gone now; requests in flight still finish.
    const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
    log.info(
      `${signal} received: readiness says stopping; serving ${drainMs} ms more, then finishing in-flight requests`,
    );
    const force = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, drainMs + 25_000);
    force.unref();
    try {
      await stop(drainMs);
      await database.close();
      log.info('stopped cleanly');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(signal));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    log.error({ err: error }, 'could not listen');
    await database.close();
    process.exit(1);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log.info(`portal ready at http://localhost:${port}/stAdmission/ (API docs at /api/docs)`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `The portal could not start: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
