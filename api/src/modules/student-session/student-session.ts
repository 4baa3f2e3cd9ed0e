import { randomBytes } from 'node:crypto';
import { COOKIE_MAX_AGE_MS, MESSAGES, STEP_UP_MESSAGES } from '@portal/common';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { readSessionState, type SessionState } from './student-session.repository.js';

/**
 * The student session: a signed, HttpOnly cookie holding the student's id, an expiry and a random session id
 * (issue 33). The signature and the expiry are checked by any instance sharing the secret; what the server keeps
 * of a session (logged out, step-up passed) is one row in `student_sessions` under the session id, read once per
 * student request. A login writes nothing (docs/decisions/0017-student-step-up-and-logout.md).
 * Its name differs from the web app's own `id` and `nationalID` cookies, which scripts read.
 */
export const STUDENT_SESSION_COOKIE = 'studentSession';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SESSION_ID = /^[A-Za-z0-9_-]{22}$/;

export interface StudentSession {
  studentId: string;
  expiresAt: number;
  /** The server's key of the session: random, or for a cookie of the earlier format its unsigned value. */
  sessionId: string;
}

const SESSION_ID_BYTES = 16;
/** Ids drawn from OpenSSL at a time: one call per login was 3 % of a login's CPU (bench/compare-builds.mjs). */
const POOLED_IDS = 256;
let pool = Buffer.alloc(0);
let taken = 0;

/** A new session's id: 128 random bits, from a pool refilled in batches as crypto.randomUUID's is. */
export function newSessionId(): string {
  if (taken === pool.length) {
    pool = randomBytes(SESSION_ID_BYTES * POOLED_IDS);
    taken = 0;
  }
  const id = pool.toString('base64url', taken, taken + SESSION_ID_BYTES);
  taken += SESSION_ID_BYTES;
  return id;
}

/**
 * The cookie value before signing: `<student id>.<expiry in ms since the epoch>.<session id>`, a new session id
 * unless one is given.
 */
export function encodeStudentSession(
  session: Pick<StudentSession, 'studentId' | 'expiresAt'> & { sessionId?: string },
): string {
  return `${session.studentId}.${session.expiresAt}.${session.sessionId ?? newSessionId()}`;
}

/**
 * Reads both formats: `<id>.<expiry>.<session id>`, and `<id>.<expiry>` as instances before issue 33 wrote it,
 * which a rolling upgrade leaves in browsers for up to a day. Such a cookie's session id is its own value: unique
 * enough to end it or step it up, and already covered by the signature.
 */
export function decodeStudentSession(value: string): StudentSession | null {
  const [studentId, expiry, sessionId, ...rest] = value.split('.');
  if (rest.length > 0 || studentId === undefined || expiry === undefined) return null;
  if (!UUID.test(studentId) || !/^\d{1,15}$/.test(expiry)) return null;
  if (sessionId !== undefined && !SESSION_ID.test(sessionId)) return null;
  const id = studentId.toLowerCase();
  return { studentId: id, expiresAt: Number(expiry), sessionId: sessionId ?? `${id}.${expiry}` };
}

/**
 * Opens a one-day session for the student on the reply (after a successful `getStudent`). `sessionId` renews the
 * request's own live session of this student instead (a page reload looks the student up again): what belongs to
 * the session, such as its staged document uploads (issue 34), outlives the reload.
 */
export function setStudentSession(
  reply: FastifyReply,
  studentId: string,
  now = Date.now(),
  sessionId?: string,
): void {
  const value = encodeStudentSession({ studentId, expiresAt: now + COOKIE_MAX_AGE_MS, sessionId });
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

/** The server's state of each request's session, once read (`checkStudentSession`). */
const sessionStates = new WeakMap<FastifyRequest, SessionState>();

/** The cookie's session when its signature and expiry hold, whatever the server's state of it. */
function signedSession(request: FastifyRequest, now: number): StudentSession | null {
  const session = verifiedSession(request);
  if (!session || session.expiresAt <= now) return null;
  return session;
}

/**
 * The valid session of the request, or null when the cookie is missing, tampered with, expired or logged out.
 * Synchronous: it answers from the state `checkStudentSession` read for this request, and a session whose state
 * was not read is no session (a route that forgot the check refuses rather than trusts).
 */
export function readStudentSession(request: FastifyRequest, now = Date.now()): StudentSession | null {
  const session = signedSession(request, now);
  if (!session) return null;
  const state = sessionStates.get(request);
  return state && !state.ended ? session : null;
}

/**
 * Reads the server's state of the request's session (one indexed read), once per request. Call it, or the
 * `studentSessionFirst` hook built on it, before any `readStudentSession`/`requireStudent`.
 */
export async function checkStudentSession(request: FastifyRequest): Promise<StudentSession | null> {
  const session = signedSession(request, Date.now());
  if (!session) return null;
  if (!sessionStates.has(request)) {
    sessionStates.set(request, await readSessionState(request.server.db, session.sessionId));
  }
  return readStudentSession(request);
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
 * A student route's `preValidation`: reads the session's state, and without a valid session answers 401 whatever
 * the path or body, so nothing is learnt without logging in. It takes a callback rather than being async, which
 * would cost a promise and a microtask turn on every student request (docs/decisions/0010-login-cost.md); the
 * state's read is the one promise it waits for.
 */
export function studentSessionFirst(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const session = signedSession(request, Date.now());
  if (!session) {
    done(sessionExpired());
    return;
  }
  readSessionState(request.server.db, session.sessionId).then(
    (state) => {
      sessionStates.set(request, state);
      done(state.ended ? sessionExpired() : undefined);
    },
    (error: Error) => done(error),
  );
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

/**
 * The most sensitive student reads (the own-data zip, the document images) need a step-up passed on this session
 * in the last 15 minutes, unless `STUDENT_STEP_UP=off`: 403 with the message the web app answers with the dialog.
 */
export function requireStepUp(request: FastifyRequest): void {
  if (request.server.config.studentStepUp === 'off') return;
  if (!sessionStates.get(request)?.steppedUp) throw new AppError(403, STEP_UP_MESSAGES.required);
}
