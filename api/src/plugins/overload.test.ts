import { connect, type Socket } from 'node:net';
import { MESSAGES } from '@portal/common';
import { describe, expect, it } from 'vitest';
import { insertStudent } from '../../test/builders.js';
import { createTestApp } from '../../test/test-app.js';

const { app, database } = await createTestApp({
  STUDENT_LOOKUP_RATE_LIMIT: '100000',
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '100',
  OVERLOAD_RETRY_AFTER_S: '7',
});
const student = await insertStudent(database.db);

type Answer = Awaited<ReturnType<typeof app.inject>>;

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
async function until(status: number, attempt: () => Promise<Answer>, withinMs: number) {
  const end = Date.now() + withinMs;
  let res = await attempt();
  while (res.statusCode !== status && Date.now() < end) {
    await pause(50);
    res = await attempt();
  }
  return res;
}

/** Waits until `condition` holds (checked every 5 ms, at most 5 s), so a test never races the server. */
async function waitFor(condition: () => boolean) {
  const end = Date.now() + 5_000;
  while (!condition() && Date.now() < end) await pause(5);
  expect(condition()).toBe(true);
}

/**
 * A portal whose API takes at most `cap` requests at a time, and a way to keep requests in flight: every
 * connection of its pool (5 in tests) taken, so each login waits for one, as under a flood. The pool's own 5 s
 * time-out is far off. Logins in flight are told by the cap's own count, not by the pool's waiting queries: the
 * logins of one second share a single read of the lookup guard's state (decision 18), so several wait on one query.
 */
async function cappedPortal(cap: number) {
  const portal = await createTestApp({
    STUDENT_LOOKUP_RATE_LIMIT: '100000',
    OVERLOAD_MAX_IN_FLIGHT: String(cap),
    OVERLOAD_RETRY_AFTER_S: '7',
  });
  const { nationalId } = await insertStudent(portal.database.db);
  // The pool the app serves on (the serving role's, decision 20), not the owner's that set-up uses.
  const pool = portal.database.serving.pool;
  const body = JSON.stringify({ nationalID: nationalId });
  return {
    ...portal,
    body,
    lookUp: () =>
      portal.app.inject({
        method: 'POST',
        url: '/api/v1/students/getStudent',
        headers: { 'content-type': 'application/json' },
        payload: body,
      }),
    /** Takes every connection of the pool; the answer gives them back (once, however often it is called). */
    async holdPool() {
      const held = await Promise.all(Array.from({ length: 5 }, () => pool.connect()));
      return () => {
        for (const client of held.splice(0)) client.release();
      };
    },
    /** Resolves once every place is taken, i.e. `cap` requests are in flight. */
    placesTaken: () => waitFor(() => portal.app.isOverloaded()),
  };
}

