import {
  COOKIE_MAX_AGE_MS,
  LOGIN_ERROR_PARAM,
  type LoginFormError,
  loginFormErrorFor,
  type StudentLookupResponse,
  studentLanding,
} from '@portal/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { WEB_BASE } from '../../plugins/web-app.js';

/** Where a student whose form post was refused is sent back to: the login screen, naming why. */
export function loginScreenWith(error: LoginFormError): string {
  return `${WEB_BASE}?${LOGIN_ERROR_PARAM}=${error}`;
}

/** Where a student who logged in with the form goes: the same screen the web app would open (spec section 4). */
export function landingOf(answer: StudentLookupResponse): string {
  return `${WEB_BASE}dashboard/${studentLanding(answer.studentData)}`;
}

/**
 * A form post from another site must not log the visitor in as someone else (login CSRF). Browsers say where a
 * post comes from in Sec-Fetch-Site, older ones in Origin; a request with neither comes from no browser page.
 */
export function isCrossSitePost(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site !== 'same-origin';
  const origin = request.headers.origin;
  if (origin === undefined || origin === 'null') return origin === 'null';
  try {
    return new URL(origin).host !== request.host;
  } catch {
    return true;
  }
}

/**
 * The cookies the web app itself keeps after a login (spec section 3: `id`, `nationalID` and, with the student
 * second factor, `seatNo`, readable by its scripts, web/src/lib/cookies.ts), so that the screen the form
 * redirects to finds the student as if the web app had logged in, and looks it up again with the same pair.
 */
export function setWebAppCookies(
  reply: FastifyReply,
  studentId: string,
  nationalId: string,
  seatNo: string | undefined,
): void {
  const options = { path: '/', sameSite: 'lax', maxAge: COOKIE_MAX_AGE_MS / 1000, secure: 'auto' } as const;
  reply.setCookie('id', studentId, options);
  reply.setCookie('nationalID', nationalId, options);
  if (seatNo !== undefined) reply.setCookie('seatNo', seatNo, options);
}

/**
 * A refusal leaves the error handler as the Arabic JSON envelope; a browser posting the form needs a page
 * instead, so it is sent back to the login screen with the reason in the address.
 */
export function refusalAsRedirect(reply: FastifyReply, payload: unknown): string {
  let message = '';
  if (typeof payload === 'string') {
    try {
      const envelope: unknown = JSON.parse(payload);
      if (envelope && typeof envelope === 'object' && 'message' in envelope)
        message = String(envelope.message);
    } catch {
      // Not an envelope: the status alone decides.
    }
  }
  const error = loginFormErrorFor(reply.statusCode, message);
  reply.code(303).header('location', loginScreenWith(error)).header('cache-control', 'no-store');
  reply.removeHeader('content-type');
  return '';
}
