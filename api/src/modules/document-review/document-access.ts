import { MESSAGES, TWO_FACTOR_MESSAGES } from '@portal/common';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { StaffPrincipal } from '../auth/index.js';
import { checkStudentSession, requireStepUp } from '../student-session/index.js';

/**
 * Who asks for a document image: the student's own session (its own documents, on its screens) or a staff
 * account's bearer token (the record page; the scope rule then decides which students).
 */
export type DocumentViewer = { type: 'student' } | { type: 'staff'; staff: StaffPrincipal };

/** The Authorization header's token; '' when the header is there but holds no bearer token. */
function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  return /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? '';
}

/**
 * The caller of a document route, for the student in the path. The student's own session is checked first and
 * never weakened: another student's session without staff credentials is 403, no credentials at all 401.
 */
export async function documentViewer(
  request: FastifyRequest,
  pathStudentId: string,
  verifyStaffToken: (token: string | undefined) => Promise<StaffPrincipal>,
): Promise<DocumentViewer> {
  const session = await checkStudentSession(request);
  if (session && session.studentId === pathStudentId.toLowerCase()) {
    // The student's own images need a step-up beside the session (issue 33).
    requireStepUp(request);
    return { type: 'student' };
  }

  const bearer = bearerToken(request);
  if (bearer !== undefined) {
    const staff = await verifyStaffToken(bearer || undefined);
    // As on every staff route: a new or reset account changes its password, and enrols a second factor where its
    // role must, before it reads anything.
    if (!staff.passwordChanged) throw new AppError(403, MESSAGES.changePasswordFirst);
    if (staff.twoFactorEnrolmentDue) throw new AppError(403, TWO_FACTOR_MESSAGES.enrolmentRequired);
    return { type: 'staff', staff };
  }

  if (session) throw new AppError(403, MESSAGES.forbidden);
  throw new AppError(401, MESSAGES.studentSessionExpired);
}
