import { MESSAGES } from '@portal/common';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';

const { app } = await createTestApp();
const LOOKUP = '/api/v1/students/getStudent';

describe('input guard', () => {
  it('refuses text PostgreSQL cannot store, in the body, the query or the path, with 400 in Arabic', async () => {
    const answers = await Promise.all([
      app.inject({ method: 'POST', url: LOOKUP, payload: { nationalID: '3010101\u00001234567' } }),
      app.inject({
        method: 'POST',
        url: LOOKUP,
        payload: '{"nationalID":"30101\\udc0001"}',
        headers: { 'content-type': 'application/json' },
      }),
      app.inject({ method: 'POST', url: '/api/v1/students/getAllStudents?page=1%00' }),
      app.inject({ method: 'GET', url: '/api/v1/colleges/tourism/%00/programs' }),
    ]);
    for (const res of answers.slice(0, 2)) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 'error', message: MESSAGES.textUnstorable });
    }
    expect(answers[3]?.json()).toEqual({ status: 'error', message: MESSAGES.textUnstorable });
    // A staff route still answers 401 first: the guard runs after authentication.
    expect(answers[2]?.statusCode).toBe(401);
  });

  it('lets well-formed text through, emoji and Arabic included', async () => {
    const res = await app.inject({ method: 'POST', url: LOOKUP, payload: { nationalID: 'رقم😀' } });
    expect(res.statusCode).toBe(404);
  });

  it('answers a text/plain body 415', async () => {
    const res = await app.inject({
      method: 'POST',
      url: LOOKUP,
      payload: '30101011234567',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ status: 'error', message: MESSAGES.unsupportedMediaType });
  });

  it("gives the router's own refusals (bad percent-encoding, an over-long parameter) the Arabic envelope", async () => {
    for (const url of ['/api/v1/forms/verify/%E0%A4%A', `/api/v1/forms/verify/${'a'.repeat(2000)}`]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 'error', message: MESSAGES.invalidInput });
    }
  });
});
