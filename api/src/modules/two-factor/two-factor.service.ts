import {
  LOGIN_CHALLENGE_MAX_FAILURES,
  LOGIN_CHALLENGE_SECONDS,
  MESSAGES,
  TWO_FACTOR_MESSAGES,
} from '@portal/common';
import type { AuditEntry } from '../../db/audit-trail.js';
import type { DbExecutor } from '../../db/executor.js';
import { AppError } from '../../lib/app-error.js';
import type { StaffPrincipal } from '../auth/index.js';
import type { LoginThrottle } from '../sign-in-throttle/index.js';
import { manageable, verifyPassword } from '../staff/index.js';
import type { TwoFactorAccount, TwoFactorRepository } from './two-factor.repository.js';
import {
  acceptedTotpStep,
  isRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  qrDataUrl,
  recoveryCodeHash,
  type TotpSecretSealer,
} from './two-factor.rules.js';

export interface TwoFactorServiceDeps {
  repository: TwoFactorRepository;
  sealer: TotpSecretSealer;
  /** The staff sign-in throttle: every code and password checked here is counted in it first. */
  throttle: LoginThrottle;
  audit: (entry: AuditEntry, tx?: DbExecutor) => Promise<void>;
  /** The issuer an authenticator app shows beside the code: the university's name. */
  issuer: string;
}

interface RequestContext {
  ip: string;
}

/** What a code proves for an account: a TOTP step to record as used, or a recovery code to spend. */
type Proof = { kind: 'totp'; step: number } | { kind: 'recovery'; codeHash: string };

/** What a code sent for a sign-in challenge did. */
export type ChallengeOutcome =
  | { outcome: 'signedIn'; usedRecoveryCode: boolean }
  | { outcome: 'wrongCode'; challengeEnded: boolean }
  | { outcome: 'ended' };

/** Thrown inside a transaction to undo it when a second write finds its row already taken. */
class Raced extends Error {}

const actorOf = (staff: { id: string; userName: string }) => ({ id: staff.id, userName: staff.userName });
const seconds = (ms: number) => Math.floor(ms / 1000);

