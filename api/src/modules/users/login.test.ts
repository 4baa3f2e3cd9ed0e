import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, insertStaff, TEST_FACULTY, TEST_STAFF_PASSWORD } from '../../../test/auth-helpers.js';
import { createTestApp } from '../../../test/test-app.js';
import { LOGIN_THROTTLE } from './login-throttle.repository.js';

const { app, database } = await createTestApp();
const db = database.db;

const INVALID = 'اسم المستخدم أو كلمة المرور غير صحيحة';
let nextAddress = 1;
/** Each test signs in from its own address, so the per-address counter of one test never leaks into another. */
const newAddress = () => `10.1.0.${nextAddress++}`;

function login(body: unknown, remoteAddress: string) {
  return app.inject({ method: 'POST', url: '/api/v1/users/login', payload: body as object, remoteAddress });
}

async function failures(kind: 'user' | 'ip', key: string) {
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
    expect(await failures('ip', ip)).toBeUndefined();
  });

  it('locks a user name after 5 failures for 15 minutes, even for the right password, then unlocks', async () => {
    const staff = await insertStaff(db, { role: 'SOCIAL_ADMIN', userName: 'social.one' });
    const ip = newAddress();
    for (let i = 1; i < LOGIN_THROTTLE.userMaxFailures; i++) {
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

    // The right password from another address is refused too: the lock is on the user name.
    const right = await login({ userName: 'SOCIAL.ONE', password: TEST_STAFF_PASSWORD }, newAddress());
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toContain('حاول مرة أخرى بعد 15 دقيقة');

    // Ten minutes later it says five.
    await db.execute(
      sql`UPDATE login_failures SET locked_until = now() + interval '4 minutes 30 seconds' WHERE key = 'social.one'`,
    );
    const later = await login({ userName: 'social.one', password: TEST_STAFF_PASSWORD }, newAddress());
    expect(later.json().message).toContain('بعد 5 دقائق');

    // Once the lock has run out, the right password signs in and the counter is cleared.
    await db.execute(
      sql`UPDATE login_failures SET locked_until = now() - interval '1 second',
            window_started_at = now() - interval '16 minutes' WHERE key = 'social.one'`,
    );
    const after = await login({ userName: 'social.one', password: TEST_STAFF_PASSWORD }, newAddress());
    expect(after.statusCode).toBe(200);
    expect(await failures('user', 'social.one')).toBeUndefined();
    const actions = (await auditActions(staff.id)).map((row) => row.action);
    expect(actions.filter((a) => a === 'staff.login_failed')).toHaveLength(5);
    expect(actions).toContain('staff.login');
  });

  it('starts counting again after the window and after a success', async () => {
    await insertStaff(db, { role: 'SUPPORT', userName: 'window.user' });
    const ip = newAddress();
    for (let i = 0; i < 4; i++) await login({ userName: 'window.user', password: 'Nope12345' }, ip);
    expect(await failures('user', 'window.user')).toEqual({ count: 4, locked: false });

    // The 15-minute window is over: the next failure counts as the first.
    await db.execute(
      sql`UPDATE login_failures SET window_started_at = now() - interval '15 minutes 1 second'
            WHERE kind = 'user' AND key = 'window.user'`,
    );
    expect((await login({ userName: 'window.user', password: 'Nope12345' }, ip)).statusCode).toBe(401);
    expect(await failures('user', 'window.user')).toEqual({ count: 1, locked: false });

    for (let i = 0; i < 3; i++) await login({ userName: 'window.user', password: 'Nope12345' }, ip);
    expect((await login({ userName: 'window.user', password: TEST_STAFF_PASSWORD }, ip)).statusCode).toBe(
      200,
    );
    expect(await failures('user', 'window.user')).toBeUndefined();
    for (let i = 0; i < 4; i++)
      expect((await login({ userName: 'window.user', password: 'Nope12345' }, ip)).statusCode).toBe(401);
  });

  it('locks an address after 20 failures whatever the user names, and only that address', async () => {
    const staff = await insertStaff(db, { role: 'SUPPORT' });
    const ip = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_THROTTLE.ipMaxFailures; i++)
      statuses.push((await login({ userName: `guess.${i}`, password: 'Guess1234' }, ip)).statusCode);
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(await failures('ip', ip)).toEqual({ count: 20, locked: true });

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
