import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { insertStudent } from '../../test/builders.js';
import { createTestApp } from '../../test/test-app.js';
import { ANSWERS_PER_BATCH, batchedAnswers } from './metrics.js';

const METRICS_TOKEN = 'metrics-token-long-enough-for-the-setting';
const { app, database } = await createTestApp({ STUDENT_LOOKUP_RATE_LIMIT: '1000', METRICS_TOKEN });
const withoutToken = await createTestApp();

/** The value of one sample line of the exposition, e.g. `name{a="b"}`; undefined when absent. */
function sample(body: string, series: string): number | undefined {
  const line = body.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /api/v1/metrics', () => {
  it('answers Prometheus text with request counts and latency histograms per route pattern', async () => {
    const student = await insertStudent(database.db);
    for (let i = 0; i < 3; i += 1) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/students/getStudent',
        payload: { nationalID: student.nationalId },
      });
      expect(res.statusCode).toBe(200);
    }
    await app.inject({ method: 'GET', url: `/api/v1/students/photo/${student.id}/personalPhoto` });
    await app.inject({ method: 'GET', url: '/api/v1/no-such-route/12345' });

    const res = await app.inject({ method: 'GET', url: '/api/v1/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = res.body;

    const getStudent = 'method="POST",route="/api/v1/students/getStudent",status_code="200"';
    expect(sample(body, `portal_http_requests_total{${getStudent}}`)).toBe(3);
    expect(sample(body, `portal_http_request_duration_seconds_count{${getStudent}}`)).toBe(3);
    expect(sample(body, `portal_http_request_duration_seconds_bucket{le="+Inf",${getStudent}}`)).toBe(3);
    expect(body).toContain('# TYPE portal_http_request_duration_seconds histogram');
    // Route patterns, never raw paths: an id in the URL does not make a new series.
    expect(body).toContain('route="/api/v1/students/photo/:id/:kind"');
    expect(body).not.toContain(student.id);
    expect(body).toContain('route="unmatched",status_code="404"');
    expect(body).not.toContain('no-such-route');
  });

  it('reports the database pool and the event loop lag', async () => {
    const body = (await app.inject({ method: 'GET', url: '/api/v1/metrics' })).body;
    expect(sample(body, 'portal_db_pool_connections{state="max"}')).toBe(5);
    expect(sample(body, 'portal_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(sample(body, 'portal_db_pool_connections{state="busy"}')).toBeGreaterThanOrEqual(0);
    expect(sample(body, 'portal_db_pool_waiting_clients')).toBe(0);
    expect(sample(body, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(body).toContain('nodejs_eventloop_lag_p99_seconds');
  });
});

describe('who GET /api/v1/metrics answers', () => {
  const scrape = (target: typeof app, remoteAddress: string, headers: Record<string, string> = {}) =>
    target.inject({ method: 'GET', url: '/api/v1/metrics', remoteAddress, headers });

  it.each([
    ['IPv4 loopback', '127.0.0.1', {}],
    ['another IPv4 loopback address', '127.3.2.1', {}],
    ['IPv6 loopback', '::1', {}],
    ['IPv4 loopback on a dual-stack listener', '::ffff:127.0.0.1', {}],
    ['a proxy on this machine forwarding a loopback scrape', '127.0.0.1', { 'x-forwarded-for': '127.0.0.1' }],
  ])('answers %s', async (_, remoteAddress, headers) => {
    const res = await scrape(withoutToken.app, remoteAddress, headers);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('nodejs_eventloop_lag_seconds');
  });

  it.each([
    ['another machine', '203.0.113.9', {}],
    ['a private network address', '10.0.0.8', {}],
    ['a proxy on this machine forwarding another client', '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }],
    [
      'a client claiming loopback through a proxy',
      '127.0.0.1',
      { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' },
    ],
    ['a proxy naming the client in X-Real-IP', '127.0.0.1', { 'x-real-ip': '203.0.113.9' }],
    ['a proxy writing a Forwarded header', '127.0.0.1', { forwarded: 'for=127.0.0.1' }],
    [
      'another machine with a token when none is set',
      '203.0.113.9',
      { authorization: `Bearer ${METRICS_TOKEN}` },
    ],
  ])('refuses %s with 403 in Arabic', async (_, remoteAddress, headers) => {
    const res = await scrape(withoutToken.app, remoteAddress, headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'error', message: 'غير مسموح لك بالقيام بهذا الإجراء' });
    expect(res.body).not.toContain('nodejs');
  });

  it('answers another machine carrying the bearer METRICS_TOKEN, and refuses a wrong one', async () => {
    const right = await scrape(app, '203.0.113.9', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('portal_http_requests_total');
    for (const authorization of [
      `Bearer ${METRICS_TOKEN}x`,
      `Bearer ${METRICS_TOKEN.slice(1)}`,
      METRICS_TOKEN,
      '',
    ]) {
      const wrong = await scrape(app, '203.0.113.9', { authorization });
      expect(wrong.statusCode, authorization).toBe(403);
    }
  });
});

describe('batchedAnswers', () => {
  const labelNames = ['method', 'route', 'status_code'] as const;
  function answerMetrics() {
    const registry = new Registry();
    const requests = new Counter({ name: 'answers_total', help: 'h', labelNames, registers: [registry] });
    const latency = new Histogram({
      name: 'answer_seconds',
      help: 'h',
      labelNames,
      buckets: [0.01, 0.1, 1],
      registers: [registry],
    });
    return { registry, requests, latency };
  }
  const answers: [string, string, number, number][] = [
    ['POST', '/a', 200, 4],
    ['POST', '/a', 200, 40],
    ['GET', '/a', 200, 400],
    ['POST', '/a', 404, 1],
    ['POST', '/b', 200, 4000],
  ];

  it('exposes, once flushed, exactly what counting each answer directly exposes', async () => {
    const direct = answerMetrics();
    for (const [method, route, status, ms] of answers) {
      const labels = { method, route, status_code: String(status) };
      direct.requests.inc(labels);
      direct.latency.observe(labels, ms / 1000);
    }
    const batched = answerMetrics();
    const recorder = batchedAnswers(batched.requests, batched.latency);
    for (const answer of answers) recorder.record(...answer);
    recorder.flush();
    expect(await batched.registry.metrics()).toBe(await direct.registry.metrics());
  });

  it(`hands a full batch of ${ANSWERS_PER_BATCH} over without waiting for a scrape`, async () => {
    const { requests, latency } = answerMetrics();
    const recorder = batchedAnswers(requests, latency);
    const total = async () => (await requests.get()).values.reduce((sum, { value }) => sum + value, 0);
    for (let i = 1; i < ANSWERS_PER_BATCH; i += 1) recorder.record('GET', '/a', 200, 1);
    expect(await total()).toBe(0);
    recorder.record('GET', '/a', 200, 1);
    expect(await total()).toBe(ANSWERS_PER_BATCH);
  });
});