export function twoFactorService({ repository, sealer, throttle, audit, issuer }: TwoFactorServiceDeps) {
  async function accountOf(staff: { id: string }): Promise<TwoFactorAccount> {
    const account = await repository.account(staff.id);
    if (!account) throw new AppError(401, MESSAGES.sessionInvalid);
    return account;
  }

  /**
   * What the code proves for the account at `nowMs`, before anything is spent: a TOTP code of the secret in
   * force (recovery codes are proven when spent).
   */
  async function proofOf(account: TwoFactorAccount, code: string, nowMs: number): Promise<Proof | null> {
    if (isRecoveryCode(code)) return { kind: 'recovery', codeHash: recoveryCodeHash(code) };
    const secret = account.sealedSecret && sealer.open(account.sealedSecret, account.id);
    if (!secret) return null;
    const step = await acceptedTotpStep(secret, code, {
      epochSeconds: seconds(nowMs),
      afterStep: account.lastStep,
    });
    return step === null ? null : { kind: 'totp', step };
  }

  /** A wrong secret on one of the account's own calls: audited, then 400 with `message` (429 when it locked). */
  async function refuse(
    staff: StaffPrincipal,
    locked: AppError | null,
    entry: { action: string; message: string; details?: Record<string, unknown> },
    context: RequestContext,
  ): Promise<never> {
    await audit({
      actor: actorOf(staff),
      action: entry.action,
      targetType: 'staff',
      targetId: staff.id,
      details: { ...entry.details, locked: locked !== null },
      ip: context.ip,
    });
    throw locked ?? new AppError(400, entry.message);
  }

  /** Spends the proof in the transaction: false when the step or the recovery code is used already. */
  function spend(tx: DbExecutor, staffId: string, proof: Proof): Promise<boolean> {
    return proof.kind === 'totp'
      ? repository.useStep(tx, staffId, proof.step)
      : repository.useRecoveryCode(tx, staffId, proof.codeHash);
  }

  return {
    /**
     * A new secret for the caller, not in force until a code confirms it (`enable`); every call replaces the
     * pending one. 409 when a factor is already on: turning it off asks for a code first.
     */
    async setup(staff: StaffPrincipal, context: RequestContext) {
      const secret = newTotpSecret();
      const url = otpauthUrl(secret, issuer, staff.userName);
      const qr = await qrDataUrl(url);
      await repository.transaction(async (tx) => {
        if (!(await repository.storePendingSecret(tx, staff.id, sealer.seal(secret, staff.id))))
          throw new AppError(409, TWO_FACTOR_MESSAGES.alreadyEnabled);
        await audit(
          {
            actor: actorOf(staff),
            action: 'staff.two_factor.setup',
            targetType: 'staff',
            targetId: staff.id,
            ip: context.ip,
          },
          tx,
        );
      });
      return { secret, otpauthUrl: url, qr };
    },

    /** Puts the pending secret in force with a code from the app; the ten recovery codes, shown this once. */
    async enable(staff: StaffPrincipal, code: string, context: RequestContext): Promise<string[]> {
      const account = await accountOf(staff);
      if (account.enabled) throw new AppError(409, TWO_FACTOR_MESSAGES.alreadyEnabled);
      const sealedSecret = account.sealedSecret;
      if (!sealedSecret) throw new AppError(400, TWO_FACTOR_MESSAGES.setupFirst);
      const attempt = await throttle.admit(staff.userName, context.ip);
      const proof = isRecoveryCode(code) ? null : await proofOf(account, code, Date.now());
      if (proof?.kind !== 'totp')
        return refuse(
          staff,
          attempt.wrong(),
          { action: 'staff.two_factor.enable_failed', message: TWO_FACTOR_MESSAGES.codeWrong },
          context,
        );
      await attempt.right();

      const recoveryCodes = newRecoveryCodes();
      await repository.transaction(async (tx) => {
        const enabled = await repository.enable(tx, staff.id, {
          sealedSecret,
          step: proof.step,
          recoveryCodeHashes: recoveryCodes.map(recoveryCodeHash),
        });
        // Another setup or enable got in between: this code confirmed a secret that is no longer pending.
        if (!enabled) throw new AppError(400, TWO_FACTOR_MESSAGES.setupFirst);
        await audit(
          {
            actor: actorOf(staff),
            action: 'staff.two_factor.enable',
            targetType: 'staff',
            targetId: staff.id,
            ip: context.ip,
          },
          tx,
        );
      });
      return recoveryCodes;
    },

    /**
     * Turns the caller's factor off; the password and a code (or a recovery code) must both be right. Both are
     * always checked, and one answer says that either was wrong: the answer tells nothing of which.
     */
    async disable(
      staff: StaffPrincipal,
      input: { password: string; code: string },
      context: RequestContext,
    ): Promise<void> {
      const account = await accountOf(staff);
      if (!account.enabled) throw new AppError(400, TWO_FACTOR_MESSAGES.notEnabled);
      const attempt = await throttle.admit(staff.userName, context.ip);
      const passwordRight = await verifyPassword(input.password, account.passwordHash);
      const proof = await proofOf(account, input.code, Date.now());
      const wrong = (codeRight: boolean) =>
        refuse(
          staff,
          attempt.wrong(),
          {
            action: 'staff.two_factor.disable_failed',
            message: TWO_FACTOR_MESSAGES.disableProofWrong,
            details: { passwordRight, codeRight },
          },
          context,
        );
      if (!passwordRight || !proof) return wrong(proof !== null);
      const disabled = await repository.transaction(async (tx) => {
        // A code already used (a recovery code spent, a step taken) in between is a wrong code.
        if (!(await spend(tx, staff.id, proof))) return false;
        await repository.clear(tx, staff.id, { endSessions: false });
        await audit(
          {
            actor: actorOf(staff),
            action: 'staff.two_factor.disable',
            targetType: 'staff',
            targetId: staff.id,
            details: { with: proof.kind },
            ip: context.ip,
          },
          tx,
        );
        return true;
      });
      if (!disabled) return wrong(false);
      await attempt.right();
    },

    /**
     * The super admin removes another account's factor (a lost phone and lost codes): its sessions end, and it
     * signs in with its password alone until it enrols again. Super admins are out of reach, as everywhere.
     */
    async reset(actor: StaffPrincipal, id: string, context: RequestContext): Promise<void> {
      const target = manageable(await repository.account(id));
      if (!target.enabled) throw new AppError(400, TWO_FACTOR_MESSAGES.notEnabled);
      await repository.transaction(async (tx) => {
        if (!(await repository.clear(tx, id, { endSessions: true })))
          throw new AppError(404, MESSAGES.adminNotFound);
        await audit(
          {
            actor: actorOf(actor),
            action: 'staff.two_factor.reset',
            targetType: 'staff',
            targetId: id,
            details: { userName: target.userName },
            ip: context.ip,
          },
          tx,
        );
      });
    },

    /** A sign-in waiting for its code, after a right password. */
    startChallenge(staffId: string): Promise<string> {
      const now = Date.now();
      return repository.createChallenge(
        staffId,
        new Date(now),
        new Date(now + LOGIN_CHALLENGE_SECONDS * 1000),
      );
    },

    /** The account of an open challenge (for the sign-in throttle, before any code is checked). */
    challengeOwner(challenge: string): Promise<string | undefined> {
      return repository.openChallengeOwner(challenge, new Date());
    },

    /**
     * Checks a code against the open challenge of the account. A right one uses the challenge and the code (its
     * TOTP step, or the recovery code) together, so neither serves twice; a wrong one counts against the
     * challenge, which the last allowed wrong code ends.
     */
    async redeemChallenge(challenge: string, staffId: string, code: string): Promise<ChallengeOutcome> {
      const now = Date.now();
      const account = await repository.account(staffId);
      if (!account?.enabled) return { outcome: 'ended' };

      const proof = await proofOf(account, code, now);
      if (proof) {
        try {
          const spent = await repository.transaction(async (tx) => {
            if (!(await spend(tx, staffId, proof))) return false;
            if (!(await repository.useChallenge(tx, challenge, new Date(now)))) throw new Raced();
            return true;
          });
          if (spent) return { outcome: 'signedIn', usedRecoveryCode: proof.kind === 'recovery' };
        } catch (error) {
          if (error instanceof Raced) return { outcome: 'ended' };
          throw error;
        }
      }
      const failures = await repository.failChallenge(challenge, new Date(now));
      return {
        outcome: 'wrongCode',
        challengeEnded: failures === null || failures >= LOGIN_CHALLENGE_MAX_FAILURES,
      };
    },
  };
}
export type TwoFactorService = ReturnType<typeof twoFactorService>;
