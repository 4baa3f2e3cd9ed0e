import { MESSAGES } from '@portal/common';
import type { AuditEntry } from '../../db/audit-trail.js';
import type { DbExecutor } from '../../db/executor.js';
import { AppError } from '../../lib/app-error.js';
import type { StaffPrincipal } from '../auth/index.js';
import { manageable } from '../staff/index.js';
import type { StaffSessionsRepository } from './staff-sessions.repository.js';

export interface StaffSessionsServiceDeps {
  repository: StaffSessionsRepository;
  /** Writes one audit row in the transaction of the change it records. */
  audit: (entry: AuditEntry, tx: DbExecutor) => Promise<void>;
}

export interface RequestContext {
  ip: string;
}

type Actor = Pick<StaffPrincipal, 'id' | 'userName' | 'role'>;

export function staffSessionsService({ repository, audit }: StaffSessionsServiceDeps) {
  /**
   * Whose sessions a call may end: its own always; another account's only as the super admin, and then only an
   * account the super admin manages (another super admin is out of reach, as for every account change).
   */
  async function target(actor: Actor, id: string | undefined): Promise<{ id: string; userName: string }> {
    if (id === undefined || id === actor.id) return actor;
    if (actor.role !== 'SUPERADMIN') throw new AppError(403, MESSAGES.forbidden);
    return manageable(await repository.account(id));
  }

  return {
    /** `POST /users/signOutEverywhere`: every token of the account issued until now is refused from now on. */
    async signOutEverywhere(actor: Actor, id: string | undefined, context: RequestContext): Promise<void> {
      const account = await target(actor, id);
      await repository.transaction(async (tx) => {
        if (!(await repository.endSessions(tx, account.id, new Date())))
          throw new AppError(404, MESSAGES.adminNotFound);
        await audit(
          {
            actor: { id: actor.id, userName: actor.userName },
            action: 'staff.sign_out_everywhere',
            targetType: 'staff',
            targetId: account.id,
            details: { userName: account.userName, own: account.id === actor.id },
            ip: context.ip,
          },
          tx,
        );
      });
    },
  };
}
