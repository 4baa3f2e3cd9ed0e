import { generate } from 'otplib';
import { createSuperAdmin, signIn } from '../accessibility-walk.js';
import { expectAccessible } from '../expect-accessible.js';
import { expect, test } from '../fixtures.js';
import { PORTAL } from '../student-steps.js';

// Issue 10 item 4's axe walk of the second factor screens (accessibility-walk.ts). Beside two-factor.spec.ts, not
// in it: that spec starts a portal of its own, this walk uses the shared one.

test.describe('second factor screens pass axe (issue 20)', () => {
  test('the account security screen, its setup, the recovery codes, the login code step and the account actions', async ({
    page,
    db,
  }) => {
    test.setTimeout(150_000);
    const account = await createSuperAdmin(db);
    await signIn(page, account);
    await page.goto(`${PORTAL}/admin/accountSecurity`);
    await expect(page.getByRole('heading', { name: 'أمان الحساب' })).toBeVisible();
    await expectAccessible(page, 'accountSecurity');
    await page.getByRole('button', { name: 'تسجيل الخروج من جميع الأجهزة' }).click();
    const signOutDialog = page.getByRole('dialog', { name: 'هل تريد تسجيل الخروج من جميع الأجهزة؟' });
    await expect(signOutDialog).toBeVisible();
    await expectAccessible(page, 'the sign-out-everywhere confirmation');
    await signOutDialog.getByRole('button', { name: 'لا', exact: true }).click();

    await page.getByRole('button', { name: 'تفعيل التحقق بخطوتين' }).click();
    const secret = page.getByTestId('two-factor-secret');
    await expect(secret).toBeVisible();
    await expectAccessible(page, 'the second factor setup');
    await page.getByRole('button', { name: 'تأكيد التفعيل' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expectAccessible(page, 'the second factor setup with its error');
    const key = ((await secret.textContent()) ?? '').replaceAll(' ', '');
    await page.getByLabel('رمز التحقق').fill(await generate({ secret: key }));
    await page.getByRole('button', { name: 'تأكيد التفعيل' }).click();
    await expect(page.getByRole('list', { name: 'رموز الاسترداد' })).toBeVisible();
    await expectAccessible(page, 'the recovery codes');
    await page.getByRole('button', { name: 'حفظت الرموز' }).click();
    await page.getByRole('button', { name: 'إيقاف التحقق بخطوتين' }).click();
    await page.getByRole('button', { name: 'تأكيد الإيقاف' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expectAccessible(page, 'turning the second factor off, with its errors');

    await page.goto(`${PORTAL}/admin/adminsManagement`);
    await page.getByRole('button', { name: 'إلغاء التحقق بخطوتين مسؤول كلية التجارة' }).click();
    const reset = page.getByRole('dialog', { name: 'هل تريد إلغاء التحقق بخطوتين لهذا المسؤول؟' });
    await expect(reset).toBeVisible();
    await expectAccessible(page, 'the second factor reset confirmation');
    await reset.getByRole('button', { name: 'لا', exact: true }).click();

    await page.context().clearCookies();
    await page.goto(`${PORTAL}/admin/login`);
    await page.getByLabel('اسم المستخدم').fill(account.userName);
    await page.getByLabel('كلمة المرور', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'دخول' }).click();
    await expect(page.getByLabel('رمز التحقق')).toBeVisible();
    await expectAccessible(page, 'the login code step');
    await page.getByRole('button', { name: 'دخول' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expectAccessible(page, 'the login code step with its error');
    await page.getByRole('button', { name: 'استخدام رمز استرداد' }).click();
    await expect(page.getByLabel('رمز الاسترداد')).toBeVisible();
    await expectAccessible(page, 'the login recovery code step');
  });
});
