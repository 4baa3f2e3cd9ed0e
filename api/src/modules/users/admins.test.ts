import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  injectAs,
  insertStaff,
  OTHER_FACULTY,
  staffWithRole,
  TEST_FACULTY,
  TEST_STAFF_PASSWORD,
  type TestStaff,
  tokenFor,
} from '../../../test/auth-helpers.js';
import { createTestApp } from '../../../test/test-app.js';
import { staffUsers } from '../../db/schema/index.js';

const { app, database } = await createTestApp();
const db = database.db;

let boss: TestStaff;
beforeAll(async () => {
  boss = await insertStaff(db, { role: 'SUPERADMIN', userName: 'the.boss' });
});

const asBoss = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  injectAs(app, boss, { method, url: `/api/v1/users/${url}`, ...(payload ? { payload } : {}) });

const login = (userName: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/v1/users/login', payload: { userName, password } });

async function staffSnapshot() {
  return db.select().from(staffUsers).orderBy(staffUsers.id);
}

async function audits(action: string, targetId: string) {
  const { rows } = await db.execute<{ actor_id: string; actor_user_name: string; details: unknown }>(
    sql`SELECT actor_id, actor_user_name, details FROM audit_log WHERE action = ${action} AND target_id = ${targetId}`,
  );
  return rows;
}

const GENERATED = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z0-9]{12}$/;

describe('GET /users/getAllAdmins', () => {
  it('lists every staff account in data.users, super admins first, without secrets', async () => {
    const admin = await insertStaff(db, { role: 'ADMIN' });
    const social = await insertStaff(db, { role: 'SOCIAL_ADMIN', faculty: 'كلية الخدمة الاجتماعية' });
    const res = await asBoss('GET', 'getAllAdmins');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.results).toBe(body.data.users.length);
    expect(body.data.users[0].role).toBe('SUPERADMIN');
    const byId = new Map(body.data.users.map((u: { _id: string }) => [u._id, u]));
    expect(byId.get(admin.id)).toMatchObject({
      role: 'ADMIN',
      faculty: TEST_FACULTY,
      userName: admin.userName,
    });
    expect(byId.get(social.id)).toMatchObject({ role: 'SOCIAL_ADMIN', faculty: null });
    expect(res.body).not.toMatch(/scrypt|passwordHash|password_hash|"password"/);
  });
});

describe('POST /users/getAdmin', () => {
  it('finds an account by user name (any case) or by mobile (Arabic digits too)', async () => {
    const support = await insertStaff(db, {
      role: 'SUPPORT',
      userName: 'Find.Me',
      phoneNumber: '01234567890',
    });
    const byName = await asBoss('POST', 'getAdmin', { userName: ' find.me ' });
    expect(byName.statusCode).toBe(200);
    expect(byName.json()).toEqual({
      status: 'success',
      data: { user: expect.objectContaining({ _id: support.id, userName: 'Find.Me' }) },
    });
    const byPhone = await asBoss('POST', 'getAdmin', { userName: null, phoneNumber: '٠١٢٣٤٥٦٧٨٩٠' });
    expect(byPhone.json().data.user._id).toBe(support.id);
  });

  it.each([
    ['nothing', {}, 400, 'يجب اختيار نوع البحث وإدخال قيمة البحث'],
    ['both kinds', { userName: 'a', phoneNumber: '1' }, 400, 'يجب اختيار نوع البحث وإدخال قيمة البحث'],
    ['blank values', { userName: ' ', phoneNumber: '' }, 400, 'يجب اختيار نوع البحث وإدخال قيمة البحث'],
    ['a 10 KB user name', { userName: 'x'.repeat(10_240) }, 400, 'اسم المستخدم يجب ألا يزيد عن 50 حرفا'],
    ['an unknown user name', { userName: 'nobody.known' }, 404, 'لا توجد نتائج'],
    ['an unknown mobile', { phoneNumber: '0999999999' }, 404, 'لا توجد نتائج'],
  ])('answers %s with %i', async (_, payload, status, message) => {
    const res = await asBoss('POST', 'getAdmin', payload);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ status: 'error', message });
  });
});

