import { describe, expect, it } from 'vitest';
import { LoginLockedError } from './login-throttle.js';
import {
  accountDelaySeconds,
  admitAttempt,
  type Counter,
  type Counters,
  LOGIN_THROTTLE,
  rightSecret,
  signedIn,
} from './login-throttle.rules.js';

const now = new Date('2030-03-01T10:00:00Z');
const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);
const counter = (count: number, lockedUntil: Date | null = null, windowStartedAt = at(-60)): Counter => ({
  count,
  windowStartedAt,
  lockedUntil,
});
const fresh = (): Counters => ({ pair: counter(0), address: counter(0), account: counter(0) });

/** Runs `n` attempts one after the other at `now`, as the repository would. */
function attempts(start: Counters, n: number) {
  let counters = start;
  const admissions = [];
  for (let i = 0; i < n; i++) {
    const { admission, next } = admitAttempt(counters, now);
    admissions.push(admission);
    counters = next;
  }
  return { admissions, counters };
}

describe('admitAttempt', () => {
  it('counts every attempt before its check and locks the pair at the limit', () => {
    const { admissions, counters } = attempts(fresh(), LOGIN_THROTTLE.pairMaxFailures + 2);
    const admitted = admissions.filter((a) => a.admitted);
    expect(admitted).toHaveLength(LOGIN_THROTTLE.pairMaxFailures);
    expect(admitted.at(-1)).toEqual({ admitted: true, lockIfWrong: LOGIN_THROTTLE.lockMinutes * 60 });
    expect(admissions.at(-1)).toEqual({
      admitted: false,
      reason: 'locked',
      retryAfterSeconds: LOGIN_THROTTLE.lockMinutes * 60,
    });
    // Refused attempts are counted too, without making the lock longer.
    expect(counters.pair.count).toBe(LOGIN_THROTTLE.pairMaxFailures + 2);
    expect(counters.pair.lockedUntil).toEqual(at(LOGIN_THROTTLE.lockMinutes * 60));
    expect(counters.account.count).toBe(LOGIN_THROTTLE.pairMaxFailures);
  });

  it('starts the pair again when its lock has run out or its window is over', () => {
    const ranOut = admitAttempt({ ...fresh(), pair: counter(9, at(-1)) }, now);
    expect(ranOut.next.pair).toEqual({ count: 1, windowStartedAt: now, lockedUntil: null });
    const old = admitAttempt(
      { ...fresh(), pair: counter(4, null, at(-LOGIN_THROTTLE.windowMinutes * 60)) },
      now,
    );
    expect(old.next.pair.count).toBe(1);
  });

  it('locks an address at its own limit, whatever the pairs', () => {
    const { admission } = admitAttempt(
      { ...fresh(), address: counter(LOGIN_THROTTLE.addressMaxFailures - 1) },
      now,
    );
    expect(admission).toEqual({ admitted: true, lockIfWrong: LOGIN_THROTTLE.lockMinutes * 60 });
    const locked = admitAttempt({ ...fresh(), address: counter(20, at(90)) }, now);
    expect(locked.admission).toEqual({ admitted: false, reason: 'locked', retryAfterSeconds: 90 });
    expect(locked.next.address.count).toBe(21);
  });

  it('never locks the account: past the free attempts it makes the next one wait, uncounted while it waits', () => {
    const start = { ...fresh(), account: counter(LOGIN_THROTTLE.accountFreeFailures) };
    const first = admitAttempt(start, now);
    expect(first.admission).toEqual({ admitted: true, lockIfWrong: null });
    expect(first.next.account).toEqual({ count: 6, windowStartedAt: at(-60), lockedUntil: at(1) });
    const waiting = admitAttempt(first.next, now);
    expect(waiting.admission).toEqual({ admitted: false, reason: 'slowed', retryAfterSeconds: 1 });
    expect(waiting.next).toEqual(first.next);
    // The wait over, the count goes on and the next wait doubles.
    expect(admitAttempt(first.next, at(1)).next.account.lockedUntil).toEqual(at(3));
  });

  it('starts the account again after its hour', () => {
    const old = { ...fresh(), account: counter(30, at(-1), at(-LOGIN_THROTTLE.accountWindowMinutes * 60)) };
    expect(admitAttempt(old, now).next.account).toEqual({
      count: 1,
      windowStartedAt: now,
      lockedUntil: null,
    });
  });
});

describe('accountDelaySeconds', () => {
  it('doubles from one second past the free attempts, up to the cap', () => {
    const free = LOGIN_THROTTLE.accountFreeFailures;
    expect([free, free + 1, free + 2, free + 3, free + 7, free + 40].map(accountDelaySeconds)).toEqual([
      null,
      1,
      2,
      4,
      LOGIN_THROTTLE.accountMaxDelaySeconds,
      LOGIN_THROTTLE.accountMaxDelaySeconds,
    ]);
  });
});

describe('rightSecret and signedIn', () => {
  it('gives back only the right attempt: the failures before it stay, a lock it brought is lifted', () => {
    const { counters } = attempts(fresh(), LOGIN_THROTTLE.pairMaxFailures);
    expect(counters.pair.lockedUntil).not.toBeNull();
    const after = rightSecret(counters);
    expect(after.pair).toMatchObject({ count: LOGIN_THROTTLE.pairMaxFailures - 1, lockedUntil: null });
    expect(after.address.count).toBe(LOGIN_THROTTLE.pairMaxFailures - 1);
  });

  it('keeps a lock that other attempts reached', () => {
    const locked = { ...fresh(), pair: counter(LOGIN_THROTTLE.pairMaxFailures + 1, at(600)) };
    expect(rightSecret(locked).pair.lockedUntil).toEqual(at(600));
  });

  it('lifts the account’s wait on a right secret, and clears the account on a sign-in but not the address', () => {
    const waiting = { pair: counter(2), address: counter(7), account: counter(9, at(8)) };
    expect(rightSecret(waiting).account).toMatchObject({ count: 8, lockedUntil: null });
    expect(signedIn(waiting, now)).toEqual({
      pair: { count: 0, windowStartedAt: now, lockedUntil: null },
      address: counter(6),
      account: { count: 0, windowStartedAt: now, lockedUntil: null },
    });
  });
});

describe('LoginLockedError', () => {
  it('says a lock in minutes and an account’s wait in seconds, in Arabic', () => {
    const message = (reason: 'locked' | 'slowed', retryAfterSeconds: number) =>
      new LoginLockedError({ reason, retryAfterSeconds }).message;
    expect(message('locked', 899)).toBe(
      'تم إيقاف تسجيل الدخول مؤقتا بسبب تكرار المحاولات الخاطئة، حاول مرة أخرى بعد 15 دقيقة',
    );
    const slowed = 'تكررت المحاولات الخاطئة على هذا الحساب، حاول مرة أخرى بعد';
    expect([1, 2, 4, 60].map((seconds) => message('slowed', seconds))).toEqual([
      `${slowed} ثانية واحدة`,
      `${slowed} ثانيتين`,
      `${slowed} 4 ثوان`,
      `${slowed} 60 ثانية`,
    ]);
  });
});
