import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** The path Prometheus scrapes. */
export const METRICS_PATH = '/api/v1/metrics';

/** Latency buckets in seconds: from a cached lookup (a few ms) to a large export or PDF (tens of seconds). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Label of requests no route matched (404s), so probing random paths cannot grow the series without bound. */
const UNMATCHED = 'unmatched';

/** The pg pool under a Drizzle database (its `$client`), if it is one. */
export function poolOf(db: object): pg.Pool | undefined {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

export interface MetricsOptions {
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
 * The route is public like the health checks; the deployment's nginx answers it only to the monitoring network
 * (deploy/nginx/portal.conf).
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, options: MetricsOptions) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });

    const labelNames = ['method', 'route', 'status_code'] as const;
    const requests = new Counter({
      name: 'portal_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code',
      labelNames,
      registers: [registry],
    });
    const latency = new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time from receiving a request to sending the last byte of its answer, in seconds',
      labelNames,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });

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

    app.addHook('onResponse', async (request, reply) => {
      const labels = {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED,
        status_code: String(reply.statusCode),
      };
      requests.inc(labels);
      latency.observe(labels, reply.elapsedTime / 1000);
    });

    app.get(
      METRICS_PATH,
      {
        schema: { tags: ['health'], summary: 'Prometheus metrics of this instance (text exposition format)' },
      },
      async (_request, reply) => {
        const body = await registry.metrics();
        return reply.type(registry.contentType).header('cache-control', 'no-store').send(body);
      },
    );
  },
  { name: 'metrics' },
);
