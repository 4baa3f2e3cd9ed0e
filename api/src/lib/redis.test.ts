import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { reachableTestRedis } from '../../test/redis.js';
import { redisAnswers, redisPlugin } from './redis.js';

const redisUrl = await reachableTestRedis('the Redis client tests against a real server');

async function appWith(url: string | undefined) {
  const app = Fastify();
  await app.register(redisPlugin, { url });
  await app.ready();
  return app;
}

describe('redisPlugin', () => {
  it('decorates null without REDIS_URL', async () => {
    const app = await appWith(undefined);
    expect(app.redis).toBeNull();
    await app.close();
  });

  it('starts quickly when Redis is unreachable, and the client says so instead of waiting', async () => {
    // Waiting for the connection would hold the test until its time-out: the start itself is the check.
    const app = await appWith('redis://127.0.0.1:1');
    const client = app.redis;
    if (!client) throw new Error('no client');
    expect(await redisAnswers(client)).toBe(false);
    await app.close();
    // Closed: the client stops trying to reconnect.
    let attempts = 0;
    client.on('connecting', () => {
      attempts += 1;
    });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(attempts).toBe(0);
  });

  it.skipIf(!redisUrl)('opens one client that answers, and closes it with the app', async () => {
    const app = await appWith(redisUrl);
    const client = app.redis;
    if (!client) throw new Error('no client');
    expect(client.status).toBe('ready');
    expect(await redisAnswers(client)).toBe(true);
    await app.close();
    expect(client.status).toBe('end');
  });
});
