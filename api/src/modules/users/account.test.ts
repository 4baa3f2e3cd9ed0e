import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  injectAs,
  insertStaff,
  OTHER_FACULTY,
  TEST_FACULTY,
  TEST_STAFF_PASSWORD,
  type TestStaff,
  tokenFor,
} from '../../../test/auth-helpers.js';
import { createTestApp } from '../../../test/test-app.js';
import { staffUsers } from '../../db/schema/index.js';

const { app, database } = await createTestApp();
const db = database.db;

const SESSION_INVALID = 'انتهت صلاحية الجلسة أو أنها غير صالحة، سجل الدخول مرة أخرى';

async function login(userName: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/v1/users/login', payload: { userName, password } });
}

async function storedRow(id: string) {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, id));
  return row;
}

async function audits(action: string, targetId: string) {
  const { rows } = await db.execute<{ actor_id: string; details: Record<string, unknown> | null }>(
    sql`SELECT actor_id, details FROM audit_log WHERE action = ${action} AND target_id = ${targetId}`,
  );
  return rows;
}

describe('GET /users/getRole and /users/getMe', () => {
  it.each(['SUPERADMIN', 'SUPPORT', 'ADMIN', 'SOCIAL_ADMIN'] as const)(
    'answer the %s account',
    async (role) => {
      const staff = await insertStaff(db, { role, passwordChanged: false });
      const headers = bearer(await tokenFor(app, staff));
      const roleRes = await app.inject({ method: 'GET', url: '/api/v1/users/getRole', headers });
      expect(roleRes.statusCode).toBe(200);
      expect(roleRes.json()).toEqual({ status: 'success', data: { role, passwordChanged: false } });

      const me = await app.inject({ method: 'GET', url: '/api/v1/users/getMe', headers });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toEqual({
        status: 'success',
        data: {
          user: {
            _id: staff.id,
            name: staff.name,
            userName: staff.userName,
            phoneNumber: staff.phoneNumber,
            role,
            faculty: role === 'ADMIN' ? TEST_FACULTY : null,
            passwordChanged: false,
            // Issue 20, added beside the spec's fields: no factor, and this app asks none of any role.
            twoFactorEnabled: false,
            twoFactorRequired: false,
          },
        },
      });
    },
  );

  it('answers 401 in Arabic without a token or with a malformed header', async () => {
    for (const headers of [{}, { authorization: 'Basic abc' }, { authorization: 'Bearer' }]) {
      const res = await app.inject({ method: 'GET', url: '/api/v1/users/getMe', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 'error', message: 'يجب تسجيل الدخول أولا' });
    }
    const res = await app.inject({ method: 'GET', url: '/api/v1/users/getMe', headers: bearer('a.b.c') });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'error', message: SESSION_INVALID });
  });
});

