import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/pool.js';
import { uploadLocks } from '../../db/schema/index.js';

export interface PgLockerOptions {
  /** How long a lease lasts unless renewed: a crashed holder frees the upload after this. */
  leaseMs?: number;
  /** How long a request waits for the lock before tus answers it 500 (and the client retries). */
  acquireTimeoutMs?: number;
  /** Pause between tries while another request holds the lock. */
  pollMs?: number;
}

/**
 * tus's Locker on a PostgreSQL lease (the `upload_locks` row), so that instances behind nginx serialise their
 * requests on one upload: the default MemoryLocker only knows its own process. A lease rather than an advisory
 * lock, because an advisory lock holds a pooled connection for the whole PATCH (minutes on a slow phone), and
 * six uploads per student would drain the pool. While held the lease is renewed every third of its length.
 */
export class PgLocker implements Locker {
  readonly leaseMs: number;
  readonly acquireTimeoutMs: number;
  readonly pollMs: number;

  constructor(
    readonly db: Database,
    { leaseMs = 30_000, acquireTimeoutMs = 20_000, pollMs = 200 }: PgLockerOptions = {},
  ) {
    this.leaseMs = leaseMs;
    this.acquireTimeoutMs = acquireTimeoutMs;
    this.pollMs = pollMs;
  }

  newLock(id: string): Lock {
    return new PgLock(this, id);
  }
}

class PgLock implements Lock {
  private token: string | undefined;
  private renewal: NodeJS.Timeout | undefined;

  constructor(
    private readonly locker: PgLocker,
    private readonly id: string,
  ) {}

  /** One try: insert the lease, or take over an expired one; true when this lock now holds it. */
  private async tryTake(token: string): Promise<boolean> {
    const until = sql`now() + make_interval(secs => ${this.locker.leaseMs / 1000})`;
    const taken = await this.locker.db
      .insert(uploadLocks)
      .values({ uploadId: this.id, token, lockedUntil: until })
      .onConflictDoUpdate({
        target: uploadLocks.uploadId,
        set: { token, lockedUntil: until },
        setWhere: sql`${uploadLocks.lockedUntil} < now()`,
      })
      .returning({ token: uploadLocks.token });
    return taken.length > 0;
  }

  async lock(signal: AbortSignal, _requestRelease: RequestRelease): Promise<void> {
    // Another instance's holder cannot be asked to let go (`requestRelease` reaches this process only): a
    // dropped connection ends its request there, which unlocks; a half-open one loses the lease when it expires.
    const token = randomUUID();
    const deadline = Date.now() + this.locker.acquireTimeoutMs;
    while (!(await this.tryTake(token))) {
      if (signal.aborted || Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      await sleep(this.locker.pollMs);
    }
    this.token = token;
    this.renewal = setInterval(() => void this.renew(), this.locker.leaseMs / 3);
    this.renewal.unref();
  }

  private async renew(): Promise<void> {
    if (!this.token) return;
    await this.locker.db
      .update(uploadLocks)
      .set({ lockedUntil: sql`now() + make_interval(secs => ${this.locker.leaseMs / 1000})` })
      .where(and(eq(uploadLocks.uploadId, this.id), eq(uploadLocks.token, this.token)))
      .catch(() => undefined);
  }

  async unlock(): Promise<void> {
    clearInterval(this.renewal);
    const token = this.token;
    this.token = undefined;
    if (!token) return;
    await this.locker.db
      .delete(uploadLocks)
      .where(and(eq(uploadLocks.uploadId, this.id), eq(uploadLocks.token, token)));
  }
}
