import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp } from '../test/test-app.js';

const { app } = await createTestApp();
// Routes only this file needs, to reach the body parser and the 5xx path through the real error handler.
app.post('/api/v1/test-echo', { schema: { body: z.object({ name: z.string() }) } }, async (request) => ({
  status: 'success',
  name: request.body.name,
}));
app.get('/api/v1/test-boom', async () => {
  throw new Error('secret detail from SELECT * FROM students');
});

describe('error envelope', () => {
  it('answers unknown API routes with the Arabic 404 envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: 'المسار المطلوب غير موجود' });
  });

  it.each([
    ['malformed JSON', 'application/json', '{"name": ', 400, 'صيغة البيانات المرسلة غير صحيحة'],
    ['an empty JSON body', 'application/json', '', 400, 'صيغة البيانات المرسلة غير صحيحة'],
    ['a wrong content type', 'application/xml', '<name>x</name>', 415, 'نوع المحتوى المرسل غير مدعوم'],
    ['a wrong field type', 'application/json', '{"name": 5}', 400, 'البيانات المرسلة غير صحيحة'],
    [
      'a body over 1 MB',
      'application/json',
      JSON.stringify({ name: 'x'.repeat(1_100_000) }),
      413,
      'حجم البيانات المرسلة أكبر من المسموح',
    ],
  ])(
    'refuses %s with the right status and an Arabic message, then keeps serving',
    async (_, type, payload, status, message) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/test-echo',
        headers: { 'content-type': type },
        payload,
      });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ status: 'error', message });
      const health = await app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(health.statusCode).toBe(200);
    },
  );

  it('hides unexpected errors behind the generic Arabic message', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/test-boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: 'error', message: 'حدث خطأ غير متوقع' });
    expect(res.body).not.toContain('secret detail');
  });
});

describe('health', () => {
  it('checks the database', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', database: 'up' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('security headers', () => {
  it('sends a CSP without inline script', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('OpenAPI', () => {
  it('documents the routes from their zod schemas', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/health',
        '/api/v1/colleges',
        '/api/v1/colleges/tourism/{college}/programs',
      ]),
    );
    const ui = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
  });
});

describe('web app serving', () => {
  it.each(['/', '/stAdmission'])('redirects %s to the web app', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/stAdmission/');
  });

  it.each([
    ['/stAdmission/', '<form method="post">'],
    ['/stAdmission/dashboard/studentDataView', '<div id="root"></div>'],
    ['/stAdmission/admin/nope/deeper', '<div id="root"></div>'],
  ])('serves %s its page, never cached', async (url, content) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('dir="rtl"');
    expect(res.body).toContain(content);
  });

  it('caches hashed assets for a year', async () => {
    const res = await app.inject({ method: 'GET', url: '/stAdmission/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('does not fall back to the app for POST', async () => {
    const res = await app.inject({ method: 'POST', url: '/stAdmission/whatever' });
    expect(res.statusCode).toBe(404);
    expect(res.json().status).toBe('error');
  });
});

describe('branding', () => {
  it('answers the configured university and serves the logo', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/branding' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ universityName: 'الجامعة', logoUrl: '/api/v1/branding/logo' });
    const logo = await app.inject({ method: 'GET', url: '/api/v1/branding/logo' });
    expect(logo.headers['content-type']).toContain('image/svg+xml');
  });
});

describe('plugins', () => {
  /** The plugins buildApp shares with the whole app (fastify-plugin), by the names their dependents use. */
  const PORTAL_PLUGINS = [
    'portal-error-envelope',
    'portal-input-guard',
    'portal-metrics',
    'portal-security-headers',
    'portal-compression',
    'portal-overload-protection',
    'portal-storage',
    'portal-staged-uploads',
    'portal-notifications',
    'portal-redis',
    'portal-lookup-guard',
    'portal-staff-auth',
    'portal-two-factor',
    'portal-openapi',
    'portal-pdf',
    'portal-content',
    'portal-orphan-image-sweep',
    'portal-web-app',
  ];

  // fastify-plugin names a plugin given no name `<function>-auto-<n>`: nothing can declare a dependency on it.
  it('names every plugin it registers', async () => {
    await app.ready();
    const names = app
      .printPlugins()
      .split('\n')
      .map((line) => line.replace(/^[│├└─┬\s]+/, '').replace(/ \d+ ms$/, ''));
    expect(names.filter((name) => name.includes('-auto-'))).toEqual([]);
    expect(names).toEqual(expect.arrayContaining(PORTAL_PLUGINS));
  });
});
