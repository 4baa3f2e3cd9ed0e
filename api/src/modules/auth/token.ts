import { createHmac, timingSafeEqual } from 'node:crypto';
import { SESSION_DAYS } from '@portal/common';

/** Staff tokens live one day (spec section 9: the token cookie also lives one day). */
export const TOKEN_LIFETIME_SECONDS = SESSION_DAYS * 24 * 60 * 60;

/** What a verified token says; whether the account still exists and still accepts it is checked apart. */
export interface TokenClaims {
  staffId: string;
  /** When the token was issued, in milliseconds (the `iatMs` claim; `iat` itself has second resolution). */
  issuedAtMs: number;
}

export interface TokenService {
  /** Signs a token for the account; `issuedAtMs` defaults to now. */
  sign(staffId: string, issuedAtMs?: number): string;
  /** The claims of a well-formed, correctly signed, unexpired token; `undefined` for anything else. */
  verify(token: string, nowMs?: number): TokenClaims | undefined;
}

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
const SEGMENT = /^[A-Za-z0-9_-]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Tokens are short; anything much longer is refused before any work. */
const MAX_TOKEN_LENGTH = 2048;

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

function parseSegment(segment: string): unknown {
  try {
    return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * JWT (HS256) for staff: claims `sub` (the account id), `iat` and `exp` in seconds, and `iatMs` so that a token
 * can be compared with the account's `credentials_changed_at` to the millisecond. The key is derived from the
 * application secret, so it differs from the cookie-signing key.
 */
export function createTokenService(secret: string): TokenService {
  const key = createHmac('sha256', secret).update('staff-token-v1').digest();
  const signature = (input: string) => createHmac('sha256', key).update(input).digest();

  return {
    sign(staffId, issuedAtMs = Date.now()) {
      const iat = Math.floor(issuedAtMs / 1000);
      const payload = base64url(
        JSON.stringify({ sub: staffId, iat, exp: iat + TOKEN_LIFETIME_SECONDS, iatMs: issuedAtMs }),
      );
      const input = `${HEADER}.${payload}`;
      return `${input}.${signature(input).toString('base64url')}`;
    },

    verify(token, nowMs = Date.now()) {
      if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return undefined;
      const parts = token.split('.');
      if (parts.length !== 3) return undefined;
      const [header, payload, signed] = parts as [string, string, string];
      if (![header, payload, signed].every((part) => SEGMENT.test(part))) return undefined;

      const expected = signature(`${header}.${payload}`);
      const actual = Buffer.from(signed, 'base64url');
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return undefined;

      // Signed by us, but the header is still checked: only HS256 is ever accepted.
      const head = parseSegment(header) as { alg?: unknown } | undefined;
      if (head?.alg !== 'HS256') return undefined;
      const claims = parseSegment(payload) as
        | { sub?: unknown; exp?: unknown; iatMs?: unknown; iat?: unknown }
        | undefined;
      if (!claims || typeof claims.sub !== 'string' || !UUID.test(claims.sub)) return undefined;
      if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) return undefined;
      if (typeof claims.iatMs !== 'number' || !Number.isFinite(claims.iatMs)) return undefined;
      if (nowMs >= claims.exp * 1000) return undefined;
      return { staffId: claims.sub, issuedAtMs: claims.iatMs };
    },
  };
}
