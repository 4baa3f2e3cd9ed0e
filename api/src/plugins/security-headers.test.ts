import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { insertStudent } from '../../test/builders.js';
import { createTestApp } from '../../test/test-app.js';
import { HELMET_OPTIONS, helmetHeaders } from './security-headers.js';

const { app, database } = await createTestApp({ STUDENT_LOOKUP_RATE_LIMIT: '10000' });
const behindProxy = await createTestApp({ TRUST_PROXY: '1', STUDENT_LOOKUP_RATE_LIMIT: '10000' });
const overHttps = await createTestApp({ PUBLIC_URL: 'https://admission.example.edu/' });

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

describe('the Content-Security-Policy', () => {
  it.each([
    ['the web app (index.html of a deep link)', '/stAdmission/student/dashboard'],
    ['an API answer', '/api/v1/colleges'],
    ['an API error', '/api/v1/students/question/not-a-uuid'],
    ['an unknown API path', '/api/v1/nothing-here'],
    ['the OpenAPI browser', '/api/docs/static/index.html'],
  ])('on %s lets no inline or evaluated script run', async (_, url) => {
    const res = await app.inject({ method: 'GET', url });
    const csp = directives(res.headers['content-security-policy']);
    const scripts = csp.get('script-src') ?? csp.get('default-src');
    expect(scripts).toBeDefined();
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(scripts).not.toContain('*');
    expect(csp.get('object-src')).toEqual(["'none'"]);
  });
});

describe("helmet's headers, computed once", () => {
  it('are exactly those helmet writes on a real response', () => {
    const response = new ServerResponse(new IncomingMessage(new Socket()));
    helmet(HELMET_OPTIONS)(response.req, response, () => undefined);
    const written = Object.fromEntries(
      Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]),
    );
    expect(helmetHeaders(HELMET_OPTIONS)).toEqual(written);
    expect(Object.keys(written)).toEqual(
      expect.arrayContaining(['x-content-type-options', 'x-frame-options', 'referrer-policy']),
    );
  });

  const lookup = (nationalID: string) => ({
    method: 'POST' as const,
    url: '/api/v1/students/getStudent',
    payload: { nationalID },
  });
  it.each([
    ['a login', async () => lookup((await insertStudent(database.db)).nationalId)],
    ['an unknown national ID', async () => lookup('29001011234567')],
    ['a validation error', async () => lookup('')],
    ['an unknown API path', async () => ({ method: 'GET' as const, url: '/api/v1/nothing-here' })],
    ['the web app', async () => ({ method: 'GET' as const, url: '/stAdmission/student/dashboard' })],
  ])('are on %s', async (_, request) => {
    const res = await app.inject(await request());
    expect(res.statusCode).not.toBe(500);
    for (const [name, value] of Object.entries(helmetHeaders(HELMET_OPTIONS)))
      expect(res.headers[name], name).toBe(value);
  });
});

describe('the student session cookie', () => {
  async function login(target: typeof app, headers: Record<string, string> = {}) {
    const student = await insertStudent(database.db);
    const res = await target.inject({
      method: 'POST',
      url: '/api/v1/students/getStudent',
      payload: { nationalID: student.nationalId },
      headers,
    });
    expect(res.statusCode).toBe(200);
    return String(res.headers['set-cookie']);
  }

  it('is HttpOnly and SameSite=Lax, and not Secure over plain HTTP', async () => {
    const cookie = await login(app);
    expect(cookie).toMatch(/^studentSession=/);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).not.toMatch(/; Secure/i);
  });

  it('is Secure when the request came over TLS through the trusted proxy (TRUST_PROXY=1)', async () => {
    const student = await insertStudent(behindProxy.database.db);
    const res = await behindProxy.app.inject({
      method: 'POST',
      url: '/api/v1/students/getStudent',
      payload: { nationalID: student.nationalId },
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
    });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
  });

  it('ignores X-Forwarded-Proto from a client when no proxy is trusted', async () => {
    expect(await login(app, { 'x-forwarded-proto': 'https' })).not.toMatch(/; Secure/i);
  });
});

describe('Strict-Transport-Security', () => {
  it.each([
    ['an API answer', '/api/v1/colleges'],
    ['an API error', '/api/v1/nothing-here'],
    ['the web app', '/stAdmission/student/dashboard'],
  ])('pins the host to HTTPS for a year on %s when PUBLIC_URL is https', async (_, url) => {
    const res = await overHttps.app.inject({ method: 'GET', url });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('is not sent while the portal is reached over plain HTTP', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/colleges' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
