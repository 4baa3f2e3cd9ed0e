import { expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { freshDataDir, type PortalServer, startPortal } from '../portal-server.js';

// Issue 20: a super admin must enrol a second factor at its first sign-in, then signs in with a code from it, and
// with a recovery code. Its own portal, where the super admin's password is known and only that role must enrol.
const ROOT = { userName: 'rootadmin', password: 'Root12345' };
const NAV = 'قائمة المسؤول';
const CODE_WRONG = 'رمز التحقق غير صحيح';
const ENROLMENT_REQUIRED = 'يجب تفعيل التحقق بخطوتين لحسابك قبل استخدام لوحة التحكم';
// A sign-in lands once the staff screens' code has arrived and the account is read; other tests share the machine.
const LANDING = { timeout: 15_000 };

let server: PortalServer | undefined;

function url(path: string): string {
  if (!server) throw new Error('the portal has not started');
  return `${server.url}/stAdmission${path}`;
}

/** The code an authenticator app shows `aheadSeconds` from now: a code's 30-second step is accepted once. */
function totp(secret: string, aheadSeconds = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + aheadSeconds });
}

/** A code that is not the one expected now, nor a step either side. */
function wrongCode(right: string): string {
  return String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
}

async function snap(page: Page, project: string, name: string) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `screenshots/${project}-two-factor-${name}.png`, fullPage: true });
}

async function enterPassword(page: Page) {
  await page.goto(url('/admin/login'));
  await page.getByLabel('اسم المستخدم').fill(ROOT.userName);
  await page.getByLabel('كلمة المرور', { exact: true }).fill(ROOT.password);
  await page.getByRole('button', { name: 'دخول' }).click();
}

/** The logout link is in the side column on a desktop and behind the menu button on a phone. */
async function signOut(page: Page, phone: boolean) {
  if (phone) await page.getByRole('button', { name: 'فتح قائمة المسؤول' }).click();
  await page.getByRole('navigation', { name: NAV }).getByRole('button', { name: 'تسجيل الخروج' }).click();
  await expect(page).toHaveURL(/\/stAdmission\/admin\/login$/);
}

// biome-ignore lint/correctness/noEmptyPattern: Playwright hooks take their fixtures by destructuring.
test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(120_000);
  server = await startPortal(await freshDataDir(), {
    SUPERADMIN_USERNAME: ROOT.userName,
    SUPERADMIN_PASSWORD: ROOT.password,
    STAFF_2FA_REQUIRED: 'SUPERADMIN',
    DEMO_DATA: '1',
  });
});

test.afterAll(async () => {
  await server?.stop();
});

test('a super admin enrols a second factor at its first sign-in, then signs in with a code and with a recovery code', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const project = testInfo.project.name;
  const phone = project === 'phone';

  // Held at the account security screen: every other screen sends it back there.
  await enterPassword(page);
  await expect(page).toHaveURL(/\/admin\/accountSecurity$/, LANDING);
  await expect(page.getByText(ENROLMENT_REQUIRED)).toBeVisible();
  await snap(page, project, 'enrolment-required');
  await page.goto(url('/admin/adminsManagement'));
  await expect(page).toHaveURL(/\/admin\/accountSecurity$/, LANDING);

  // The QR code and the key for typing in; a wrong code is refused in Arabic, the right one turns it on.
  await page.getByRole('button', { name: 'تفعيل التحقق بخطوتين' }).click();
  await expect(page.getByRole('img', { name: 'رمز QR لإضافة هذا الحساب إلى تطبيق المصادقة' })).toBeVisible();
  const secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').replaceAll(' ', '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await snap(page, project, 'setup');
  const code = page.getByLabel('رمز التحقق');
  await code.fill(wrongCode(await totp(secret)));
  await page.getByRole('button', { name: 'تأكيد التفعيل' }).click();
  await expect(page.getByText(CODE_WRONG)).toBeVisible();
  await snap(page, project, 'setup-wrong-code');
  await code.fill(await totp(secret));
  await page.getByRole('button', { name: 'تأكيد التفعيل' }).click();

  // Ten recovery codes, shown once; the other screens open now.
  const list = page.getByRole('list', { name: 'رموز الاسترداد' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = await list.getByRole('listitem').allTextContents();
  for (const recoveryCode of recoveryCodes) expect(recoveryCode).toMatch(/^[A-Z0-9]{10}$/);
  await expect(page.getByText('احفظ رموز الاسترداد الآن، فلن تظهر مرة أخرى')).toBeVisible();
  await snap(page, project, 'recovery-codes');
  await page.getByRole('button', { name: 'حفظت الرموز' }).click();
  await expect(page.getByText(ENROLMENT_REQUIRED)).toHaveCount(0);
  await page.goto(url('/admin/adminsManagement'));
  await expect(page.getByRole('heading', { name: 'إدارة المسؤولين' })).toBeVisible();
  // Each other account offers its second factor's reset and the end of its sessions, after a question.
  await page.getByRole('button', { name: 'إلغاء التحقق بخطوتين مسؤول كلية التجارة' }).click();
  const reset = page.getByRole('dialog', { name: 'هل تريد إلغاء التحقق بخطوتين لهذا المسؤول؟' });
  await snap(page, project, 'reset-confirmation');
  await reset.getByRole('button', { name: 'لا', exact: true }).click();
  await snap(page, project, 'accounts');
  await signOut(page, phone);

  // The password alone no longer signs in: a wrong code is refused, then the next step's code from the app works.
  await enterPassword(page);
  const loginCode = page.getByLabel('رمز التحقق');
  await expect(loginCode).toBeVisible();
  await snap(page, project, 'login-code');
  await loginCode.fill(wrongCode(await totp(secret, 30)));
  await page.getByRole('button', { name: 'دخول' }).click();
  await expect(page.getByText(CODE_WRONG)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await snap(page, project, 'login-wrong-code');
  await loginCode.fill(await totp(secret, 30));
  await page.getByRole('button', { name: 'دخول' }).click();
  await expect(page).toHaveURL(/\/admin\/studentsInfo$/, LANDING);
  await signOut(page, phone);

  // A recovery code instead of the app, once.
  await enterPassword(page);
  await page.getByRole('button', { name: 'استخدام رمز استرداد' }).click();
  await page.getByLabel('رمز الاسترداد').fill(recoveryCodes[0] ?? '');
  await snap(page, project, 'login-recovery-code');
  await page.getByRole('button', { name: 'دخول' }).click();
  await expect(page).toHaveURL(/\/admin\/studentsInfo$/, LANDING);
  await signOut(page, phone);
  await enterPassword(page);
  await page.getByRole('button', { name: 'استخدام رمز استرداد' }).click();
  await page.getByLabel('رمز الاسترداد').fill(recoveryCodes[0] ?? '');
  await page.getByRole('button', { name: 'دخول' }).click();
  await expect(page.getByText(CODE_WRONG)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
});
