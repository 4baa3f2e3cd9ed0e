import { expect, type Page, test } from '@playwright/test';
import { freshDataDir, type PortalServer, startPortal } from '../portal-server.js';

// The shared portal of global-setup has no known super admin password, so this file starts its own.
const ROOT = { userName: 'rootadmin', password: 'Root12345' };
const NAV = 'قائمة المسؤول';

let server: PortalServer | undefined;

function origin(): string {
  if (!server) throw new Error('the portal has not started');
  return server.url;
}

const url = (path: string) => `${origin()}/stAdmission${path}`;
const apiUrl = (path: string) => `${origin()}/api/v1${path}`;

async function signIn(page: Page, userName: string, password: string) {
  await page.goto(url('/admin/login'));
  await page.getByLabel('اسم المستخدم').fill(userName);
  await page.getByLabel('كلمة المرور', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'دخول' }).click();
}

async function signOut(page: Page) {
  await page.getByRole('navigation', { name: NAV }).getByRole('button', { name: 'تسجيل الخروج' }).click();
  await expect(page).toHaveURL(/\/stAdmission\/admin\/login$/);
}

// biome-ignore lint/correctness/noEmptyPattern: Playwright hooks take their fixtures by destructuring.
test.beforeAll(async ({}, testInfo) => {
  test.skip(
    testInfo.project.name !== 'desktop',
    'the account flow runs once, at desktop width, to keep it fast',
  );
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

test('a super admin adds a faculty admin who must change its password; reset and delete end its sessions', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const userName = `e2e.admin${Date.now() % 100_000}`;
  const name = 'مسؤول اختبار آلي';

  // The super admin signs in and adds a faculty admin.
  await signIn(page, ROOT.userName, ROOT.password);
  await expect(page).toHaveURL(/\/admin\/studentsInfo$/);
  const nav = page.getByRole('navigation', { name: NAV });
  await nav.getByRole('link', { name: 'إدارة المسؤولين' }).click();
  await expect(page.getByRole('heading', { name: 'إدارة المسؤولين' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'مسؤول كلية التجارة' })).toBeVisible();

  await page.getByRole('button', { name: 'إضافة مسؤول' }).click();
  const dialog = page.getByRole('dialog', { name: 'إضافة مسؤول' });
  await dialog.getByLabel('الاسم').fill(name);
  await dialog.getByLabel('اسم المستخدم').fill(userName);
  await dialog.getByLabel('رقم الموبايل').fill('01055556666');
  await expect(dialog.getByRole('radio', { name: 'مسؤول كلية' })).toBeChecked();
  await dialog.getByRole('combobox', { name: 'الكلية' }).click();
  await page.getByRole('option', { name: 'كلية التجارة' }).click();
  await dialog.getByRole('button', { name: 'إضافة' }).click();

  // The dialog now shows the generated credentials, once.
  const credentials = page.getByRole('dialog', { name: 'بيانات الدخول' });
  await expect(credentials.getByTestId('credentials-user-name')).toHaveText(userName);
  const firstPassword = (await credentials.getByTestId('credentials-password').textContent()) ?? '';
  expect(firstPassword).toMatch(/^[A-Za-z0-9]{12}$/);
  await expect(page.getByText('تمت إضافة المسؤول بنجاح')).toBeVisible();
  await credentials.getByRole('button', { name: 'إغلاق' }).click();
  const card = page.getByRole('article', { name });
  await expect(card).toContainText(userName);
  await expect(card).toContainText('كلية التجارة');
  await signOut(page);

  // The new admin is held at the password change, then signs in again with its own password.
  await signIn(page, userName, firstPassword);
  await expect(page).toHaveURL(/\/admin\/changePassword$/);
  await page.goto(url('/admin/studentsInfo'));
  await expect(page).toHaveURL(/\/admin\/changePassword$/);
  await page.getByLabel('كلمة المرور الحالية', { exact: true }).fill(firstPassword);
  await page.getByLabel('كلمة المرور الجديدة', { exact: true }).fill('Newpass123');
  await page.getByLabel('تأكيد كلمة المرور الجديدة', { exact: true }).fill('Newpass123');
  await page.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
  await expect(page.getByText('تم تغيير كلمة المرور بنجاح')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await signIn(page, userName, 'Newpass123');
  await expect(page).toHaveURL(/\/admin\/studentsInfo$/);
  await expect(nav.getByRole('link')).toHaveText([
    'بيانات الطلاب',
    'مراجعة المستندات',
    'الإشعارات',
    'مسار القبول',
    'تغيير كلمة المرور',
    'أمان الحساب',
  ]);
  await signOut(page);

  // The super admin resets that password and is shown the new one.
  await signIn(page, ROOT.userName, ROOT.password);
  await expect(page).toHaveURL(/\/admin\/studentsInfo$/);
  await nav.getByRole('link', { name: 'إدارة المسؤولين' }).click();
  await page.getByRole('button', { name: `تعديل ${name}` }).click();
  await page
    .getByRole('dialog', { name: 'تعديل بيانات المسؤول' })
    .getByRole('button', { name: 'إعادة تعيين كلمة المرور' })
    .click();
  await expect(credentials.getByTestId('credentials-user-name')).toHaveText(userName);
  const resetPassword = (await credentials.getByTestId('credentials-password').textContent()) ?? '';
  expect(resetPassword).toMatch(/^[A-Za-z0-9]{12}$/);
  expect(resetPassword).not.toBe(firstPassword);
  await credentials.getByRole('button', { name: 'إغلاق' }).click();

  // The account signs in with the reset password (as its owner would) and holds a working token.
  const login = await page.request.post(apiUrl('/users/login'), {
    data: { userName, password: resetPassword },
  });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const getRole = () =>
    page.request.get(apiUrl('/users/getRole'), {
      headers: { Authorization: `Bearer ${token}` },
    });
  expect((await getRole()).status()).toBe(200);

  // The super admin deletes the account; its token stops working at once.
  await page.getByRole('button', { name: `حذف ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'هل تريد حذف هذا المسؤول؟' });
  await expect(confirm.getByRole('button', { name: 'لا' })).toBeFocused();
  await confirm.getByRole('button', { name: 'نعم' }).click();
  await expect(page.getByText('تم حذف المسؤول بنجاح')).toBeVisible();
  await expect(card).toHaveCount(0);
  expect((await getRole()).status()).toBe(401);
});
