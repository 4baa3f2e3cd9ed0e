import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT, RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN } from '@portal/common';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** RFC 6238 as every authenticator app reads it by default: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
/** A code of the step before or after the current one is still taken: phone clocks drift. */
const TOTP_TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;

export const newTotpSecret = (): string => generateSecret();

/** The `otpauth://totp/...` URL an authenticator app reads from the QR code. */
export function otpauthUrl(secret: string, issuer: string, account: string): string {
  return generateURI({ issuer, label: account, secret, period: TOTP_PERIOD_SECONDS, digits: 6 });
}

/** The QR code of the URL as an SVG data URL, for an `<img>` on the account screen. */
export async function qrDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * The time step of a right code, or `null`. A step at or before `afterStep` (the last one accepted for the
 * account) is refused: a code is used once, even within its 30 seconds.
 */
export async function acceptedTotpStep(
  secret: string,
  code: string,
  { epochSeconds, afterStep }: { epochSeconds: number; afterStep: number | null },
): Promise<number | null> {
  if (!TOTP_CODE_PATTERN.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: epochSeconds,
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOTP_TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  // The TOTP answer names its step (the HOTP one, which shares the type, does not).
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * Makes an account's factor outside the enrolment screen (the demo seed): a new secret sealed for the account, with
 * the secret and its otpauth URL to show once.
 */
export function totpFactorMaker(appSecret: string, issuer: string) {
  const sealer = totpSecretSealer(appSecret);
  return (staffId: string, account: string) => {
    const secret = newTotpSecret();
    return {
      sealedSecret: sealer.seal(secret, staffId),
      secret,
      otpauthUrl: otpauthUrl(secret, issuer, account),
    };
  };
}

/** Letters and digits that cannot be misread for one another (no 0/O, 1/I); 32 of them, 50 bits a code. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const RECOVERY_CODE_LENGTH = 10;

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from(
      { length: RECOVERY_CODE_LENGTH },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    ).join(''),
  );
}

export const isRecoveryCode = (code: string): boolean => RECOVERY_CODE_PATTERN.test(code);

/** Recovery codes are kept as SHA-256 hashes: 50 random bits each need no slow hash. */
export const recoveryCodeHash = (code: string): string => createHash('sha256').update(code).digest('hex');

/**
 * Seals TOTP secrets at rest with AES-256-GCM under a key derived from the application secret (HKDF, its own
 * label, so it is no other key of the portal). The account id is authenticated with each secret, so a sealed
 * secret copied onto another account does not open. A database dump alone gives no second factor.
 */
export function totpSecretSealer(appSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', appSecret, Buffer.alloc(0), 'staff-totp-secret-v1', 32));
  const VERSION = 'v1';
  // Pinned: without it a decipher accepts a tag cut short, which is easier to forge.
  const TAG_BYTES = 16;

  return {
    seal(secret: string, staffId: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(staffId));
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), sealed]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    /** The secret, or `null` when the text was not sealed by this key for this account. */
    open(sealed: string, staffId: string): string | null {
      const [version, iv, tag, data, ...rest] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || !data || rest.length > 0) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
          authTagLength: TAG_BYTES,
        });
        decipher.setAAD(Buffer.from(staffId));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null;
      }
    },
  };
}
export type TotpSecretSealer = ReturnType<typeof totpSecretSealer>;
