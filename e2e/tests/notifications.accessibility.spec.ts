import { completeThroughApi, createSuperAdmin, logIn, signIn, snap } from '../accessibility-walk.js';
import { collegeCard, openDeadlineDialog, setCollegeDeadline, universityDay } from '../college-deadline.js';
import { expectAccessible } from '../expect-accessible.js';
import { expect, test } from '../fixtures.js';
import { PORTAL } from '../student-steps.js';

// Issue 10 item 4's axe walk of the tracker, the deadline and the notifications (accessibility-walk.ts). Beside
// notifications.spec.ts, not in it: that spec runs on the desktop only, on a portal of its own; this walk runs at
// both widths on the shared one.

/**
 * A faculty of one project's run only: the portal is shared, both projects run this test at once, and its
 * deadline closes the faculty's data entry. No other test uses these two.
 */
const DEADLINE_FACULTY = { phone: 'كلية الإعلام', desktop: 'كلية التربية النوعية' } as Record<string, string>;

test.describe('tracker, deadline and notification screens pass axe', () => {
  test('the tracker with a blocked step, the deadline and its countdown, the college settings, the notifications', async ({
    page,
    db,
    createStudent,
  }, info) => {
    test.setTimeout(300_000);
    const faculty = DEADLINE_FACULTY[info.project.name] ?? 'كلية التربية';
    const student = await createStudent({ college: faculty, isPassed: true, completedQuestions: true });
    await logIn(page, student.nationalId);
    await expect(page.getByRole('heading', { name: 'بيانات الطالب' })).toBeVisible();
    await completeThroughApi(page, student);

    // A reviewer refuses the first document; the other five wait.
    await signIn(page, await createSuperAdmin(db));
    await page.goto(`${PORTAL}/admin/students/${student.id}`);
    await expect(page.getByRole('tabpanel').getByRole('img').first()).toHaveAttribute('src', /^blob:/);
    await page.getByRole('radio', { name: 'رفض المستند' }).check();
    await page.getByRole('radio', { name: 'الصورة غير واضحة أو غير مقروءة' }).check();
    await page.getByRole('button', { name: 'حفظ المراجعة' }).click();
    await expect(page.getByText('تم حفظ مراجعة المستندات بنجاح').first()).toBeVisible();

    // The college settings, the deadline dialog with its error, then the deadline two days ahead.
    await page.goto(`${PORTAL}/admin/colleges`);
    await expect(page.getByRole('heading', { name: 'إعدادات الكليات', level: 2 })).toBeVisible();
    await expect(collegeCard(page, faculty)).toBeVisible();
    await expectAccessible(page, 'the college settings');
    await collegeCard(page, faculty).scrollIntoViewIfNeeded();
    await snap(page, info, 'college-settings');
    const dialog = await openDeadlineDialog(page, faculty);
    await dialog.getByRole('button', { name: 'حفظ الموعد' }).click();
    await expect(dialog.getByText('اختر يوم انتهاء استكمال البيانات')).toBeVisible();
    await expectAccessible(page, 'the deadline dialog with its error');
    await snap(page, info, 'deadline-dialog');
    await dialog.getByRole('button', { name: 'إغلاق' }).click();
    await expect(dialog).toHaveCount(0);
    await setCollegeDeadline(page, faculty, universityDay(2));
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
    await expectAccessible(page, 'the college settings with a deadline');

    // The notifications screen: the form, its error, the count, the confirmation and the progress.
    await page.goto(`${PORTAL}/admin/notifications`);
    await expect(page.getByRole('heading', { name: 'الإشعارات', level: 2 })).toBeVisible();
    await expectAccessible(page, 'notifications (choose a faculty)');
    const picker = page.getByRole('form', { name: 'اختيار الكلية' });
    await picker.getByLabel('الكلية').selectOption(faculty);
    await picker.getByRole('button', { name: 'اختيار الكلية' }).click();
    const compose = page.getByRole('form', { name: 'رسالة إلى طلاب الكلية' });
    await expect(compose.getByTestId('preview-students')).toHaveText('1');
    await compose.getByRole('button', { name: 'إرسال الرسالة' }).click();
    await expect(compose.getByText('يجب كتابة نص الرسالة')).toBeVisible();
    await expectAccessible(page, 'notifications with its error');
    await snap(page, info, 'notifications-error');
    await compose
      .getByRole('textbox', { name: 'نص الرسالة' })
      .fill('يرجى مراجعة شؤون الطلاب يوم الأحد 10 صباحا.');
    await compose.getByRole('button', { name: 'إرسال الرسالة' }).click();
    const confirm = page.getByRole('dialog', { name: 'تأكيد إرسال الرسالة' });
    await expect(confirm.getByRole('button', { name: 'إرسال إلى 1 طالب' })).toBeVisible();
    await expectAccessible(page, 'the send confirmation');
    await snap(page, info, 'notifications-confirm');
    await confirm.getByRole('button', { name: 'إرسال إلى 1 طالب' }).click();
    // No mail server nor SMS gateway on this portal: both messages end 'not sent', and the sending is over.
    const progress = page.getByRole('heading', { name: 'تقدم الرسالة المرسلة', level: 4 }).locator('..');
    await expect(progress).toContainText('انتهى إرسال 2 رسالة.', { timeout: 30_000 });
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
    await progress.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'notifications with the progress and the figures');
    await snap(page, info, 'notifications-progress');

    // The student: the tracker, its documents step blocked, under the deadline and its countdown.
    await logIn(page, student.nationalId);
    const tracker = page.getByRole('region', { name: 'خطوات طلب الالتحاق' });
    await expect(tracker.getByRole('link', { name: 'مراجعة المستندات مطلوب إجراء منك' })).toHaveAttribute(
      'aria-current',
      'step',
    );
    await expect(tracker.getByRole('note')).toContainText(/متبقٍ يومان/);
    await expectAccessible(page, 'studentDataView with the tracker (a step blocked, the deadline near)');
    await snap(page, info, 'progress-tracker');
    // Down the page on a phone, across it on a desk.
    const steps = tracker.locator('.mantine-Stepper-step');
    await expect(steps).toHaveCount(5);
    const first = await steps.first().boundingBox();
    const second = await steps.nth(1).boundingBox();
    if (!first || !second) throw new Error('the steps are not drawn');
    if (info.project.name === 'phone') {
      expect(second.y).toBeGreaterThanOrEqual(first.y + first.height);
    } else {
      expect(Math.abs(second.y - first.y)).toBeLessThan(2);
      // Right to left: the second step stands to the left of the first.
      expect(second.x + second.width).toBeLessThanOrEqual(first.x);
    }

    await page.getByRole('link', { name: 'تعديل البيانات' }).click();
    const countdown = page.getByRole('note').filter({ hasText: 'آخر موعد لاستكمال البيانات ورفع المستندات' });
    await expect(countdown).toContainText(/متبقٍ يومان/);
    await expect(page.getByRole('button', { name: 'حفظ البيانات' })).toBeVisible();
    await expectAccessible(page, 'studentDataEnter with the deadline and its countdown');
    await countdown.scrollIntoViewIfNeeded();
    await snap(page, info, 'deadline-countdown');

    // After the deadline: the notice that data entry is closed.
    await db.query(`UPDATE colleges SET data_deadline = now() - interval '1 hour' WHERE name = $1`, [
      faculty,
    ]);
    await page.reload();
    const closed = page.getByRole('status').filter({ hasText: 'أُغلق استكمال البيانات ورفع المستندات' });
    await expect(closed).toBeVisible();
    await expect(page.getByRole('button', { name: 'حفظ البيانات' })).toBeVisible();
    await expectAccessible(page, 'studentDataEnter after the deadline');
    await closed.scrollIntoViewIfNeeded();
    await snap(page, info, 'deadline-closed');
    await db.query('UPDATE colleges SET data_deadline = NULL WHERE name = $1', [faculty]);
  });
});
