import { generate } from 'otplib';
import { vi } from 'vitest';
import type { App } from '../src/app.js';
import { bearer, type TestStaff, tokenFor } from './auth-helpers.js';

/**
 * A fixed clock for the second factor's tests: only `Date` is faked (timers keep running, so the database and
 * Fastify work as ever). It starts on the first second of a 30-second step, years ahead of the database's own
 * clock, so tokens issued on it are never older than an account's `credentials_changed_at`.
 */
export function fixedClock(startMs = Date.UTC(2031, 0, 15, 9, 0, 0)) {
  vi.useFakeTimers({ toFake: ['Date'], now: startMs });
  return {
    /** Moves the clock on. */
    advance(seconds: number) {
      vi.setSystemTime(Date.now() + seconds * 1000);
    },
    restore() {
      vi.useRealTimers();
    },
  };
}

/** The code an authenticator app shows for the secret now (or `offsetSeconds` from now). */
export function totpCode(secret: string, offsetSeconds = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
}

/** Enrols the account through the API: setup, then a code to confirm. Its token, secret and recovery codes. */
export async function enrolSecondFactor(app: App, staff: TestStaff) {
  const headers = bearer(await tokenFor(app, staff));
  const setup = await app.inject({ method: 'POST', url: '/api/v1/users/twoFactor/setup', headers });
  if (setup.statusCode !== 200) throw new Error(`setup answered ${setup.statusCode} ${setup.body}`);
  const { secret } = setup.json<{ data: { secret: string } }>().data;
  const enable = await app.inject({
    method: 'POST',
    url: '/api/v1/users/twoFactor/enable',
    headers,
    payload: { code: await totpCode(secret) },
  });
  if (enable.statusCode !== 200) throw new Error(`enable answered ${enable.statusCode} ${enable.body}`);
  return {
    headers,
    secret,
    recoveryCodes: enable.json<{ data: { recoveryCodes: string[] } }>().data.recoveryCodes,
  };
}
