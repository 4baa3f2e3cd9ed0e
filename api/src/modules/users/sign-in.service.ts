import { MESSAGES, type StaffUser, TWO_FACTOR_MESSAGES } from '@portal/common';
import { AppError } from '../../lib/app-error.js';
import { generatePassword, hashPassword, verifyPassword } from '../staff/index.js';
import { actorOf, type LoginResult, type RequestContext, type UsersServiceDeps } from './service-deps.js';
import { toStaffUser } from './staff-user.js';

// Verified for unknown user names, so that a wrong name takes as long as a wrong password.
let dummyHash: Promise<string> | undefined;
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(generatePassword());
  return dummyHash;
}

/** Staff sign-in: the password, then, for an account with a second factor, its code. */
export function signInService({ repository, throttle, audit, issueToken, secondFactor }: UsersServiceDeps) {
  // Ready before the first unknown user name arrives, so even that one takes no longer than the others.
  dummyPasswordHash().catch(() => undefined);
  return {
    /**
     * Staff sign-in. The attempt is counted before the password is checked, so parallel guesses are all counted
     * and a locked pair or address gets 429 without any check; an unknown user name and a wrong password answer
     * the same 401 after the same work. An account with a second factor gets a challenge for its code instead of
     * a token.
     */
    async login(
      input: { userName: string; password: string },
      context: RequestContext,
    ): Promise<LoginResult> {
      const attempt = await throttle.admit(input.userName, context.ip);
      const row = await repository.findByUserName(input.userName);
      let valid = false;
      if (row) valid = await verifyPassword(input.password, row.passwordHash);
      else await verifyPassword(input.password, await dummyPasswordHash());
      if (!row || !valid) {
        const locked = attempt.wrong();
        await audit({
          actor: null,
          action: 'staff.login_failed',
          targetType: 'staff',
          targetId: row?.id ?? null,
          details: { userName: input.userName.slice(0, 64), locked: locked !== null },
          ip: context.ip,
        });
        if (locked) throw locked;
        throw new AppError(401, MESSAGES.invalidCredentials);
      }

      if (row.twoFactorEnabled) {
        // The right password gives back only its own attempt: the wrong codes before it stay counted until a
        // code is right, or the lockout would never stop a guesser who has the password.
        await attempt.right();
        const challenge = await secondFactor.startChallenge(row.id);
        await audit({
          actor: actorOf(row),
          action: 'staff.login_challenge',
          targetType: 'staff',
          targetId: row.id,
          ip: context.ip,
        });
        return { challenge };
      }
      await attempt.signedIn();
      await audit({
        actor: actorOf(row),
        action: 'staff.login',
        targetType: 'staff',
        targetId: row.id,
        ip: context.ip,
      });
      return { token: await issueToken(row), user: toStaffUser(row) };
    },

    /**
     * The code step of a sign-in: a TOTP code or an unused recovery code for the challenge a right password
     * opened. Each code is counted before it is checked, in the same throttle as passwords.
     */
    async verifyLogin(
      input: { challenge: string; code: string },
      context: RequestContext,
    ): Promise<{ token: string; user: StaffUser }> {
      const staffId = await secondFactor.challengeOwner(input.challenge);
      const row = staffId ? await repository.findById(staffId) : undefined;
      if (!row) throw new AppError(401, TWO_FACTOR_MESSAGES.challengeEnded);
      const attempt = await throttle.admit(row.userName, context.ip);
      const result = await secondFactor.redeemChallenge(input.challenge, row.id, input.code);
      if (result.outcome === 'ended') throw new AppError(401, TWO_FACTOR_MESSAGES.challengeEnded);
      if (result.outcome === 'wrongCode') {
        const locked = attempt.wrong();
        await audit({
          actor: null,
          action: 'staff.login_challenge_failed',
          targetType: 'staff',
          targetId: row.id,
          details: {
            userName: row.userName,
            locked: locked !== null,
            challengeEnded: result.challengeEnded,
          },
          ip: context.ip,
        });
        if (locked) throw locked;
        throw new AppError(
          401,
          result.challengeEnded ? TWO_FACTOR_MESSAGES.challengeEnded : TWO_FACTOR_MESSAGES.codeWrong,
        );
      }

      await attempt.signedIn();
      await audit({
        actor: actorOf(row),
        action: 'staff.login',
        targetType: 'staff',
        targetId: row.id,
        details: { secondFactor: result.usedRecoveryCode ? 'recoveryCode' : 'totp' },
        ip: context.ip,
      });
      if (result.usedRecoveryCode)
        await audit({
          actor: actorOf(row),
          action: 'staff.two_factor.recovery_code_used',
          targetType: 'staff',
          targetId: row.id,
          ip: context.ip,
        });
      return { token: await issueToken(row), user: toStaffUser(row) };
    },
  };
}
