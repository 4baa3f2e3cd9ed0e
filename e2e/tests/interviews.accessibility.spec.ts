import { randomInt } from 'node:crypto';
import { bookableDay, logIn, markComplete, pickDay, signIn, snap } from '../accessibility-walk.js';
import { expectAccessible } from '../expect-accessible.js';
import { expect, test } from '../fixtures.js';
import { PORTAL } from '../student-steps.js';

// Issue 10 item 4's axe walk of the interview screens (accessibility-walk.ts). Beside interviews.spec.ts, not in
// it: that spec runs on the desktop only, on a portal of its own; this walk runs at both widths on the shared one.

const SOCIAL_WORK = 'كلية الخدمة الاجتماعية';
const DEMO_PASSWORD = 'Demo1234';

test.describe('interview screens pass axe', () => {
  test('a published slot, the slots to book and a booking of the student, the outcome form', async ({
    page,
    db,
    createStudent,
  }, info) => {
    test.setTimeout(120_000);
    const day = bookableDay();
    // A place of this test and project only: the portal is shared, and a day, period and place is published once.
    const place = `قاعة الإتاحة ${randomInt(10 ** 5, 10 ** 6)}`;
    const student = await createStudent({ college: SOCIAL_WORK, isPassed: true, completedQuestions: true });
    await markComplete(db, student);

    // The schedule screen with a slot published on the day.
    await signIn(page, { userName: 'social', password: DEMO_PASSWORD });
    await expect(page.getByRole('heading', { name: 'جدولة الاختبار الشخصي' })).toBeVisible();
    await pickDay(page, day);
    const publish = page.getByRole('form', { name: /^نشر موعد يوم/ });
    await publish.getByLabel('الفترة').selectOption('12');
    await publish.getByLabel('عدد الأماكن').fill('400');
    await publish.getByLabel('المكان').fill(place);
    await publish.getByRole('button', { name: 'نشر الموعد' }).click();
    const slot = page.getByRole('listitem').filter({ hasText: place });
    await expect(slot).toContainText('متاح للحجز');
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
    await slot.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'schedule with a published slot');
    await snap(page, info, 'schedule-slots');

    // The student: the open slots to book, then the booked appointment with its change and cancel buttons.
    await logIn(page, student.nationalId);
    await expect(page.getByRole('heading', { name: 'بيانات الطالب' })).toBeVisible();
    await page.goto(`${PORTAL}/dashboard/studentAppointment`);
    const choice = page
      .getByRole('region', { name: 'المواعيد المتاحة للحجز' })
      .getByRole('listitem')
      .filter({ hasText: place });
    await expect(choice.getByRole('button', { name: 'حجز هذا الموعد' })).toBeVisible();
    await expectAccessible(page, 'studentAppointment (slots to book)');
    await snap(page, info, 'appointment-slots');
    await choice.getByRole('button', { name: 'حجز هذا الموعد' }).click();
    await expect(page.getByRole('row', { name: `المكان ${place}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'تغيير الموعد أو إلغاؤه' })).toBeVisible();
    await expectAccessible(page, 'studentAppointment (booked)');
    await snap(page, info, 'appointment-booked');

    // The committee's screen on that day, the student's outcome form open.
    await signIn(page, { userName: 'social', password: DEMO_PASSWORD });
    await page.goto(`${PORTAL}/admin/interviews`);
    await expect(page.getByRole('heading', { name: 'المقابلات الشخصية' })).toBeVisible();
    await pickDay(page, day);
    await page.getByLabel('بحث بالاسم أو الرقم القومي').fill(student.nationalId);
    const row = page.getByRole('listitem').filter({ hasText: student.nationalId });
    await row.getByRole('button', { name: 'تسجيل النتيجة' }).click();
    const outcome = page.getByRole('form', { name: `نتيجة ${student.name}` });
    await outcome.getByRole('radio', { name: 'حضر', exact: true }).check();
    await expect(outcome.getByTestId('live-total')).toBeVisible();
    await expectAccessible(page, 'interviews with an outcome form open');
    await snap(page, info, 'interviews-outcome');
  });
});
