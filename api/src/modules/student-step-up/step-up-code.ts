import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { STEP_UP_CODE_LENGTH } from '@portal/common';

/** A new code: 6 digits, uniformly drawn. */
export function newStepUpCode(): string {
  return String(randomInt(0, 10 ** STEP_UP_CODE_LENGTH)).padStart(STEP_UP_CODE_LENGTH, '0');
}

/**
 * What the database keeps of a code: an HMAC under the server's secret and bound to the session that asked, so
 * that a read of the table alone cannot try the million codes, and a code is worth nothing on another session.
 */
export function stepUpCodeHash(secret: string, sessionId: string, code: string): string {
  return createHmac('sha256', secret).update(`step-up:${sessionId}:${code}`).digest('base64url');
}

/** Equal texts compared in constant time (a seat number, a code's hash). */
export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
