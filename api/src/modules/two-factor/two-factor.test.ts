// Kept whole: the second factor's life (setup, enable, sign-in, disable, reset, console reset, the secret) on one
// app and one embedded database; another file would start another database.
import {
  LOGIN_CHALLENGE_MAX_FAILURES,
  LOGIN_CHALLENGE_SECONDS,
  MESSAGES,
  RECOVERY_CODE_PATTERN,
  TWO_FACTOR_MESSAGES,
} from '@portal/common';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  insertStaff,
  TEST_STAFF_PASSWORD,
  type TestStaff,
  tokenFor,
} from '../../../test/auth-helpers.js';
import { createTestApp } from '../../../test/test-app.js';
import { enrolSecondFactor, fixedClock, totpCode } from '../../../test/two-factor.js';
import { expectedModules, svgModules } from '../forms/testing/qr-matrix.js';
import { LOGIN_THROTTLE } from '../sign-in-throttle/index.js';
import { resetTwoFactorAtConsole } from './console-reset.js';

const UNIVERSITY = 'جامعة الاختبار';
const { app, database } = await createTestApp({ UNIVERSITY_NAME: UNIVERSITY });
const db = database.db;
const clock = fixedClock();
afterAll(() => clock.restore());

let nextAddress = 1;
/** Each test signs in from its own address, so the per-address counter of one never reaches another. */
let ip = '';
beforeEach(() => {
  ip = `10.20.0.${nextAddress++}`;
});

/** Every answer a test received, to look for secrets in them. */
let answers: LightMyRequestResponse[] = [];
beforeEach(() => {
  answers = [];
});
async function call(options: InjectOptions) {
  const res = await app.inject({ remoteAddress: ip, ...options });
  answers.push(res);
  return res;
}
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  call({ method: 'POST', url: `/api/v1${url}`, payload, headers });

const login = (staff: TestStaff) =>
  post('/users/login', { userName: staff.userName, password: staff.password });
const verify = (challenge: string, code: string) => post('/users/login/verify', { challenge, code });
async function challengeFor(staff: TestStaff): Promise<string> {
  const res = await login(staff);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ challenge: string }>().challenge;
}
const getMe = (headers: Record<string, string>) =>
  call({ method: 'GET', url: '/api/v1/users/getMe', headers });

async function stored(staffId: string) {
  const { rows } = await db.execute<{
    secret: string | null;
    enabled: boolean;
    last_step: number | null;
    codes: string[];
  }>(sql`
    SELECT two_factor_secret AS secret, two_factor_enabled_at IS NOT NULL AS enabled, two_factor_last_step AS last_step,
      coalesce((SELECT array_agg(code_hash) FROM staff_recovery_codes WHERE staff_id = s.id), '{}') AS codes
    FROM staff_users s WHERE id = ${staffId}`);
  return rows[0];
}

async function audits(staffId: string) {
  const { rows } = await db.execute<{ action: string; actor_id: string | null; details: unknown }>(
    sql`SELECT action, actor_id, details FROM audit_log WHERE target_id = ${staffId} ORDER BY created_at`,
  );
  return rows;
}

async function challengeRow(id: string) {
  const { rows } = await db.execute<{ failures: number; used: boolean }>(
    sql`SELECT failures, used_at IS NOT NULL AS used FROM staff_login_challenges WHERE id = ${id}`,
  );
  return rows[0];
}

/** Lifts the sign-in throttle's counters of the account, the test's address, and the two together. */
const unlock = (staff: TestStaff) => {
  const userKey = staff.userName.toLowerCase();
  return db.execute(sql`DELETE FROM login_failures WHERE key IN (${userKey}, ${ip}, ${`${ip} ${userKey}`})`);
};

/** The sign-in throttle's count of the account from the test's address. */
async function pairCount(staff: TestStaff) {
  const { rows } = await db.execute<{ count: number }>(
    sql`SELECT count FROM login_failures WHERE kind = 'pair' AND key = ${`${ip} ${staff.userName.toLowerCase()}`}`,
  );
  return rows[0]?.count ?? 0;
}

const error = (message: string) => ({ status: 'error', message });