describe('PATCH /users/updateMyPassword', () => {
  const change = (staff: TestStaff | string, payload: object) =>
    typeof staff === 'string'
      ? app.inject({
          method: 'PATCH',
          url: '/api/v1/users/updateMyPassword',
          headers: bearer(staff),
          payload,
        })
      : injectAs(app, staff, { method: 'PATCH', url: '/api/v1/users/updateMyPassword', payload });

  it.each([
    ['no field', {}, 'يجب إدخال كلمة المرور'],
    ['no current password', { password: 'New12345', passwordConfirm: 'New12345' }, 'يجب إدخال كلمة المرور'],
    [
      'a repeat that differs',
      { passwordCurrent: TEST_STAFF_PASSWORD, password: 'New12345', passwordConfirm: 'New12346' },
      'كلمتا المرور غير متطابقتين',
    ],
    [
      'a short password',
      { passwordCurrent: TEST_STAFF_PASSWORD, password: 'Ab1', passwordConfirm: 'Ab1' },
      'كلمة المرور يجب ألا تقل عن 8 أحرف',
    ],
    [
      'a password without digits',
      { passwordCurrent: TEST_STAFF_PASSWORD, password: 'abcdefghij', passwordConfirm: 'abcdefghij' },
      'كلمة المرور يجب أن تحتوي على حروف وأرقام',
    ],
    [
      'a password without letters',
      { passwordCurrent: TEST_STAFF_PASSWORD, password: '1234567890', passwordConfirm: '1234567890' },
      'كلمة المرور يجب أن تحتوي على حروف وأرقام',
    ],
    [
      'a 10 KB password',
      {
        passwordCurrent: TEST_STAFF_PASSWORD,
        password: 'a1'.repeat(5120),
        passwordConfirm: 'a1'.repeat(5120),
      },
      'كلمة المرور طويلة جدا',
    ],
    [
      'a wrong current password',
      { passwordCurrent: 'Wrong1234', password: 'New12345', passwordConfirm: 'New12345' },
      'كلمة المرور الحالية غير صحيحة',
    ],
    [
      'the current password again',
      {
        passwordCurrent: TEST_STAFF_PASSWORD,
        password: TEST_STAFF_PASSWORD,
        passwordConfirm: TEST_STAFF_PASSWORD,
      },
      'كلمة المرور الجديدة يجب أن تختلف عن الحالية',
    ],
  ])('refuses %s with 400 and changes nothing', async (_, payload, message) => {
    const staff = await insertStaff(db, { role: 'SUPPORT', passwordChanged: false });
    const before = await storedRow(staff.id);
    const res = await change(staff, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message });
    expect(await storedRow(staff.id)).toEqual(before);
  });

  it('changes the password, ends every older token at once and lets the new password sign in', async () => {
    const staff = await insertStaff(db, { role: 'ADMIN', passwordChanged: false });
    const first = (await login(staff.userName, TEST_STAFF_PASSWORD)).json().token as string;
    const second = (await login(staff.userName, TEST_STAFF_PASSWORD)).json().token as string;

    const res = await change(second, {
      passwordCurrent: TEST_STAFF_PASSWORD,
      password: 'Fresh2026pass',
      passwordConfirm: 'Fresh2026pass',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      message: 'تم تغيير كلمة المرور بنجاح',
      data: {
        user: expect.objectContaining({ _id: staff.id, passwordChanged: true, faculty: TEST_FACULTY }),
      },
    });

    // Both older tokens, the one used included, stop working within the same second.
    for (const token of [first, second]) {
      const me = await app.inject({ method: 'GET', url: '/api/v1/users/getMe', headers: bearer(token) });
      expect(me.statusCode).toBe(401);
      expect(me.json()).toEqual({ status: 'error', message: SESSION_INVALID });
    }
    expect((await login(staff.userName, TEST_STAFF_PASSWORD)).statusCode).toBe(401);
    const again = await login(staff.userName, 'Fresh2026pass');
    expect(again.statusCode).toBe(200);
    expect(again.json().data.user.passwordChanged).toBe(true);
    const me = await app.inject({
      method: 'GET',
      url: '/api/v1/users/getRole',
      headers: bearer(again.json().token),
    });
    expect(me.json()).toEqual({ status: 'success', data: { role: 'ADMIN', passwordChanged: true } });
    expect(await audits('staff.change_password', staff.id)).toEqual([{ actor_id: staff.id, details: null }]);
  });

  it('accepts Arabic letters and digits in a new password', async () => {
    const staff = await insertStaff(db, { role: 'SOCIAL_ADMIN' });
    const res = await change(staff, {
      passwordCurrent: TEST_STAFF_PASSWORD,
      password: 'كلمةسر2026',
      passwordConfirm: 'كلمةسر2026',
    });
    expect(res.statusCode).toBe(200);
    expect((await login(staff.userName, 'كلمةسر2026')).statusCode).toBe(200);
  });
});

