import { describe, expect, it } from 'vitest';
import {
  addAdminRequestSchema,
  getAdminRequestSchema,
  passwordProblem,
  updateMyPasswordRequestSchema,
  updateOwnAccountRequestSchema,
} from './staff.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('the staff password rule', () => {
  it.each([
    ['', 'يجب إدخال كلمة المرور'],
    ['Ab1', 'كلمة المرور يجب ألا تقل عن 8 أحرف'],
    ['abcdefgh', 'كلمة المرور يجب أن تحتوي على حروف وأرقام'],
    ['12345678', 'كلمة المرور يجب أن تحتوي على حروف وأرقام'],
    ['x1'.repeat(65), 'كلمة المرور طويلة جدا'],
    ['abcd1234', undefined],
    ['كلمةسر2026', undefined],
  ])('%j → %s', (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });

  it('checks the three change-password fields in the spec order: required, match, then the rule', () => {
    expect(firstMessage(updateMyPasswordRequestSchema.safeParse({}))).toBe('يجب إدخال كلمة المرور');
    expect(
      firstMessage(
        updateMyPasswordRequestSchema.safeParse({
          passwordCurrent: 'x',
          password: 'a',
          passwordConfirm: 'b',
        }),
      ),
    ).toBe('كلمتا المرور غير متطابقتين');
    expect(
      firstMessage(
        updateMyPasswordRequestSchema.safeParse({
          passwordCurrent: 'x',
          password: 'abc',
          passwordConfirm: 'abc',
        }),
      ),
    ).toBe('كلمة المرور يجب ألا تقل عن 8 أحرف');
  });
});

describe('staff account forms', () => {
  it('normalises the mobile and trims the names', () => {
    const parsed = addAdminRequestSchema.parse({
      name: '  موظف  ',
      userName: ' new.user ',
      phoneNumber: '٠١٠ ١٢٣٤ ٥٦٧٨',
      role: 'SUPPORT',
      faculty: '',
    });
    expect(parsed).toEqual({
      name: 'موظف',
      userName: 'new.user',
      phoneNumber: '01012345678',
      role: 'SUPPORT',
      faculty: null,
    });
  });

  it('says which update-account field is empty, as the spec words it', () => {
    const result = updateOwnAccountRequestSchema.safeParse({
      name: '',
      userName: 'abc',
      phoneNumber: '',
      password: '',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'الاسم لا يمكن أن يكون فارغا',
      'اسم المستخدم يجب ألا يقل عن 5 أحرف',
      'رقم الموبايل لا يمكن أن يكون فارغا',
      'كلمة المرور لا يمكن أن تكون فارغة',
    ]);
  });

  it('wants a faculty for an ADMIN only and never offers SUPERADMIN', () => {
    const base = { name: 'س', userName: 'abcde', phoneNumber: '01012345678' };
    expect(firstMessage(addAdminRequestSchema.safeParse({ ...base, role: 'ADMIN' }))).toBe(
      'يجب اختيار الكلية',
    );
    expect(firstMessage(addAdminRequestSchema.safeParse({ ...base, role: 'SUPERADMIN' }))).toBe(
      'الصلاحية المختارة غير صحيحة',
    );
    expect(addAdminRequestSchema.safeParse({ ...base, role: 'SOCIAL_ADMIN' }).success).toBe(true);
  });

  it('searches admins by exactly one of user name and mobile', () => {
    expect(getAdminRequestSchema.safeParse({ userName: 'abcde' }).success).toBe(true);
    expect(getAdminRequestSchema.parse({ phoneNumber: '٠١٠ ١' })).toEqual({ phoneNumber: '0101' });
    expect(firstMessage(getAdminRequestSchema.safeParse({}))).toBe('يجب اختيار نوع البحث وإدخال قيمة البحث');
  });
});
