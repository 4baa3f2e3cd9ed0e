import { createHmac, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decideAccess } from './access-policy.js';
import { facultyScope } from './faculty-scope.js';
import { createTokenService, TOKEN_LIFETIME_SECONDS } from './token.js';

const SECRET = 'a-secret-that-is-long-enough-for-the-tests-0123456789';
const tokens = createTokenService(SECRET);
const id = randomUUID();
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('staff tokens (HS256, jose)', () => {
  const key = createHmac('sha256', SECRET).update('staff-token-v1').digest();
  /** A token signed by hand with the staff key: any header and claims, as an attacker holding the key could. */
  const sign = (header: unknown, claims: unknown) => {
    const input = `${b64(header)}.${b64(claims)}`;
    return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
  };

  it('round-trips the account id and the issue time in milliseconds', async () => {
    const issued = 1_760_000_000_123;
    const token = await tokens.sign(id, issued);
    expect(token.split('.')).toHaveLength(3);
    expect(await tokens.verify(token, issued + 1000)).toEqual({ staffId: id, issuedAtMs: issued });
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    expect(claims).toEqual({
      sub: id,
      iat: 1_760_000_000,
      exp: 1_760_000_000 + TOKEN_LIFETIME_SECONDS,
      iatMs: issued,
    });
  });

  it('issues and accepts the exact tokens of the hand-written signer it replaced, so no one is signed out', async () => {
    const issued = 1_760_000_000_123;
    const iat = Math.floor(issued / 1000);
    // The format of the code before jose, byte for byte: this header, these claims in this order, HMAC-SHA256
    // under the key derived from the application secret.
    const before = sign(
      { alg: 'HS256', typ: 'JWT' },
      { sub: id, iat, exp: iat + TOKEN_LIFETIME_SECONDS, iatMs: issued },
    );
    expect(await tokens.verify(before, issued + 1000)).toEqual({ staffId: id, issuedAtMs: issued });
    expect(await tokens.sign(id, issued)).toBe(before);
  });

  it('expires after one day', async () => {
    const issued = Date.now();
    const token = await tokens.sign(id, issued);
    expect(await tokens.verify(token, issued + 23 * 3600_000)).toBeDefined();
    expect(await tokens.verify(token, issued + 24 * 3600_000)).toBeUndefined();
  });

  it('refuses another secret, edited claims and a swapped algorithm', async () => {
    const token = await tokens.sign(id);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    expect(await createTokenService(`${SECRET}x`).verify(token)).toBeUndefined();

    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(
      await tokens.verify(`${header}.${b64({ ...claims, sub: randomUUID() })}.${signature}`),
    ).toBeUndefined();
    expect(
      await tokens.verify(`${header}.${b64({ ...claims, exp: claims.exp + 9999 })}.${signature}`),
    ).toBeUndefined();
    expect(await tokens.verify(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`)).toBeUndefined();
    expect(
      await tokens.verify(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`),
    ).toBeUndefined();
  });

  it('refuses a correctly signed token with a wrong header or claims', async () => {
    const now = Date.now();
    const good = { sub: id, iat: Math.floor(now / 1000), exp: Math.floor(now / 1000) + 60, iatMs: now };
    const head = { alg: 'HS256', typ: 'JWT' };
    expect(await tokens.verify(sign(head, good))).toBeDefined();
    expect(await tokens.verify(sign({ ...head, alg: 'HS512' }, good))).toBeUndefined();
    expect(await tokens.verify(sign(head, { ...good, sub: 'not-a-uuid' }))).toBeUndefined();
    expect(await tokens.verify(sign(head, { ...good, sub: undefined }))).toBeUndefined();
    expect(await tokens.verify(sign(head, { ...good, exp: '9999999999' }))).toBeUndefined();
    expect(await tokens.verify(sign(head, { ...good, exp: undefined }))).toBeUndefined();
    expect(await tokens.verify(sign(head, { ...good, iatMs: undefined }))).toBeUndefined();
    expect(await tokens.verify(sign(head, { ...good, iatMs: '1' }))).toBeUndefined();
  });

  it('checks the header as a JWT library does: explicit type, no unknown critical extensions, key id ignored', async () => {
    const now = Date.now();
    const good = { sub: id, iat: Math.floor(now / 1000), exp: Math.floor(now / 1000) + 60, iatMs: now };
    // One key, so a key id chooses nothing (and cannot point the check at another key).
    expect(
      await tokens.verify(sign({ alg: 'HS256', typ: 'JWT', kid: '../../etc/passwd' }, good)),
    ).toBeDefined();
    // Explicit typing (RFC 8725 section 3.11): a token of another kind signed under the same key is no session.
    expect(await tokens.verify(sign({ alg: 'HS256' }, good))).toBeUndefined();
    expect(await tokens.verify(sign({ alg: 'HS256', typ: 'at+jwt' }, good))).toBeUndefined();
    // An extension the verifier does not understand must not be ignored (RFC 7515 section 4.1.11).
    const critical = { alg: 'HS256', typ: 'JWT', crit: ['exp-policy'], 'exp-policy': 'strict' };
    expect(await tokens.verify(sign(critical, good))).toBeUndefined();
    // An unencoded payload (RFC 7797) is not a JWT.
    expect(
      await tokens.verify(sign({ alg: 'HS256', typ: 'JWT', b64: false, crit: ['b64'] }, good)),
    ).toBeUndefined();
    // A not-yet-valid token is refused too, though the portal never issues one.
    expect(
      await tokens.verify(sign({ alg: 'HS256', typ: 'JWT' }, { ...good, nbf: good.exp })),
    ).toBeUndefined();
  });

  it.each(['', 'abc', 'a.b', 'a.b.c.d', 'ä.b.c', '..', 'e30.e30.', 'W10.W10.abc', `${'a'.repeat(3000)}.b.c`])(
    'refuses the malformed token %j',
    async (token) => {
      expect(await tokens.verify(token)).toBeUndefined();
    },
  );

  it('refuses an over-long token before any work, even one signed with the right key', async () => {
    const now = Date.now();
    const padded = sign(
      { alg: 'HS256', typ: 'JWT' },
      {
        sub: id,
        iat: Math.floor(now / 1000),
        exp: Math.floor(now / 1000) + 60,
        iatMs: now,
        pad: 'x'.repeat(2000),
      },
    );
    expect(padded.length).toBeGreaterThan(2048);
    expect(await tokens.verify(padded)).toBeUndefined();
  });
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
