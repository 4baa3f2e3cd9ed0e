import { completeThroughApi, createSuperAdmin, logIn, signIn, snap } from '../accessibility-walk.js';
import { expectAccessible } from '../expect-accessible.js';
import { expect, test } from '../fixtures.js';
import { PORTAL } from '../student-steps.js';

// Issue 10 item 4's axe walk of the document review (accessibility-walk.ts). Beside document-review.spec.ts, not in
// it: that spec runs on the desktop only, on a portal of its own; this walk runs at both widths on the shared one.

const COMMERCE = 'كلية التجارة';

test.describe('document review screens pass axe', () => {
  test('the queue, a record under review, and the refused documents of the student and their replacement', async ({
    page,
    db,
    createStudent,
  }, info) => {
    test.setTimeout(180_000);
    const student = await createStudent({ isPassed: true, completedQuestions: true });
    await logIn(page, student.nationalId);
    await expect(page.getByRole('heading', { name: 'بيانات الطالب' })).toBeVisible();
    await completeThroughApi(page, student);

    await signIn(page, await createSuperAdmin(db));
    await page.goto(`${PORTAL}/admin/review`);
    const picker = page.getByRole('form', { name: 'اختيار الكلية' });
    await picker.getByLabel('الكلية').selectOption(COMMERCE);
    await picker.getByRole('button', { name: 'عرض قائمة المراجعة' }).click();
    await expect(page.getByRole('link', { name: student.name }).first()).toBeVisible();
    await expectAccessible(page, 'review queue');
    await snap(page, info, 'review-queue');

    await page.goto(`${PORTAL}/admin/students/${student.id}`);
    await expect(page.getByRole('heading', { name: 'سجل الطالب' })).toBeVisible();
    await expect(page.getByRole('tabpanel').getByRole('img').first()).toHaveAttribute('src', /^blob:/);
    await expectAccessible(page, 'student record');
    await snap(page, info, 'student-record');
    await page.getByRole('radio', { name: 'رفض المستند' }).check();
    await page.getByRole('radio', { name: 'سبب آخر' }).check();
    await page.getByRole('button', { name: 'حفظ المراجعة' }).click();
    await expect(page.getByText('يجب كتابة ملاحظة توضح سبب الرفض عند اختيار "سبب آخر"')).toBeVisible();
    await expectAccessible(page, 'student record with a refusal error');
    await page.getByRole('textbox', { name: 'ملاحظة تظهر للطالب' }).fill('الصورة مائلة، أعد التصوير من أعلى');
    await page.getByRole('button', { name: 'حفظ المراجعة' }).click();
    await expect(page.getByText('تم حفظ مراجعة المستندات بنجاح').first()).toBeVisible();

    await logIn(page, student.nationalId);
    const refused = page.getByRole('region', { name: 'مستندات مطلوب استبدالها' });
    await expect(refused).toBeVisible();
    await expectAccessible(page, 'studentDataView with a refused document');
    await snap(page, info, 'refused-documents');
    await refused.getByRole('link', { name: 'استبدال المستندات المرفوضة' }).click();
    await page.getByRole('button', { name: 'إرسال المستندات البديلة' }).click();
    await expect(
      page.getByText('يجب اختيار صورة واحدة على الأقل من المستندات المرفوضة').first(),
    ).toBeVisible();
    await expectAccessible(page, 'replaceDocuments with its error');
    await snap(page, info, 'replace-documents');
  });
});
