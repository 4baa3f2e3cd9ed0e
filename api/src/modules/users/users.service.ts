import {
  type AssignableStaffRole,
  GENERATED_PASSWORD_LENGTH,
  MESSAGES,
  type StaffCredentials,
  type StaffMe,
  type StaffUser,
  TWO_FACTOR_MESSAGES,
} from '@portal/common';
import type { AuditEntry } from '../../db/audit-trail.js';
import type { DbExecutor } from '../../db/executor.js';
import { AppError } from '../../lib/app-error.js';
import { facultyScope, type StaffPrincipal } from '../auth/index.js';
import type { LoginThrottle } from '../sign-in-throttle/index.js';
import { generatePassword, hashPassword, manageable, verifyPassword } from '../staff/index.js';
import type { ChallengeOutcome } from '../two-factor/index.js';
import { isDuplicateUserName, type StaffRow, type UsersRepository } from './users.repository.js';

export interface UsersServiceDeps {
  repository: UsersRepository;
  throttle: LoginThrottle;
  audit: (entry: AuditEntry, tx?: DbExecutor) => Promise<void>;
  issueToken: (staff: { id: string; credentialsChangedAt: Date }) => Promise<string>;
  /** The second step of a sign-in, for accounts with a second factor (the two-factor module). */
  secondFactor: SecondFactorSignIn;
}

export interface SecondFactorSignIn {
  startChallenge(staffId: string): Promise<string>;
  challengeOwner(challenge: string): Promise<string | undefined>;
  redeemChallenge(challenge: string, staffId: string, code: string): Promise<ChallengeOutcome>;
}

/** A right password signs in, or, for an account with a second factor, opens a challenge for its code. */
export type LoginResult = { token: string; user: StaffUser } | { challenge: string };

/** Where a request came from, for the audit log and the sign-in throttle. */
export interface RequestContext {
  ip: string;
}

interface Profile {
  name: string;
  userName: string;
  phoneNumber: string;
  faculty: string | null;
}

/** The account as the wire shows it: never the hash; a faculty only for an ADMIN. */
export function toStaffUser(row: Omit<StaffRow, 'passwordHash'>): StaffUser {
  return {
    _id: row.id,
    name: row.name,
    userName: row.userName,
    phoneNumber: row.phoneNumber,
    role: row.role,
    faculty: row.role === 'ADMIN' ? row.faculty : null,
    passwordChanged: row.passwordChanged,
  };
}

// Verified for unknown user names, so that a wrong name takes as long as a wrong password.
let dummyHash: Promise<string> | undefined;
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(generatePassword());
  return dummyHash;
}

const actorOf = (staff: { id: string; userName: string }) => ({ id: staff.id, userName: staff.userName });

