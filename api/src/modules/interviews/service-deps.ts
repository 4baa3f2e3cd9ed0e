import type { AuditEntry } from '../../db/audit-trail.js';
import type { DbExecutor } from '../../db/executor.js';
import type { LinkSigner } from '../../lib/signed-link.js';
import type { StaffPrincipal } from '../auth/index.js';
import type { InterviewsRepository } from './interviews.repository.js';

export interface InterviewsServiceDeps {
  repository: InterviewsRepository;
  /** Writes one audit row, in the transaction when one is given. */
  audit: (entry: AuditEntry, tx?: DbExecutor) => Promise<void>;
  /** The university's IANA time zone: today, a period's start and the 24-hour rule are reckoned in it. */
  timeZone: string;
  /** Days without interviews, 0 = Sunday … 6 = Saturday. */
  weekendDays: readonly number[];
  /** Signs the export links; any instance holding the secret serves them. */
  links: LinkSigner;
  /** The full path of an export link, e.g. `/api/v1/interviews/export/<token>`. */
  downloadPath: (token: string) => string;
  now?: () => Date;
}

/** What each part of the interviews service is given: the service's dependencies, the clock settled. */
export type PartDeps = InterviewsServiceDeps & { now: () => Date };

export interface RequestContext {
  ip: string;
}

export type Staff = Pick<StaffPrincipal, 'id' | 'userName'>;

export const actorOf = (staff: Staff) => ({ id: staff.id, userName: staff.userName });
