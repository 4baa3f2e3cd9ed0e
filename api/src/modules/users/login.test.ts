import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  insertStaff,
  TEST_FACULTY,
  TEST_STAFF_PASSWORD,
  tokenFor,
} from '../../../test/auth-helpers.js';
import { createTestApp } from '../../../test/test-app.js';
import { LOGIN_THROTTLE } from '../sign-in-throttle/index.js';

const { app, database } = await createTestApp();
const db = database.db;

const INVALID = 'اسم المستخدم أو كلمة المرور غير صحيحة';
let nextAddress = 1;
/** Each test signs in from its own address, so the per-address counter of one test never leaks into another. */
const newAddress = () => `10.1.0.${nextAddress++}`;

function login(body: unknown, remoteAddress: string) {
  return app.inject({ method: 'POST', url: '/api/v1/users/login', payload: body as object, remoteAddress });
}

/** The counter of one user name from one address (`pair`), of one address, or of one user name anywhere. */
async function failures(kind: 'pair' | 'address' | 'account', key: string) {
  const { rows } = await db.execute<{ count: number; locked: boolean }>(
    sql`SELECT count, coalesce(locked_until > now(), false) AS locked FROM login_failures WHERE kind = ${kind} AND key = ${key}`,
  );
  return rows[0];
}

async function auditActions(targetId: string) {
  const { rows } = await db.execute<{ action: string; actor_id: string | null; ip: string | null }>(
    sql`SELECT action, actor_id, ip FROM audit_log WHERE target_id = ${targetId} ORDER BY created_at, action`,
  );
  return rows;
}

