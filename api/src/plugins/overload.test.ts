import { MESSAGES } from '@portal/common';
import { describe, expect, it } from 'vitest';
import { insertStudent } from '../../test/builders.js';
import { createTestApp } from '../../test/test-app.js';
import { expectedDatabaseWaitMs } from './overload.js';

const { app, database } = await createTestApp({
  STUDENT_LOOKUP_RATE_LIMIT: '100000',
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '100',
  OVERLOAD_RETRY_AFTER_S: '7',
});
const student = await insertStudent(database.db);

const lookUp = () =>
  app.inject({
    method: 'POST',
    url: '/api/v1/students/getStudent',
    payload: { nationalID: student.nationalId },
  });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Keeps the event loop busy in 300 ms slices (as a flood of work would) until `stop` is called. */
function hogEventLoop() {
  let running = true;
  const done = (async () => {
    while (running) {
      const busyUntil = Date.now() + 300;
      while (Date.now() < busyUntil) {
        // busy on purpose: this is the pressure
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  return async () => {
    running = false;
    await done;
  };
}

/** Calls `attempt` every 50 ms until it answers `status`, at most `withinMs`; the last answer. */
async function until(status: number, attempt: () => ReturnType<typeof lookUp>, withinMs: number) {
  const end = Date.now() + withinMs;
  let res = await attempt();
  while (res.statusCode !== status && Date.now() < end) {
    await pause(50);
    res = await attempt();
  }
  return res;
}

describe('expectedDatabaseWaitMs', () => {
  it('is the queue over the pace of check-outs, a stalled pool counting as one a second', () => {
    expect(expectedDatabaseWaitMs(0, 0)).toBe(0);
    expect(expectedDatabaseWaitMs(500, 5000)).toBe(100);
    expect(expectedDatabaseWaitMs(2000, 1000)).toBe(2000);
    expect(expectedDatabaseWaitMs(3, 0)).toBe(3000);
  });
});

describe('overload protection', () => {
  it('sheds requests with 503, Retry-After and the Arabic message while the event loop lags, then recovers by itself', async () => {
    // A machine busy with other work may lag by itself for a moment: start from an instance that answers.
    expect((await until(200, lookUp, 5_000)).statusCode).toBe(200);

    const stopHog = hogEventLoop();
    let shed: Awaited<ReturnType<typeof lookUp>>;
    let live: Awaited<ReturnType<typeof lookUp>>;
    let metrics: Awaited<ReturnType<typeof lookUp>>;
    let ready: Awaited<ReturnType<typeof lookUp>>;
    try {
      shed = await until(503, lookUp, 5_000);
      live = await app.inject({ method: 'GET', url: '/api/v1/health/live' });
      metrics = await app.inject({ method: 'GET', url: '/api/v1/metrics' });
      ready = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    } finally {
      await stopHog();
    }

    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('7');
    expect(shed.json()).toEqual({ status: 'error', message: MESSAGES.serverBusy });
    expect(live.statusCode).toBe(200);
    expect(metrics.statusCode).toBe(200);
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('7');
    expect(ready.json()).toMatchObject({ status: 'error', message: MESSAGES.serverBusy, overloaded: true });

    const recovered = await until(200, lookUp, 5_000);
    expect(recovered.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/v1/health/ready' })).json()).toMatchObject({
      status: 'success',
      overloaded: false,
    });
  });

  it('sheds requests while a new query would wait longer than configured for a database connection', async () => {
    const { app: queued, database: queuedDb } = await createTestApp({
      STUDENT_LOOKUP_RATE_LIMIT: '100000',
      OVERLOAD_MAX_DB_WAIT_MS: '10',
    });
    const other = await insertStudent(queuedDb.db);
    const lookUpOther = () =>
      queued.inject({
        method: 'POST',
        url: '/api/v1/students/getStudent',
        payload: { nationalID: other.nationalId },
      });
    // Every connection of the pool (5 in tests) taken, so the next query waits and the queue does not move.
    const held = await Promise.all(Array.from({ length: 5 }, () => queuedDb.pool.connect()));
    let waiting: ReturnType<typeof lookUpOther> | undefined;
    try {
      waiting = lookUpOther();
      for (let i = 0; i < 200 && queuedDb.pool.waitingCount < 1; i++) await pause(5);
      expect(queuedDb.pool.waitingCount).toBe(1);

      const shed = await lookUpOther();
      expect(shed.statusCode).toBe(503);
      expect(shed.headers['retry-after']).toBe('5');
      expect(shed.json()).toEqual({ status: 'error', message: MESSAGES.serverBusy });
      const ready = await queued.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ message: MESSAGES.serverBusy, overloaded: true });
      // The web app's files do not wait for the database.
      expect((await queued.inject({ method: 'GET', url: '/stAdmission/' })).statusCode).toBe(200);
    } finally {
      for (const client of held) client.release();
    }
    expect((await waiting).statusCode).toBe(200);
    expect((await lookUpOther()).statusCode).toBe(200);
  });

  it('sheds requests while the heap is over its configured limit', async () => {
    const { app: tight } = await createTestApp({ OVERLOAD_MAX_HEAP_MB: '1' });
    // The limits are sampled once a second.
    const shed = await until(503, () => tight.inject({ method: 'GET', url: '/api/v1/colleges' }), 3_000);
    expect(shed.statusCode).toBe(503);
    expect(shed.json()).toEqual({ status: 'error', message: MESSAGES.serverBusy });
    expect((await tight.inject({ method: 'GET', url: '/api/v1/health/live' })).statusCode).toBe(200);
  });
});
