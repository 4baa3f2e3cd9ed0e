import type { StaffRole } from '@portal/common';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/executor.js';
import type { Database } from '../../db/pool.js';
import { colleges, staffUsers } from '../../db/schema/index.js';

/** A staff account with its college name and password hash (the hash never leaves the service). */
export interface StaffRow {
  id: string;
  name: string;
  userName: string;
  phoneNumber: string;
  role: StaffRole;
  collegeId: string | null;
  faculty: string | null;
  passwordHash: string;
  passwordChanged: boolean;
  credentialsChangedAt: Date;
  /** A second factor is in force: a right password alone does not sign in. */
  twoFactorEnabled: boolean;
}

export interface StaffProfile {
  name: string;
  userName: string;
  phoneNumber: string;
  collegeId: string | null;
}

const USER_NAME_UNIQUE = 'staff_users_user_name_key';

/** True when the error (or one it wraps) is PostgreSQL's unique violation of the user-name index. */
export function isDuplicateUserName(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (e.code === '23505' && e.constraint === USER_NAME_UNIQUE) return true;
    current = e.cause;
  }
  return false;
}

export function usersRepository(db: Database) {
  const columns = {
    id: staffUsers.id,
    name: staffUsers.name,
    userName: staffUsers.userName,
    phoneNumber: staffUsers.phoneNumber,
    role: staffUsers.role,
    collegeId: staffUsers.collegeId,
    faculty: colleges.name,
    passwordHash: staffUsers.passwordHash,
    passwordChanged: staffUsers.passwordChanged,
    credentialsChangedAt: staffUsers.credentialsChangedAt,
    twoFactorEnabled: sql<boolean>`${staffUsers.twoFactorEnabledAt} IS NOT NULL`,
  };
  const select = () =>
    db.select(columns).from(staffUsers).leftJoin(colleges, eq(colleges.id, staffUsers.collegeId));

  const byId = select()
    .where(eq(staffUsers.id, sql.placeholder('id')))
    .prepare('users_by_id');
  const byUserName = select()
    .where(sql`lower(${staffUsers.userName}) = lower(${sql.placeholder('userName')})`)
    .prepare('users_by_user_name');
  const byPhone = select()
    .where(eq(staffUsers.phoneNumber, sql.placeholder('phoneNumber')))
    .orderBy(asc(staffUsers.createdAt))
    .limit(1)
    .prepare('users_by_phone');
  const all = select()
    .orderBy(
      sql`CASE ${staffUsers.role} WHEN 'SUPERADMIN' THEN 0 ELSE 1 END`,
      asc(staffUsers.createdAt),
      asc(staffUsers.userName),
    )
    .prepare('users_list_all');
  const collegeByName = db
    .select({ id: colleges.id })
    .from(colleges)
    .where(eq(colleges.name, sql.placeholder('name')))
    .prepare('users_college_by_name');

  return {
    transaction<T>(work: (tx: DbExecutor) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },
    async findById(id: string): Promise<StaffRow | undefined> {
      return (await byId.execute({ id }))[0];
    },
    async findByUserName(userName: string): Promise<StaffRow | undefined> {
      return (await byUserName.execute({ userName }))[0];
    },
    async findByPhone(phoneNumber: string): Promise<StaffRow | undefined> {
      return (await byPhone.execute({ phoneNumber }))[0];
    },
    listAll(): Promise<StaffRow[]> {
      return all.execute();
    },
    async collegeIdByName(name: string): Promise<string | undefined> {
      return (await collegeByName.execute({ name }))[0]?.id;
    },

    async insert(
      tx: DbExecutor,
      values: StaffProfile & { role: StaffRole; passwordHash: string; passwordChanged: boolean },
    ): Promise<string> {
      const [row] = await tx.insert(staffUsers).values(values).returning({ id: staffUsers.id });
      if (!row) throw new Error('staff insert returned no row');
      return row.id;
    },
    /** Updates a profile; `exceptRole` protects accounts of that role. False when no such account. */
    async updateProfile(
      tx: DbExecutor,
      id: string,
      profile: StaffProfile,
      exceptRole?: StaffRole,
    ): Promise<boolean> {
      const rows = await tx
        .update(staffUsers)
        .set({ ...profile, updatedAt: sql`now()` })
        .where(and(eq(staffUsers.id, id), exceptRole ? ne(staffUsers.role, exceptRole) : undefined))
        .returning({ id: staffUsers.id });
      return rows.length > 0;
    },
    /** Sets a new password; tokens issued before `changedAt` stop working. */
    async setPassword(
      tx: DbExecutor,
      id: string,
      change: { passwordHash: string; passwordChanged: boolean; changedAt: Date },
      exceptRole?: StaffRole,
    ): Promise<boolean> {
      const rows = await tx
        .update(staffUsers)
        .set({
          passwordHash: change.passwordHash,
          passwordChanged: change.passwordChanged,
          credentialsChangedAt: change.changedAt,
          updatedAt: sql`now()`,
        })
        .where(and(eq(staffUsers.id, id), exceptRole ? ne(staffUsers.role, exceptRole) : undefined))
        .returning({ id: staffUsers.id });
      return rows.length > 0;
    },
    async delete(tx: DbExecutor, id: string, exceptRole?: StaffRole): Promise<boolean> {
      const rows = await tx
        .delete(staffUsers)
        .where(and(eq(staffUsers.id, id), exceptRole ? ne(staffUsers.role, exceptRole) : undefined))
        .returning({ id: staffUsers.id });
      return rows.length > 0;
    },
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
