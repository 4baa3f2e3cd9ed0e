import underPressure from '@fastify/under-pressure';
import { MESSAGES } from '@portal/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/config.js';
import { METRICS_PATH } from './metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether new requests are being refused for overload right now (readiness reports it). */
    isOverloaded(): boolean;
  }
}

/**
 * Routes that answer whatever the pressure: liveness (an orchestrator must not restart a busy but healthy
 * instance), metrics (the busy moment is when they matter) and readiness, which reports the pressure itself so
 * a balancer sends the instance less.
 */
const EXEMPT = new Set(['/api/v1/health/live', '/api/v1/health/ready', METRICS_PATH]);

const API_PREFIX = '/api/';

export interface OverloadOptions {
  limits: Config['overload'];
}

/** Whether the in-flight cap counts the request: an API route other than the exempt ones. */
function isCapped(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return route?.startsWith(API_PREFIX) === true && !EXEMPT.has(route);
}

/** How long after the in-flight cap refused a request the instance still reports itself overloaded. */
const REFUSED_RECENTLY_MS = 1000;

/**
 * Counts this process's API requests from their arrival until their answer is sent or their connection is gone,
 * and refuses new ones while `max` are in flight; answers whether it is full or refused one lately. A place is
 * given back on the response's 'close' (sent, or its connection ended) or on the socket's 'close': a pipelined
 * request whose connection dies before its turn sees neither 'finish' nor 'close' on its response, and would
 * otherwise keep its place for ever.
 */
function capInFlight(app: FastifyInstance, max: number, refuse: (reply: FastifyReply) => FastifyReply) {
  let inFlight = 0;
  let lastRefusedAt = Number.NEGATIVE_INFINITY;
  app.addHook('onRequest', (request, reply, done) => {
    if (!isCapped(request)) return done();
    if (inFlight >= max) {
      lastRefusedAt = performance.now();
      refuse(reply);
      return;
    }
    inFlight += 1;
    const socket = request.raw.socket;
    let held = true;
    // Both events can come in one emit (a socket's 'close' closes its response), so the place is given once;
    // giving it back removes both listeners, so they need not be `once` ones.
    const release = () => {
      if (!held) return;
      held = false;
      inFlight -= 1;
      reply.raw.off('close', release);
      socket.off('close', release);
    };
    reply.raw.on('close', release);
    socket.on('close', release);
    done();
  });
  // Under a flood the count sits just below the cap most of the time, as each answer frees a place that the
  // next request takes; a readiness probe would seldom catch it at the cap.
  return () => inFlight >= max || performance.now() - lastRefusedAt < REFUSED_RECENTLY_MS;
}

/**
 * Load shedding: new requests are answered at once with 503, `Retry-After` and the Arabic busy message in the
 * error envelope, instead of joining a queue that grows without bound, while
 * - this process already has `maxInFlight` API requests in flight: a flood of logins queues for the database
 *   pool, where the event loop stays responsive and the figures below stay low while every request waits
 *   seconds (bench/overload.mjs), or
 * - the event loop lags, is busier, or the heap or RSS is larger than configured (sampled every second by
 *   @fastify/under-pressure).
 * Either way only API requests are refused; pages and static files are always served.
 * The instance takes work again by itself as soon as it is back under its limits.
 */
export const overloadProtection = fp(
  async (app: FastifyInstance, { limits }: OverloadOptions) => {
    const busy = JSON.stringify({ status: 'error', message: MESSAGES.serverBusy });
    const retryAfter = String(limits.retryAfterSeconds);
    // Sent from the hook without an error thrown, and the connection closed after it: a client that ignores
    // Retry-After must connect again before it can ask again. With the connection kept open, 4,000 such clients
    // (autocannon) had the process answering thousands of 503s a second while the logins it had taken waited
    // for their turn at the database: 20-50 logins/s served, against 2,100 with the close. Behind nginx only
    // nginx's connection to the instance is closed, not the browser's.
    const refuse = (reply: FastifyReply) =>
      reply
        .code(503)
        .header('retry-after', retryAfter)
        .header('connection', 'close')
        .type('application/json; charset=utf-8')
        .send(busy);

    await app.register(underPressure, {
      maxEventLoopDelay: limits.maxEventLoopDelayMs,
      maxEventLoopUtilization: limits.maxEventLoopUtilization,
      maxHeapUsedBytes: limits.maxHeapBytes,
      maxRssBytes: limits.maxRssBytes,
      // Only API work is shed. The pages and their files are small, cached and served from disk, and they are what
      // lets the browser show the Arabic busy message and try again by itself; refused, a student on a surge day
      // would see a bare JSON line where the portal should be.
      pressureHandler: async (request, reply) => {
        if (isCapped(request)) refuse(reply);
      },
    });
    const capReached = limits.maxInFlight > 0 ? capInFlight(app, limits.maxInFlight, refuse) : () => false;
    app.decorate('isOverloaded', () => app.isUnderPressure() || capReached());
  },
  {
    name: 'portal-overload-protection',
    // After metrics and the security headers, so the 503s it sends are counted and carry the headers.
    dependencies: ['portal-metrics', 'portal-security-headers'],
  },
);
