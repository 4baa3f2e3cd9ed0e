import { createSuperAdmin, signIn } from '../accessibility-walk.js';
import { expectAccessible } from '../expect-accessible.js';
import { expect, test } from '../fixtures.js';
import { PORTAL } from '../student-steps.js';

// Issue 10 item 4's axe walk of the audit screen (accessibility-walk.ts). Beside audit.spec.ts, not in it: that
// spec starts a portal of its own, this walk uses the shared one.

test.describe('the audit screen passes axe (issue 20)', () => {
  test('the rows, a refused filter, the calendar of a day and an empty result', async ({ page, db }) => {
    test.setTimeout(120_000);
    await signIn(page, await createSuperAdmin(db));
    await page.goto(`${PORTAL}/admin/audit`);
    await expect(page.getByRole('heading', { name: 'سجل العمليات', level: 2 })).toBeVisible();
    // The sign-in just made is a row already.
    await expect(page.locator('table[aria-label="العمليات"], ul[aria-label="العمليات"]')).toContainText(
      'تسجيل دخول موظف',
    );
    await expectAccessible(page, 'audit');

    await page.getByLabel('الرقم القومي للطالب').fill('30101abc');
    await page.getByRole('button', { name: 'بحث' }).click();
    await expect(page.getByText('الرقم القومي غير صحيح')).toBeVisible();
    await expectAccessible(page, 'audit (a refused national ID)');

    await page.getByLabel('الرقم القومي للطالب').fill('');
    await page.getByRole('button', { name: 'من يوم' }).click();
    await expect(page.getByRole('dialog', { name: 'التقويم: اختر اليوم' })).toBeVisible();
    await expectAccessible(page, 'audit (the calendar of a day)');
    await page.keyboard.press('Escape');

    await page.getByLabel('الإجراء').selectOption({ label: 'حذف طالب' });
    await page.getByRole('button', { name: 'بحث' }).click();
    await expect(page.getByText('لا توجد سجلات مطابقة')).toBeVisible();
    await expectAccessible(page, 'audit (no rows)');
  });
});