describe('the cap on API requests in flight', () => {
  it('refuses requests past it at once with 503, Retry-After and the Arabic message, answers the exempt routes and serves again once the requests in flight end', async () => {
    const portal = await cappedPortal(2);
    const release = await portal.holdPool();
    let inFlight: Promise<Answer>[] = [];
    let shed: Answer;
    let exempt: Answer[];
    let webApp: Answer;
    try {
      inFlight = [portal.lookUp(), portal.lookUp()];
      await portal.placesTaken();
      shed = await portal.lookUp();
      exempt = await Promise.all(
        ['/api/v1/health/live', '/api/v1/metrics', '/api/v1/health/ready'].map((url) =>
          portal.app.inject({ method: 'GET', url }),
        ),
      );
      webApp = await portal.app.inject({ method: 'GET', url: '/stAdmission/' });
    } finally {
      release();
    }

    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('7');
    // A client that ignores Retry-After has to connect again before asking again.
    expect(shed.headers.connection).toBe('close');
    expect(shed.json()).toEqual({ status: 'error', message: MESSAGES.serverBusy });
    const [live, metrics, ready] = exempt;
    expect(live?.statusCode).toBe(200);
    expect(metrics?.statusCode).toBe(200);
    expect(ready?.statusCode).toBe(503);
    expect(ready?.headers['retry-after']).toBe('7');
    expect(ready?.json()).toMatchObject({ message: MESSAGES.serverBusy, overloaded: true });
    // Only API calls count: the web app's files are served whatever the load.
    expect(webApp.statusCode).toBe(200);

    expect((await Promise.all(inFlight)).map((res) => res.statusCode)).toEqual([200, 200]);
    expect((await portal.lookUp()).statusCode).toBe(200);
    // Readiness goes on reporting the overload for a moment after the last refusal, then clears by itself.
    const readyAfter = await until(
      200,
      () => portal.app.inject({ method: 'GET', url: '/api/v1/health/ready' }),
      5_000,
    );
    expect(readyAfter.json()).toMatchObject({ status: 'success', overloaded: false });
  });

  it('gives the place back when a request ends in an error', async () => {
    const portal = await cappedPortal(1);
    const failing = [
      { payload: '{"nationalID": ', status: 400 },
      { payload: '{}', status: 400 },
      { payload: JSON.stringify({ nationalID: '29001011234567' }), status: 404 },
    ];
    for (const { payload, status } of failing) {
      const res = await portal.app.inject({
        method: 'POST',
        url: '/api/v1/students/getStudent',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(status);
    }
    // With a cap of one, a single place kept by any of them would refuse this.
    expect((await portal.lookUp()).statusCode).toBe(200);
  });

  it('gives the place back when the client goes away: waiting, pipelined behind another request, or mid-body', async () => {
    const portal = await cappedPortal(3);
    await portal.app.listen({ port: 0, host: '127.0.0.1' });
    const address = portal.app.server.address();
    if (typeof address !== 'object' || address === null) throw new Error('not listening');
    const request = (body: string, length = Buffer.byteLength(body)) =>
      'POST /api/v1/students/getStudent HTTP/1.1\r\nHost: portal\r\n' +
      `Content-Type: application/json\r\nContent-Length: ${length}\r\n\r\n${body}`;
    const open = () =>
      new Promise<Socket>((resolve, reject) => {
        const socket = connect(address.port, '127.0.0.1', () => resolve(socket));
        socket.on('error', reject);
      });

    const release = await portal.holdPool();
    try {
      // Two logins on one connection, the second pipelined behind the first, both waiting for the pool.
      const pipelined = await open();
      pipelined.write(request(portal.body) + request(portal.body));
      // A third whose body never arrives in full.
      const halfSent = await open();
      halfSent.write(request('{"nationalID":', 100));
      // All three places taken: the pipelined one's among them.
      await portal.placesTaken();
      expect((await portal.lookUp()).statusCode).toBe(503);

      pipelined.destroy();
      halfSent.destroy();
      // Once their places are back and the refusal above is a second old.
      await waitFor(() => !portal.app.isOverloaded());

      // All three places are free again: three new logins are taken (they wait for the pool), a fourth is not.
      const taken = [portal.lookUp(), portal.lookUp(), portal.lookUp()];
      await portal.placesTaken();
      expect((await portal.lookUp()).statusCode).toBe(503);
      release();
      expect((await Promise.all(taken)).map((res) => res.statusCode)).toEqual([200, 200, 200]);
    } finally {
      release();
    }
  });
});

describe('overload protection by event loop and heap', () => {
  it('sheds requests with 503, Retry-After and the Arabic message while the event loop lags, then recovers by itself', async () => {
    // A machine busy with other work may lag by itself for a moment: start from an instance that answers.
    expect((await until(200, lookUp, 5_000)).statusCode).toBe(200);

    const stopHog = hogEventLoop();
    let shed: Answer;
    let live: Answer;
    let metrics: Answer;
    let ready: Answer;
    let page: Answer;
    try {
      shed = await until(503, lookUp, 5_000);
      page = await app.inject({ method: 'GET', url: '/stAdmission/admin/login' });
      live = await app.inject({ method: 'GET', url: '/api/v1/health/live' });
      metrics = await app.inject({ method: 'GET', url: '/api/v1/metrics' });
      ready = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    } finally {
      await stopHog();
    }

    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('7');
    expect(shed.json()).toEqual({ status: 'error', message: MESSAGES.serverBusy });
    // The page is still served: the browser shows the Arabic busy message from the API's answer and tries again.
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
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

  it('sheds requests while the heap is over its configured limit', async () => {
    const { app: tight } = await createTestApp({ OVERLOAD_MAX_HEAP_MB: '1' });
    // The limits are sampled once a second.
    const shed = await until(503, () => tight.inject({ method: 'GET', url: '/api/v1/colleges' }), 3_000);
    expect(shed.statusCode).toBe(503);
    expect(shed.json()).toEqual({ status: 'error', message: MESSAGES.serverBusy });
    expect((await tight.inject({ method: 'GET', url: '/api/v1/health/live' })).statusCode).toBe(200);
  });
});
