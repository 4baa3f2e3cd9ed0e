import { eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/executor.js';
import type { Database } from '../../db/pool.js';
import { staffUsers } from '../../db/schema/index.js';

export function staffSessionsRepository(db: Database) {
  return {
    transaction: <T>(work: (tx: DbExecutor) => Promise<T>) => db.transaction(work),

    async account(id: string) {
      const [row] = await db
        .select({ id: staffUsers.id, userName: staffUsers.userName, role: staffUsers.role })
        .from(staffUsers)
        .where(eq(staffUsers.id, id));
      return row;
    },

    /**
     * Every token issued up to `at` stops working: the guard reads `credentials_changed_at` on every request, on
     * every instance. False when the account is gone.
     */
    async endSessions(tx: DbExecutor, id: string, at: Date): Promise<boolean> {
      const rows = await tx
        .update(staffUsers)
        .set({ credentialsChangedAt: at, updatedAt: sql`now()` })
        .where(eq(staffUsers.id, id))
        .returning({ id: staffUsers.id });
      return rows.length > 0;
    },
  };
}

export type StaffSessionsRepository = ReturnType<typeof staffSessionsRepository>;
