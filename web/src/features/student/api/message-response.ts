import type { ResponseParser } from '@/lib/api-client';

/** `{ status: 'success', message }`, the answer of the student submits; a missing message reads as empty. */
export const messageResponse: ResponseParser<{ message: string }> = {
  parse(body) {
    const message =
      typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
        ? body.message
        : '';
    return { message };
  },
};
