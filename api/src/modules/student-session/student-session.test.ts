import cookie from '@fastify/cookie';
import Fastify, { type FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../../test/test-app.js';
import type { Config } from '../../config/config.js';
import { studentSessions } from '../../db/schema/index.js';
import {
  checkStudentSession,
  decodeStudentSession,
  encodeStudentSession,
  newSessionId,
  readStudentSession,
  requireStudent,
  requireStudentSession,
  STUDENT_SESSION_COOKIE,
  studentSessionFirst,
} from './student-session.js';

const SECRET = 'a-secret-long-enough-for-the-cookie-signature';

describe('newSessionId', () => {
  it('gives 22 base64url characters (128 bits), never the same twice, across several refills of its pool', () => {
    const ids = Array.from({ length: 2_000 }, () => newSessionId());
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
const STUDENT = '0b6c3a52-4a4e-4c57-9d0a-5f6f1a1e2b3c';

const database = await createTestDatabase();

/**
 * An app whose one route checks the session as a student route does (its state before validation, then the
 * session twice in its handler), on the test database; `onRequest` sees each request first.
 */
async function appReadingTwice(onRequest: (request: FastifyRequest) => void) {
  const app = Fastify();
  app.decorate('db', database.db);
  app.decorate('config', { studentStepUp: 'seatNo' } as Config);
  await app.register(cookie, { secret: SECRET });
  app.addHook('onRequest', (request, _reply, done) => {
    onRequest(request);
    done();
  });
  app.get('/twice/:id', { preValidation: studentSessionFirst }, async (request) => {
    requireStudentSession(request);
    return { studentId: requireStudent(request, (request.params as { id: string }).id) };
  });
  return app;
}

function sessionCookie(app: { signCookie(value: string): string }, expiresAt: number, sessionId?: string) {
  const value = app.signCookie(encodeStudentSession({ studentId: STUDENT, expiresAt, sessionId }));
  return `${STUDENT_SESSION_COOKIE}=${encodeURIComponent(value)}`;
}

describe('student session', () => {
  it('verifies the signature once per request however often the route checks it', async () => {
    let unsign: ReturnType<typeof vi.spyOn> | undefined;
    const app = await appReadingTwice((request) => {
      unsign = vi.spyOn(request, 'unsignCookie');
    });
    const res = await app.inject({
      url: `/twice/${STUDENT}`,
      headers: { cookie: sessionCookie(app, Date.now() + 60_000) },
    });
    expect(res.json()).toEqual({ studentId: STUDENT });
    expect(unsign).toHaveBeenCalledTimes(1);
    await app.close();
  });

  it('refuses a tampered cookie, another student and an expired session on every check', async () => {
    const app = await appReadingTwice(() => undefined);
    const good = sessionCookie(app, Date.now() + 60_000);
    const tampered = good.replace(STUDENT.slice(0, 8), 'ffffffff');
    expect((await app.inject({ url: `/twice/${STUDENT}`, headers: { cookie: tampered } })).statusCode).toBe(
      401,
    );
    const other = '1b6c3a52-4a4e-4c57-9d0a-5f6f1a1e2b3c';
    expect((await app.inject({ url: `/twice/${other}`, headers: { cookie: good } })).statusCode).toBe(403);
    const expired = sessionCookie(app, Date.now() - 1);
    expect((await app.inject({ url: `/twice/${STUDENT}`, headers: { cookie: expired } })).statusCode).toBe(
      401,
    );
    await app.close();
  });

  it('checks the expiry against the time of each check, not of the first', async () => {
    const app = await appReadingTwice(() => undefined);
    const expiresAt = Date.now() + 60_000;
    let reads: (string | undefined)[] = [];
    app.get('/expiry', async (request) => {
      await checkStudentSession(request);
      reads = [
        readStudentSession(request, expiresAt - 1)?.studentId,
        readStudentSession(request, expiresAt)?.studentId,
      ];
      return {};
    });
    await app.inject({ url: '/expiry', headers: { cookie: sessionCookie(app, expiresAt) } });
    expect(reads).toEqual([STUDENT, undefined]);
    await app.close();
  });

  it('refuses a session the server has ended, and no other session of the student', async () => {
    const app = await appReadingTwice(() => undefined);
    const expiresAt = Date.now() + 60_000;
    const ended = sessionCookie(app, expiresAt, 'endedSessionId01234567');
    const live = sessionCookie(app, expiresAt, 'liveSessionId012345678');
    await database.db.insert(studentSessions).values({
      id: 'endedSessionId01234567',
      studentId: STUDENT,
      expiresAt: new Date(expiresAt),
      endedAt: new Date(),
    });
    expect((await app.inject({ url: `/twice/${STUDENT}`, headers: { cookie: ended } })).statusCode).toBe(401);
    expect((await app.inject({ url: `/twice/${STUDENT}`, headers: { cookie: live } })).statusCode).toBe(200);
    await app.close();
  });

  it('knows no session whose server state was not read: a route without the check refuses', async () => {
    const app = await appReadingTwice(() => undefined);
    let read: unknown = 'not run';
    app.get('/unchecked', async (request) => {
      read = readStudentSession(request);
      return {};
    });
    await app.inject({ url: '/unchecked', headers: { cookie: sessionCookie(app, Date.now() + 60_000) } });
    expect(read).toBeNull();
    await app.close();
  });

  it('reads the format of instances before issue 33 (a rolling upgrade), its own value as the session id', () => {
    const expiresAt = Date.now() + 60_000;
    expect(decodeStudentSession(`${STUDENT}.${expiresAt}`)).toEqual({
      studentId: STUDENT,
      expiresAt,
      sessionId: `${STUDENT}.${expiresAt}`,
    });
    const value = encodeStudentSession({ studentId: STUDENT, expiresAt });
    const decoded = decodeStudentSession(value);
    expect(decoded?.sessionId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(decodeStudentSession(`${value}.more`)).toBeNull();
    expect(decodeStudentSession(`${STUDENT}.${expiresAt}.short`)).toBeNull();
  });
});
