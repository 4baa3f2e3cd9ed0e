import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { apiRoutes } from '../test/route-table.js';
import { createTestApp } from '../test/test-app.js';
import { redactUrl } from './logger.js';
import { API_PREFIX } from './modules/auth/access-policy.js';

const { app } = await createTestApp();

/** Parameters that are credentials wherever a route takes them: a signed link, a staff token, a form's QR token. */
const CREDENTIALS = new Set(['token']);
/** Every other parameter a route takes, with a value of its kind: none of them is a secret. */
const PLAIN: Record<string, () => string> = {
  id: () => randomUUID(),
  studentId: () => randomUUID(),
  programId: () => randomUUID(),
  college: () => 'كلية السياحة',
  kind: () => 'frontIdCard',
  type: () => 'complete',
  date: () => '2026-11-23',
  period: () => '9',
  season: () => randomUUID(),
  page: () => '2',
  limit: () => '50',
  cursor: () => 'MjAyNi0wMy0wMVQwODowMDowMC4xMjM0NTZa',
  faculty: () => 'كلية التجارة',
  actor: () => randomUUID(),
  action: () => 'students.list',
  nationalID: () => '30101011234567',
  from: () => '2026-01-01',
  to: () => '2026-12-31',
};

/** A credential as the portal makes them: a signed link, a JWT, a form token (letters, digits, `-`, `_`, `.`). */
const secret = () => `SECRET${randomUUID().replaceAll('-', '')}.x_y-z`;

/** The route's path with a value in every parameter and the credential in its place; undefined when it carries none. */
function urlCarryingSecret(route: { url: string; params: string[]; query: string[] }, value: string) {
  const named = (name: string) => {
    if (CREDENTIALS.has(name)) return value;
    const plain = PLAIN[name];
    if (!plain)
      throw new Error(`${route.url}: is the parameter '${name}' a credential? Add it to one of the lists`);
    return encodeURIComponent(plain());
  };
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => named(name));
  const query = route.query.map((name) => `${name}=${named(name)}`).join('&');
  return API_PREFIX + path + (query ? `?${query}` : '');
}

/**
 * What the shipped nginx template writes for a request's path: its `map` blocks, run in order as nginx does (the
 * first matching regular expression of each, else its default). Their expressions are PCRE that read the same in
 * JavaScript (groups, classes, anchors).
 */
async function nginxLoggedUri(): Promise<(uri: string) => string> {
  const conf = await readFile(new URL('../../deploy/nginx/portal.conf', import.meta.url), 'utf8');
  const maps = [...conf.matchAll(/^map \$(\w+) \$(\w+) \{\n([\s\S]*?)\n\}/gm)].map(([, from, to, body]) => ({
    from,
    to,
    rules: [...(body ?? '').matchAll(/^\s*"~(.+)" "(.+)";$/gm)].map(([, pattern, value]) => ({
      pattern: new RegExp(pattern ?? ''),
      value: value ?? '',
    })),
  }));
  expect(maps.map((map) => `${map.from}>${map.to}`)).toEqual([
    'request_uri>portal_log_path',
    'portal_log_path>portal_log_uri',
  ]);
  expect(conf).toContain('"$request_method $portal_log_uri $server_protocol"');
  expect(conf).not.toMatch(/\$request\b(?!_)/);
  return (uri) =>
    maps.reduce((value, map) => {
      const rule = map.rules.find(({ pattern }) => pattern.test(value));
      return rule ? value.replace(rule.pattern, rule.value) : value;
    }, uri);
}

describe('credentials in request paths (issue 33)', () => {
  it('are redacted from the log line of every route that carries one, the list read from the routes themselves', async () => {
    const routes = await apiRoutes(app);
    const carrying = routes.filter((route) =>
      [...route.params, ...route.query].some((name) => CREDENTIALS.has(name)),
    );
    // The signed and token-carrying routes known today; a new one joins the check by itself.
    expect(carrying.map((route) => route.key)).toEqual(
      expect.arrayContaining([
        'GET /users/exportsAppointedStudents/:date/:period/:token',
        'GET /downloads/:token',
        'GET /audit/export/:token',
        'GET /interviews/export/:token',
        'GET /students/uploadReport/:token',
        'GET /forms/verify/:token',
        'GET /students/getAdmissionForm/:studentId',
      ]),
    );
    const leaking: string[] = [];
    for (const route of routes) {
      const value = secret();
      const url = urlCarryingSecret(route, value);
      if (url.includes(value) && redactUrl(url).includes('SECRET'))
        leaking.push(`${route.key}: ${redactUrl(url)}`);
    }
    expect(leaking).toEqual([]);
  });

  it('are redacted from the access log of the shipped nginx template too', async () => {
    const logged = await nginxLoggedUri();
    const leaking: string[] = [];
    for (const route of await apiRoutes(app)) {
      const value = secret();
      const url = urlCarryingSecret(route, value);
      if (url.includes(value) && logged(url).includes('SECRET')) leaking.push(`${route.key}: ${logged(url)}`);
    }
    expect(leaking).toEqual([]);
    expect(logged('/api/v1/students/getAdmissionForm/x?a=1&token=abc&b=2')).toBe(
      '/api/v1/students/getAdmissionForm/x?a=1&token=[redacted]&b=2',
    );
    expect(logged('/api/v1/audit/export')).toBe('/api/v1/audit/export');
  });

  it('leave the rest of the path as it was, for the log reader', () => {
    expect(redactUrl('/api/v1/audit/export/abc.def')).toBe('/api/v1/audit/export/[redacted]');
    expect(redactUrl('/api/v1/interviews/export/abc.def?x=1')).toBe(
      '/api/v1/interviews/export/[redacted]?x=1',
    );
    expect(redactUrl('/api/v1/audit/export')).toBe('/api/v1/audit/export');
    expect(redactUrl('/api/v1/interviews/export')).toBe('/api/v1/interviews/export');
  });
});
