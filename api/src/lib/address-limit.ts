import { MESSAGES } from '@portal/common';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Redis } from 'ioredis';
import { LruMap } from 'toad-cache';
import { AppError } from './app-error.js';

/** One client address's requests in the current window, and the milliseconds left until the window ends. */
export interface WindowCount {
  count: number;
  msLeft: number;
}

/** Counts a request of `key` in a fixed window of `windowMs`, the window starting with the key's first request. */
export interface WindowCounter {
  add(key: string, windowMs: number, counted: (error: Error | null, count?: WindowCount) => void): void;
}

/** Keys this process remembers at most: the least recently seen are forgotten first, never a busy attacker. */
const MEMORY_KEYS = 5000;

/** Counts in this process's memory: the limit of a single instance. */
export function memoryCounter(capacity = MEMORY_KEYS): WindowCounter {
  const windows = new LruMap<{ count: number; endsAt: number }>(capacity);
  return {
    add(key, windowMs, counted) {
      const now = Date.now();
      let window = windows.get(key);
      if (!window || window.endsAt <= now) {
        window = { count: 0, endsAt: now + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      counted(null, { count: window.count, msLeft: window.endsAt - now });
    },
  };
}

/** Increments the key and gives it the window as its time to live when it is new (or has somehow lost it). */
const COUNT_IN_WINDOW = `
  local count = redis.call('INCR', KEYS[1])
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then
    redis.call('PEXPIRE', KEYS[1], ARGV[1])
    ttl = tonumber(ARGV[1])
  end
  return {count, ttl}`;

interface CountingRedis extends Redis {
  portalCountInWindow(
    key: string,
    windowMs: number,
    callback: (error: Error | null | undefined, result?: [number, number]) => void,
  ): void;
}

/**
 * Counts in Redis under `prefix` + key, one round trip per request (a script, so the count and its expiry are
 * set together): the limit of every instance together.
 */
export function redisCounter(redis: Redis, prefix: string): WindowCounter {
  if (!('portalCountInWindow' in redis))
    redis.defineCommand('portalCountInWindow', { numberOfKeys: 1, lua: COUNT_IN_WINDOW });
  const counting = redis as CountingRedis;
  return {
    add(key, windowMs, counted) {
      counting.portalCountInWindow(`${prefix}${key}`, windowMs, (error, result) => {
        if (error || !result) counted(error ?? new Error('Redis gave no count'));
        else counted(null, { count: result[0], msLeft: result[1] });
      });
    },
  };
}

interface AddressLimit {
  /** Requests each client address may make in a window. */
  max: number;
  windowMs: number;
  counter: WindowCounter;
}

/**
 * An onRequest hook that allows each client address `max` requests per window and answers 429 with the Arabic
 * message past that, with the `x-ratelimit-*` headers on both and `retry-after` on the refusal. When the counter
 * fails (Redis unreachable), the request is let through: a login must not depend on Redis.
 *
 * A callback rather than an async hook, and without @fastify/rate-limit: its hook awaited three promises and
 * rebuilt the route's options on every request: 4.6 µs of a login's 116 (docs/decisions/0010-login-cost.md).
 */
export function addressLimit({ max, windowMs, counter }: AddressLimit) {
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    counter.add(request.ip, windowMs, (error, counted) => {
      if (error || !counted) {
        done();
        return;
      }
      const resetSeconds = Math.ceil(counted.msLeft / 1000);
      reply.header('x-ratelimit-limit', max);
      reply.header('x-ratelimit-remaining', Math.max(0, max - counted.count));
      reply.header('x-ratelimit-reset', resetSeconds);
      if (counted.count <= max) {
        done();
        return;
      }
      reply.header('retry-after', resetSeconds);
      done(new AppError(429, MESSAGES.tooManyRequests));
    });
  };
}
