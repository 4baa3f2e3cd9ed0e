import { LOGIN_CHALLENGE_MAX_FAILURES, type StaffRole } from '@portal/common';
import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/executor.js';
import type { Database } from '../../db/pool.js';
import { staffLoginChallenges, staffRecoveryCodes, staffUsers } from '../../db/schema/index.js';

/** An account's second factor as stored: the sealed secret never leaves the service. */
export interface TwoFactorAccount {
  id: string;
  userName: string;
  role: StaffRole;
  passwordHash: string;
  sealedSecret: string | null;
  enabled: boolean;
  lastStep: number | null;
}

const accountColumns = {
  id: staffUsers.id,
  userName: staffUsers.userName,
  role: staffUsers.role,
  passwordHash: staffUsers.passwordHash,
  sealedSecret: staffUsers.twoFactorSecret,
  enabled: sql<boolean>`${staffUsers.twoFactorEnabledAt} IS NOT NULL`,
  lastStep: staffUsers.twoFactorLastStep,
};

/** A challenge still open at `now`: not used, not expired, fewer wrong codes than the limit. */
const open = (now: Date) =>
  and(
    isNull(staffLoginChallenges.usedAt),
    gt(staffLoginChallenges.expiresAt, now),
    lt(staffLoginChallenges.failures, LOGIN_CHALLENGE_MAX_FAILURES),
  );

export function twoFactorRepository(db: Database) {
  const accountById = db
    .select(accountColumns)
    .from(staffUsers)
    .where(eq(staffUsers.id, sql.placeholder('id')))
    .prepare('two_factor_account');

  return {
    transaction<T>(work: (tx: DbExecutor) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    async account(id: string): Promise<TwoFactorAccount | undefined> {
      return (await accountById.execute({ id }))[0];
    },

    /** The account of a user name, as the sign-in matches it (any letter case). */
    async accountByUserName(userName: string): Promise<TwoFactorAccount | undefined> {
      const [row] = await db
        .select(accountColumns)
        .from(staffUsers)
        .where(sql`lower(${staffUsers.userName}) = lower(${userName})`);
      return row;
    },

    /** A new secret awaiting its first code; false when a factor is already in force. */
    async storePendingSecret(tx: DbExecutor, id: string, sealedSecret: string): Promise<boolean> {
      const rows = await tx
        .update(staffUsers)
        .set({ twoFactorSecret: sealedSecret, twoFactorLastStep: null, updatedAt: sql`now()` })
        .where(and(eq(staffUsers.id, id), isNull(staffUsers.twoFactorEnabledAt)))
        .returning({ id: staffUsers.id });
      return rows.length > 0;
    },

    /**
     * Puts the pending secret in force with the step of its confirming code, and replaces the recovery codes.
     * False when the secret is no longer the one confirmed (a setup meanwhile) or a factor is already on.
     */
    async enable(
      tx: DbExecutor,
      id: string,
      change: { sealedSecret: string; step: number; recoveryCodeHashes: readonly string[] },
    ): Promise<boolean> {
      const rows = await tx
        .update(staffUsers)
        .set({ twoFactorEnabledAt: sql`now()`, twoFactorLastStep: change.step, updatedAt: sql`now()` })
        .where(
          and(
            eq(staffUsers.id, id),
            isNull(staffUsers.twoFactorEnabledAt),
            eq(staffUsers.twoFactorSecret, change.sealedSecret),
          ),
        )
        .returning({ id: staffUsers.id });
      if (rows.length === 0) return false;
      await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, id));
      await tx
        .insert(staffRecoveryCodes)
        .values(change.recoveryCodeHashes.map((codeHash) => ({ staffId: id, codeHash })));
      return true;
    },

    /**
     * Removes the factor, its recovery codes and its open sign-ins. `endSessions` also ends every token of the
     * account (a reset by the super admin). False when the account is gone.
     */
    async clear(tx: DbExecutor, id: string, { endSessions }: { endSessions: boolean }): Promise<boolean> {
      const rows = await tx
        .update(staffUsers)
        .set({
          twoFactorSecret: null,
          twoFactorEnabledAt: null,
          twoFactorLastStep: null,
          updatedAt: sql`now()`,
          ...(endSessions ? { credentialsChangedAt: new Date() } : {}),
        })
        .where(eq(staffUsers.id, id))
        .returning({ id: staffUsers.id });
      await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, id));
      await tx.delete(staffLoginChallenges).where(eq(staffLoginChallenges.staffId, id));
      return rows.length > 0;
    },

    /** Records a TOTP code's step as used; false when that step (or a later one) was used already. */
    async useStep(tx: DbExecutor, id: string, step: number): Promise<boolean> {
      const rows = await tx
        .update(staffUsers)
        .set({ twoFactorLastStep: step })
        .where(
          and(
            eq(staffUsers.id, id),
            isNotNull(staffUsers.twoFactorEnabledAt),
            or(isNull(staffUsers.twoFactorLastStep), lt(staffUsers.twoFactorLastStep, step)),
          ),
        )
        .returning({ id: staffUsers.id });
      return rows.length > 0;
    },

    /** Marks a recovery code used; false when the account has no such unused code. */
    async useRecoveryCode(tx: DbExecutor, id: string, codeHash: string): Promise<boolean> {
      const rows = await tx
        .update(staffRecoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(staffRecoveryCodes.staffId, id),
            eq(staffRecoveryCodes.codeHash, codeHash),
            isNull(staffRecoveryCodes.usedAt),
          ),
        )
        .returning({ staffId: staffRecoveryCodes.staffId });
      return rows.length > 0;
    },

    /**
     * A new sign-in challenge. Challenges that have expired are deleted first, through the expiry index: used
     * and failed ones go once their five minutes are over, so the table holds five minutes of sign-ins at most.
     */
    async createChallenge(staffId: string, now: Date, expiresAt: Date): Promise<string> {
      await db.delete(staffLoginChallenges).where(lt(staffLoginChallenges.expiresAt, now));
      const [row] = await db
        .insert(staffLoginChallenges)
        .values({ staffId, expiresAt })
        .returning({ id: staffLoginChallenges.id });
      if (!row) throw new Error('challenge insert returned no row');
      return row.id;
    },

    /** The account an open challenge belongs to. */
    async openChallengeOwner(id: string, now: Date): Promise<string | undefined> {
      const [row] = await db
        .select({ staffId: staffLoginChallenges.staffId })
        .from(staffLoginChallenges)
        .where(and(eq(staffLoginChallenges.id, id), open(now)));
      return row?.staffId;
    },

    /** Uses an open challenge up; false when it was not open any more (used, expired or failed meanwhile). */
    async useChallenge(tx: DbExecutor, id: string, now: Date): Promise<boolean> {
      const rows = await tx
        .update(staffLoginChallenges)
        .set({ usedAt: now })
        .where(and(eq(staffLoginChallenges.id, id), open(now)))
        .returning({ id: staffLoginChallenges.id });
      return rows.length > 0;
    },

    /** Counts a wrong code against an open challenge: its wrong codes so far, or `null` if it was not open. */
    async failChallenge(id: string, now: Date): Promise<number | null> {
      const [row] = await db
        .update(staffLoginChallenges)
        .set({ failures: sql`${staffLoginChallenges.failures} + 1` })
        .where(and(eq(staffLoginChallenges.id, id), open(now)))
        .returning({ failures: staffLoginChallenges.failures });
      return row?.failures ?? null;
    },
  };
}
export type TwoFactorRepository = ReturnType<typeof twoFactorRepository>;
