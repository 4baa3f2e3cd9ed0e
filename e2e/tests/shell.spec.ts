import { expect, test } from '@playwright/test';

test.describe('web shell', () => {
  test('the landing screen is Arabic, right-to-left, with header and footer', async ({ page }) => {
    await page.goto('/stAdmission/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('banner')).toContainText('طلب التحاق');
    await expect(page.getByRole('heading', { name: 'تسجيل الدخول' })).toBeVisible();
    await expect(page.getByLabel('الرقم القومي')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(String(new Date().getFullYear()));
    const direction = await page.evaluate(() => getComputedStyle(document.body).direction);
    expect(direction).toBe('rtl');
  });

  test('the root of the site redirects to the portal', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/stAdmission\/$/);
  });

  test('a deep link survives a reload', async ({ page }) => {
    await page.goto('/stAdmission/admin/login');
    await expect(page.getByLabel('اسم المستخدم')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('اسم المستخدم')).toBeVisible();
    await expect(page).toHaveURL(/\/stAdmission\/admin\/login$/);
  });

  for (const path of [
    '/stAdmission/no-such-page',
    '/stAdmission/dashboard/no-such-page',
    '/stAdmission/admin/no-such-page',
  ]) {
    test(`unknown path ${path} shows the page-not-found screen`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'الصفحة غير موجودة' })).toBeVisible();
      await expect(page.getByText('نوع الخطأ: 404')).toBeVisible();
    });
  }

  test('a student screen without a logged-in student goes back to the login', async ({ page }) => {
    await page.goto('/stAdmission/dashboard/studentDataView');
    await expect(page).toHaveURL(/\/stAdmission\/?$/);
    await expect(page.getByRole('heading', { name: 'تسجيل الدخول' })).toBeVisible();
  });

  test('an admin screen without a token goes to the admin login', async ({ page }) => {
    await page.goto('/stAdmission/admin/studentsInfo');
    await expect(page).toHaveURL(/\/stAdmission\/admin\/login$/);
  });

  test('no request leaves the portal (no CDN)', async ({ page, baseURL }) => {
    const foreign: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(String(baseURL)) && !request.url().startsWith('data:'))
        foreign.push(request.url());
    });
    await page.goto('/stAdmission/');
    await page.waitForLoadState('networkidle');
    expect(foreign).toEqual([]);
  });
});