describe('POST /users/addAdmin', () => {
  it('adds a faculty ADMIN with a generated 12-character password that signs in once', async () => {
    const res = await asBoss('POST', 'addAdmin', {
      name: 'مسؤول كلية الهندسة',
      userName: 'eng.admin',
      phoneNumber: '01012345678',
      role: 'ADMIN',
      faculty: OTHER_FACULTY,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      status: 'success',
      message: 'تمت إضافة المسؤول بنجاح',
      user: {
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'مسؤول كلية الهندسة',
        userName: 'eng.admin',
        phoneNumber: '01012345678',
        role: 'ADMIN',
        faculty: OTHER_FACULTY,
        passwordChanged: false,
      },
      data: { userName: 'eng.admin', password: expect.stringMatching(GENERATED) },
    });

    const signIn = await login('eng.admin', body.data.password);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().data.user).toMatchObject({
      role: 'ADMIN',
      passwordChanged: false,
      faculty: OTHER_FACULTY,
    });
    expect(await audits('staff.create', body.user._id)).toEqual([
      {
        actor_id: boss.id,
        actor_user_name: 'the.boss',
        details: { userName: 'eng.admin', role: 'ADMIN', faculty: OTHER_FACULTY },
      },
    ]);
  });

  it('keeps no faculty for SUPPORT and SOCIAL_ADMIN accounts', async () => {
    for (const role of ['SUPPORT', 'SOCIAL_ADMIN'] as const) {
      const res = await asBoss('POST', 'addAdmin', {
        name: 'موظف',
        userName: `${role.toLowerCase()}.new`,
        phoneNumber: '01112345678',
        role,
        faculty: TEST_FACULTY,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().user).toMatchObject({ role, faculty: null });
      const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, res.json().user._id));
      expect(row?.collegeId).toBeNull();
    }
  });

  const valid = { name: 'موظف جديد', userName: 'new.person', phoneNumber: '01012345678', role: 'SUPPORT' };
  it.each([
    ['a missing name', { name: undefined }, 400, 'يجب إدخال الاسم'],
    ['a missing user name', { userName: undefined }, 400, 'يجب إدخال اسم المستخدم'],
    ['a 4-character user name', { userName: 'abcd' }, 400, 'اسم المستخدم يجب ألا يقل عن 5 أحرف'],
    ['a missing mobile', { phoneNumber: undefined }, 400, 'يجب إدخال رقم الموبايل'],
    ['a 10 KB name', { name: 'x'.repeat(10_240) }, 400, 'الاسم يجب ألا يزيد عن 100 حرف'],
    ['a 10 KB user name', { userName: 'x'.repeat(10_240) }, 400, 'اسم المستخدم يجب ألا يزيد عن 50 حرفا'],
    ['a 10 KB faculty', { role: 'ADMIN', faculty: 'x'.repeat(10_240) }, 400, 'اسم الكلية أطول من المسموح'],
    ['an unknown role', { role: 'KING' }, 400, 'الصلاحية المختارة غير صحيحة'],
    ['a second SUPERADMIN', { role: 'SUPERADMIN' }, 400, 'الصلاحية المختارة غير صحيحة'],
    ['an ADMIN without faculty', { role: 'ADMIN' }, 400, 'يجب اختيار الكلية'],
    [
      'an ADMIN of an unknown faculty',
      { role: 'ADMIN', faculty: 'كلية غير موجودة' },
      400,
      'الكلية غير موجودة',
    ],
    [
      'a taken user name (other case)',
      { userName: 'THE.BOSS' },
      409,
      'اسم المستخدم مستخدم من قبل، اختر اسما آخر',
    ],
  ])('refuses %s with %i, adding nothing', async (_, change, status, message) => {
    const before = await staffSnapshot();
    const res = await asBoss('POST', 'addAdmin', { ...valid, ...change });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ status: 'error', message });
    expect(await staffSnapshot()).toEqual(before);
  });

  it('refuses a SUPPORT account trying to create a SUPERADMIN (or anything) with 403', async () => {
    const support = await staffWithRole(app, 'SUPPORT');
    const before = await staffSnapshot();
    for (const role of ['SUPERADMIN', 'SUPPORT']) {
      const res = await injectAs(app, support, {
        method: 'POST',
        url: '/api/v1/users/addAdmin',
        payload: { ...valid, role },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: 'error', message: 'غير مسموح لك بالقيام بهذا الإجراء' });
    }
    expect(await staffSnapshot()).toEqual(before);
  });
});

