import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4 } from 'node:net';
import { MESSAGES } from '@portal/common';
import type { FastifyInstance, FastifyRequest, onResponseHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from '../lib/app-error.js';

/** The path Prometheus scrapes. */
export const METRICS_PATH = '/api/v1/metrics';

/** Latency buckets in seconds: from a cached lookup (a few ms) to a large export or PDF (tens of seconds). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Label of requests no route matched (404s), so probing random paths cannot grow the series without bound. */
const UNMATCHED = 'unmatched';

const LABEL_NAMES = ['method', 'route', 'status_code'] as const;
type Labels = Record<(typeof LABEL_NAMES)[number], string>;

/** Answers recorded but not yet handed to prom-client, at most this many. */
export const ANSWERS_PER_BATCH = 1000;

/**
 * Answers are handed to prom-client in batches. Called once per answer, its label handling (checking and hashing
 * the label set for the counter and again for the histogram) was 3.4 % of the CPU of a login in a profile under
 * load; applied in one loop it is 0.3 %, and appending a duration to its series 0.7 %. The batch is applied before
 * every scrape (the metrics' `collect`) and every ANSWERS_PER_BATCH answers, so the exposition is the same.
 * A series is found by route, method and status in turn, each a string or number the answer already holds, rather
 * than by a key string built for every answer.
 */
export function batchedAnswers(requests: Counter<keyof Labels>, latency: Histogram<keyof Labels>) {
  type Series = { labels: Labels; seconds: number[] };
  const byRoute = new Map<string, Map<string, Map<number, Series>>>();
  // In the order the answers came, which is the order prom-client then exposes them in.
  const series: Series[] = [];
  let size = 0;
  const flush = () => {
    for (const { labels, seconds } of series) {
      requests.inc(labels, seconds.length);
      for (const value of seconds) latency.observe(labels, value);
    }
    byRoute.clear();
    series.length = 0;
    size = 0;
  };
  return {
    record(method: string, route: string, statusCode: number, elapsedMs: number) {
      let byMethod = byRoute.get(route);
      if (!byMethod) {
        byMethod = new Map();
        byRoute.set(route, byMethod);
      }
      let byStatus = byMethod.get(method);
      if (!byStatus) {
        byStatus = new Map();
        byMethod.set(method, byStatus);
      }
      let answered = byStatus.get(statusCode);
      if (!answered) {
        answered = { labels: { method, route, status_code: String(statusCode) }, seconds: [] };
        byStatus.set(statusCode, answered);
        series.push(answered);
      }
      answered.seconds.push(elapsedMs / 1000);
      size += 1;
      if (size >= ANSWERS_PER_BATCH) flush();
    },
    flush,
  };
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

function isLoopback(address: string): boolean {
  // A dual-stack listener reports an IPv4 peer as ::ffff:127.0.0.1.
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return isIPv4(v4) ? LOOPBACK.check(v4, 'ipv4') : LOOPBACK.check(address, 'ipv6');
}

/**
 * Whether every address the request names is loopback: the connection's and each one a proxy wrote in
 * X-Forwarded-For or X-Real-IP. Independent of TRUST_PROXY on purpose: a proxy on the same machine connects from
 * loopback for every client, and with every hop trusted a client could name 127.0.0.1 in X-Forwarded-For itself;
 * here the client's own address, which the proxy adds, still refuses it. A `Forwarded` header is not read, so it
 * refuses too.
 */
export function fromLoopbackOnly(request: Pick<FastifyRequest, 'socket' | 'headers'>): boolean {
  const { headers } = request;
  if (headers.forwarded !== undefined) return false;
  const named = [headers['x-forwarded-for'], headers['x-real-ip']]
    .flat()
    .flatMap((value) => (value === undefined ? [] : value.split(',')))
    .map((address) => address.trim());
  return [request.socket.remoteAddress ?? '', ...named].every(isLoopback);
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function carriesToken(request: Pick<FastifyRequest, 'headers'>, token: string): boolean {
  const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

export interface MetricsOptions {
  /** Besides loopback, a scrape with this bearer token is answered (METRICS_TOKEN); none: loopback only. */
  token?: string | undefined;
  /** The database pool whose use is reported; none for a test double. */
  pool?: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'> & { options?: { max?: number } };
}

/**
 * `GET /api/v1/metrics` in Prometheus' text format, per instance (each instance is scraped on its own address):
 * - `portal_http_requests_total` and `portal_http_request_duration_seconds` (histogram), labelled by method,
 *   route pattern (e.g. `/api/v1/students/photo/:id/:kind`, never the raw URL) and status code;
 * - `portal_db_pool_connections{state=total|idle|busy|max}` and `portal_db_pool_waiting_clients`;
 * - Node.js' defaults: event-loop lag (`nodejs_eventloop_lag_seconds` and its percentiles), heap, CPU, handles.
 *
 * It answers a scrape from this machine (`fromLoopbackOnly`) or one carrying `Authorization: Bearer METRICS_TOKEN`;
 * any other gets 403: the route names, pool use and memory are for the operators, not the students. The
 * deployment's nginx also passes it only from the monitoring host (deploy/nginx/portal.conf).
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, options: MetricsOptions) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });

    const requests = new Counter({
      name: 'portal_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code',
      labelNames: LABEL_NAMES,
      registers: [registry],
      collect: () => answers.flush(),
    });
    const latency = new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time from receiving a request to sending the last byte of its answer, in seconds',
      labelNames: LABEL_NAMES,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
      collect: () => answers.flush(),
    });
    const answers = batchedAnswers(requests, latency);

    const pool = options.pool;
    if (pool) {
      new Gauge({
        name: 'portal_db_pool_connections',
        help: 'Connections of the PostgreSQL pool: total open, idle, busy (checked out), and the configured max',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'busy' }, pool.totalCount - pool.idleCount);
          const max = pool.options?.max;
          if (typeof max === 'number') this.set({ state: 'max' }, max);
        },
      });
      new Gauge({
        name: 'portal_db_pool_waiting_clients',
        help: 'Queries waiting for a free connection of the PostgreSQL pool',
        registers: [registry],
        collect() {
          this.set(pool.waitingCount);
        },
      });
    }

    // Each route records under its own pattern, known when it is added: reading `request.routeOptions` in one
    // hook for all routes built a new object of twelve fields on every answer.
    app.addHook('onRoute', (route) => {
      const pattern = route.url;
      const record: onResponseHookHandler = (request, reply, done) => {
        answers.record(request.method, pattern, reply.statusCode, reply.elapsedTime);
        done();
      };
      route.onResponse = route.onResponse ? [route.onResponse, record].flat() : record;
    });
    app.addHook('onResponse', (request, reply, done) => {
      if (request.is404) answers.record(request.method, UNMATCHED, reply.statusCode, reply.elapsedTime);
      done();
    });

    app.get(
      METRICS_PATH,
      {
        schema: { tags: ['health'], summary: 'Prometheus metrics of this instance (text exposition format)' },
      },
      async (request, reply) => {
        const { token } = options;
        if (!fromLoopbackOnly(request) && !(token && carriesToken(request, token)))
          throw new AppError(403, MESSAGES.forbidden);
        const body = await registry.metrics();
        return reply.type(registry.contentType).header('cache-control', 'no-store').send(body);
      },
    );
  },
  { name: 'portal-metrics' },
);