describe('POST /users/login', () => {
  it('signs in and answers the token and data.user without any secret', async () => {
    const admin = await insertStaff(db, { role: 'ADMIN', userName: 'commerce.admin' });
    const ip = newAddress();
    const res = await login({ userName: 'commerce.admin', password: TEST_STAFF_PASSWORD }, ip);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'success',
      message: 'تم تسجيل الدخول بنجاح',
      data: {
        user: {
          _id: admin.id,
          userName: 'commerce.admin',
          role: 'ADMIN',
          faculty: TEST_FACULTY,
          passwordChanged: true,
        },
      },
    });
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.body).not.toMatch(/scrypt|passwordHash|password_hash/);

    const me = await app.inject({ method: 'GET', url: '/api/v1/users/getMe', headers: bearer(body.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.user._id).toBe(admin.id);
    expect(await auditActions(admin.id)).toEqual([{ action: 'staff.login', actor_id: admin.id, ip }]);
  });

  it('accepts the user name in any letter case and around spaces', async () => {
    await insertStaff(db, { role: 'SUPPORT', userName: 'Help.Desk' });
    const res = await login({ userName: '  help.DESK ', password: TEST_STAFF_PASSWORD }, newAddress());
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ userName: 'Help.Desk', role: 'SUPPORT', faculty: null });
  });

  it('answers the same 401 for a wrong password and an unknown user name', async () => {
    const staff = await insertStaff(db, { role: 'SUPPORT' });
    const ip = newAddress();
    const wrong = await login({ userName: staff.userName, password: 'Wrong1234' }, ip);
    const unknown = await login({ userName: 'nobody.here', password: 'Wrong1234' }, ip);
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 'error', message: INVALID });
    }
    expect(await auditActions(staff.id)).toMatchObject([
      { action: 'staff.login_failed', actor_id: null, ip },
    ]);
  });

  it.each([
    ['no field', {}, 'يجب إدخال اسم المستخدم'],
    ['a blank user name', { userName: '   ', password: 'x' }, 'يجب إدخال اسم المستخدم'],
    ['no password', { userName: 'someone' }, 'يجب إدخال كلمة المرور'],
    ['an empty password', { userName: 'someone', password: '' }, 'يجب إدخال كلمة المرور'],
    [
      'a 10 KB user name',
      { userName: 'x'.repeat(10_240), password: 'Abc12345' },
      'اسم المستخدم يجب ألا يزيد عن 50 حرفا',
    ],
    ['a 10 KB password', { userName: 'someone', password: 'x'.repeat(10_240) }, 'كلمة المرور طويلة جدا'],
    ['a number as user name', { userName: 5, password: 'Abc12345' }, 'يجب إدخال اسم المستخدم'],
  ])('refuses %s with 400 and an Arabic message, counting no failure', async (_, body, message) => {
    const ip = newAddress();
    const res = await login(body, ip);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message });
    expect(await failures('address', ip)).toBeUndefined();
  });

  it('locks a user name from one address after 5 failures for 15 minutes, even for the right password, then unlocks', async () => {
    const staff = await insertStaff(db, { role: 'SOCIAL_ADMIN', userName: 'social.one' });
    const ip = newAddress();
    for (let i = 1; i < LOGIN_THROTTLE.pairMaxFailures; i++) {
      const res = await login({ userName: 'social.one', password: `Wrong${i}xyz` }, ip);
      expect(res.statusCode).toBe(401);
    }
    const locking = await login({ userName: 'social.one', password: 'Wrong5xyz' }, ip);
    expect(locking.statusCode).toBe(429);
    expect(locking.json()).toEqual({
      status: 'error',
      message: 'تم إيقاف تسجيل الدخول مؤقتا بسبب تكرار المحاولات الخاطئة، حاول مرة أخرى بعد 15 دقيقة',
    });
    expect(Number(locking.headers['retry-after'])).toBeGreaterThan(14 * 60);

    // The right password from that address is refused too: the lock is on the user name from that address.
    const right = await login({ userName: 'SOCIAL.ONE', password: TEST_STAFF_PASSWORD }, ip);
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toContain('حاول مرة أخرى بعد 15 دقيقة');

    // Ten minutes later it says five.
    const pair = `${ip} social.one`;
    await db.execute(
      sql`UPDATE login_failures SET locked_until = now() + interval '4 minutes 30 seconds' WHERE key = ${pair}`,
    );
    const later = await login({ userName: 'social.one', password: TEST_STAFF_PASSWORD }, ip);
    expect(later.json().message).toContain('بعد 5 دقائق');

    // Once the lock has run out, the right password signs in and the counters are cleared.
    await db.execute(
      sql`UPDATE login_failures SET locked_until = now() - interval '1 second',
            window_started_at = now() - interval '16 minutes' WHERE key = ${pair}`,
    );
    const after = await login({ userName: 'social.one', password: TEST_STAFF_PASSWORD }, ip);
    expect(after.statusCode).toBe(200);
    expect(await failures('pair', pair)).toBeUndefined();
    expect(await failures('account', 'social.one')).toBeUndefined();
    const actions = (await auditActions(staff.id)).map((row) => row.action);
    expect(actions.filter((a) => a === 'staff.login_failed')).toHaveLength(5);
    expect(actions).toContain('staff.login');
  });

  it('starts counting again after the window and after a success', async () => {
    await insertStaff(db, { role: 'SUPPORT', userName: 'window.user' });
    const ip = newAddress();
    const pair = `${ip} window.user`;
    for (let i = 0; i < 4; i++) await login({ userName: 'window.user', password: 'Nope12345' }, ip);
    expect(await failures('pair', pair)).toEqual({ count: 4, locked: false });

    // The 15-minute window is over: the next failure counts as the first.
    await db.execute(
      sql`UPDATE login_failures SET window_started_at = now() - interval '15 minutes 1 second'
            WHERE kind = 'pair' AND key = ${pair}`,
    );
    // The account's own count (an hour's window, no lock) is aged too, or its delay would start here.
    await db.execute(
      sql`UPDATE login_failures SET window_started_at = now() - interval '61 minutes'
            WHERE kind = 'account' AND key = 'window.user'`,
    );
    expect((await login({ userName: 'window.user', password: 'Nope12345' }, ip)).statusCode).toBe(401);
    expect(await failures('pair', pair)).toEqual({ count: 1, locked: false });

    for (let i = 0; i < 3; i++) await login({ userName: 'window.user', password: 'Nope12345' }, ip);
    expect((await login({ userName: 'window.user', password: TEST_STAFF_PASSWORD }, ip)).statusCode).toBe(
      200,
    );
    expect(await failures('pair', pair)).toBeUndefined();
    for (let i = 0; i < 4; i++)
      expect((await login({ userName: 'window.user', password: 'Nope12345' }, ip)).statusCode).toBe(401);
  });

  // Twenty-one password checks one after another: more than the default time on a busy machine.
  it('locks an address after 20 failures whatever the user names, and only that address', {
    timeout: 60_000,
  }, async () => {
    const staff = await insertStaff(db, { role: 'SUPPORT' });
    const ip = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_THROTTLE.addressMaxFailures; i++)
      statuses.push((await login({ userName: `guess.${i}`, password: 'Guess1234' }, ip)).statusCode);
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(await failures('address', ip)).toEqual({ count: 20, locked: true });

    const blocked = await login({ userName: staff.userName, password: TEST_STAFF_PASSWORD }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toContain('15 دقيقة');
    const elsewhere = await login({ userName: staff.userName, password: TEST_STAFF_PASSWORD }, newAddress());
    expect(elsewhere.statusCode).toBe(200);
  });

  it('takes about as long for an unknown user name as for a wrong password', async () => {
    const staff = await insertStaff(db, { role: 'SUPPORT' });
    const time = async (userName: string) => {
      const start = performance.now();
      await login({ userName, password: 'Wrong1234' }, newAddress());
      return performance.now() - start;
    };
    await time('warm.up.name');
    const known = Math.min(await time(staff.userName), await time(staff.userName));
    const unknown = Math.min(await time('unknown.name1'), await time('unknown.name2'));
    // Both run one scrypt verification; without it the unknown name would answer many times faster.
    expect(unknown).toBeGreaterThan(known * 0.3);
  });
});

