import { DOWNLOAD_LINK_LIFETIME_MS, MESSAGES } from '@portal/common';
import type { AuditEntry } from '../../db/audit-trail.js';
import { AppError } from '../../lib/app-error.js';
import type { LinkSigner } from '../../lib/signed-link.js';
import type { StaffAccount } from './staff-principal.repository.js';

/**
 * A kind of short-lived link that stands in for a staff token in a path the browser opens itself
 * (`AccessRule.tokenFrom.link`): made for one account and for the route's other path parameters exactly, so the
 * portal never has to put the session token in a URL. Spec clients that put their staff token there still can.
 */
export interface PathLinkKind {
  /** The signed-link purpose (lib/signed-link.ts): a link made for another kind is refused. */
  purpose: string;
  /** The audit action of a refused link that we did sign. */
  refusedAction: string;
  messages: { invalid: string; expired: string; otherPath: string };
}

/** The printed schedule list (`GET /users/exportsAppointedStudents/{date}/{period}/{token}`). */
export const SCHEDULE_PRINT_LINK: PathLinkKind = {
  purpose: 'schedule-print',
  refusedAction: 'appointments.print_refused',
  messages: {
    invalid: MESSAGES.printLinkInvalid,
    expired: MESSAGES.printLinkExpired,
    otherPath: MESSAGES.printLinkOtherDay,
  },
};

/** As the other download links: the browser opens it at once. */
export const PATH_LINK_LIFETIME_MS = DOWNLOAD_LINK_LIFETIME_MS;

/** A signed link has one dot (payload.signature); a staff token, a JWT, has two. */
const LINK_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/;

export function looksLikePathLink(token: string): boolean {
  return LINK_SHAPE.test(token);
}

interface PathLinkData {
  /** The account it was made for. */
  s: string;
  /** When, in milliseconds: strictly after the account's last credentials change, as a token's `iatMs`. */
  i: number;
  /** The path parameters it opens, as they appear in the path. */
  a: Record<string, string>;
}

function isPathLinkData(data: Record<string, unknown>): data is Record<string, unknown> & PathLinkData {
  const { s, i, a } = data;
  return (
    typeof s === 'string' &&
    typeof i === 'number' &&
    typeof a === 'object' &&
    a !== null &&
    Object.values(a).every((value) => typeof value === 'string')
  );
}

function sameParams(linked: Record<string, string>, asked: Record<string, string | undefined>): boolean {
  const names = new Set([...Object.keys(linked), ...Object.keys(asked)]);
  return [...names].every((name) => linked[name] === asked[name]);
}

export function signPathLink(
  links: LinkSigner,
  kind: PathLinkKind,
  staff: Pick<StaffAccount, 'id' | 'credentialsChangedAt'>,
  params: Record<string, string>,
  nowMs = Date.now(),
): string {
  const issuedAt = Math.max(nowMs, staff.credentialsChangedAt.getTime() + 1);
  const data: PathLinkData = { s: staff.id, i: issuedAt, a: params };
  return links.sign(kind.purpose, { ...data }, PATH_LINK_LIFETIME_MS, nowMs);
}

export interface PathLinkDeps {
  links: LinkSigner;
  findAccount(id: string): Promise<StaffAccount | undefined>;
  audit(entry: AuditEntry): Promise<void>;
}

/**
 * The account a path link opens the path for, as it is now; otherwise the Arabic refusal: 400/403 for something we
 * did not sign (not audited: it names nobody, and anyone may send one), and, audited with what was asked and what
 * the link was for, 410 past its lifetime, 403 when the account is gone or changed its credentials since (sign-out
 * everywhere, a password change or reset), 403 for another path (another day or period).
 */
export async function openPathLink(
  deps: PathLinkDeps,
  kind: PathLinkKind,
  token: string,
  asked: Record<string, string | undefined>,
  ip: string,
): Promise<StaffAccount> {
  const verdict = deps.links.verify(kind.purpose, token);
  if (!verdict.ok && verdict.reason !== 'expired')
    throw new AppError(verdict.reason === 'tampered' ? 403 : 400, kind.messages.invalid);
  const { data } = verdict;
  if (!isPathLinkData(data)) throw new AppError(400, kind.messages.invalid);
  const account = await deps.findAccount(data.s);

  const refuse = async (reason: string, status: number, message: string): Promise<never> => {
    await deps.audit({
      actor: account ? { id: account.id, userName: account.userName } : null,
      action: kind.refusedAction,
      targetType: 'staff',
      targetId: data.s,
      details: { reason, asked, linkFor: data.a, issuedAt: new Date(data.i).toISOString() },
      ip,
    });
    throw new AppError(status, message);
  };

  if (!verdict.ok) return refuse('expired', 410, kind.messages.expired);
  if (!account || data.i <= account.credentialsChangedAt.getTime())
    return refuse('account', 403, kind.messages.invalid);
  if (!sameParams(data.a, asked)) return refuse('otherPath', 403, kind.messages.otherPath);
  return account;
}
