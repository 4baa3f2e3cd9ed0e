import { createHmac, timingSafeEqual } from 'node:crypto';
import { FORMS, type FormKind, formKindOfCode } from './form-kinds.js';

/** What a form's QR code vouches for: which student, which form, when it was issued. */
export interface FormClaims {
  studentId: string;
  kind: FormKind;
  /** Whole seconds: the token keeps seconds only. */
  issuedAtMs: number;
}

export interface FormVerifier {
  sign(claims: FormClaims): string;
  /** The claims of a token this server signed, or null for anything else (malformed, altered, forged). */
  verify(token: string): FormClaims | null;
}

const VERSION = 1;
/** version (1) + student id (16) + kind (1) + issued-at seconds (4). */
const PAYLOAD_BYTES = 22;
/** HMAC-SHA256 truncated to 128 bits: forging one still needs 2^128 guesses, and the QR code stays small. */
const MAC_BYTES = 16;
const PAYLOAD_CHARS = Math.ceil((PAYLOAD_BYTES * 4) / 3);
const MAC_CHARS = Math.ceil((MAC_BYTES * 4) / 3);
export const FORM_TOKEN_LENGTH = PAYLOAD_CHARS + MAC_CHARS;
const TOKEN = new RegExp(`^[A-Za-z0-9_-]{${FORM_TOKEN_LENGTH}}$`);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uuidBytes(id: string): Buffer {
  if (!UUID.test(id)) throw new Error(`not a UUID: ${id}`);
  return Buffer.from(id.replaceAll('-', ''), 'hex');
}

function uuidText(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Stateless verification tokens printed (as a QR code) on every form: a compact binary payload
 * `{studentId, formKind, issuedAt}` and its HMAC under a key derived from the application secret, both
 * base64url, 52 characters in all. Nothing is stored and the token never expires: a printed form is checked
 * months later by any instance holding the secret.
 */
export function createFormVerifier(secret: string): FormVerifier {
  const key = createHmac('sha256', secret).update('form-verification-v1').digest();
  const mac = (payload: Buffer) => createHmac('sha256', key).update(payload).digest().subarray(0, MAC_BYTES);

  return {
    sign(claims) {
      const payload = Buffer.alloc(PAYLOAD_BYTES);
      payload.writeUInt8(VERSION, 0);
      uuidBytes(claims.studentId).copy(payload, 1);
      payload.writeUInt8(FORMS[claims.kind].code, 17);
      payload.writeUInt32BE(Math.floor(claims.issuedAtMs / 1000), 18);
      return payload.toString('base64url') + mac(payload).toString('base64url');
    },

    verify(token) {
      if (typeof token !== 'string' || !TOKEN.test(token)) return null;
      const payload = Buffer.from(token.slice(0, PAYLOAD_CHARS), 'base64url');
      const signature = Buffer.from(token.slice(PAYLOAD_CHARS), 'base64url');
      if (payload.length !== PAYLOAD_BYTES || signature.length !== MAC_BYTES) return null;
      // Only the canonical spelling of the bytes is accepted (base64url has spare bits in its last character).
      if (payload.toString('base64url') + signature.toString('base64url') !== token) return null;
      if (!timingSafeEqual(signature, mac(payload))) return null;
      if (payload.readUInt8(0) !== VERSION) return null;
      const kind = formKindOfCode(payload.readUInt8(17));
      if (!kind) return null;
      return {
        studentId: uuidText(payload.subarray(1, 17)),
        kind,
        issuedAtMs: payload.readUInt32BE(18) * 1000,
      };
    },
  };
}
