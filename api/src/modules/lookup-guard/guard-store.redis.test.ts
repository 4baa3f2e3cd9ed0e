import { randomUUID } from 'node:crypto';
import { LOOKUP_PROOF_FIELD, MESSAGES } from '@portal/common';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { insertStudent, randomNationalId } from '../../../test/builders.js';
import { reachableTestRedis } from '../../../test/redis.js';
import { createTestApp } from '../../../test/test-app.js';
import { redisGuardStore } from './guard-store.js';

const redisUrl = await reachableTestRedis('the Redis store of the lookup guard');

describe.skipIf(!redisUrl)('redisGuardStore', () => {
  const redis = new Redis(String(redisUrl));
  const prefix = `portal:test:lookup-guard:${randomUUID()}:`;
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it("counts each minute's misses shared by every client, with the previous minute's beside them", async () => {
    let now = 1_800_000_000_000 + 15_000;
    const first = redisGuardStore(redis, prefix, () => now);
    const second = redisGuardStore(redis, prefix, () => now);
    expect(await first.countMiss()).toEqual({ current: 1, previous: 0, elapsed: 0.25 });
    expect(await second.countMiss()).toEqual({ current: 2, previous: 0, elapsed: 0.25 });
    now += 60_000;
    expect(await first.readMisses()).toEqual({ current: 0, previous: 2, elapsed: 0.25 });
    expect(await second.countMiss()).toEqual({ current: 1, previous: 2, elapsed: 0.25 });
    const ttl = await redis.pttl(`${prefix}misses:${Math.floor(now / 60_000)}`);
    expect(ttl).toBeGreaterThan(119_000);
  });

  it('records a proof as used once, until its challenge expires', async () => {
    const store = redisGuardStore(redis, prefix);
    const expiresAt = Math.floor(Date.now() / 1000) + 300;
    expect(await store.spend('a'.repeat(64), expiresAt)).toBe(true);
    expect(await store.spend('a'.repeat(64), expiresAt)).toBe(false);
    expect(await store.spend('b'.repeat(64), expiresAt)).toBe(true);
    expect(await redis.pttl(`${prefix}spent:${'a'.repeat(64)}`)).toBeGreaterThan(290_000);
  });
});

describe('the guard while Redis is unreachable', async () => {
  const { app, database } = await createTestApp({
    REDIS_URL: 'redis://127.0.0.1:1',
    STUDENT_LOOKUP_POW_THRESHOLD: '0',
    STUDENT_LOOKUP_RATE_LIMIT: '10000',
  });
  const lookup = (body: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/api/v1/students/getStudent', payload: body });

  it('counts and refuses replays in PostgreSQL instead of letting lookups through', async () => {
    const student = await insertStudent(database.db);
    expect((await lookup({ nationalID: randomNationalId() })).statusCode).toBe(404);
    const refused = await lookup({ nationalID: student.nationalId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: 'error', message: MESSAGES.lookupProofRequired });

    const challenge = (await app.inject({ method: 'GET', url: '/api/v1/students/lookupChallenge' })).json();
    const solution = await solveChallenge({ challenge, deriveKey });
    const proof = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    expect((await lookup({ nationalID: student.nationalId, [LOOKUP_PROOF_FIELD]: proof })).statusCode).toBe(
      200,
    );
    expect((await lookup({ nationalID: student.nationalId, [LOOKUP_PROOF_FIELD]: proof })).statusCode).toBe(
      403,
    );
  });
});
