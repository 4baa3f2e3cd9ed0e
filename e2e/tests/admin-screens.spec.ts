import { expect, type Page, test } from '@playwright/test';
import { freshDataDir, type PortalServer, startPortal } from '../portal-server.js';

// Not assertions about behaviour (staff-accounts.spec.ts has those): pictures of each staff screen at phone and
// desktop width for a person to look at, screenshots/<project>-admin-<screen>.png. The shared portal has no known
// super admin password, so this file starts its own.
const ROOT = { userName: 'rootadmin', password: 'Root12345' };
const DEMO_PASSWORD = 'Demo1234';
const NAV = 'قائمة المسؤول';

let server: PortalServer | undefined;

const url = (path: string) => {
  if (!server) throw new Error('the portal has not started');
  return `${server.url}/stAdmission${path}`;
};

async function signIn(page: Page, userName: string, password: string) {
  await page.goto(url('/admin/login'));
  await page.getByLabel('اسم المستخدم').fill(userName);
  await page.getByLabel('كلمة المرور', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'دخول' }).click();
  await expect(page).not.toHaveURL(/\/admin\/login$/);
}

async function signOut(page: Page) {
  await page.context().clearCookies();
}

/** Dialogs are shot at viewport size: a full-page picture would show the page below the overlay unshaded. */
async function snap(page: Page, project: string, screen: string, fullPage = true) {
  // Modal and drawer transitions finish, fonts are in.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
  await page.screenshot({ path: `screenshots/${project}-admin-${screen}.png`, fullPage });
}

// biome-ignore lint/correctness/noEmptyPattern: Playwright hooks take their fixtures by destructuring.
test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(120_000);
  server = await startPortal(await freshDataDir(), {
    SUPERADMIN_USERNAME: ROOT.userName,
    SUPERADMIN_PASSWORD: ROOT.password,
    DEMO_DATA: '1',
  });
});

test.afterAll(async () => {
  await server?.stop();
});

test('screenshots of the staff screens', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  const phone = project === 'phone';

  await signIn(page, ROOT.userName, ROOT.password);
  await page.goto(url('/admin/adminsManagement'));
  await expect(page.getByRole('article', { name: 'مسؤول كلية التجارة' })).toBeVisible();
  await snap(page, project, 'adminsManagement');

  if (phone) {
    await page.getByRole('button', { name: 'فتح قائمة المسؤول' }).click();
    await expect(page.getByRole('dialog', { name: NAV })).toBeVisible();
    await snap(page, project, 'menu', false);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: NAV })).toHaveCount(0);
  }

  await page.getByRole('button', { name: 'إضافة مسؤول' }).click();
  const add = page.getByRole('dialog', { name: 'إضافة مسؤول' });
  await add.getByRole('button', { name: 'إضافة' }).click();
  await expect(add.getByText('يجب إدخال الاسم')).toBeVisible();
  await snap(page, project, 'add-dialog', false);
  await add.getByRole('button', { name: 'إلغاء' }).click();

  await page.getByRole('button', { name: 'تعديل مسؤول كلية التجارة' }).click();
  const edit = page.getByRole('dialog', { name: 'تعديل بيانات المسؤول' });
  await expect(edit).toBeVisible();
  await snap(page, project, 'edit-dialog', false);
  // In the dialog: each account's card now also has 'إلغاء التحقق بخطوتين' (issue 20).
  await edit.getByRole('button', { name: 'إلغاء' }).click();

  await page.getByRole('button', { name: 'تعديل مسؤول المقابلات' }).click();
  await page.getByRole('button', { name: 'إعادة تعيين كلمة المرور' }).click();
  const credentials = page.getByRole('dialog', { name: 'بيانات الدخول' });
  const socialPassword = (await credentials.getByTestId('credentials-password').textContent()) ?? '';
  await snap(page, project, 'credentials', false);
  await credentials.getByRole('button', { name: 'إغلاق' }).click();

  await page.getByRole('button', { name: 'حذف موظف الدعم الفني' }).click();
  await expect(page.getByRole('dialog', { name: 'هل تريد حذف هذا المسؤول؟' })).toBeVisible();
  await snap(page, project, 'delete-confirm', false);
  await page
    .getByRole('dialog', { name: 'هل تريد حذف هذا المسؤول؟' })
    .getByRole('button', { name: 'لا', exact: true })
    .click();

  const search = page.getByRole('search', { name: 'البحث عن مسؤول' });
  await search.getByLabel('نوع البحث').selectOption('2');
  await search.getByLabel('قيمة البحث').fill('01099999999');
  await search.getByRole('button', { name: 'بحث' }).click();
  await expect(page.getByText('لا توجد نتائج')).toBeVisible();
  await snap(page, project, 'search-empty');

  await page.goto(url('/admin/updateAccountInfo'));
  await page.getByRole('button', { name: 'حفظ البيانات' }).click();
  await expect(page.getByText('رقم الموبايل لا يمكن أن يكون فارغا')).toBeVisible();
  await snap(page, project, 'updateAccountInfo');

  await page.goto(url('/admin/changePassword'));
  await page.getByLabel('كلمة المرور الجديدة', { exact: true }).fill('short1');
  await page.getByLabel('تأكيد كلمة المرور الجديدة', { exact: true }).fill('short1');
  await page.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
  await expect(page.getByText('يجب إدخال كلمة المرور')).toBeVisible();
  await snap(page, project, 'changePassword');

  // A reset account is held at the password change.
  await signOut(page);
  await signIn(page, 'social', socialPassword);
  await expect(page).toHaveURL(/\/admin\/changePassword$/);
  await snap(page, project, 'changePassword-first');

  // A faculty admin asking for the admins management.
  await signOut(page);
  await signIn(page, 'commerce', DEMO_PASSWORD);
  await page.goto(url('/admin/adminsManagement'));
  await expect(page.getByText('لا يمكنك الوصول إلى هذه الصفحة')).toBeVisible();
  await snap(page, project, 'no-access');
});
