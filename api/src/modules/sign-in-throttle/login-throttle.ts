import { MESSAGE_TEMPLATES } from '@portal/common';
import type { FastifyReply } from 'fastify';
import type { Database } from '../../db/pool.js';
import { AppError } from '../../lib/app-error.js';
import { loginThrottleRepository, type ThrottleKeys } from './login-throttle.repository.js';
import { admitAttempt, type Refusal, rightSecret, signedIn } from './login-throttle.rules.js';

/**
 * 429 for an attempt the throttle refused, or a wrong secret that brought a lock: a locked pair or address says in
 * how many minutes to try again, an account waiting out its delay in how many seconds.
 */
export class LoginLockedError extends AppError {
  readonly retryAfterSeconds: number;
  constructor({ reason, retryAfterSeconds }: Refusal) {
    super(
      429,
      reason === 'slowed'
        ? MESSAGE_TEMPLATES.loginSlowed(retryAfterSeconds)
        : MESSAGE_TEMPLATES.loginLocked(Math.max(1, Math.ceil(retryAfterSeconds / 60))),
    );
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** An attempt the throttle let through and counted: its secret is checked next, and the result reported here. */
export interface Attempt {
  /** The secret was wrong: a lock this attempt brought, to throw; else `null` (the count stays). */
  wrong(): LoginLockedError | null;
  /** The secret was right, but no session is made yet (a re-check, or a password before its code). */
  right(): Promise<void>;
  /** A sign-in completed: the account's counters are cleared. */
  signedIn(): Promise<void>;
}

/**
 * The one throttle for every staff call that checks a password or a code: sign-in, its code step, and the
 * re-checks of a signed-in account (password change, own account, second factor on and off).
 */
export function loginThrottle(db: Database) {
  const repository = loginThrottleRepository(db);
  return {
    /** Counts the attempt before its secret is checked; throws `LoginLockedError` when it must not be checked. */
    async admit(userName: string, ip: string): Promise<Attempt> {
      const keys: ThrottleKeys = { userKey: userName.toLowerCase(), ip };
      const admission = await repository.update(keys, (counters, now) => {
        const { admission, next } = admitAttempt(counters, now);
        return { next, result: admission };
      });
      if (!admission.admitted) throw new LoginLockedError(admission);
      const { lockIfWrong } = admission;
      return {
        wrong: () =>
          lockIfWrong === null
            ? null
            : new LoginLockedError({ reason: 'locked', retryAfterSeconds: lockIfWrong }),
        right: () =>
          repository.update(keys, (counters) => ({ next: rightSecret(counters), result: undefined })),
        async signedIn() {
          await repository.update(keys, (counters, now) => ({
            next: signedIn(counters, now),
            result: undefined,
          }));
          await repository.purge();
        },
      };
    },
  };
}
export type LoginThrottle = ReturnType<typeof loginThrottle>;

/** Runs a throttled call; a refusal's answer carries Retry-After. */
export async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof LoginLockedError) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}
