import { createSuperAdmin, signIn, snap } from '../accessibility-walk.js';
import { expectAccessible } from '../expect-accessible.js';
import { expect, test } from '../fixtures.js';
import { PORTAL } from '../student-steps.js';

// Issue 10 item 4's axe walk of the content screens (accessibility-walk.ts). Beside content-editing.spec.ts, not
// in it: that spec edits the content of a portal of its own on the desktop only; this walk runs at both widths on
// the shared one.

const TOURISM = 'كلية السياحة والفنادق';

test.describe('the content screens pass axe (issue 19)', () => {
  // Only drafts and refused forms: nothing is saved, since every other spec's students read this content.
  test('the quiz bank, the questionnaire with its preview, the charter editor and the colleges, with their dialogs and errors', async ({
    page,
    db,
  }, info) => {
    test.setTimeout(300_000);
    await signIn(page, await createSuperAdmin(db));

    await page.goto(`${PORTAL}/admin/content/quiz`);
    await expect(page.getByRole('heading', { name: 'بنك أسئلة الاختبار', level: 2 })).toBeVisible();
    await expect(page.getByText('الإصدار 1').first()).toBeVisible();
    await expectAccessible(page, 'quiz bank');
    await snap(page, info, 'content-quiz');
    await page.getByRole('button', { name: 'إضافة سؤال' }).click();
    const quizDialog = page.getByRole('dialog', { name: 'إضافة سؤال' });
    await quizDialog.getByRole('button', { name: 'حفظ' }).click();
    await expect(quizDialog.getByText(/نص السؤال يجب أن يكون/)).toBeVisible();
    await expectAccessible(page, 'quiz bank (a refused new question)');
    await snap(page, info, 'content-quiz-dialog');
    await quizDialog.getByRole('button', { name: 'إلغاء' }).click();

    await page.goto(`${PORTAL}/admin/content/questionnaire`);
    await expect(page.getByRole('heading', { name: 'أسئلة الاستبيان', level: 2 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'معاينة' })).toBeVisible();
    await expectAccessible(page, 'questionnaire with its preview');
    await snap(page, info, 'content-questionnaire');
    await page.getByRole('button', { name: 'إضافة سؤال' }).click();
    const questionDialog = page.getByRole('dialog', { name: 'إضافة سؤال' });
    await questionDialog.getByRole('button', { name: 'حفظ' }).click();
    await expect(questionDialog.getByText(/نص السؤال يجب أن يكون/)).toBeVisible();
    await expectAccessible(page, 'questionnaire (a refused new question)');
    await snap(page, info, 'content-questionnaire-dialog');
    await questionDialog.getByRole('button', { name: 'إلغاء' }).click();

    await page.goto(`${PORTAL}/admin/content/charter`);
    await expect(page.getByRole('heading', { name: 'ميثاق الطالب', level: 2 })).toBeVisible();
    await expect(page.getByText(/النسخة المنشورة/)).toBeVisible();
    await expectAccessible(page, 'charter editor');
    await snap(page, info, 'content-charter');
    await page.getByRole('button', { name: 'إضافة باب' }).click();
    await page.getByRole('button', { name: 'نشر نسخة جديدة' }).click();
    await expect(page.getByText(/عنوان الباب يجب أن يكون/).first()).toBeVisible();
    await expectAccessible(page, 'charter editor (a refused empty section)');
    await snap(page, info, 'content-charter-refused');

    await page.goto(`${PORTAL}/admin/content/colleges`);
    await expect(page.getByRole('heading', { name: 'الكليات والبرامج', level: 2 })).toBeVisible();
    await expect(page.getByText(TOURISM).first()).toBeVisible();
    await expectAccessible(page, 'colleges and programs');
    await snap(page, info, 'content-colleges');
    await page.getByRole('button', { name: 'إضافة كلية' }).click();
    const collegeDialog = page.getByRole('dialog', { name: 'إضافة كلية' });
    await collegeDialog.getByRole('button', { name: 'حفظ' }).click();
    await expect(collegeDialog.getByText(/الاسم يجب أن يكون/)).toBeVisible();
    await expectAccessible(page, 'colleges (a refused new college)');
    await snap(page, info, 'content-colleges-dialog');
  });
});
