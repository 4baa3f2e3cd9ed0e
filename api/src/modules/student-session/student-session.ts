import { COOKIE_MAX_AGE_MS, MESSAGES } from '@portal/common';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AppError } from '../../lib/app-error.js';

/**
 * The student session: a signed, HttpOnly cookie holding the student's id and an expiry. It is stateless (the
 * signature and the expiry inside it are all the server checks), so any instance sharing the secret accepts it.
 * Its name differs from the web app's own `id` and `nationalID` cookies, which scripts read.
 */
export const STUDENT_SESSION_COOKIE = 'studentSession';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface StudentSession {
  studentId: string;
  expiresAt: number;
}

/** The cookie value before signing: `<student id>.<expiry in ms since the epoch>`. */
export function encodeStudentSession(session: StudentSession): string {
  return `${session.studentId}.${session.expiresAt}`;
}

export function decodeStudentSession(value: string): StudentSession | null {
  const dot = value.indexOf('.');
  if (dot < 0) return null;
  const studentId = value.slice(0, dot);
  const expiry = value.slice(dot + 1);
  if (!UUID.test(studentId) || !/^\d{1,15}$/.test(expiry)) return null;
  return { studentId: studentId.toLowerCase(), expiresAt: Number(expiry) };
}

/** Opens a one-day session for the student on the reply (after a successful `getStudent`). */
export function setStudentSession(reply: FastifyReply, studentId: string, now = Date.now()): void {
  const value = encodeStudentSession({ studentId, expiresAt: now + COOKIE_MAX_AGE_MS });
  reply.setCookie(STUDENT_SESSION_COOKIE, value, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: COOKIE_MAX_AGE_MS / 1000,
    secure: 'auto',
  });
}

/**
 * The session each request's cookie holds, verified once: a student route checks it before validation
 * (`requireStudentSession`) and again in its handler (`requireStudent`), and each check was an HMAC of the cookie.
 */
const verifiedSessions = new WeakMap<FastifyRequest, StudentSession | null>();

function verifiedSession(request: FastifyRequest): StudentSession | null {
  let session = verifiedSessions.get(request);
  if (session === undefined) {
    const raw = request.cookies[STUDENT_SESSION_COOKIE];
    const unsigned = raw ? request.unsignCookie(raw) : null;
    session = unsigned?.valid && unsigned.value !== null ? decodeStudentSession(unsigned.value) : null;
    verifiedSessions.set(request, session);
  }
  return session;
}

/** The valid session of the request, or null when the cookie is missing, tampered with or expired. */
export function readStudentSession(request: FastifyRequest, now = Date.now()): StudentSession | null {
  const session = verifiedSession(request);
  if (!session || session.expiresAt <= now) return null;
  return session;
}

/** The answer to a student call without a valid session: 401, log in again with the national ID. */
const sessionExpired = () => new AppError(401, MESSAGES.studentSessionExpired);

/** The id of the logged-in student; 401 without a valid session. */
export function requireStudentSession(request: FastifyRequest): string {
  const session = readStudentSession(request);
  if (!session) throw sessionExpired();
  return session.studentId;
}

/**
 * A student route's `preValidation`: without a valid session the answer is 401 whatever the path or body, so
 * nothing is learnt without logging in. It takes a callback rather than being async, which would cost a promise
 * and a microtask turn on every student request (docs/decisions/0010-login-cost.md).
 */
export function studentSessionFirst(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  done(readStudentSession(request) ? undefined : sessionExpired());
}

/**
 * Guards a student call whose path names the student: 401 without a valid session, 403 when the session
 * belongs to another student.
 */
export function requireStudent(request: FastifyRequest, studentIdFromPath: string): string {
  const studentId = requireStudentSession(request);
  if (studentId !== studentIdFromPath.toLowerCase()) throw new AppError(403, MESSAGES.forbidden);
  return studentId;
}

/** `requireStudent` as a preHandler, for routes whose path parameter `param` is the student's id. */
export function studentPathGuard(param = 'id') {
  return async (request: FastifyRequest): Promise<void> => {
    const value = (request.params as Record<string, unknown> | undefined)?.[param];
    requireStudent(request, typeof value === 'string' ? value : '');
  };
}
