import type { StaffRole } from '@portal/common';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/pool.js';
import { colleges, staffUsers } from '../../db/schema/index.js';

/** A staff account as the access guard reads it, afresh on every authenticated request. */
export interface StaffAccount {
  id: string;
  name: string;
  userName: string;
  phoneNumber: string;
  role: StaffRole;
  collegeId: string | null;
  /** The college name (only an ADMIN is bound to one). */
  faculty: string | null;
  passwordChanged: boolean;
  credentialsChangedAt: Date;
  /** A second factor is in force (issue 20). */
  twoFactorEnabled: boolean;
}

/** The signed-in staff account. */
export interface StaffPrincipal extends StaffAccount {
  /** Its role must enrol a second factor (STAFF_2FA_REQUIRED) and it has none yet: most calls wait. */
  twoFactorEnrolmentDue: boolean;
}

export function staffPrincipalRepository(db: Database) {
  const byId = db
    .select({
      id: staffUsers.id,
      name: staffUsers.name,
      userName: staffUsers.userName,
      phoneNumber: staffUsers.phoneNumber,
      role: staffUsers.role,
      collegeId: staffUsers.collegeId,
      faculty: colleges.name,
      passwordChanged: staffUsers.passwordChanged,
      credentialsChangedAt: staffUsers.credentialsChangedAt,
      twoFactorEnabled: sql<boolean>`${staffUsers.twoFactorEnabledAt} IS NOT NULL`,
    })
    .from(staffUsers)
    .leftJoin(colleges, eq(colleges.id, staffUsers.collegeId))
    .where(eq(staffUsers.id, sql.placeholder('id')))
    .prepare('auth_staff_by_id');

  return {
    async findById(id: string): Promise<StaffAccount | undefined> {
      return (await byId.execute({ id }))[0];
    },
  };
}
