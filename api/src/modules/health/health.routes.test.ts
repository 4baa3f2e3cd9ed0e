import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { reachableTestRedis } from '../../../test/redis.js';
import { createTestApp, TEST_SECRET } from '../../../test/test-app.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config/config.js';
import { openDatabase } from '../../db/pool.js';

const redisUrl = await reachableTestRedis('the readiness check with Redis configured');
const { app } = await createTestApp();

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 1;
}

describe('health checks', () => {
  it('GET /health: liveness and the database, as before', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', database: 'up' });
  });

  it('GET /health/live: the process answers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success' });
  });

  it('GET /health/ready: the database is up and Redis is not configured', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      database: 'up',
      redis: 'not-configured',
      overloaded: false,
    });
  });

  it.skipIf(!redisUrl)('GET /health/ready checks Redis when REDIS_URL is set', async () => {
    const { app: withRedis } = await createTestApp({ REDIS_URL: redisUrl });
    const res = await withRedis.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', database: 'up', redis: 'up', overloaded: false });
  });

  it('a database that does not answer: not ready and /health 503, but still live', async () => {
    const unreachable = openDatabase(`postgresql://portal@127.0.0.1:${await closedPort()}/portal`, 1);
    const down = await buildApp({
      config: loadConfig({ DATA_DIR: await mkdtemp(path.join(tmpdir(), 'portal-data-')) }),
      db: unreachable.db,
      secret: TEST_SECRET,
      webRoot: await mkdtemp(path.join(tmpdir(), 'portal-no-web-')),
    });
    afterAll(async () => {
      await down.close();
      await unreachable.pool.end();
    });
    const ready = await down.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      status: 'error',
      message: 'قاعدة البيانات غير متاحة حاليا، حاول مرة أخرى بعد قليل',
      database: 'down',
      redis: 'not-configured',
      overloaded: false,
    });
    expect((await down.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(503);
    expect((await down.inject({ method: 'GET', url: '/api/v1/health/live' })).statusCode).toBe(200);
  });
});