describe('POST /users/twoFactor/setup', () => {
  it('answers a new secret, its otpauth URL and QR code each call, and keeps it sealed and off', async () => {
    const staff = await insertStaff(db, { role: 'SUPPORT' });
    const headers = bearer(await tokenFor(app, staff));
    const first = await post('/users/twoFactor/setup', {}, headers);
    expect(first.statusCode, first.body).toBe(200);
    const { data } = first.json<{ data: { secret: string; otpauthUrl: string; qr: string } }>();
    expect(Object.keys(first.json()).sort()).toEqual(['data', 'status']);
    expect(data.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(data.otpauthUrl);
    expect(url.searchParams.get('secret')).toBe(data.secret);
    expect(url.searchParams.get('issuer')).toBe(UNIVERSITY);
    expect(decodeURIComponent(url.pathname)).toBe(`/${UNIVERSITY}:${staff.userName}`);
    const svg = Buffer.from(data.qr.replace('data:image/svg+xml;base64,', ''), 'base64').toString('utf8');
    expect(svgModules(svg, 2)).toEqual(expectedModules(data.otpauthUrl, 'M'));

    const row = await stored(staff.id);
    expect(row?.enabled).toBe(false);
    expect(row?.secret).toMatch(/^v1\./);
    expect(row?.secret).not.toContain(data.secret);

    const second = await post('/users/twoFactor/setup', {}, headers);
    expect(second.json().data.secret).not.toBe(data.secret);
    expect((await getMe(headers)).json().data.user).toMatchObject({
      twoFactorEnabled: false,
      twoFactorRequired: false,
    });
    expect((await audits(staff.id)).map((a) => a.action)).toEqual([
      'staff.two_factor.setup',
      'staff.two_factor.setup',
    ]);
  });

  it('answers 409 in Arabic once a factor is on, and keeps the factor in force', async () => {
    const staff = await insertStaff(db, { role: 'ADMIN' });
    const { headers } = await enrolSecondFactor(app, staff);
    const before = await stored(staff.id);
    const res = await post('/users/twoFactor/setup', {}, headers);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(error(TWO_FACTOR_MESSAGES.alreadyEnabled));
    expect(await stored(staff.id)).toEqual(before);
  });
});

describe('POST /users/twoFactor/enable', () => {
  it('refuses a code before any setup, and a wrong code, changing nothing', async () => {
    const staff = await insertStaff(db, { role: 'SUPPORT' });
    const headers = bearer(await tokenFor(app, staff));
    const early = await post('/users/twoFactor/enable', { code: '123456' }, headers);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual(error(TWO_FACTOR_MESSAGES.setupFirst));

    const { secret } = (await post('/users/twoFactor/setup', {}, headers)).json().data;
    const before = await stored(staff.id);
    for (const code of [await totpCode(secret, 90), 'ABCDEFGH23']) {
      const res = await post('/users/twoFactor/enable', { code }, headers);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(error(TWO_FACTOR_MESSAGES.codeWrong));
    }
    expect(await stored(staff.id)).toEqual(before);
    // Each wrong code is counted in the sign-in throttle and audited (issue 33, finding 5).
    expect(await pairCount(staff)).toBe(2);
    const failed = (await audits(staff.id)).filter((a) => a.action === 'staff.two_factor.enable_failed');
    expect(failed).toEqual(
      Array(2).fill({
        action: 'staff.two_factor.enable_failed',
        actor_id: staff.id,
        details: { locked: false },
      }),
    );
  });

  it('turns the factor on with a code (Arabic-Indic digits too) and answers ten recovery codes, kept hashed', async () => {
    const staff = await insertStaff(db, { role: 'SOCIAL_ADMIN' });
    const headers = bearer(await tokenFor(app, staff));
    const { secret } = (await post('/users/twoFactor/setup', {}, headers)).json().data;
    const arabic = (await totpCode(secret)).replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const res = await post('/users/twoFactor/enable', { code: arabic }, headers);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ message: string; data: { recoveryCodes: string[] } }>();
    expect(body.message).toBe(TWO_FACTOR_MESSAGES.enabled);
    const codes = body.data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(RECOVERY_CODE_PATTERN);

    const row = await stored(staff.id);
    expect(row?.enabled).toBe(true);
    expect(row?.last_step).toBe(Math.floor(Date.now() / 30_000));
    expect(row?.codes).toHaveLength(10);
    for (const code of codes) expect(row?.codes).not.toContain(code);
    expect((await getMe(headers)).json().data.user.twoFactorEnabled).toBe(true);

    const again = await post('/users/twoFactor/enable', { code: await totpCode(secret, 30) }, headers);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(error(TWO_FACTOR_MESSAGES.alreadyEnabled));
    expect((await audits(staff.id)).map((a) => a.action)).toEqual([
      'staff.two_factor.setup',
      'staff.two_factor.enable',
    ]);
  });
});

