import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.js';
import { createLinkSigner, requireLinkOwner, requireValidLink } from './signed-link.js';

const signer = createLinkSigner('a-secret-that-is-long-enough-for-hmac-0000');
const TEN_MINUTES = 10 * 60 * 1000;
const NOW = Date.UTC(2026, 0, 1, 10, 0, 0);

function errorOf(work: () => unknown): AppError {
  try {
    work();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('no error thrown');
}

describe('signed download links', () => {
  it('give back their data until they expire', () => {
    const token = signer.sign('export', { t: 'complete', c: null }, TEN_MINUTES, NOW);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(signer.verify('export', token, NOW + TEN_MINUTES - 1000)).toEqual({
      ok: true,
      data: { t: 'complete', c: null },
      expiresAtMs: NOW + TEN_MINUTES,
    });
    expect(signer.verify('export', token, NOW + TEN_MINUTES)).toEqual({
      ok: false,
      reason: 'expired',
      data: { t: 'complete', c: null },
    });
  });

  it('are served by any instance with the same secret, and by no other', () => {
    const token = signer.sign('export', { a: 1 }, TEN_MINUTES, NOW);
    const sameSecret = createLinkSigner('a-secret-that-is-long-enough-for-hmac-0000');
    expect(sameSecret.verify('export', token, NOW).ok).toBe(true);
    const otherSecret = createLinkSigner('another-secret-that-is-long-enough-000000');
    expect(otherSecret.verify('export', token, NOW)).toEqual({ ok: false, reason: 'tampered' });
  });

  it('refuse an edited payload, an edited signature and another purpose as tampered', () => {
    const token = signer.sign('export', { t: 'incompleteSupport' }, TEN_MINUTES, NOW);
    const [payload, signature] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const edited = Buffer.from(JSON.stringify({ ...claims, d: { t: 'complete' } })).toString('base64url');
    expect(signer.verify('export', `${edited}.${signature}`, NOW)).toEqual({ ok: false, reason: 'tampered' });
    const longer = Buffer.from(JSON.stringify({ ...claims, e: claims.e + 86_400 })).toString('base64url');
    expect(signer.verify('export', `${longer}.${signature}`, NOW)).toEqual({ ok: false, reason: 'tampered' });
    const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect(signer.verify('export', `${payload}.${flipped}`, NOW)).toEqual({ ok: false, reason: 'tampered' });
    expect(signer.verify('importReport', token, NOW)).toEqual({ ok: false, reason: 'tampered' });
  });

  it('refuse what is not a link at all as malformed', () => {
    for (const token of ['', 'abc', 'a.b', `${'x'.repeat(2000)}.${'y'.repeat(43)}`, 'a b.c'])
      expect(signer.verify('export', token, NOW)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('turn a refusal into the Arabic answer: 400 malformed, 403 tampered, 410 expired', () => {
    const token = signer.sign('export', { a: 1 }, 1000, Date.now());
    expect(requireValidLink(signer, 'export', token).data).toEqual({ a: 1 });
    expect(errorOf(() => requireValidLink(signer, 'export', 'garbage'))).toMatchObject({
      statusCode: 400,
      message: 'رابط التنزيل غير صالح',
    });
    expect(errorOf(() => requireValidLink(signer, 'other', token))).toMatchObject({
      statusCode: 403,
      message: 'رابط التنزيل غير صالح',
    });
    const expired = signer.sign('export', { a: 1 }, 1000, Date.now() - 5000);
    expect(errorOf(() => requireValidLink(signer, 'export', expired))).toMatchObject({
      statusCode: 410,
      message: 'انتهت صلاحية رابط التنزيل، اطلب التنزيل مرة أخرى',
    });
  });
});

describe('requireLinkOwner', () => {
  const issuedAt = NOW;
  const owner = { role: 'SUPPORT', credentialsChangedAt: new Date(NOW - 1), userName: 'support' };

  it('answers the account while it still has the role and its credentials are older than the link', () => {
    expect(requireLinkOwner(owner, ['SUPERADMIN', 'SUPPORT'], issuedAt)).toBe(owner);
  });

  it.each([
    ['a deleted account', undefined],
    ['an account that lost the role', { ...owner, role: 'ADMIN' }],
    ['credentials changed after the link was made', { ...owner, credentialsChangedAt: new Date(NOW + 1) }],
  ])('refuses %s with 403', (_what, account) => {
    expect(errorOf(() => requireLinkOwner(account, ['SUPERADMIN', 'SUPPORT'], issuedAt))).toMatchObject({
      statusCode: 403,
      message: 'رابط التنزيل غير صالح',
    });
  });
});
