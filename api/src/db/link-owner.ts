import type { StaffRole } from '@portal/common';
import { eq } from 'drizzle-orm';
import type { Database } from './pool.js';
import { staffUsers } from './schema/index.js';

export interface LinkOwner {
  userName: string;
  role: StaffRole;
  /** An ADMIN's faculty: a link to one of its students dies when the account moves to another faculty. */
  collegeId: string | null;
  credentialsChangedAt: Date;
}

/**
 * The account a signed download link was made for, as it is now: every export link (students, interviews, the
 * audit trail) and every staff form link dies with its account, its role or its sessions.
 */
export async function linkOwner(db: Database, id: string): Promise<LinkOwner | undefined> {
  const [row] = await db
    .select({
      userName: staffUsers.userName,
      role: staffUsers.role,
      collegeId: staffUsers.collegeId,
      credentialsChangedAt: staffUsers.credentialsChangedAt,
    })
    .from(staffUsers)
    .where(eq(staffUsers.id, id));
  return row;
}