describe('PATCH /users/updateSuperAdmin', () => {
  const update = (who: TestStaff, payload: object) =>
    injectAs(app, who, { method: 'PATCH', url: '/api/v1/users/updateSuperAdmin', payload });

  it('lets the super admin update its name, user name and mobile, confirmed by its password', async () => {
    const boss = await insertStaff(db, { role: 'SUPERADMIN', userName: 'boss.before' });
    const token = await tokenFor(app, boss);
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/v1/users/updateSuperAdmin',
      headers: bearer(token),
      payload: {
        name: '  مدير النظام الجديد ',
        userName: 'boss.after',
        phoneNumber: '٠١٠ ٢٢٣٣ ٤٤٥٥',
        password: TEST_STAFF_PASSWORD,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      message: 'تم تحديث البيانات بنجاح',
      user: {
        _id: boss.id,
        name: 'مدير النظام الجديد',
        userName: 'boss.after',
        phoneNumber: '01022334455',
        role: 'SUPERADMIN',
        faculty: null,
        passwordChanged: true,
      },
    });
    // The session goes on (no credentials changed) and the new user name signs in.
    const me = await app.inject({ method: 'GET', url: '/api/v1/users/getMe', headers: bearer(token) });
    expect(me.json().data.user.userName).toBe('boss.after');
    expect((await login('boss.after', TEST_STAFF_PASSWORD)).statusCode).toBe(200);
    const [audit] = await audits('staff.update_own_account', boss.id);
    expect(audit?.details).toMatchObject({ userName: { from: 'boss.before', to: 'boss.after' } });
  });

  it('lets an ADMIN whose password is not yet changed update its own account, in its own faculty', async () => {
    const admin = await insertStaff(db, { role: 'ADMIN', passwordChanged: false });
    const res = await update(admin, {
      name: 'مسؤول التجارة',
      userName: `${admin.userName}.new`,
      phoneNumber: '01099887766',
      password: TEST_STAFF_PASSWORD,
      faculty: TEST_FACULTY,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      name: 'مسؤول التجارة',
      faculty: TEST_FACULTY,
      passwordChanged: false,
    });
  });

  it('refuses an ADMIN that sends another faculty, changing nothing', async () => {
    const admin = await insertStaff(db, { role: 'ADMIN', passwordChanged: false });
    const before = await storedRow(admin.id);
    const res = await update(admin, {
      name: 'اسم آخر',
      userName: admin.userName,
      phoneNumber: admin.phoneNumber,
      password: TEST_STAFF_PASSWORD,
      faculty: OTHER_FACULTY,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'error', message: 'غير مسموح لك بالوصول إلى بيانات كلية أخرى' });
    expect(await storedRow(admin.id)).toEqual(before);
  });

  it.each([
    ['an ADMIN whose password is already changed', 'ADMIN', true],
    ['a SUPPORT account', 'SUPPORT', true],
    ['a SOCIAL_ADMIN account', 'SOCIAL_ADMIN', false],
  ] as const)('refuses %s with 403', async (_, role, passwordChanged) => {
    const staff = await insertStaff(db, { role, passwordChanged });
    const before = await storedRow(staff.id);
    const res = await update(staff, {
      name: 'اسم جديد',
      userName: staff.userName,
      phoneNumber: staff.phoneNumber,
      password: TEST_STAFF_PASSWORD,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'error', message: 'غير مسموح لك بالقيام بهذا الإجراء' });
    expect(await storedRow(staff.id)).toEqual(before);
  });

  it('refuses a wrong confirmation password and a taken user name, changing nothing', async () => {
    const boss = await insertStaff(db, { role: 'SUPERADMIN' });
    await insertStaff(db, { role: 'SUPPORT', userName: 'Taken.Name' });
    const before = await storedRow(boss.id);
    const base = { name: 'مدير', userName: boss.userName, phoneNumber: '01011112222' };

    const wrong = await update(boss, { ...base, password: 'Wrong1234' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ status: 'error', message: 'كلمة المرور غير صحيحة' });

    const taken = await update(boss, { ...base, userName: 'taken.name', password: TEST_STAFF_PASSWORD });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ status: 'error', message: 'اسم المستخدم مستخدم من قبل، اختر اسما آخر' });
    expect(await storedRow(boss.id)).toEqual(before);
  });

  it.each([
    ['an empty name', { name: ' ' }, 'الاسم لا يمكن أن يكون فارغا'],
    ['a missing user name', { userName: undefined }, 'اسم المستخدم لا يمكن أن يكون فارغا'],
    ['a 4-character user name', { userName: 'abcd' }, 'اسم المستخدم يجب ألا يقل عن 5 أحرف'],
    [
      'a user name with spaces',
      { userName: 'ab cd ef' },
      'اسم المستخدم يقبل الحروف الإنجليزية والأرقام والرموز . _ - فقط',
    ],
    ['an empty mobile', { phoneNumber: '' }, 'رقم الموبايل لا يمكن أن يكون فارغا'],
    ['a short mobile', { phoneNumber: '0101' }, 'رقم الموبايل يجب أن يتكون من 8 إلى 15 رقما'],
    ['an empty password', { password: '' }, 'كلمة المرور لا يمكن أن تكون فارغة'],
    ['a 10 KB name', { name: 'ا'.repeat(10_240) }, 'الاسم يجب ألا يزيد عن 100 حرف'],
    ['a 10 KB mobile', { phoneNumber: '1'.repeat(10_240) }, 'رقم الموبايل يجب أن يتكون من 8 إلى 15 رقما'],
  ])('refuses %s with 400', async (_, change, message) => {
    const boss = await insertStaff(db, { role: 'SUPERADMIN' });
    const before = await storedRow(boss.id);
    const res = await update(boss, {
      name: 'مدير',
      userName: 'valid.name',
      phoneNumber: '01011112222',
      password: TEST_STAFF_PASSWORD,
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message });
    expect(await storedRow(boss.id)).toEqual(before);
  });
});
