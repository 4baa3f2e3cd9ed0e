import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES, TWO_FACTOR_MESSAGES } from '@portal/common';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, insertStaff, type TestStaff, tokenFor } from '../../../test/auth-helpers.js';
import { createTestApp, TEST_SECRET } from '../../../test/test-app.js';
import { type App, buildApp } from '../../app.js';
import { loadConfig } from '../../config/config.js';
import { auditLog, staffUsers } from '../../db/schema/index.js';

/**
 * 'Sign out on all devices' (issue 20, item 9) across two instances of the portal on one database, as behind a
 * load balancer: a session ended through one instance is refused by the other at once, because every instance
 * reads the account's `credentials_changed_at` on every request and nothing is cached.
 */
const { app: instanceA, database } = await createTestApp();
const db = database.db;
const instanceB = await buildApp({
  config: loadConfig({
    DATA_DIR: await mkdtemp(path.join(tmpdir(), 'portal-data-')),
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    NOTIFICATION_WORKERS: '0',
    STAFF_2FA_REQUIRED: 'none',
  }),
  db,
  secret: TEST_SECRET,
  webRoot: await mkdtemp(path.join(tmpdir(), 'portal-no-web-')),
});
afterAll(() => instanceB.close());

const URL = '/api/v1/users/signOutEverywhere';
const SESSION_INVALID = { status: 'error', message: MESSAGES.sessionInvalid };
const SIGNED_OUT = { status: 'success', message: TWO_FACTOR_MESSAGES.signedOutEverywhere };

const getMe = (app: App, token: string) =>
  app.inject({ method: 'GET', url: '/api/v1/users/getMe', headers: bearer(token) });
const signOut = (app: App, token: string, payload?: InjectOptions['payload']) =>
  app.inject({
    method: 'POST',
    url: URL,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload }),
  });

async function login(app: App, staff: TestStaff): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { userName: staff.userName, password: staff.password },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ token: string }>().token;
}

const auditRows = (targetId: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'staff.sign_out_everywhere'), eq(auditLog.targetId, targetId)));

const changedAt = async (id: string) =>
  (await db.select({ at: staffUsers.credentialsChangedAt }).from(staffUsers).where(eq(staffUsers.id, id)))[0]
    ?.at;

describe('POST /users/signOutEverywhere', () => {
  it("ends the caller's own sessions on every instance at once; a later sign-in works; others are untouched", async () => {
    const staff = await insertStaff(db, { role: 'SUPPORT' });
    const bystander = await insertStaff(db, { role: 'SUPPORT' });
    const onA = await login(instanceA, staff);
    const onB = await login(instanceB, staff);
    const bystanderToken = await tokenFor(instanceA, bystander);
    for (const [app, token] of [
      [instanceA, onA],
      [instanceB, onA],
      [instanceA, onB],
      [instanceB, onB],
    ] as const)
      expect((await getMe(app, token)).statusCode).toBe(200);

    const res = await signOut(instanceA, onA);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SIGNED_OUT);

    for (const [app, token] of [
      [instanceB, onA],
      [instanceB, onB],
      [instanceA, onA],
      [instanceA, onB],
    ] as const) {
      const refused = await getMe(app, token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual(SESSION_INVALID);
    }
    expect((await getMe(instanceB, bystanderToken)).statusCode).toBe(200);

    const fresh = await login(instanceB, staff);
    expect((await getMe(instanceA, fresh)).statusCode).toBe(200);
    expect((await getMe(instanceB, fresh)).statusCode).toBe(200);

    const [row, ...more] = await auditRows(staff.id);
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({
      actorId: staff.id,
      actorUserName: staff.userName,
      targetType: 'staff',
      details: { userName: staff.userName, own: true },
    });
  });

  it('takes `{}` and the own id like no body, and works before the first password change', async () => {
    const fresh = await insertStaff(db, { role: 'ADMIN', passwordChanged: false });
    for (const payload of [{}, { id: fresh.id }]) {
      const token = await login(instanceA, fresh);
      const res = await signOut(instanceB, token, payload);
      expect(res.statusCode).toBe(200);
      expect((await getMe(instanceA, token)).statusCode).toBe(401);
    }
    expect(await auditRows(fresh.id)).toHaveLength(2);
  });

  it("lets the super admin end another account's sessions, not another super admin's", async () => {
    const owner = await insertStaff(db, { role: 'SUPERADMIN' });
    const otherOwner = await insertStaff(db, { role: 'SUPERADMIN' });
    const social = await insertStaff(db, { role: 'SOCIAL_ADMIN' });
    const ownerToken = await tokenFor(instanceA, owner);
    const socialToken = await tokenFor(instanceA, social);
    const otherOwnerToken = await tokenFor(instanceA, otherOwner);

    const res = await signOut(instanceA, ownerToken, { id: social.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SIGNED_OUT);
    expect((await getMe(instanceB, socialToken)).statusCode).toBe(401);
    expect((await getMe(instanceB, ownerToken)).statusCode).toBe(200);
    expect(await auditRows(social.id)).toMatchObject([
      { actorId: owner.id, details: { userName: social.userName, own: false } },
    ]);

    const before = await changedAt(otherOwner.id);
    const protectedOwner = await signOut(instanceA, ownerToken, { id: otherOwner.id });
    expect(protectedOwner.statusCode).toBe(403);
    expect(protectedOwner.json()).toEqual({ status: 'error', message: MESSAGES.superAdminProtected });
    expect(await changedAt(otherOwner.id)).toEqual(before);
    expect((await getMe(instanceB, otherOwnerToken)).statusCode).toBe(200);

    const unknown = await signOut(instanceA, ownerToken, { id: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 'error', message: MESSAGES.adminNotFound });
  });

  it.each(['ADMIN', 'SUPPORT', 'SOCIAL_ADMIN'] as const)(
    "refuses %s ending another account's sessions (403, nothing changes)",
    async (role) => {
      const caller = await insertStaff(db, { role });
      const victim = await insertStaff(db, { role: 'SUPPORT' });
      const victimToken = await tokenFor(instanceA, victim);
      const before = await changedAt(victim.id);
      const res = await signOut(instanceA, await tokenFor(instanceA, caller), { id: victim.id });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: 'error', message: MESSAGES.forbidden });
      expect(await changedAt(victim.id)).toEqual(before);
      expect((await getMe(instanceB, victimToken)).statusCode).toBe(200);
      expect(await auditRows(victim.id)).toHaveLength(0);
    },
  );

  it.each([
    ['an id that is not a uuid', { id: 'abc' }, TWO_FACTOR_MESSAGES.staffIdInvalid],
    ['an id as a number', { id: 42 }, TWO_FACTOR_MESSAGES.staffIdInvalid],
    ['an array', [], MESSAGES.invalidInput],
  ])('answers %s with 400 in Arabic and ends nothing', async (_, payload, message) => {
    const owner = await insertStaff(db, { role: 'SUPERADMIN' });
    const token = await tokenFor(instanceA, owner);
    const res = await signOut(instanceA, token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message });
    expect((await getMe(instanceB, token)).statusCode).toBe(200);
    expect(await auditRows(owner.id)).toHaveLength(0);
  });

  it('needs a signed-in account', async () => {
    const res = await instanceA.inject({ method: 'POST', url: URL });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'error', message: MESSAGES.unauthorized });
  });
});
