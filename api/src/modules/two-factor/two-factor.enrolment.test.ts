import { randomUUID } from 'node:crypto';
import { MESSAGES, type StaffRole, TWO_FACTOR_MESSAGES } from '@portal/common';
import { describe, expect, it } from 'vitest';
import { bearer, insertStaff, type TestStaff, tokenFor } from '../../../test/auth-helpers.js';
import { createTestApp } from '../../../test/test-app.js';
import { enrolSecondFactor } from '../../../test/two-factor.js';
import { ACCESS_POLICY, type AccessRule, API_PREFIX, allowedRoles } from '../auth/index.js';

/**
 * Issue 20, item 1: the roles STAFF_2FA_REQUIRED lists sign in with their password as ever, but until they enrol a
 * second factor every staff call but the few that lead there answers 403. ADMIN is left out here, to show that
 * only the listed roles wait.
 */
const REQUIRED: readonly StaffRole[] = ['SUPERADMIN', 'SUPPORT', 'SOCIAL_ADMIN'];
const { app, database } = await createTestApp({ STAFF_2FA_REQUIRED: REQUIRED.join(',') });
const db = database.db;

const ENROL_FIRST = { status: 'error', message: TWO_FACTOR_MESSAGES.enrolmentRequired };

/** The rule's request with random UUIDs as path parameters and an empty JSON body, as the access matrix sends. */
async function requestFor(rule: AccessRule, staff: TestStaff) {
  // A fresh token each call: 'sign out everywhere' on the list ends the ones before it.
  const token = await tokenFor(app, staff);
  const url = rule.url.replace(/:(\w+)/g, (_, name: string) =>
    rule.tokenFrom?.param === name ? token : randomUUID(),
  );
  return app.inject({
    method: rule.method,
    url: API_PREFIX + url,
    headers: rule.tokenFrom ? {} : bearer(token),
    ...(['POST', 'PUT', 'PATCH'].includes(rule.method) ? { payload: {} } : {}),
  });
}

const accounts = new Map<StaffRole, TestStaff>();
async function unenrolled(role: StaffRole): Promise<TestStaff> {
  let staff = accounts.get(role);
  if (!staff) {
    staff = await insertStaff(db, { role });
    accounts.set(role, staff);
  }
  return staff;
}

const guarded = ACCESS_POLICY.filter((rule) => rule.allow !== 'public');
const cases = guarded.flatMap((rule) => {
  const role = REQUIRED.find((r) => allowedRoles(rule).includes(r));
  const expected = rule.beforeTwoFactorEnrolment ? 'allowed' : 'enrol first';
  return role ? [{ route: `${rule.method} ${rule.url}`, rule, role, expected }] : [];
});

describe('an account whose role must enrol, before it has', () => {
  it('signs in with its password alone, and getMe says it must enrol', async () => {
    const staff = await insertStaff(db, { role: 'SUPPORT' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { userName: staff.userName, password: staff.password },
      remoteAddress: '10.30.0.1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MESSAGES.loggedIn);
    const me = await app.inject({
      method: 'GET',
      url: '/api/v1/users/getMe',
      headers: bearer(res.json().token),
    });
    expect(me.json().data.user).toMatchObject({ twoFactorEnabled: false, twoFactorRequired: true });
  });

  it.each(cases)('$route ($role) → $expected', async ({ rule, role, expected }) => {
    const res = await requestFor(rule, await unenrolled(role));
    if (expected === 'allowed') {
      expect([401, 403], res.body).not.toContain(res.statusCode);
      expect(res.statusCode).toBeLessThan(500);
    } else {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual(ENROL_FIRST);
    }
  });

  it('is held at the staff reads that check their token themselves: document images and forms', async () => {
    const headers = bearer(await tokenFor(app, await unenrolled('SUPPORT')));
    for (const url of [
      `/api/v1/students/document/${randomUUID()}/personalPhoto`,
      `/api/v1/students/getAdmissionForm/${randomUUID()}`,
    ]) {
      const res = await app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual(ENROL_FIRST);
    }
  });

  it('changes its password first when it must, then enrols', async () => {
    const fresh = await insertStaff(db, { role: 'SUPERADMIN', passwordChanged: false });
    const headers = bearer(await tokenFor(app, fresh));
    const list = await app.inject({ method: 'GET', url: '/api/v1/users/getAllAdmins', headers });
    expect(list.statusCode).toBe(403);
    expect(list.json()).toEqual({ status: 'error', message: MESSAGES.changePasswordFirst });
    const setup = await app.inject({ method: 'POST', url: '/api/v1/users/twoFactor/setup', headers });
    expect(setup.statusCode).toBe(200);
  });
});

describe('once enrolled, or for a role not listed', () => {
  it('lets the account through', async () => {
    const support = await insertStaff(db, { role: 'SUPPORT' });
    const { headers } = await enrolSecondFactor(app, support);
    const count = await app.inject({ method: 'GET', url: '/api/v1/users/getAllStudentsNumber', headers });
    expect(count.statusCode, count.body).toBe(200);
    const me = await app.inject({ method: 'GET', url: '/api/v1/users/getMe', headers });
    expect(me.json().data.user).toMatchObject({ twoFactorEnabled: true, twoFactorRequired: false });
    const image = await app.inject({
      method: 'GET',
      url: `/api/v1/students/document/${randomUUID()}/personalPhoto`,
      headers,
    });
    expect([401, 403]).not.toContain(image.statusCode);
  });

  it('leaves a role the setting does not list as it was', async () => {
    const admin = await insertStaff(db, { role: 'ADMIN' });
    const headers = bearer(await tokenFor(app, admin));
    const count = await app.inject({ method: 'GET', url: '/api/v1/users/getAllStudentsNumber', headers });
    expect(count.statusCode).toBe(200);
    const me = await app.inject({ method: 'GET', url: '/api/v1/users/getMe', headers });
    expect(me.json().data.user).toMatchObject({ twoFactorEnabled: false, twoFactorRequired: false });
  });

  it('holds the account again when its factor is turned off', async () => {
    const social = await insertStaff(db, { role: 'SOCIAL_ADMIN' });
    const { headers, recoveryCodes } = await enrolSecondFactor(app, social);
    const off = await app.inject({
      method: 'POST',
      url: '/api/v1/users/twoFactor/disable',
      headers,
      payload: { password: social.password, code: recoveryCodes[0] },
    });
    expect(off.statusCode, off.body).toBe(200);
    const day = await app.inject({ method: 'GET', url: '/api/v1/interviews/day', headers });
    expect(day.statusCode).toBe(403);
    expect(day.json()).toEqual(ENROL_FIRST);
  });
});