describe('signing in with a second factor', () => {
  it('answers a challenge for a right password, then the spec’s login result for a right code, once', async () => {
    const staff = await insertStaff(db, { role: 'SUPPORT' });
    const { secret } = await enrolSecondFactor(app, staff);
    clock.advance(30);

    const first = await login(staff);
    expect(first.statusCode).toBe(200);
    const challenge = first.json();
    expect(challenge).toEqual({
      status: 'success',
      message: TWO_FACTOR_MESSAGES.enterCode,
      twoFactorRequired: true,
      challenge: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });

    const code = await totpCode(secret);
    const done = await verify(challenge.challenge, code);
    expect(done.statusCode, done.body).toBe(200);
    const body = done.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'message', 'status', 'token']);
    expect(body).toMatchObject({
      status: 'success',
      message: MESSAGES.loggedIn,
      data: { user: { _id: staff.id, userName: staff.userName, role: 'SUPPORT', passwordChanged: true } },
    });
    expect(Object.keys(body.data.user).sort()).toEqual(
      ['_id', 'faculty', 'name', 'passwordChanged', 'phoneNumber', 'role', 'userName'].sort(),
    );
    expect((await getMe(bearer(body.token))).statusCode).toBe(200);

    // The challenge serves once; the code's step serves once, on any challenge.
    const reused = await verify(challenge.challenge, code);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual(error(TWO_FACTOR_MESSAGES.challengeEnded));
    const replayed = await verify(await challengeFor(staff), code);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toEqual(error(TWO_FACTOR_MESSAGES.codeWrong));

    const actions = (await audits(staff.id)).map((a) => a.action);
    expect(actions.slice(2)).toEqual([
      'staff.login_challenge',
      'staff.login',
      'staff.login_challenge',
      'staff.login_challenge_failed',
    ]);
  });

  it('takes a code of the step before and after, and refuses one two steps away', async () => {
    const staff = await insertStaff(db, { role: 'SUPPORT' });
    const { secret } = await enrolSecondFactor(app, staff);
    clock.advance(120);
    expect((await verify(await challengeFor(staff), await totpCode(secret, -30))).statusCode).toBe(200);
    expect((await verify(await challengeFor(staff), await totpCode(secret, 30))).statusCode).toBe(200);
    clock.advance(120);
    const far = await verify(await challengeFor(staff), await totpCode(secret, 60));
    expect(far.statusCode).toBe(401);
  });

  it('takes an unused recovery code as typed (any case, dashes, spaces), once', async () => {
    const staff = await insertStaff(db, { role: 'ADMIN' });
    const { recoveryCodes } = await enrolSecondFactor(app, staff);
    const code = recoveryCodes[3] as string;
    const typed = ` ${code.slice(0, 5).toLowerCase()}-${code.slice(5)} `;
    const res = await verify(await challengeFor(staff), typed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().token).toEqual(expect.any(String));
    const again = await verify(await challengeFor(staff), code);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(error(TWO_FACTOR_MESSAGES.codeWrong));
    // The other nine still work.
    expect((await verify(await challengeFor(staff), recoveryCodes[4] as string)).statusCode).toBe(200);
    const logins = (await audits(staff.id)).filter((a) => a.action === 'staff.login');
    expect(logins.map((a) => a.details)).toEqual([
      { secondFactor: 'recoveryCode' },
      { secondFactor: 'recoveryCode' },
    ]);
    expect(
      (await audits(staff.id)).filter((a) => a.action === 'staff.two_factor.recovery_code_used'),
    ).toHaveLength(2);
  });

  it('ends a challenge after five minutes (fixed clock)', async () => {
    const staff = await insertStaff(db, { role: 'SUPPORT' });
    const { secret } = await enrolSecondFactor(app, staff);
    clock.advance(30);
    const late = await challengeFor(staff);
    const inTime = await challengeFor(staff);
    clock.advance(LOGIN_CHALLENGE_SECONDS - 1);
    expect((await verify(inTime, await totpCode(secret))).statusCode).toBe(200);
    clock.advance(31);
    const res = await verify(late, await totpCode(secret));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(error(TWO_FACTOR_MESSAGES.challengeEnded));
  });

  it('ends a challenge at the fifth wrong code, which also locks the account through the sign-in throttle', async () => {
    expect(LOGIN_CHALLENGE_MAX_FAILURES).toBe(LOGIN_THROTTLE.pairMaxFailures);
    const staff = await insertStaff(db, { role: 'SUPPORT' });
    const { secret } = await enrolSecondFactor(app, staff);
    clock.advance(30);
    const challenge = await challengeFor(staff);
    for (let i = 1; i < LOGIN_CHALLENGE_MAX_FAILURES; i++) {
      const res = await verify(challenge, '000000');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(error(TWO_FACTOR_MESSAGES.codeWrong));
    }
    const locking = await verify(challenge, '000000');
    expect(locking.statusCode).toBe(429);
    expect(Number(locking.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(await challengeRow(challenge)).toEqual({ failures: 5, used: false });

    // Locked: even the right password and the right code wait.
    expect((await login(staff)).statusCode).toBe(429);
    // With the lock lifted, the challenge is still over.
    await unlock(staff);
    const ended = await verify(challenge, await totpCode(secret));
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual(error(TWO_FACTOR_MESSAGES.challengeEnded));
    const failed = (await audits(staff.id)).filter((a) => a.action === 'staff.login_challenge_failed');
    expect(failed).toHaveLength(5);
    expect(failed.every((a) => a.actor_id === null)).toBe(true);
  });

  it('answers 429 to a locked account’s code without spending it, and a right password does not clear wrong codes', async () => {
    const staff = await insertStaff(db, { role: 'SUPPORT' });
    const { secret } = await enrolSecondFactor(app, staff);
    clock.advance(30);
    // Three wrong codes, then a new challenge by the right password: the count goes on.
    const first = await challengeFor(staff);
    for (let i = 0; i < 3; i++) expect((await verify(first, '111111')).statusCode).toBe(401);
    const second = await challengeFor(staff);
    expect((await verify(second, '111111')).statusCode).toBe(401);
    const open = await challengeFor(staff);
    expect((await verify(second, '111111')).statusCode).toBe(429);

    const code = await totpCode(secret);
    const locked = await verify(open, code);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    expect(await challengeRow(open)).toEqual({ failures: 0, used: false });

    await unlock(staff);
    expect((await verify(open, code)).statusCode).toBe(200);
  });

  it('answers an unknown or malformed challenge and a malformed code in Arabic', async () => {
    const unknown = await verify('6f1c1b1e-8a57-4c4b-9b0e-1d2c3b4a5f60', '123456');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(error(TWO_FACTOR_MESSAGES.challengeEnded));
    const malformed = await verify('not-a-challenge', '123456');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual(error(TWO_FACTOR_MESSAGES.challengeEnded));
    for (const [code, message] of [
      ['12345', TWO_FACTOR_MESSAGES.codeInvalidFormat],
      ['', TWO_FACTOR_MESSAGES.codeRequired],
    ] as const) {
      const res = await verify('6f1c1b1e-8a57-4c4b-9b0e-1d2c3b4a5f60', code);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(error(message));
    }
  });

  it('signs an account without a factor in exactly as the spec says', async () => {
    const staff = await insertStaff(db, { role: 'SUPPORT' });
    const res = await login(staff);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['data', 'message', 'status', 'token']);
    expect(res.json().message).toBe(MESSAGES.loggedIn);
  });

  it('deletes challenges whose five minutes are over when the next one is made', async () => {
    const staff = await insertStaff(db, { role: 'SUPPORT' });
    await enrolSecondFactor(app, staff);
    const old = await challengeFor(staff);
    clock.advance(LOGIN_CHALLENGE_SECONDS + 1);
    expect(await challengeRow(old)).toBeDefined();
    const fresh = await challengeFor(staff);
    expect(await challengeRow(old)).toBeUndefined();
    expect(await challengeRow(fresh)).toEqual({ failures: 0, used: false });
  });
});

