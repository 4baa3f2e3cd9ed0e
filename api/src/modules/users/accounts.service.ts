import {
  type AssignableStaffRole,
  GENERATED_PASSWORD_LENGTH,
  MESSAGES,
  type StaffCredentials,
  type StaffUser,
} from '@portal/common';
import { AppError } from '../../lib/app-error.js';
import type { StaffPrincipal } from '../auth/index.js';
import { generatePassword, hashPassword, manageable } from '../staff/index.js';
import { actorOf, type RequestContext, type UsersServiceDeps } from './service-deps.js';
import { accountWrites, type Profile, profileChanges, toStaffUser } from './staff-user.js';
import type { StaffRow } from './users.repository.js';

/** The super admin's management of the other staff accounts. */
export function accountsService({ repository, audit }: UsersServiceDeps) {
  const { write, reload } = accountWrites(repository);

  async function collegeIdFor(faculty: string | null): Promise<string> {
    if (!faculty) throw new AppError(400, MESSAGES.facultyRequired);
    const id = await repository.collegeIdByName(faculty);
    if (!id) throw new AppError(400, MESSAGES.collegeNotFound);
    return id;
  }

  async function manageableTarget(id: string): Promise<StaffRow> {
    return manageable(await repository.findById(id));
  }

  return {
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
            details: profileChanges(target, { ...input, faculty: collegeId ? input.faculty : null }),
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
