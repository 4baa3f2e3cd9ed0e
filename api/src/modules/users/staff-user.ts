import { MESSAGES, type StaffUser } from '@portal/common';
import type { DbExecutor } from '../../db/executor.js';
import { AppError } from '../../lib/app-error.js';
import { isDuplicateUserName, type StaffRow, type UsersRepository } from './users.repository.js';

export interface Profile {
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

/** What an edit changed of a profile, for its audit row. */
export function profileChanges(before: StaffRow, after: Profile) {
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

/** The writes of the own-account and account-management calls, and the account as they answer it. */
export function accountWrites(repository: UsersRepository) {
  /** Runs a write and its audit row in one transaction; a duplicate user name becomes 409. */
  async function write<T>(work: (tx: DbExecutor) => Promise<T>): Promise<T> {
    try {
      return await repository.transaction(work);
    } catch (error) {
      if (isDuplicateUserName(error)) throw new AppError(409, MESSAGES.userNameTaken);
      throw error;
    }
  }

  async function reload(id: string): Promise<StaffUser> {
    const row = await repository.findById(id);
    if (!row) throw new AppError(404, MESSAGES.adminNotFound);
    return toStaffUser(row);
  }

  return { write, reload };
}
