import cookie from '@fastify/cookie';
import Fastify, { type FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import {
  encodeStudentSession,
  readStudentSession,
  requireStudent,
  requireStudentSession,
  STUDENT_SESSION_COOKIE,
} from './student-session.js';

const SECRET = 'a-secret-long-enough-for-the-cookie-signature';
const STUDENT = '0b6c3a52-4a4e-4c57-9d0a-5f6f1a1e2b3c';

/** An app whose one route reads the session twice, as a student route does (before validation and in its handler). */
async function appReadingTwice(onRequest: (request: FastifyRequest) => void) {
  const app = Fastify();
  await app.register(cookie, { secret: SECRET });
  app.get('/twice/:id', async (request) => {
    onRequest(request);
    requireStudentSession(request);
    return { studentId: requireStudent(request, (request.params as { id: string }).id) };
  });
  return app;
}

function sessionCookie(app: { signCookie(value: string): string }, expiresAt: number): string {
  const value = app.signCookie(encodeStudentSession({ studentId: STUDENT, expiresAt }));
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
    await app.close();
  });

  it('checks the expiry against the time of each check, not of the first', async () => {
    const app = await appReadingTwice(() => undefined);
    const expiresAt = Date.now() + 60_000;
    let reads: (string | undefined)[] = [];
    app.get('/expiry', async (request) => {
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
});
