import { MESSAGES } from '@portal/common';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { apiRequest } from './api-client';
import { setCookie } from './cookies';

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