export function usersService({ repository, throttle, audit, issueToken, secondFactor }: UsersServiceDeps) {
  // Ready before the first unknown user name arrives, so even that one takes no longer than the others.
  dummyPasswordHash().catch(() => undefined);
  async function collegeIdFor(faculty: string | null): Promise<string> {
    if (!faculty) throw new AppError(400, MESSAGES.facultyRequired);
    const id = await repository.collegeIdByName(faculty);
    if (!id) throw new AppError(400, MESSAGES.collegeNotFound);
    return id;
  }

  /** Runs a write and its audit row in one transaction; a duplicate user name becomes 409. */
  async function write<T>(work: (tx: DbExecutor) => Promise<T>): Promise<T> {
    try {
      return await repository.transaction(work);
    } catch (error) {
      if (isDuplicateUserName(error)) throw new AppError(409, MESSAGES.userNameTaken);
      throw error;
    }
  }

  /**
   * The caller's own password asked again, counted in the sign-in throttle before it is checked; a wrong one is
   * audited and answers `wrong.message` (or 429 when it brought a lock).
   */
  async function recheckPassword(
    row: StaffRow,
    password: string,
    wrong: { action: string; message: string },
    context: RequestContext,
  ): Promise<void> {
    const attempt = await throttle.admit(row.userName, context.ip);
    if (await verifyPassword(password, row.passwordHash)) return attempt.right();
    const locked = attempt.wrong();
    await audit({
      actor: actorOf(row),
      action: wrong.action,
      targetType: 'staff',
      targetId: row.id,
      details: { locked: locked !== null },
      ip: context.ip,
    });
    throw locked ?? new AppError(400, wrong.message);
  }

  async function manageableTarget(id: string): Promise<StaffRow> {
    return manageable(await repository.findById(id));
  }

  async function reload(id: string): Promise<StaffUser> {
    const row = await repository.findById(id);
    if (!row) throw new AppError(404, MESSAGES.adminNotFound);
    return toStaffUser(row);
  }

  function changes(before: StaffRow, after: Profile) {
    const changed: Record<string, { from: string | null; to: string | null }> = {};
    const pairs: [string, string | null, string | null][] = [
      ['name', before.name, after.name],
      ['userName', before.userName, after.userName],
      ['phoneNumber', before.phoneNumber, after.phoneNumber],
      ['faculty', before.faculty, after.faculty],
    ];
    for (const [field, from, to] of pairs) if (from !== to) changed[field] = { from, to };
    return changed;
  }

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

    /** The caller's account, and where its second factor stands. */
    me: (staff: StaffPrincipal): StaffMe => ({
      ...toStaffUser(staff),
      twoFactorEnabled: staff.twoFactorEnabled,
      twoFactorRequired: staff.twoFactorEnrolmentDue,
    }),

    /**
     * Changes the caller's password; every token issued before (this one included) stops working. The current
     * password is checked through the sign-in throttle, so a stolen session cannot guess it at leisure.
     */
    async updateMyPassword(
      staff: StaffPrincipal,
      input: { passwordCurrent: string; password: string },
      context: RequestContext,
    ): Promise<StaffUser> {
      const row = await repository.findById(staff.id);
      if (!row) throw new AppError(401, MESSAGES.sessionInvalid);
      await recheckPassword(
        row,
        input.passwordCurrent,
        { action: 'staff.change_password_failed', message: MESSAGES.currentPasswordWrong },
        context,
      );
      if (input.password === input.passwordCurrent) throw new AppError(400, MESSAGES.passwordSameAsCurrent);
      const passwordHash = await hashPassword(input.password);
      await write(async (tx) => {
        await repository.setPassword(tx, row.id, {
          passwordHash,
          passwordChanged: true,
          changedAt: new Date(),
        });
        await audit(
          {
            actor: actorOf(staff),
            action: 'staff.change_password',
            targetType: 'staff',
            targetId: row.id,
            ip: context.ip,
          },
          tx,
        );
      });
      return reload(row.id);
    },

    /**
     * The caller's own name, user name and mobile, confirmed with its password: the super admin at any time, an
     * ADMIN only while its password is not yet changed (the access table), and never into another faculty.
     */
    async updateOwnAccount(
      staff: StaffPrincipal,
      input: Omit<Profile, 'faculty'> & { password: string; faculty: string | null },
      context: RequestContext,
    ): Promise<StaffUser> {
      facultyScope(staff, input.faculty);
      const row = await repository.findById(staff.id);
      if (!row) throw new AppError(401, MESSAGES.sessionInvalid);
      await recheckPassword(
        row,
        input.password,
        { action: 'staff.update_own_account_failed', message: MESSAGES.passwordWrong },
        context,
      );
      const profile = {
        name: input.name,
        userName: input.userName,
        phoneNumber: input.phoneNumber,
        collegeId: row.collegeId,
      };
      await write(async (tx) => {
        await repository.updateProfile(tx, row.id, profile);
        await audit(
          {
            actor: actorOf(staff),
            action: 'staff.update_own_account',
            targetType: 'staff',
            targetId: row.id,
            details: changes(row, { ...profile, faculty: row.faculty }),
            ip: context.ip,
          },
          tx,
        );
      });
      return reload(row.id);
    },

    async listAdmins(): Promise<StaffUser[]> {
      return (await repository.listAll()).map(toStaffUser);
    },

    async findAdmin(query: { userName?: string | null; phoneNumber?: string | null }): Promise<StaffUser> {
      const row = query.userName
        ? await repository.findByUserName(query.userName)
        : query.phoneNumber
          ? await repository.findByPhone(query.phoneNumber)
          : undefined;
      if (!row) throw new AppError(404, MESSAGES.noResultsFound);
      return toStaffUser(row);
    },

    /** A new account with a generated password shown once; it must change the password at first sign-in. */
    async addAdmin(
      actor: StaffPrincipal,
      input: Profile & { role: AssignableStaffRole },
      context: RequestContext,
    ): Promise<{ user: StaffUser; credentials: StaffCredentials }> {
      const collegeId = input.role === 'ADMIN' ? await collegeIdFor(input.faculty) : null;
      const password = generatePassword(GENERATED_PASSWORD_LENGTH);
      const passwordHash = await hashPassword(password);
      const id = await write(async (tx) => {
        const newId = await repository.insert(tx, {
          name: input.name,
          userName: input.userName,
          phoneNumber: input.phoneNumber,
          collegeId,
          role: input.role,
          passwordHash,
          passwordChanged: false,
        });
        await audit(
          {
            actor: actorOf(actor),
            action: 'staff.create',
            targetType: 'staff',
            targetId: newId,
            details: {
              userName: input.userName,
              role: input.role,
              faculty: collegeId ? input.faculty : null,
            },
            ip: context.ip,
          },
          tx,
        );
        return newId;
      });
      return { user: await reload(id), credentials: { userName: input.userName, password } };
    },

    /** Edits another account's profile; the role stays; super admins are out of reach. */
    async updateAdmin(
      actor: StaffPrincipal,
      id: string,
      input: Profile,
      context: RequestContext,
    ): Promise<StaffUser> {
      const target = await manageableTarget(id);
      const collegeId = target.role === 'ADMIN' ? await collegeIdFor(input.faculty) : null;
      const profile = {
        name: input.name,
        userName: input.userName,
        phoneNumber: input.phoneNumber,
        collegeId,
      };
      await write(async (tx) => {
        if (!(await repository.updateProfile(tx, id, profile, 'SUPERADMIN')))
          throw new AppError(404, MESSAGES.adminNotFound);
        await audit(
          {
            actor: actorOf(actor),
            action: 'staff.update',
            targetType: 'staff',
            targetId: id,
            details: changes(target, { ...input, faculty: collegeId ? input.faculty : null }),
            ip: context.ip,
          },
          tx,
        );
      });
      return reload(id);
    },

    /** A new generated password shown once; the account's older tokens stop working. */
    async resetAdminPassword(
      actor: StaffPrincipal,
      id: string,
      context: RequestContext,
    ): Promise<StaffCredentials> {
      const target = await manageableTarget(id);
      const password = generatePassword(GENERATED_PASSWORD_LENGTH);
      const passwordHash = await hashPassword(password);
      await write(async (tx) => {
        const done = await repository.setPassword(
          tx,
          id,
          { passwordHash, passwordChanged: false, changedAt: new Date() },
          'SUPERADMIN',
        );
        if (!done) throw new AppError(404, MESSAGES.adminNotFound);
        await audit(
          {
            actor: actorOf(actor),
            action: 'staff.reset_password',
            targetType: 'staff',
            targetId: id,
            details: { userName: target.userName },
            ip: context.ip,
          },
          tx,
        );
      });
      return { userName: target.userName, password };
    },

    async deleteAdmin(actor: StaffPrincipal, id: string, context: RequestContext): Promise<void> {
      const target = await manageableTarget(id);
      await write(async (tx) => {
        if (!(await repository.delete(tx, id, 'SUPERADMIN'))) throw new AppError(404, MESSAGES.adminNotFound);
        await audit(
          {
            actor: actorOf(actor),
            action: 'staff.delete',
            targetType: 'staff',
            targetId: id,
            details: { userName: target.userName, role: target.role, faculty: target.faculty },
            ip: context.ip,
          },
          tx,
        );
      });
    },
  };
}
export type UsersService = ReturnType<typeof usersService>;
