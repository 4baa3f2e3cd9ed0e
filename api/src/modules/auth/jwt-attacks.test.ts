import { createHmac } from 'node:crypto';
import { MESSAGES } from '@portal/common';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  expiredTokenFor,
  insertStaff,
  OTHER_FACULTY,
  TEST_FACULTY,
  tokenFor,
} from '../../../test/auth-helpers.js';
import { insertStudent } from '../../../test/builders.js';
import { studentCookie } from '../../../test/student-access.js';
import { createTestApp, TEST_SECRET } from '../../../test/test-app.js';
import { colleges, staffUsers } from '../../db/schema/index.js';
import { createLinkSigner } from '../../lib/signed-link.js';
import { API_PREFIX } from './access-policy.js';

/**
 * Staff tokens under attack, through the whole app. There is one kind of staff token and no audience claim:
 * the tokens the portal issues for other things (download links, form verification, the student session) are
 * signed with keys derived apart, so none of them passes for another (tried below). Staff accounts have no
 * 'disabled' state: an account is deleted or its password reset, both covered here and in access-matrix.test.ts.
 */
const { app, database } = await createTestApp();
const db = database.db;

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const b64u = (text: string) => Buffer.from(text).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);
const claimsFor = (id: string) => ({ sub: id, iat: now(), exp: now() + 3600, iatMs: Date.now() + 5000 });
const hs256 = (key: string | Buffer, header: unknown, claims: unknown) => {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
};

const getAllAdmins = (token: string) =>
  app.inject({ method: 'GET', url: `${API_PREFIX}/users/getAllAdmins`, headers: bearer(token) });
const SESSION_INVALID = { status: 'error', message: MESSAGES.sessionInvalid };

describe('forged staff tokens', async () => {
  const superAdmin = await insertStaff(db, { role: 'SUPERADMIN' });
  const claims = claimsFor(superAdmin.id);
  const signature = (await tokenFor(app, superAdmin)).split('.')[2] ?? '';

  it.each<[string, () => string | Promise<string>]>([
    ["alg 'none', no signature", () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`],
    ["alg 'none' with a real token's signature", () => `${b64({ alg: 'none' })}.${b64(claims)}.${signature}`],
    ["alg 'None', two segments", () => `${b64({ alg: 'None' })}.${b64(claims)}`],
    ['HS256 with a made-up secret', () => hs256('secret', { alg: 'HS256', typ: 'JWT' }, claims)],
    [
      'HS256 with the application secret itself (not the derived staff key)',
      () => hs256(TEST_SECRET, { alg: 'HS256', typ: 'JWT' }, claims),
    ],
    ['HS256 with an empty key', () => hs256('', { alg: 'HS256', typ: 'JWT' }, claims)],
    [
      'HS256 carrying its own key in the header (jwk)',
      () => hs256('attacker', { alg: 'HS256', typ: 'JWT', jwk: { kty: 'oct', k: b64u('attacker') } }, claims),
    ],
    [
      'HS256 pointing at a key elsewhere (jku, kid)',
      () => hs256('attacker', { alg: 'HS256', typ: 'JWT', jku: 'https://evil.example/k', kid: 'k' }, claims),
    ],
    ['a correctly signed but expired token', () => expiredTokenFor(app, superAdmin)],
    [
      'a signed download link presented as a token',
      () => createLinkSigner(TEST_SECRET).sign('student-export', { s: superAdmin.id }, 60_000),
    ],
  ])('refuses %s with 401, reading nothing', async (_, token) => {
    const res = await getAllAdmins(await token());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(SESSION_INVALID);
  });

  it("refuses a student's session cookie as a bearer token, and a staff token as a student session", async () => {
    const student = await insertStudent(db);
    const cookieValue = decodeURIComponent(studentCookie(app, student.id).split('=')[1] ?? '');
    const asBearer = await getAllAdmins(cookieValue);
    expect(asBearer.statusCode).toBe(401);
    const asCookie = await app.inject({
      method: 'GET',
      url: `${API_PREFIX}/students/completeStudentData/${student.id}`,
      headers: { cookie: `studentSession=${encodeURIComponent(await tokenFor(app, superAdmin))}` },
    });
    expect(asCookie.statusCode).toBe(401);
    expect(asCookie.json()).toEqual({ status: 'error', message: MESSAGES.studentSessionExpired });
  });
});

describe('tokens outliving a change of the account', () => {
  it('follows a role lowered after the token was issued: the role is read from the database on every call', async () => {
    const staff = await insertStaff(db, { role: 'SUPERADMIN' });
    const token = await tokenFor(app, staff);
    expect((await getAllAdmins(token)).statusCode).toBe(200);
    await db.update(staffUsers).set({ role: 'SUPPORT' }).where(eq(staffUsers.id, staff.id));
    const lowered = await getAllAdmins(token);
    expect(lowered.statusCode).toBe(403);
    expect(lowered.json()).toEqual({ status: 'error', message: MESSAGES.forbidden });
  });

  it("follows a faculty ADMIN moved to another faculty: the old faculty's students are out of reach at once", async () => {
    const admin = await insertStaff(db, { role: 'ADMIN', faculty: TEST_FACULTY });
    const token = await tokenFor(app, admin);
    const student = await insertStudent(db, { college: TEST_FACULTY });
    const search = () =>
      app.inject({
        method: 'POST',
        url: `${API_PREFIX}/students/getStudentInfo`,
        headers: bearer(token),
        payload: { nationalID: student.nationalId },
      });
    expect((await search()).statusCode).toBe(200);
    const [other] = await db
      .select({ id: colleges.id })
      .from(colleges)
      .where(eq(colleges.name, OTHER_FACULTY));
    await db.update(staffUsers).set({ collegeId: other?.id }).where(eq(staffUsers.id, admin.id));
    const moved = await search();
    expect(moved.statusCode).toBe(404);
    expect(moved.body).not.toContain(student.nationalId);
  });

  it("refuses a deleted account's token, and a token issued before a password reset", async () => {
    const deleted = await insertStaff(db, { role: 'SUPERADMIN' });
    const deletedToken = await tokenFor(app, deleted);
    await db.delete(staffUsers).where(eq(staffUsers.id, deleted.id));

    const owner = await insertStaff(db, { role: 'SUPERADMIN' });
    const target = await insertStaff(db, { role: 'SUPPORT' });
    const targetToken = await tokenFor(app, target);
    const reset = await app.inject({
      method: 'PATCH',
      url: `${API_PREFIX}/users/resetAdminPassword`,
      headers: bearer(await tokenFor(app, owner)),
      payload: { id: target.id },
    });
    expect(reset.statusCode).toBe(200);

    for (const token of [deletedToken, targetToken]) {
      const res = await app.inject({
        method: 'GET',
        url: `${API_PREFIX}/users/getMe`,
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(SESSION_INVALID);
    }
  });
});
