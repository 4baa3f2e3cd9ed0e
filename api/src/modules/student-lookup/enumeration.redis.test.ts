import { randomInt } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@portal/common';
import { afterAll, describe, expect, it } from 'vitest';
import { insertStaff, TEST_STAFF_PASSWORD } from '../../../test/auth-helpers.js';
import { randomNationalId } from '../../../test/builders.js';
import { reachableTestRedis } from '../../../test/redis.js';
import { createTestApp, TEST_SECRET } from '../../../test/test-app.js';
import { type App, buildApp } from '../../app.js';
import { loadConfig } from '../../config/config.js';
import { LOGIN_THROTTLE } from '../sign-in-throttle/index.js';

/**
 * National-ID enumeration: one address trying 100 made-up IDs, with the default limit (30 a minute), on one
 * instance and split across two instances of the portal on one database.
 */
const ATTEMPTS = 100;
const LIMIT = 30;
const reachable = await reachableTestRedis('the enumeration tests across instances (shared Redis)');
/** Database 7 of the test Redis, so these counters never meet another suite's. */
const redisUrl = reachable ? Object.assign(new URL(reachable), { pathname: '/7' }).toString() : undefined;

/** An address no other test run uses at the same time (the embedded and external runs share Redis). */
const freshAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

const lookup = (app: App, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/students/getStudent',
    payload: { nationalID: randomNationalId() },
    remoteAddress,
  });

/** Another instance of the portal on the first one's database. */
async function secondInstance(database: Awaited<ReturnType<typeof createTestApp>>['database'], env: object) {
  const app = await buildApp({
    config: loadConfig({ ...env, DATA_DIR: await mkdtemp(path.join(tmpdir(), 'portal-data-')) }),
    db: database.db,
    secret: TEST_SECRET,
    webRoot: await mkdtemp(path.join(tmpdir(), 'portal-no-web-')),
  });
  afterAll(() => app.close());
  return app;
}

/** 100 made-up IDs from one address, alternating between the instances; the answers' statuses in order. */
async function enumerate(instances: App[], address: string) {
  const answers = [];
  for (let i = 0; i < ATTEMPTS; i += 1)
    answers.push(await lookup(instances[i % instances.length] as App, address));
  return answers;
}

function expectThrottledAfter(answers: Awaited<ReturnType<typeof enumerate>>, allowed: number) {
  expect(answers.slice(0, allowed).map((res) => res.statusCode)).toEqual(Array(allowed).fill(404));
  const limited = answers.slice(allowed);
  expect(limited.map((res) => res.statusCode)).toEqual(Array(ATTEMPTS - allowed).fill(429));
  for (const res of limited) {
    expect(res.json()).toEqual({ status: 'error', message: MESSAGES.tooManyRequests });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(res.headers['set-cookie']).toBeUndefined();
  }
}

describe('one instance, counting in its memory', async () => {
  const { app, database } = await createTestApp();

  it(`throttles 100 made-up national IDs from one address after the default ${LIMIT}`, async () => {
    expect(app.config.studentLookupRateLimit).toBe(LIMIT);
    expectThrottledAfter(await enumerate([app], freshAddress()), LIMIT);
    expect((await lookup(app, freshAddress())).statusCode).toBe(404);
  });

  it('counts per process: a second instance without Redis starts its own budget (why REDIS_URL is needed)', async () => {
    const second = await secondInstance(database, {});
    const address = freshAddress();
    const answers = await enumerate([app, second], address);
    expect(answers.filter((res) => res.statusCode === 404)).toHaveLength(2 * LIMIT);
  });
});

describe.skipIf(!redisUrl)('two instances sharing Redis', async () => {
  const env = { REDIS_URL: redisUrl };
  const { app: first, database } = redisUrl ? await createTestApp(env) : ({} as never);
  const second = redisUrl ? await secondInstance(database, env) : (undefined as never);

  it(`throttles 100 made-up IDs split across both at the same total of ${LIMIT}`, async () => {
    expectThrottledAfter(await enumerate([first, second], freshAddress()), LIMIT);
  });
});

describe('staff sign-in lockout across instances (counted in PostgreSQL)', async () => {
  const { app: first, database } = await createTestApp();
  const second = await secondInstance(database, {});

  it(`locks a user name from one address after ${LOGIN_THROTTLE.pairMaxFailures} failures split across both instances`, async () => {
    const staff = await insertStaff(database.db, { role: 'SUPPORT' });
    const address = freshAddress();
    const login = (app: App, password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { userName: staff.userName, password },
        remoteAddress: address,
      });
    const statuses = [];
    for (let i = 1; i <= LOGIN_THROTTLE.pairMaxFailures; i += 1)
      statuses.push((await login(i % 2 ? first : second, `Wrong${i}abc`)).statusCode);
    expect(statuses).toEqual([...Array(LOGIN_THROTTLE.pairMaxFailures - 1).fill(401), 429]);
    for (const app of [first, second]) {
      const right = await login(app, TEST_STAFF_PASSWORD);
      expect(right.statusCode).toBe(429);
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    }
  });
});
