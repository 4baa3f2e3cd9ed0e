import { recordAudit } from '../../db/audit-trail.js';
import type { Database } from '../../db/pool.js';
import { twoFactorRepository } from './two-factor.repository.js';

export type ConsoleResetOutcome = 'reset' | 'notFound' | 'notEnabled';

/**
 * Removes an account's second factor from the server's console (`npm run staff:reset-two-factor -- USERNAME`):
 * the one way back for a super admin who lost both the phone and the recovery codes, since no account may reset a
 * super admin's factor through the portal. Ends the account's sessions and is audited, with no staff actor.
 */
export async function resetTwoFactorAtConsole(db: Database, userName: string): Promise<ConsoleResetOutcome> {
  const repository = twoFactorRepository(db);
  const account = await repository.accountByUserName(userName);
  if (!account) return 'notFound';
  if (!account.enabled) return 'notEnabled';
  await repository.transaction(async (tx) => {
    await repository.clear(tx, account.id, { endSessions: true });
    await recordAudit(tx, {
      actor: null,
      action: 'staff.two_factor.reset',
      targetType: 'staff',
      targetId: account.id,
      details: { userName: account.userName, by: 'console' },
    });
  });
  return 'reset';
}