describe('POST /users/twoFactor/disable', () => {
  it('asks for both the password and a code, then turns the factor off', async () => {
    const staff = await insertStaff(db, { role: 'SUPPORT' });
    const { headers, secret } = await enrolSecondFactor(app, staff);
    clock.advance(30);
    const before = await stored(staff.id);
    const wrongPassword = await post(
      '/users/twoFactor/disable',
      { password: 'Wrong1234', code: await totpCode(secret) },
      headers,
    );
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual(error(TWO_FACTOR_MESSAGES.disableProofWrong));
    const wrongCode = await post(
      '/users/twoFactor/disable',
      { password: TEST_STAFF_PASSWORD, code: await totpCode(secret, -90) },
      headers,
    );
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toEqual(error(TWO_FACTOR_MESSAGES.disableProofWrong));
    expect(await stored(staff.id)).toEqual(before);
    // The answer is one, whichever part was wrong; the audit says which, and the throttle counted both.
    expect((await audits(staff.id)).filter((a) => a.action === 'staff.two_factor.disable_failed')).toEqual([
      {
        action: 'staff.two_factor.disable_failed',
        actor_id: staff.id,
        details: { passwordRight: false, codeRight: true, locked: false },
      },
      {
        action: 'staff.two_factor.disable_failed',
        actor_id: staff.id,
        details: { passwordRight: true, codeRight: false, locked: false },
      },
    ]);
    expect(await pairCount(staff)).toBe(2);

    const res = await post(
      '/users/twoFactor/disable',
      { password: TEST_STAFF_PASSWORD, code: await totpCode(secret) },
      headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: TWO_FACTOR_MESSAGES.disabled });
    expect(await stored(staff.id)).toEqual({ secret: null, enabled: false, last_step: null, codes: [] });
    // The session goes on, and the password alone signs in again.
    expect((await getMe(headers)).json().data.user.twoFactorEnabled).toBe(false);
    expect((await login(staff)).json().token).toEqual(expect.any(String));

    const again = await post(
      '/users/twoFactor/disable',
      { password: TEST_STAFF_PASSWORD, code: '123456' },
      headers,
    );
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(error(TWO_FACTOR_MESSAGES.notEnabled));
    expect((await audits(staff.id)).filter((a) => a.action === 'staff.two_factor.disable')).toHaveLength(1);
  });

  it('locks the address out of the account at the fifth wrong try, and then checks nothing', async () => {
    const staff = await insertStaff(db, { role: 'SUPPORT' });
    const { headers, secret } = await enrolSecondFactor(app, staff);
    clock.advance(30);
    const disable = async (password: string) =>
      post('/users/twoFactor/disable', { password, code: await totpCode(secret) }, headers);
    for (let i = 1; i < LOGIN_THROTTLE.pairMaxFailures; i++)
      expect((await disable(`Wrong${i}abc`)).statusCode).toBe(400);
    const locking = await disable('Wrong5abc');
    expect(locking.statusCode).toBe(429);
    expect(Number(locking.headers['retry-after'])).toBeGreaterThan(14 * 60);
    const right = await disable(TEST_STAFF_PASSWORD);
    expect(right.statusCode).toBe(429);
    expect((await stored(staff.id))?.enabled).toBe(true);
    expect((await login(staff)).statusCode).toBe(429);
  });

  it('takes a recovery code in place of the app’s code', async () => {
    const staff = await insertStaff(db, { role: 'SUPPORT' });
    const { headers, recoveryCodes } = await enrolSecondFactor(app, staff);
    const res = await post(
      '/users/twoFactor/disable',
      { password: TEST_STAFF_PASSWORD, code: recoveryCodes[0] },
      headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored(staff.id))?.enabled).toBe(false);
  });
});