describe('the sign-in throttle against parallel guesses and strangers (issue 33, finding 4)', () => {
  const loginFailedAudits = async (staffId: string) =>
    (await auditActions(staffId)).filter((row) => row.action === 'staff.login_failed');

  it('counts guesses sent at once before checking any, and checks no more than the limit', async () => {
    const staff = await insertStaff(db, { role: 'SUPERADMIN', userName: 'parallel.target' });
    const ip = newAddress();
    const guesses = 12;
    const answers = await Promise.all(
      Array.from({ length: guesses }, (_, i) =>
        login({ userName: 'parallel.target', password: `Guess${i}xyz` }, ip),
      ),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([
      ...Array(LOGIN_THROTTLE.pairMaxFailures - 1).fill(401),
      ...Array(guesses - LOGIN_THROTTLE.pairMaxFailures + 1).fill(429),
    ]);
    // Every guess is counted, and only the five the limit allows had their password checked (one audit row each).
    expect(await failures('pair', `${ip} parallel.target`)).toEqual({ count: guesses, locked: true });
    expect(await loginFailedAudits(staff.id)).toHaveLength(LOGIN_THROTTLE.pairMaxFailures);
  });

  // A dozen password checks one after another: more than the default time on a busy machine.
  it('locks a stranger’s address out of the super admin but only slows the account elsewhere', {
    timeout: 60_000,
  }, async () => {
    await insertStaff(db, { role: 'SUPERADMIN', userName: 'super.target' });
    const guess = (ip: string) => login({ userName: 'super.target', password: 'Guess1234' }, ip);
    const owner = () => login({ userName: 'super.target', password: TEST_STAFF_PASSWORD }, newAddress());
    const stranger = newAddress();
    for (let i = 1; i < LOGIN_THROTTLE.pairMaxFailures; i++)
      expect((await guess(stranger)).statusCode).toBe(401);
    expect((await guess(stranger)).statusCode).toBe(429);

    // The stranger's address is locked; the owner still signs in from another.
    expect((await owner()).statusCode).toBe(200);
    expect((await guess(stranger)).statusCode).toBe(429);

    // More strangers: past the free attempts each one makes the next wait (1 s, 2 s … up to a minute), never a lock.
    const others = newAddress();
    for (let i = 0; i < LOGIN_THROTTLE.accountFreeFailures; i++) await guess(others);
    expect((await guess(newAddress())).statusCode).toBe(401);
    const account = async () => {
      const { rows } = await db.execute<{ count: number; waits: boolean }>(
        sql`SELECT count, locked_until IS NOT NULL AS waits FROM login_failures
              WHERE kind = 'account' AND key = 'super.target'`,
      );
      return rows[0];
    };
    expect(await account()).toEqual({ count: LOGIN_THROTTLE.accountFreeFailures + 1, waits: true });

    // After many strangers this hour the wait is a minute: the owner is told so, uncounted, and then gets in.
    await db.execute(
      sql`UPDATE login_failures SET count = 40, locked_until = NULL WHERE kind = 'account' AND key = 'super.target'`,
    );
    expect((await guess(newAddress())).statusCode).toBe(401);
    const slowed = await owner();
    expect(slowed.statusCode).toBe(429);
    const retryAfter = Number(slowed.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(LOGIN_THROTTLE.accountMaxDelaySeconds / 2);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_THROTTLE.accountMaxDelaySeconds);
    expect(slowed.json()).toEqual({
      status: 'error',
      message: `تكررت المحاولات الخاطئة على هذا الحساب، حاول مرة أخرى بعد ${retryAfter} ثانية`,
    });
    expect(await account()).toEqual({ count: 41, waits: true });

    // Once the wait is over the owner signs in, and the account's counters are cleared.
    await db.execute(
      sql`UPDATE login_failures SET locked_until = now() - interval '1 second'
            WHERE kind = 'account' AND key = 'super.target'`,
    );
    expect((await owner()).statusCode).toBe(200);
    expect(await failures('account', 'super.target')).toBeUndefined();
    expect((await guess(stranger)).statusCode).toBe(429);
  });
});

describe('re-checks of the own password count in the same throttle (issue 33, finding 5)', () => {
  it('PATCH /users/updateMyPassword audits a wrong current password and locks the address out of the account', async () => {
    const staff = await insertStaff(db, { role: 'SUPERADMIN', userName: 'recheck.target' });
    const headers = bearer(await tokenFor(app, staff));
    const ip = newAddress();
    const change = (passwordCurrent: string) =>
      app.inject({
        method: 'PATCH',
        url: '/api/v1/users/updateMyPassword',
        payload: { passwordCurrent, password: 'NewPass123', passwordConfirm: 'NewPass123' },
        headers,
        remoteAddress: ip,
      });
    for (let i = 1; i < LOGIN_THROTTLE.pairMaxFailures; i++) {
      const res = await change(`Wrong${i}abc`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 'error', message: 'كلمة المرور الحالية غير صحيحة' });
    }
    const locking = await change('Wrong5abc');
    expect(locking.statusCode).toBe(429);
    expect(Number(locking.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // Locked: the right password is not even checked, and nothing changes.
    expect((await change(TEST_STAFF_PASSWORD)).statusCode).toBe(429);
    expect((await login({ userName: 'recheck.target', password: TEST_STAFF_PASSWORD }, ip)).statusCode).toBe(
      429,
    );
    expect(
      (await login({ userName: 'recheck.target', password: TEST_STAFF_PASSWORD }, newAddress())).statusCode,
    ).toBe(200);
    const failed = (await auditActions(staff.id)).filter(
      (row) => row.action === 'staff.change_password_failed',
    );
    expect(failed).toEqual(
      Array(LOGIN_THROTTLE.pairMaxFailures).fill({
        action: 'staff.change_password_failed',
        actor_id: staff.id,
        ip,
      }),
    );
  });

  it('PATCH /users/updateSuperAdmin counts and audits a wrong password the same way', async () => {
    const staff = await insertStaff(db, { role: 'SUPERADMIN', userName: 'own.account' });
    const headers = bearer(await tokenFor(app, staff));
    const ip = newAddress();
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/v1/users/updateSuperAdmin',
      payload: {
        name: 'مدير النظام',
        userName: 'own.account',
        phoneNumber: '01012345678',
        password: 'Wrong1234',
      },
      headers,
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(400);
    expect(await failures('pair', `${ip} own.account`)).toEqual({ count: 1, locked: false });
    expect((await auditActions(staff.id)).map((row) => row.action)).toContain(
      'staff.update_own_account_failed',
    );
  });
});
