/**
 * The staff sign-in throttle's rules (issue 33, findings 4 and 5; NIST SP 800-63B §5.2.2). Every check of a
 * password or a code is counted before the secret is verified, in three counters:
 * - `pair` (one user name from one address): reaching its limit locks that address out of that account;
 * - `address` (one address, any user name): reaching its limit locks the address (password spraying);
 * - `account` (one user name, any address): never locks; past a few failures each attempt makes the next one wait
 *   a doubling delay, so a stranger slows the account down without locking its owner out from everywhere.
 * A right secret gives its own count back; a completed sign-in also clears the account's pair and account counters.
 */
export const LOGIN_THROTTLE = {
  /** Attempts on one user name from one address within the window that lock that pair. */
  pairMaxFailures: 5,
  /** Attempts from one address within the window, whatever the user names, that lock the address. */
  addressMaxFailures: 20,
  windowMinutes: 15,
  lockMinutes: 15,
  /** Attempts on one user name from all addresses before each one makes the next wait. */
  accountFreeFailures: 5,
  /** The account's count starts again an hour after its first attempt. */
  accountWindowMinutes: 60,
  /** The delay doubles from one second up to this. */
  accountMaxDelaySeconds: 60,
} as const;

export interface Counter {
  count: number;
  windowStartedAt: Date;
  /** For `pair` and `address` the end of a lock; for `account` the moment the next attempt may come. */
  lockedUntil: Date | null;
}

export interface Counters {
  pair: Counter;
  address: Counter;
  account: Counter;
}

/** Why an attempt was refused before any secret was checked. */
export type Refusal = { reason: 'locked' | 'slowed'; retryAfterSeconds: number };

export type Admission =
  | {
      admitted: true /** The lock a wrong secret in this attempt brings, in seconds; `null` for none. */;
      lockIfWrong: number | null;
    }
  | ({ admitted: false } & Refusal);

const MINUTE = 60_000;

const empty = (now: Date): Counter => ({ count: 0, windowStartedAt: now, lockedUntil: null });
const secondsUntil = (until: Date, now: Date) =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
const isLocked = (counter: Counter, now: Date) => counter.lockedUntil !== null && counter.lockedUntil > now;

/** A lock that has run out, or a window that is over, starts the count again. */
function lockCounter(counter: Counter, now: Date): Counter {
  if (isLocked(counter, now)) return counter;
  const windowOver =
    counter.windowStartedAt.getTime() <= now.getTime() - LOGIN_THROTTLE.windowMinutes * MINUTE;
  return counter.lockedUntil !== null || windowOver ? empty(now) : counter;
}

/** A passed delay keeps the count (so the next delay doubles); only the account's window starts it again. */
function accountCounter(counter: Counter, now: Date): Counter {
  const windowOver =
    counter.windowStartedAt.getTime() <= now.getTime() - LOGIN_THROTTLE.accountWindowMinutes * MINUTE;
  return windowOver ? empty(now) : counter;
}

/** The wait after the account's `count`-th attempt: none for the first few, then 1, 2, 4 … seconds, capped. */
export function accountDelaySeconds(count: number): number | null {
  const over = count - LOGIN_THROTTLE.accountFreeFailures;
  if (over <= 0) return null;
  return Math.min(2 ** (over - 1), LOGIN_THROTTLE.accountMaxDelaySeconds);
}

function counted(counter: Counter, max: number, now: Date): Counter {
  const count = counter.count + 1;
  return {
    count,
    windowStartedAt: counter.windowStartedAt,
    lockedUntil: count >= max ? new Date(now.getTime() + LOGIN_THROTTLE.lockMinutes * MINUTE) : null,
  };
}

/**
 * Counts one attempt before its secret is checked. A locked pair or address refuses it and still counts it (so
 * parallel guesses are all seen) without making the lock longer; an account still waiting refuses it uncounted,
 * so a stranger's refused tries do not push the owner's next chance further away.
 */
export function admitAttempt(current: Counters, now: Date): { admission: Admission; next: Counters } {
  const pair = lockCounter(current.pair, now);
  const address = lockCounter(current.address, now);
  const account = accountCounter(current.account, now);
  const unchanged = { pair, address, account };

  if (isLocked(pair, now) && pair.lockedUntil)
    return {
      admission: {
        admitted: false,
        reason: 'locked',
        retryAfterSeconds: secondsUntil(pair.lockedUntil, now),
      },
      next: { ...unchanged, pair: { ...pair, count: pair.count + 1 } },
    };
  if (isLocked(address, now) && address.lockedUntil)
    return {
      admission: {
        admitted: false,
        reason: 'locked',
        retryAfterSeconds: secondsUntil(address.lockedUntil, now),
      },
      next: { ...unchanged, address: { ...address, count: address.count + 1 } },
    };
  if (isLocked(account, now) && account.lockedUntil)
    return {
      admission: {
        admitted: false,
        reason: 'slowed',
        retryAfterSeconds: secondsUntil(account.lockedUntil, now),
      },
      next: unchanged,
    };

  const nextPair = counted(pair, LOGIN_THROTTLE.pairMaxFailures, now);
  const nextAddress = counted(address, LOGIN_THROTTLE.addressMaxFailures, now);
  const accountCount = account.count + 1;
  const delay = accountDelaySeconds(accountCount);
  const nextAccount = {
    count: accountCount,
    windowStartedAt: account.windowStartedAt,
    lockedUntil: delay === null ? null : new Date(now.getTime() + delay * 1000),
  };
  const locks = [nextPair.lockedUntil, nextAddress.lockedUntil].filter((d): d is Date => d !== null);
  return {
    admission: {
      admitted: true,
      lockIfWrong: locks.length ? Math.max(...locks.map((d) => secondsUntil(d, now))) : null,
    },
    next: { pair: nextPair, address: nextAddress, account: nextAccount },
  };
}

function givenBack(counter: Counter, max: number): Counter {
  const count = Math.max(0, counter.count - 1);
  return { ...counter, count, lockedUntil: count >= max ? counter.lockedUntil : null };
}

/**
 * A right secret gives its own attempt back (the failures before it stay counted) and lifts the account's wait:
 * its owner, or someone who has the password and must still pass the code, goes on at once.
 */
export function rightSecret(current: Counters): Counters {
  return {
    pair: givenBack(current.pair, LOGIN_THROTTLE.pairMaxFailures),
    address: givenBack(current.address, LOGIN_THROTTLE.addressMaxFailures),
    account: { ...current.account, count: Math.max(0, current.account.count - 1), lockedUntil: null },
  };
}

/** A completed sign-in clears the account's counters; the address keeps the failures of other user names. */
export function signedIn(current: Counters, now: Date): Counters {
  return {
    pair: empty(now),
    address: givenBack(current.address, LOGIN_THROTTLE.addressMaxFailures),
    account: empty(now),
  };
}
