import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { reachableTestRedis } from '../../test/redis.js';
import { errorEnvelope } from '../plugins/error-envelope.js';
import {
  addressLimit,
  clientKey,
  memoryCounter,
  redisCounter,
  type WindowCounter,
  withFallback,
} from './address-limit.js';

const redisUrl = await reachableTestRedis('the Redis counter of the address limit');

async function limitedApp(counter: WindowCounter, max = 2) {
  const app = Fastify();
  await app.register(errorEnvelope);
  app.get(
    '/limited',
    { onRequest: addressLimit({ max, windowMs: 60_000, counter, ipv6Prefix: 64 }) },
    async () => ({ ok: true }),
  );
  await app.ready();
  return app;
}

const from = (app: Awaited<ReturnType<typeof limitedApp>>, remoteAddress: string) =>
  app.inject({ method: 'GET', url: '/limited', remoteAddress });

describe('memoryCounter', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts each key in its own window, which starts with its first request and then starts afresh', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 0 });
    const counter = memoryCounter();
    const seen: unknown[] = [];
    const add = (key: string) => counter.add(key, 1000, (_error, count) => seen.push(count));
    add('a');
    vi.setSystemTime(400);
    add('a');
    add('b');
    vi.setSystemTime(1000);
    add('a');
    expect(seen).toEqual([
      { count: 1, msLeft: 1000 },
      { count: 2, msLeft: 600 },
      { count: 1, msLeft: 1000 },
      { count: 1, msLeft: 1000 },
    ]);
  });

  it('forgets the least recently counted key first when full', () => {
    const counter = memoryCounter(2);
    const counts: number[] = [];
    const add = (key: string) => counter.add(key, 60_000, (_error, count) => counts.push(count?.count ?? 0));
    add('busy');
    add('quiet');
    add('busy');
    add('new');
    add('busy');
    add('quiet');
    expect(counts).toEqual([1, 1, 2, 1, 3, 1]);
  });
});

describe('addressLimit', () => {
  it('lets `max` requests of an address through with the limit headers, then answers 429 in Arabic', async () => {
    const app = await limitedApp(memoryCounter());
    const first = await from(app, '10.0.0.1');
    expect(first.statusCode).toBe(200);
    expect(first.headers).toMatchObject({
      'x-ratelimit-limit': '2',
      'x-ratelimit-remaining': '1',
      'x-ratelimit-reset': '60',
    });
    expect((await from(app, '10.0.0.1')).headers['x-ratelimit-remaining']).toBe('0');
    const refused = await from(app, '10.0.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      status: 'error',
      message: 'عدد كبير من المحاولات، حاول مرة أخرى بعد قليل',
    });
    expect(refused.headers).toMatchObject({ 'x-ratelimit-remaining': '0', 'retry-after': '60' });
    expect((await from(app, '10.0.0.2')).statusCode).toBe(200);
    await app.close();
  });

  it('counts the addresses of one IPv6 /64 together, and an IPv4-mapped address as its IPv4', async () => {
    const app = await limitedApp(memoryCounter());
    expect((await from(app, '2001:db8:1:2::1')).statusCode).toBe(200);
    expect((await from(app, '2001:db8:1:2:ffff:ffff:ffff:fffe')).statusCode).toBe(200);
    expect((await from(app, '2001:db8:1:2:abcd::9')).statusCode).toBe(429);
    expect((await from(app, '2001:db8:1:3::1')).statusCode).toBe(200);
    expect((await from(app, '10.0.0.6')).statusCode).toBe(200);
    expect((await from(app, '::ffff:10.0.0.6')).statusCode).toBe(200);
    expect((await from(app, '::ffff:a00:6')).statusCode).toBe(429);
    await app.close();
  });

  it('refuses with 500 rather than letting requests through unlimited when the counter fails', async () => {
    const failing: WindowCounter = { add: (_key, _window, counted) => counted(new Error('Redis is down')) };
    const app = await limitedApp(failing, 5);
    const answer = await from(app, '10.0.0.3');
    expect(answer.statusCode).toBe(500);
    expect(answer.headers['x-ratelimit-limit']).toBeUndefined();
    await app.close();
  });
});

describe('clientKey', () => {
  it.each([
    ['10.1.2.3', 64, '10.1.2.3'],
    ['::ffff:10.1.2.3', 64, '10.1.2.3'],
    ['2001:db8:aa:bb:1:2:3:4', 64, '2001:db8:aa:bb::/64'],
    ['2001:0DB8:00aa:00bb::ffff', 64, '2001:db8:aa:bb::/64'],
    ['2001:db8:aa:bb:1:2:3:4', 48, '2001:db8:aa::/48'],
    ['2001:db8:aa:bb:1:2:3:4', 128, '2001:db8:aa:bb:1:2:3:4/128'],
    ['fe80::1%eth0', 64, 'fe80::/64'],
    ['not an address', 64, 'not an address'],
  ] as const)('%s with /%i → %s', (address, prefix, key) => {
    expect(clientKey(address, prefix)).toBe(key);
  });
});

describe('withFallback', () => {
  it('counts in memory while the primary counter fails, so the limit still holds', async () => {
    let down = true;
    const primary = memoryCounter();
    const flaky: WindowCounter = {
      add: (key, windowMs, counted) =>
        down ? counted(new Error('Redis is down')) : primary.add(key, windowMs, counted),
    };
    const app = await limitedApp(withFallback(flaky, memoryCounter()));
    expect((await from(app, '10.0.0.7')).statusCode).toBe(200);
    expect((await from(app, '10.0.0.7')).statusCode).toBe(200);
    expect((await from(app, '10.0.0.7')).statusCode).toBe(429);
    down = false;
    expect((await from(app, '10.0.0.7')).headers['x-ratelimit-remaining']).toBe('1');
    await app.close();
  });
});

describe.skipIf(!redisUrl)('redisCounter', () => {
  const redis = new Redis(String(redisUrl));
  const prefix = `portal:test:address-limit:${randomUUID()}:`;
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('counts every client of one Redis together under the prefix, the key expiring with the window', async () => {
    const app = await limitedApp(redisCounter(redis, prefix));
    const other = await limitedApp(redisCounter(redis, prefix));
    expect((await from(app, '10.0.0.4')).statusCode).toBe(200);
    expect((await from(other, '10.0.0.4')).statusCode).toBe(200);
    expect((await from(app, '10.0.0.4')).statusCode).toBe(429);
    expect(await redis.get(`${prefix}10.0.0.4`)).toBe('3');
    const ttl = await redis.pttl(`${prefix}10.0.0.4`);
    expect(ttl).toBeGreaterThan(59_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    await Promise.all([app.close(), other.close()]);
  });

  it('gives a key that lost its expiry the window again instead of counting it for ever', async () => {
    await redis.set(`${prefix}10.0.0.5`, '7');
    const app = await limitedApp(redisCounter(redis, prefix), 10);
    expect((await from(app, '10.0.0.5')).headers['x-ratelimit-remaining']).toBe('2');
    expect(await redis.pttl(`${prefix}10.0.0.5`)).toBeGreaterThan(59_000);
    await app.close();
  });
});
