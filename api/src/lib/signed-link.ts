import { createHmac, timingSafeEqual } from 'node:crypto';
import { MESSAGES } from '@portal/common';
import { AppError } from './app-error.js';

/**
 * Short-lived download links that carry their own proof: `<payload>.<signature>`, both base64url, where the
 * payload is JSON `{p: purpose, e: expiry in seconds, d: data}` and the signature an HMAC-SHA256 of the payload
 * under a key derived from the application secret. Nothing is stored: any instance holding the secret can serve
 * a link, and a link works until it expires. The purpose keeps a link made for one kind of download from being
 * accepted by another.
 */
export interface LinkSigner {
  /** A link token for the data, valid `ttlMs` from `nowMs`. */
  sign(purpose: string, data: Record<string, unknown>, ttlMs: number, nowMs?: number): string;
  /** What a token says, or why it is refused. */
  verify(purpose: string, token: string, nowMs?: number): LinkVerification;
}

export type LinkVerification =
  | { ok: true; data: Record<string, unknown>; expiresAtMs: number }
  | { ok: false; reason: 'malformed' | 'tampered' }
  /** Ours and unaltered, only too old: what it was for still names who asked (for the audit of the refusal). */
  | { ok: false; reason: 'expired'; data: Record<string, unknown> };

/** Links are short; anything much longer is refused before any work. */
const MAX_TOKEN_LENGTH = 1024;
const TOKEN = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/;

export function createLinkSigner(secret: string): LinkSigner {
  const key = createHmac('sha256', secret).update('signed-link-v1').digest();
  const signature = (payload: string) => createHmac('sha256', key).update(payload).digest();

  return {
    sign(purpose, data, ttlMs, nowMs = Date.now()) {
      const expiry = Math.floor((nowMs + ttlMs) / 1000);
      const payload = Buffer.from(JSON.stringify({ p: purpose, e: expiry, d: data }), 'utf8').toString(
        'base64url',
      );
      return `${payload}.${signature(payload).toString('base64url')}`;
    },

    verify(purpose, token, nowMs = Date.now()) {
      if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH)
        return { ok: false, reason: 'malformed' };
      const match = TOKEN.exec(token);
      if (!match) return { ok: false, reason: 'malformed' };
      const [, payload = '', signed = ''] = match;
      const actual = Buffer.from(signed, 'base64url');
      const expected = signature(payload);
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected))
        return { ok: false, reason: 'tampered' };

      let claims: { p?: unknown; e?: unknown; d?: unknown };
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      // Correctly signed by us but for another kind of download: as good as forged here.
      if (claims.p !== purpose) return { ok: false, reason: 'tampered' };
      if (typeof claims.e !== 'number' || typeof claims.d !== 'object' || claims.d === null)
        return { ok: false, reason: 'malformed' };
      if (nowMs >= claims.e * 1000)
        return { ok: false, reason: 'expired', data: claims.d as Record<string, unknown> };
      return { ok: true, data: claims.d as Record<string, unknown>, expiresAtMs: claims.e * 1000 };
    },
  };
}

/**
 * The data of a valid link, or the Arabic error a download route answers: 400 for something that is not a
 * link at all, 403 for a forged or altered one, 410 for an expired one.
 */
export function requireValidLink(signer: LinkSigner, purpose: string, token: string) {
  const verdict = signer.verify(purpose, token);
  if (verdict.ok) return verdict;
  if (verdict.reason === 'expired') throw new AppError(410, MESSAGES.downloadLinkExpired);
  throw new AppError(verdict.reason === 'tampered' ? 403 : 400, MESSAGES.downloadLinkInvalid);
}

/** A staff account as the check of a link it made needs it. */
interface LinkOwner {
  role: string;
  credentialsChangedAt: Date;
}

/**
 * The account a staff link was made by, while it still stands behind the link: it exists, still has one of
 * `roles`, and has not changed its credentials (sign-out everywhere, a password change or reset) since the link
 * was issued at `issuedAt` (ms). Otherwise the link is dead: 403.
 */
export function requireLinkOwner<T extends LinkOwner>(
  owner: T | null | undefined,
  roles: readonly string[],
  issuedAt: number,
): T {
  if (!owner || !roles.includes(owner.role) || owner.credentialsChangedAt.getTime() > issuedAt)
    throw new AppError(403, MESSAGES.downloadLinkInvalid);
  return owner;
}
