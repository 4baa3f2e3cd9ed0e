import { MESSAGES } from '@portal/common';
import { getCookie } from './cookies';
import { type FirstScreenSchemas, loadFirstScreenSchemas } from './load-first-screen-schemas';
import { retryAfterMs, retryDelay } from './retry-policy';

export const API_BASE = '/api/v1';

/** Every call answers this instead of throwing, so a screen handles both outcomes in one place (spec section 8). */
export type ApiResult<T> =
  | { status: 'success'; data: T; httpStatus: number }
  | { status: 'error'; message: string; httpStatus: number };

export type ApiError = Extract<ApiResult<unknown>, { status: 'error' }>;

/**
 * A zod schema from common fits here, and so does a hand-written parser that throws (or rejects) on a wrong shape,
 * or one from lazyParser.
 */
export interface ResponseParser<T> {
  parse(body: unknown): T | Promise<T>;
}

/** A parser whose schema is downloaded when the first answer needs it, such as one of the first screen's schemas. */
export function lazyParser<T>(load: () => Promise<ResponseParser<T>>): ResponseParser<T> {
  return { parse: async (body) => (await load()).parse(body) };
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Staff calls carry the token cookie; the admin login and the student calls do not (spec section 6). */
  auth?: boolean;
  schema: ResponseParser<T>;
  /**
   * Safe to send again when the server is briefly unavailable (503 with Retry-After). GET requests are; a POST
   * is only when it reads, such as the student lookup.
   */
  idempotent?: boolean;
}

export const NETWORK_ERROR_STATUS = 0;

export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<ApiResult<T>> {
  const { method = 'GET', body, auth = false, schema, idempotent = method === 'GET' } = options;
  const headers = new Headers({ Accept: 'application/json' });
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  const token = auth ? getCookie('token') : undefined;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const send = () =>
    fetch(`${API_BASE}${path}`, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  let response: Response;
  let errorEnvelopeSchema: FirstScreenSchemas['errorEnvelopeSchema'];
  try {
    // The envelope's schema comes with zod, outside the first download; it downloads while the request is out.
    [response, { errorEnvelopeSchema }] = await Promise.all([
      sendWithRetries(send, idempotent),
      loadFirstScreenSchemas(),
    ]);
  } catch {
    return { status: 'error', message: MESSAGES.networkError, httpStatus: NETWORK_ERROR_STATUS };
  }

  const payload = await readJson(response);
  const failure = errorEnvelopeSchema.safeParse(payload);
  if (!response.ok || failure.success) {
    const message = failure.success && failure.data.message ? failure.data.message : MESSAGES.unexpected;
    return { status: 'error', message, httpStatus: response.status };
  }
  try {
    return { status: 'success', data: await schema.parse(payload), httpStatus: response.status };
  } catch {
    return { status: 'error', message: MESSAGES.unexpected, httpStatus: response.status };
  }
}

async function sendWithRetries(send: () => Promise<Response>, idempotent: boolean): Promise<Response> {
  let response = await send();
  for (let retriesSoFar = 0; ; retriesSoFar += 1) {
    const delay = retryDelay({
      status: response.status,
      retriesSoFar,
      idempotent,
      retryAfter: retryAfterMs(response.headers.get('Retry-After'), Date.now()),
      random: Math.random(),
    });
    if (delay === undefined) return response;
    await new Promise((resolve) => setTimeout(resolve, delay));
    response = await send();
  }
}

/** A proxy or a crash can answer HTML or nothing; that must read as "unexpected", not throw. */
async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}
