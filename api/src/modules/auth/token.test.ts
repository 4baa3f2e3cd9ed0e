import { createHmac, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decideAccess } from './access-policy.js';
import { facultyScope } from './faculty-scope.js';
import { createTokenService, TOKEN_LIFETIME_SECONDS } from './token.js';

const SECRET = 'a-secret-that-is-long-enough-for-the-tests-0123456789';
const tokens = createTokenService(SECRET);
const id = randomUUID();
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('staff tokens (HS256)', () => {
  it('round-trips the account id and the issue time in milliseconds', () => {
    const issued = 1_760_000_000_123;
    const token = tokens.sign(id, issued);
    expect(token.split('.')).toHaveLength(3);
    expect(tokens.verify(token, issued + 1000)).toEqual({ staffId: id, issuedAtMs: issued });
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    expect(claims).toEqual({
      sub: id,
      iat: 1_760_000_000,
      exp: 1_760_000_000 + TOKEN_LIFETIME_SECONDS,
      iatMs: issued,
    });
  });

  it('expires after one day', () => {
    const issued = Date.now();
    const token = tokens.sign(id, issued);
    expect(tokens.verify(token, issued + 23 * 3600_000)).toBeDefined();
    expect(tokens.verify(token, issued + 24 * 3600_000)).toBeUndefined();
  });

  it('refuses another secret, edited claims and a swapped algorithm', () => {
    const token = tokens.sign(id);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    expect(createTokenService(`${SECRET}x`).verify(token)).toBeUndefined();

    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(tokens.verify(`${header}.${b64({ ...claims, sub: randomUUID() })}.${signature}`)).toBeUndefined();
    expect(
      tokens.verify(`${header}.${b64({ ...claims, exp: claims.exp + 9999 })}.${signature}`),
    ).toBeUndefined();
    expect(tokens.verify(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`)).toBeUndefined();
    expect(tokens.verify(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`)).toBeUndefined();
  });

  it('refuses a correctly signed token with a wrong header or claims', () => {
    const key = createHmac('sha256', SECRET).update('staff-token-v1').digest();
    const sign = (header: unknown, claims: unknown) => {
      const input = `${b64(header)}.${b64(claims)}`;
      return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
    };
    const now = Date.now();
    const good = { sub: id, iat: Math.floor(now / 1000), exp: Math.floor(now / 1000) + 60, iatMs: now };
    expect(tokens.verify(sign({ alg: 'HS256' }, good))).toBeDefined();
    expect(tokens.verify(sign({ alg: 'HS512' }, good))).toBeUndefined();
    expect(tokens.verify(sign({ alg: 'HS256' }, { ...good, sub: 'not-a-uuid' }))).toBeUndefined();
    expect(tokens.verify(sign({ alg: 'HS256' }, { ...good, exp: '9999999999' }))).toBeUndefined();
    expect(tokens.verify(sign({ alg: 'HS256' }, { ...good, iatMs: undefined }))).toBeUndefined();
  });

  it.each(['', 'abc', 'a.b', 'a.b.c.d', 'ä.b.c', '..', `${'a'.repeat(3000)}.b.c`])(
    'refuses the malformed token %j',
    (token) => {
      expect(tokens.verify(token)).toBeUndefined();
    },
  );
});

describe('access decisions', () => {
  const updateOwn = {
    method: 'PATCH' as const,
    url: '/x',
    allow: ['SUPERADMIN', 'ADMIN'] as const,
    beforePasswordChange: true,
    onlyBeforePasswordChange: ['ADMIN'] as const,
  };
  const adminOnly = { method: 'GET' as const, url: '/y', allow: ['SUPERADMIN'] as const };

  it('applies roles and the password-change conditions', () => {
    expect(decideAccess(updateOwn, { role: 'SUPERADMIN', passwordChanged: true })).toBe('allowed');
    expect(decideAccess(updateOwn, { role: 'ADMIN', passwordChanged: false })).toBe('allowed');
    expect(decideAccess(updateOwn, { role: 'ADMIN', passwordChanged: true })).toBe('forbidden');
    expect(decideAccess(updateOwn, { role: 'SUPPORT', passwordChanged: false })).toBe('forbidden');
    expect(decideAccess(adminOnly, { role: 'SUPERADMIN', passwordChanged: false })).toBe(
      'changePasswordFirst',
    );
    expect(decideAccess(adminOnly, { role: 'SOCIAL_ADMIN', passwordChanged: false })).toBe('forbidden');
  });
});

describe('faculty scope', () => {
  it('confines an ADMIN to its own faculty and lets the others choose', () => {
    const admin = { role: 'ADMIN' as const, faculty: 'كلية التجارة' };
    expect(facultyScope(admin, undefined)).toBe('كلية التجارة');
    expect(facultyScope(admin, ' كلية التجارة ')).toBe('كلية التجارة');
    expect(() => facultyScope(admin, 'كلية الهندسة')).toThrow('غير مسموح لك بالوصول إلى بيانات كلية أخرى');
    expect(facultyScope({ role: 'SUPPORT', faculty: null }, 'كلية الهندسة')).toBe('كلية الهندسة');
    expect(facultyScope({ role: 'SUPERADMIN', faculty: null }, '')).toBeNull();
  });
});