describe('PATCH /users/resetTwoFactor', () => {
  it('lets the super admin remove another account’s factor, ending its sessions', async () => {
    const boss = await insertStaff(db, { role: 'SUPERADMIN' });
    const staff = await insertStaff(db, { role: 'ADMIN' });
    const { headers } = await enrolSecondFactor(app, staff);
    const challenge = await challengeFor(staff);
    const res = await call({
      method: 'PATCH',
      url: '/api/v1/users/resetTwoFactor',
      headers: bearer(await tokenFor(app, boss)),
      payload: { id: staff.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: TWO_FACTOR_MESSAGES.reset });
    expect(await stored(staff.id)).toEqual({ secret: null, enabled: false, last_step: null, codes: [] });
    expect(await challengeRow(challenge)).toBeUndefined();
    expect((await getMe(headers)).statusCode).toBe(401);
    expect((await login(staff)).json().token).toEqual(expect.any(String));
    const [reset] = (await audits(staff.id)).filter((a) => a.action === 'staff.two_factor.reset');
    expect(reset).toEqual({
      action: 'staff.two_factor.reset',
      actor_id: boss.id,
      details: { userName: staff.userName },
    });
  });

  it('leaves super admins, unknown accounts and accounts without a factor as they are', async () => {
    const boss = await insertStaff(db, { role: 'SUPERADMIN' });
    const other = await insertStaff(db, { role: 'SUPERADMIN' });
    await enrolSecondFactor(app, other);
    const plain = await insertStaff(db, { role: 'SUPPORT' });
    const headers = bearer(await tokenFor(app, boss));
    const reset = (id: string) =>
      call({ method: 'PATCH', url: '/api/v1/users/resetTwoFactor', headers, payload: { id } });
    const before = await stored(other.id);
    for (const [id, status, message] of [
      [other.id, 403, MESSAGES.superAdminProtected],
      [boss.id, 403, MESSAGES.superAdminProtected],
      ['6f1c1b1e-8a57-4c4b-9b0e-1d2c3b4a5f60', 404, MESSAGES.adminNotFound],
      [plain.id, 400, TWO_FACTOR_MESSAGES.notEnabled],
      ['1; DROP TABLE staff_users', 400, TWO_FACTOR_MESSAGES.staffIdInvalid],
    ] as const) {
      const res = await reset(id);
      expect(res.statusCode, id).toBe(status);
      expect(res.json()).toEqual(error(message));
    }
    expect(await stored(other.id)).toEqual(before);
  });
});

describe('resetting from the server console', () => {
  it('removes a super admin’s factor (no account may through the portal), ends its sessions and audits it', async () => {
    const boss = await insertStaff(db, { role: 'SUPERADMIN' });
    const { headers } = await enrolSecondFactor(app, boss);
    const challenge = await challengeFor(boss);
    expect(await resetTwoFactorAtConsole(db, boss.userName.toUpperCase())).toBe('reset');
    expect(await stored(boss.id)).toEqual({ secret: null, enabled: false, last_step: null, codes: [] });
    expect(await challengeRow(challenge)).toBeUndefined();
    expect((await getMe(headers)).statusCode).toBe(401);
    expect((await login(boss)).json().token).toEqual(expect.any(String));
    const [reset] = (await audits(boss.id)).filter((a) => a.action === 'staff.two_factor.reset');
    expect(reset).toEqual({
      action: 'staff.two_factor.reset',
      actor_id: null,
      details: { userName: boss.userName, by: 'console' },
    });
  });

  it('says so for an unknown user name or an account without a factor, changing nothing', async () => {
    const plain = await insertStaff(db, { role: 'SUPPORT' });
    const before = await stored(plain.id);
    expect(await resetTwoFactorAtConsole(db, 'nobody-by-this-name')).toBe('notFound');
    expect(await resetTwoFactorAtConsole(db, plain.userName)).toBe('notEnabled');
    expect(await stored(plain.id)).toEqual(before);
    expect(await audits(plain.id)).toEqual([]);
  });
});

describe('the secret', () => {
  it('is in no answer but the setup’s, and its sealed form in none', async () => {
    const boss = await insertStaff(db, { role: 'SUPERADMIN' });
    const staff = await insertStaff(db, { role: 'SUPPORT' });
    const bossHeaders = bearer(await tokenFor(app, boss));
    const { headers, secret, recoveryCodes } = await enrolSecondFactor(app, staff);
    clock.advance(30);
    const sealed = (await stored(staff.id))?.secret as string;
    answers = [];
    await getMe(headers);
    await call({ method: 'GET', url: '/api/v1/users/getRole', headers });
    await call({ method: 'GET', url: '/api/v1/users/getAllAdmins', headers: bossHeaders });
    await post('/users/getAdmin', { userName: staff.userName }, bossHeaders);
    await post('/users/twoFactor/setup', {}, headers);
    await post('/users/twoFactor/enable', { code: await totpCode(secret) }, headers);
    const challenge = await challengeFor(staff);
    await verify(challenge, '000000');
    await verify(challenge, await totpCode(secret));
    await call({ method: 'GET', url: '/api/docs/json' });
    await post(
      '/users/twoFactor/disable',
      { password: TEST_STAFF_PASSWORD, code: recoveryCodes[1] },
      headers,
    );
    expect(answers.length).toBeGreaterThanOrEqual(11);
    for (const res of answers) {
      expect(res.body).not.toContain(secret);
      expect(res.body).not.toContain(sealed);
      expect(res.body).not.toMatch(/two_?factor_?secret|code_?hash/i);
    }
  });
});
