import type { StaffUser } from '@portal/common';
import type { AuditEntry } from '../../db/audit-trail.js';
import type { DbExecutor } from '../../db/executor.js';
import type { LoginThrottle } from '../sign-in-throttle/index.js';
import type { ChallengeOutcome } from '../two-factor/index.js';
import type { UsersRepository } from './users.repository.js';

export interface UsersServiceDeps {
  repository: UsersRepository;
  throttle: LoginThrottle;
  audit: (entry: AuditEntry, tx?: DbExecutor) => Promise<void>;
  issueToken: (staff: { id: string; credentialsChangedAt: Date }) => Promise<string>;
  /** The second step of a sign-in, for accounts with a second factor (the two-factor module). */
  secondFactor: SecondFactorSignIn;
}

export interface SecondFactorSignIn {
  startChallenge(staffId: string): Promise<string>;
  challengeOwner(challenge: string): Promise<string | undefined>;
  redeemChallenge(challenge: string, staffId: string, code: string): Promise<ChallengeOutcome>;
}

/** A right password signs in, or, for an account with a second factor, opens a challenge for its code. */
export type LoginResult = { token: string; user: StaffUser } | { challenge: string };

/** Where a request came from, for the audit log and the sign-in throttle. */
export interface RequestContext {
  ip: string;
}

export const actorOf = (staff: { id: string; userName: string }) => ({
  id: staff.id,
  userName: staff.userName,
});
