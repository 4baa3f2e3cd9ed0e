import { MESSAGES } from '@portal/common';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { apiRequest, lazyParser } from './api-client';
import { setCookie } from './cookies';
import { MAX_RETRIES } from './retry-policy';

const passThrough = { parse: (body: unknown) => body };

describe('apiRequest', () => {
  it('answers success with the parsed body and the status', async () => {
    mockApi({ 'GET /api/v1/things': () => ({ status: 201, body: { status: 'success', n: 1 } }) });
    expect(await apiRequest('/things', { schema: passThrough })).toEqual({
      status: 'success',
      data: { status: 'success', n: 1 },
      httpStatus: 201,
    });
  });

  it('parses with a parser loaded when the answer comes, and reads its failure as unexpected', async () => {
    mockApi({ 'GET /api/v1/things': () => ({ body: { status: 'success', n: 2 } }) });
    const loaded = lazyParser(async () => ({ parse: (body: unknown) => ({ seen: body }) }));
    const missing = lazyParser(() => Promise.reject(new Error('chunk failed')));
    expect(await apiRequest('/things', { schema: loaded })).toMatchObject({
      status: 'success',
      data: { seen: { status: 'success', n: 2 } },
    });
    expect(await apiRequest('/things', { schema: missing })).toMatchObject({
      status: 'error',
      message: MESSAGES.unexpected,
    });
  });

  it('turns a network failure into the network message with status 0', async () => {
    mockApi({
      'GET /api/v1/things': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await apiRequest('/things', { schema: passThrough })).toEqual({
      status: 'error',
      message: MESSAGES.networkError,
      httpStatus: 0,
    });
  });

  it("uses the server's message and status for a failure", async () => {
    mockApi({ 'GET /api/v1/things': () => ({ status: 403, body: { status: 'error', message: 'ممنوع' } }) });
    expect(await apiRequest('/things', { schema: passThrough })).toEqual({
      status: 'error',
      message: 'ممنوع',
      httpStatus: 403,
    });
  });

  it('falls back to the unexpected message when the failure has no message or the shape is wrong', async () => {
    mockApi({
      'GET /api/v1/broken': () => ({ status: 502, body: 'Bad gateway' }),
      'GET /api/v1/odd': () => ({ body: { status: 'success' } }),
    });
    const odd = {
      parse: () => {
        throw new Error('wrong shape');
      },
    };
    expect(await apiRequest('/broken', { schema: passThrough })).toMatchObject({
      message: MESSAGES.unexpected,
    });
    expect(await apiRequest('/odd', { schema: odd })).toMatchObject({
      status: 'error',
      message: MESSAGES.unexpected,
    });
  });

  it('sends the token cookie as a bearer token only on staff calls', async () => {
    setCookie('token', 't0k3n');
    const seen: (string | null)[] = [];
    mockApi({
      'POST /api/v1/things': ({ headers }) => {
        seen.push(headers.get('Authorization'));
        return { body: { status: 'success' } };
      },
    });
    await apiRequest('/things', { method: 'POST', body: {}, auth: true, schema: passThrough });
    await apiRequest('/things', { method: 'POST', body: {}, schema: passThrough });
    expect(seen).toEqual(['Bearer t0k3n', null]);
  });
});

describe('apiRequest when the server is briefly unavailable', () => {
  const busy = { status: 'error', message: MESSAGES.serverBusy };

  /** Stubs fetch with answers given in order (the last one repeats); answers the stub. */
  function answers(...replies: { status: number; body: unknown; retryAfter?: string }[]) {
    const fetchMock = vi.fn(async () => {
      const reply = replies[Math.min(fetchMock.mock.calls.length - 1, replies.length - 1)];
      if (reply === undefined) throw new Error('no reply');
      const headers = new Headers({ 'Content-Type': 'application/json' });
      if (reply.retryAfter !== undefined) headers.set('Retry-After', reply.retryAfter);
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers });
    });
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  /** Runs the request to its end on fake timers; answers the result and the milliseconds waited. */
  async function settle<T>(request: () => Promise<T>) {
    vi.useFakeTimers();
    const start = Date.now();
    const pending = request();
    await vi.runAllTimersAsync();
    return { result: await pending, waited: Date.now() - start };
  }

  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks again after Retry-After and answers the success', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const fetchMock = answers(
      { status: 503, body: busy, retryAfter: '2' },
      { status: 200, body: { status: 'success' } },
    );
    const { result, waited } = await settle(() => apiRequest('/things', { schema: passThrough }));
    expect(result).toMatchObject({ status: 'success', httpStatus: 200 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(waited).toBe(2_000);
  });

  it(`gives up after ${MAX_RETRIES} retries with the server's Arabic message`, async () => {
    const fetchMock = answers({ status: 503, body: busy, retryAfter: '1' });
    const { result } = await settle(() => apiRequest('/things', { schema: passThrough }));
    expect(result).toEqual({ status: 'error', message: MESSAGES.serverBusy, httpStatus: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(1 + MAX_RETRIES);
  });

  it('repeats a POST only when the caller says it is safe to', async () => {
    const write = answers({ status: 503, body: busy, retryAfter: '1' });
    await settle(() => apiRequest('/things', { method: 'POST', body: {}, schema: passThrough }));
    expect(write).toHaveBeenCalledTimes(1);

    const lookup = answers(
      { status: 503, body: busy, retryAfter: '1' },
      { status: 200, body: { status: 'success' } },
    );
    const { result } = await settle(() =>
      apiRequest('/things', { method: 'POST', body: {}, idempotent: true, schema: passThrough }),
    );
    expect(result.status).toBe('success');
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['a 4xx', { status: 429, body: busy, retryAfter: '1' }],
    ['a 503 without Retry-After', { status: 503, body: busy }],
  ])('answers %s at once', async (_, reply) => {
    const fetchMock = answers(reply);
    const { result, waited } = await settle(() => apiRequest('/things', { schema: passThrough }));
    expect(result).toMatchObject({ status: 'error', message: MESSAGES.serverBusy, httpStatus: reply.status });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(waited).toBe(0);
  });
});
