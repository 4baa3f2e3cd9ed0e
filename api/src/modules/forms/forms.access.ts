import { MESSAGES, type StaffRole, TWO_FACTOR_MESSAGES } from '@portal/common';
import type { FastifyRequest } from 'fastify';
import type { AuditActor } from '../../db/audit-trail.js';
import type { LinkOwner } from '../../db/link-owner.js';
import { AppError } from '../../lib/app-error.js';
import { type LinkSigner, requireLinkOwner, requireValidLink } from '../../lib/signed-link.js';
import type { StaffPrincipal } from '../auth/index.js';
import { checkStudentSession } from '../student-session/index.js';
import type { FormKind } from './form-kinds.js';

/** Staff roles that see student records, hence the admission form download of the staff list (spec section 2). */
export const FORM_STAFF_ROLES: readonly StaffRole[] = ['SUPERADMIN', 'SUPPORT', 'ADMIN'];

/** A staff form link lives this long: the browser opens it at once. */
export const FORM_LINK_TTL_MS = 10 * 60 * 1000;
const FORM_LINK_PURPOSE = 'form-download';

/**
 * Who is downloading a form:
 * - `student`: the student's own session cookie for the student in the path (the student's screens);
 * - `staff`: a staff bearer token in the Authorization header (API clients, tools);
 * - `link`: a 10-minute signed link made by `POST /forms/downloadLink` for one student and one form (the staff
 *   list: a browser navigation cannot send the Authorization header), with the account it was made for as it is
 *   now (`owner`: its faculty is checked against the student's like a bearer's).
 */
export type FormViewer =
  | { type: 'student' }
  | { type: 'staff'; staff: StaffPrincipal }
  | { type: 'link'; actor: AuditActor; owner: Pick<LinkOwner, 'role' | 'collegeId'> };

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  return /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? '';
}

/**
 * 403 unless the account's role sees student records, its password has been changed, and it has enrolled the
 * second factor its role must have.
 */
export function assertStaffMayDownload(
  staff: Pick<StaffPrincipal, 'role' | 'passwordChanged' | 'twoFactorEnrolmentDue'>,
): void {
  if (!FORM_STAFF_ROLES.includes(staff.role)) throw new AppError(403, MESSAGES.forbidden);
  if (!staff.passwordChanged) throw new AppError(403, MESSAGES.changePasswordFirst);
  if (staff.twoFactorEnrolmentDue) throw new AppError(403, TWO_FACTOR_MESSAGES.enrolmentRequired);
}

/** A faculty ADMIN downloads its own faculty's students only. */
export function assertStaffFaculty(
  staff: Pick<StaffPrincipal, 'role' | 'collegeId'>,
  student: { collegeId: string },
): void {
  if (staff.role === 'ADMIN' && staff.collegeId !== student.collegeId)
    throw new AppError(403, MESSAGES.otherFacultyForbidden);
}

export interface FormAccessDeps {
  links: LinkSigner;
  verifyStaffToken(token: string | undefined): Promise<StaffPrincipal>;
  /** The account a link was made for, as it is now (db/link-owner.ts). */
  linkOwner(id: string): Promise<LinkOwner | undefined>;
}

interface FormLinkData {
  /** The student, the form, the account that asked and its user name. */
  s: string;
  k: FormKind;
  a: string;
  u: string;
  /** When it was made, in milliseconds: a credentials change after it (sign-out everywhere, password) ends it. */
  i: number;
}

function isFormLinkData(data: Record<string, unknown>): data is Record<string, unknown> & FormLinkData {
  return (
    typeof data.s === 'string' &&
    typeof data.k === 'string' &&
    typeof data.a === 'string' &&
    typeof data.u === 'string' &&
    typeof data.i === 'number'
  );
}

export function formAccess(deps: FormAccessDeps) {
  return {
    /** A signed link to one form of one student, for the staff account that asked (checked by the caller). */
    link(
      staff: Pick<StaffPrincipal, 'id' | 'userName'>,
      studentId: string,
      kind: FormKind,
      nowMs = Date.now(),
    ) {
      const data: FormLinkData = {
        s: studentId.toLowerCase(),
        k: kind,
        a: staff.id,
        u: staff.userName,
        i: nowMs,
      };
      return deps.links.sign(FORM_LINK_PURPOSE, { ...data }, FORM_LINK_TTL_MS, nowMs);
    },

    /**
     * Who asks for `kind` of the student in the path. The student's own session is checked first and is never
     * weakened: another student's session without staff credentials is 403, no credentials at all 401.
     */
    async viewer(request: FastifyRequest, pathStudentId: string, kind: FormKind): Promise<FormViewer> {
      const studentId = pathStudentId.toLowerCase();
      const session = await checkStudentSession(request);
      if (session && session.studentId === studentId) return { type: 'student' };

      const bearer = bearerToken(request);
      if (bearer !== undefined) {
        const staff = await deps.verifyStaffToken(bearer || undefined);
        assertStaffMayDownload(staff);
        return { type: 'staff', staff };
      }

      const token = (request.query as Record<string, unknown> | undefined)?.token;
      if (typeof token === 'string' && token !== '') {
        const { data } = requireValidLink(deps.links, FORM_LINK_PURPOSE, token);
        if (!isFormLinkData(data)) throw new AppError(400, MESSAGES.downloadLinkInvalid);
        if (data.s !== studentId || data.k !== kind) throw new AppError(403, MESSAGES.downloadLinkInvalid);
        // As the export links: the link dies with its account, its right to forms, or its sessions.
        const owner = requireLinkOwner(await deps.linkOwner(data.a), FORM_STAFF_ROLES, data.i);
        return { type: 'link', actor: { id: data.a, userName: owner.userName }, owner };
      }

      if (session) throw new AppError(403, MESSAGES.forbidden);
      throw new AppError(401, MESSAGES.studentSessionExpired);
    },
  };
}

export type FormAccess = ReturnType<typeof formAccess>;
