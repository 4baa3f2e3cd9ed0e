import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from '../fixtures.js';

// Not assertions: pictures of each student screen at phone and desktop width, for a person to look at
// (screenshots/<project>-<screen>.png). Each test reaches its screens with as few logins as it can, because the
// student lookup is rate-limited per address.

const PORTAL = '/stAdmission';

async function logIn(page: Page, nationalId: string) {
  await page.goto(`${PORTAL}/`);
  await page.getByLabel('الرقم القومي').fill(nationalId);
  await page.getByRole('button', { name: 'دخول' }).click();
}

async function shoot(page: Page, info: TestInfo, screen: string) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `screenshots/${info.project.name}-${screen}.png`, fullPage: true });
}

/** Client-side navigation, as a link would do it: the in-memory session stays, no reload. */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, `${PORTAL}${path}`);
}

test('screenshots of the charter page, the quiz and the status check', async ({
  page,
  createStudent,
}, info) => {
  const student = await createStudent();
  await logIn(page, student.nationalId);
  await expect(page.getByRole('heading', { name: 'تنزيل ميثاق الطالب' })).toBeVisible();
  await shoot(page, info, 'document-download-page');

  await page.getByRole('link', { name: 'الانتقال إلى الاختبار' }).click();
  await expect(page.getByRole('radio', { name: 'صح' })).toHaveCount(4);
  await shoot(page, info, 'quiz');
  await page.getByRole('radio', { name: 'صح' }).first().check();
  await page.getByRole('button', { name: 'إرسال الإجابات' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'يجب الإجابة على جميع الأسئلة' })).toBeVisible();
  await shoot(page, info, 'quiz-unanswered');

  // A student who has not passed opening the questionnaire is checked again; the lookup is held meanwhile.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/v1/students/getStudent', async (route) => {
    await held;
    await route.continue();
  });
  await navigateInApp(page, '/dashboard/additionalQuestions');
  await expect(page.getByText('جاري التحقق من حالة الطالب... يرجى الانتظار')).toBeVisible();
  await page.screenshot({ path: `screenshots/${info.project.name}-additional-questions-checking.png` });
  release();
  await expect(page).toHaveURL(/\/dashboard\/documentDownloadPage$/);
});

test('screenshots of the additional questions', async ({ page, createStudent }, info) => {
  const student = await createStudent({ isPassed: true });
  await logIn(page, student.nationalId);
  await expect(page.getByRole('button', { name: 'مسح الإجابة' }).first()).toBeVisible();
  await shoot(page, info, 'additional-questions');

  // The extra fields open, and a missing detail is shown on its field.
  await page.getByRole('radio', { name: 'نعم' }).first().check();
  await page.getByRole('checkbox', { name: 'أخرى' }).first().check();
  await page.getByRole('radio', { name: 'أخرى' }).first().check();
  await page.getByRole('button', { name: 'إرسال', exact: true }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await shoot(page, info, 'additional-questions-errors');
});

test('screenshot of the student data view', async ({ page, createStudent }, info) => {
  const student = await createStudent({ isPassed: true, completedQuestions: true });
  await logIn(page, student.nationalId);
  await expect(page.getByRole('heading', { name: 'بيانات الطالب' })).toBeVisible();
  await shoot(page, info, 'student-data-view');
});
