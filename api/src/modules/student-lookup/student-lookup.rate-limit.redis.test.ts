import { randomInt } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { insertStudent } from '../../../test/builders.js';
import { reachableTestRedis } from '../../../test/redis.js';
import { createTestApp, TEST_SECRET } from '../../../test/test-app.js';
import { type App, buildApp } from '../../app.js';
import { loadConfig } from '../../config/config.js';
import { LOOKUP_COUNT_PREFIX } from './student-lookup.routes.js';

const redisUrl = await reachableTestRedis('the shared (Redis) getStudent rate-limit tests');

/** A client address no other test run uses at the same time (the embedded and external runs share Redis). */
const freshAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

function lookup(app: App, nationalID: string, remoteAddress: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/students/getStudent',
    payload: { nationalID },
    remoteAddress,
  });
}

/** A second instance of the portal on the first one's database, with its own environment. */
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

describe.skipIf(!redisUrl)('getStudent rate limit shared through Redis (REDIS_URL)', async () => {
  const env = { STUDENT_LOOKUP_RATE_LIMIT: '3', REDIS_URL: redisUrl };
  const { app: first, database } = redisUrl ? await createTestApp(env) : ({} as never);
  const second = redisUrl ? await secondInstance(database, env) : (undefined as never);

  it('counts the lookups of one address on every instance together', async () => {
    const student = await insertStudent(database.db);
    const address = freshAddress();
    expect((await lookup(first, student.nationalId, address)).statusCode).toBe(200);
    expect((await lookup(second, student.nationalId, address)).statusCode).toBe(200);
    expect((await lookup(first, '29912319999999', address)).statusCode).toBe(404);
    const limited = await lookup(second, student.nationalId, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      status: 'error',
      message: 'عدد كبير من المحاولات، حاول مرة أخرى بعد قليل',
    });
    expect((await lookup(first, student.nationalId, address)).statusCode).toBe(429);
    expect((await lookup(first, student.nationalId, freshAddress())).statusCode).toBe(200);

    // The counter is a Redis key under the portal's prefix, expiring with the window.
    const inspect = new Redis(String(redisUrl));
    const keys = await inspect.keys(`portal:rate-limit:*${address}`);
    expect(keys).toEqual([`${LOOKUP_COUNT_PREFIX}${address}`]);
    expect(await inspect.get(`${LOOKUP_COUNT_PREFIX}${address}`)).toBe('5');
    const ttl = await inspect.pttl(`${LOOKUP_COUNT_PREFIX}${address}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
    await inspect.quit();
  });
});

describe('getStudent rate limit while Redis is unreachable', async () => {
  const env = { STUDENT_LOOKUP_RATE_LIMIT: '2', REDIS_URL: 'redis://127.0.0.1:1' };
  const { app, database } = await createTestApp(env);

  it("counts in the instance's memory (never lets lookups through) and readiness reports Redis down", async () => {
    const student = await insertStudent(database.db);
    for (let i = 0; i < 2; i += 1) {
      expect((await lookup(app, student.nationalId, '10.9.9.9')).statusCode).toBe(200);
    }
    const limited = await lookup(app, student.nationalId, '10.9.9.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      status: 'error',
      message: 'عدد كبير من المحاولات، حاول مرة أخرى بعد قليل',
    });
    expect((await lookup(app, student.nationalId, '10.9.9.10')).statusCode).toBe(200);
    const ready = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'error', database: 'up', redis: 'down' });
  });
});
