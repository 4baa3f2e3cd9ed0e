import { MESSAGES, type StaffMe, type StaffUser } from '@portal/common';
import { AppError } from '../../lib/app-error.js';
import { facultyScope, type StaffPrincipal } from '../auth/index.js';
import { hashPassword, verifyPassword } from '../staff/index.js';
import { actorOf, type RequestContext, type UsersServiceDeps } from './service-deps.js';
import { accountWrites, type Profile, profileChanges, toStaffUser } from './staff-user.js';
import type { StaffRow } from './users.repository.js';

/** The caller's own account: what it is, its password, and its name, user name and mobile. */
export function ownAccountService({ repository, throttle, audit }: UsersServiceDeps) {
  const { write, reload } = accountWrites(repository);

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

  return {
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
            details: profileChanges(row, { ...profile, faculty: row.faculty }),
            ip: context.ip,
          },
          tx,
        );
      });
      return reload(row.id);
    },
  };
}