describe('PATCH /users/updateAdmin', () => {
  it("edits an ADMIN's name, user name, mobile and faculty, keeping its role and password", async () => {
    const admin = await insertStaff(db, { role: 'ADMIN', userName: 'old.admin' });
    const res = await asBoss('PATCH', 'updateAdmin', {
      id: admin.id,
      adminInfo: {
        name: 'اسم معدل',
        userName: 'edited.admin',
        phoneNumber: '01500000000',
        faculty: OTHER_FACULTY,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      message: 'تم تعديل بيانات المسؤول بنجاح',
      user: {
        _id: admin.id,
        name: 'اسم معدل',
        userName: 'edited.admin',
        phoneNumber: '01500000000',
        role: 'ADMIN',
        faculty: OTHER_FACULTY,
        passwordChanged: true,
      },
    });
    expect((await login('edited.admin', TEST_STAFF_PASSWORD)).statusCode).toBe(200);
    const [audit] = await audits('staff.update', admin.id);
    expect(audit).toMatchObject({
      actor_id: boss.id,
      details: {
        userName: { from: 'old.admin', to: 'edited.admin' },
        faculty: { from: TEST_FACULTY, to: OTHER_FACULTY },
      },
    });
  });

  it('ignores a faculty sent for a SUPPORT account', async () => {
    const support = await insertStaff(db, { role: 'SUPPORT' });
    const res = await asBoss('PATCH', 'updateAdmin', {
      id: support.id,
      adminInfo: {
        name: 'دعم',
        userName: support.userName,
        phoneNumber: support.phoneNumber,
        faculty: TEST_FACULTY,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ role: 'SUPPORT', faculty: null });
  });

  it.each([
    ['an ADMIN without faculty', 'admin', { faculty: null }, 400, 'يجب اختيار الكلية'],
    ['an unknown faculty', 'admin', { faculty: 'كلية غير موجودة' }, 400, 'الكلية غير موجودة'],
    [
      'a taken user name',
      'admin',
      { userName: 'the.boss' },
      409,
      'اسم المستخدم مستخدم من قبل، اختر اسما آخر',
    ],
    ['a 4-character user name', 'admin', { userName: 'abcd' }, 400, 'اسم المستخدم يجب ألا يقل عن 5 أحرف'],
    ['a 10 KB name', 'admin', { name: 'x'.repeat(10_240) }, 400, 'الاسم يجب ألا يزيد عن 100 حرف'],
    ['a super admin', 'boss', {}, 403, 'لا يمكن تعديل أو حذف حساب مدير النظام'],
    ['an unknown account', 'unknown', {}, 404, 'المسؤول غير موجود'],
    ['a malformed id', 'malformed', {}, 400, 'معرف المسؤول غير صحيح'],
  ])('refuses %s with %i, changing nothing', async (_, target, change, status, message) => {
    const admin = await insertStaff(db, { role: 'ADMIN' });
    const ids: Record<string, string> = {
      admin: admin.id,
      boss: boss.id,
      unknown: randomUUID(),
      malformed: '12',
    };
    const before = await staffSnapshot();
    const res = await asBoss('PATCH', 'updateAdmin', {
      id: ids[target],
      adminInfo: {
        name: 'اسم',
        userName: 'some.user',
        phoneNumber: '01012345678',
        faculty: TEST_FACULTY,
        ...change,
      },
    });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ status: 'error', message });
    expect(await staffSnapshot()).toEqual(before);
  });

  it('refuses a body without adminInfo', async () => {
    const admin = await insertStaff(db, { role: 'SUPPORT' });
    const res = await asBoss('PATCH', 'updateAdmin', { id: admin.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe('error');
  });
});

describe('PATCH /users/resetAdminPassword', () => {
  it('gives a new generated password once, ends the old password and the old tokens', async () => {
    const social = await insertStaff(db, { role: 'SOCIAL_ADMIN' });
    const oldToken = await tokenFor(app, social);
    const res = await asBoss('PATCH', 'resetAdminPassword', { id: social.id });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      status: 'success',
      message: 'تمت إعادة تعيين كلمة مرور المسؤول بنجاح',
      data: { userName: social.userName, password: expect.stringMatching(GENERATED) },
    });
    const me = await app.inject({ method: 'GET', url: '/api/v1/users/getMe', headers: bearer(oldToken) });
    expect(me.statusCode).toBe(401);
    expect((await login(social.userName, TEST_STAFF_PASSWORD)).statusCode).toBe(401);
    const fresh = await login(social.userName, body.data.password);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data.user.passwordChanged).toBe(false);
    expect(await audits('staff.reset_password', social.id)).toHaveLength(1);
  });

  it.each([
    ['a super admin', () => boss.id, 403, 'لا يمكن تعديل أو حذف حساب مدير النظام'],
    ['an unknown account', () => randomUUID(), 404, 'المسؤول غير موجود'],
    ['a malformed id', () => 'nope', 400, 'معرف المسؤول غير صحيح'],
    ['no id', () => undefined, 400, 'معرف المسؤول غير صحيح'],
  ])('refuses %s with %i', async (_, id, status, message) => {
    const before = await staffSnapshot();
    const res = await asBoss('PATCH', 'resetAdminPassword', { id: id() });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ status: 'error', message });
    expect(await staffSnapshot()).toEqual(before);
  });
});

describe('DELETE /users/deleteAdmin/{id}', () => {
  it('deletes an account, whose tokens then stop working', async () => {
    const admin = await insertStaff(db, { role: 'ADMIN' });
    const token = await tokenFor(app, admin);
    const res = await asBoss('DELETE', `deleteAdmin/${admin.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: 'تم حذف المسؤول بنجاح' });
    const me = await app.inject({ method: 'GET', url: '/api/v1/users/getMe', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
    expect((await asBoss('DELETE', `deleteAdmin/${admin.id}`)).statusCode).toBe(404);
    expect(await audits('staff.delete', admin.id)).toMatchObject([
      { actor_id: boss.id, details: { userName: admin.userName, role: 'ADMIN', faculty: TEST_FACULTY } },
    ]);
  });

  it.each([
    ['a super admin', () => boss.id, 403, 'لا يمكن تعديل أو حذف حساب مدير النظام'],
    ['an unknown account', () => randomUUID(), 404, 'المسؤول غير موجود'],
    ['a malformed id', () => 'abc', 400, 'معرف المسؤول غير صحيح'],
  ])('refuses %s with %i', async (_, id, status, message) => {
    const before = await staffSnapshot();
    const res = await asBoss('DELETE', `deleteAdmin/${id()}`);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ status: 'error', message });
    expect(await staffSnapshot()).toEqual(before);
  });
});
