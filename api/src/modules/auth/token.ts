import { createHmac } from 'node:crypto';
import { SESSION_DAYS } from '@portal/common';
import { errors, jwtVerify, SignJWT } from 'jose';

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
  sign(staffId: string, issuedAtMs?: number): Promise<string>;
  /** The claims of a well-formed, correctly signed, unexpired token; `undefined` for anything else. */
  verify(token: string, nowMs?: number): Promise<TokenClaims | undefined>;
}

const ALGORITHM = 'HS256';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Tokens are short; anything much longer is refused before any work. */
const MAX_TOKEN_LENGTH = 2048;

/**
 * JWT (HS256, signed and checked by jose) for staff: claims `sub` (the account id), `iat` and `exp` in seconds, and
 * `iatMs` so that a token can be compared with the account's `credentials_changed_at` to the millisecond. The key
 * is derived from the application secret, so it differs from the cookie-signing key; the derivation, header and
 * claims are those of the hand-written signer jose replaced, so tokens issued before the change stay valid.
 */
export function createTokenService(secret: string): TokenService {
  const rawKey = createHmac('sha256', secret).update('staff-token-v1').digest();
  // Imported once: handing jose the raw bytes would import the key again on every call.
  const key = crypto.subtle.importKey('raw', rawKey, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);

  return {
    async sign(staffId, issuedAtMs = Date.now()) {
      const iat = Math.floor(issuedAtMs / 1000);
      return new SignJWT({ sub: staffId, iat, exp: iat + TOKEN_LIFETIME_SECONDS, iatMs: issuedAtMs })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .sign(await key);
    },

    async verify(token, nowMs = Date.now()) {
      if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return undefined;
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: [ALGORITHM],
          typ: 'JWT',
          requiredClaims: ['sub', 'exp'],
          currentDate: new Date(nowMs),
        });
        const { sub, iatMs } = payload;
        if (typeof sub !== 'string' || !UUID.test(sub)) return undefined;
        if (typeof iatMs !== 'number' || !Number.isFinite(iatMs)) return undefined;
        return { staffId: sub, issuedAtMs: iatMs };
      } catch (error) {
        // Every way a token can be wrong is a JOSEError; anything else is a fault of ours and must surface.
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
