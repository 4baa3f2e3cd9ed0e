import { MESSAGES } from '@portal/common';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Redis } from 'ioredis';
import ipaddr from 'ipaddr.js';
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

/**
 * Counts in `primary` (Redis) and, whenever it fails, in `fallback` (this process's memory): while Redis is away
 * each instance still holds every address to the limit on its own, rather than letting every request through.
 */
export function withFallback(primary: WindowCounter, fallback: WindowCounter): WindowCounter {
  return {
    add(key, windowMs, counted) {
      primary.add(key, windowMs, (error, count) => {
        if (error || !count) fallback.add(key, windowMs, counted);
        else counted(null, count);
      });
    },
  };
}

/**
 * The key a client is counted under: an IPv4 address as it is (an IPv4-mapped IPv6 address as its IPv4), an IPv6
 * address by its first `ipv6Prefix` bits, written as the network (`2001:db8:1:2::/64`). One subscriber is handed
 * a whole /64 (2^64 addresses), so counting each IPv6 address apart would be no limit at all.
 */
export function clientKey(address: string, ipv6Prefix: number): string {
  if (!address.includes(':') || !ipaddr.IPv6.isValid(address)) return address;
  const ipv6 = ipaddr.IPv6.parse(address);
  if (ipv6.isIPv4MappedAddress()) return ipv6.toIPv4Address().toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${ipv6.toString()}/${ipv6Prefix}`);
  return `${network.toString()}/${ipv6Prefix}`;
}

interface AddressLimit {
  /** Requests each client address may make in a window. */
  max: number;
  windowMs: number;
  counter: WindowCounter;
  /** IPv6 clients are counted by this many leading bits of their address (`STUDENT_LOOKUP_IPV6_PREFIX`). */
  ipv6Prefix: number;
}

/**
 * An onRequest hook that allows each client address `max` requests per window and answers 429 with the Arabic
 * message past that, with the `x-ratelimit-*` headers on both and `retry-after` on the refusal. A client is its
 * `clientKey` (an IPv6 client by its prefix). A counter that fails answers the request with its error (500): give
 * a Redis counter a memory fallback (`withFallback`) so that a login neither depends on Redis nor escapes the
 * limit while it is away.
 *
 * A callback rather than an async hook, and without @fastify/rate-limit: its hook awaited three promises and
 * rebuilt the route's options on every request: 4.6 µs of a login's 116 (docs/decisions/0010-login-cost.md).
 */
export function addressLimit({ max, windowMs, counter, ipv6Prefix }: AddressLimit) {
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    counter.add(clientKey(request.ip, ipv6Prefix), windowMs, (error, counted) => {
      if (error || !counted) {
        done(error ?? new Error('the request counter gave no count'));
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
