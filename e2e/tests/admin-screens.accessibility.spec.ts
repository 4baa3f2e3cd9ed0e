import { randomInt } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { bookableDay, createSuperAdmin, pickDay, signIn, snap } from '../accessibility-walk.js';
import { expectAccessible } from '../expect-accessible.js';
import { expect, test } from '../fixtures.js';
import { PORTAL } from '../student-steps.js';

// Issue 10 item 4's axe walk of the staff screens (accessibility-walk.ts). Beside admin-screens.spec.ts, not in
// it: that spec starts a portal of its own, this walk uses the shared one.

const COMMERCE = 'كلية التجارة';
const DEMO_PASSWORD = 'Demo1234';
const NAV = 'قائمة المسؤول';

/** A sheet whose only row is refused, so the upload reports without changing anyone's data. */
async function refusedStudentList(): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('الطلاب');
  sheet.addRow(['الاسم', 'الرقم القومي', 'ملاحظات']);
  sheet.addRow(['صف خاطئ', '123', 'للاختبار']);
  sheet.getColumn(2).numFmt = '@';
  const file = path.join(tmpdir(), `a11y-students-${Date.now()}-${randomInt(10 ** 6)}.xlsx`);
  await workbook.xlsx.writeFile(file);
  return file;
}

test.describe('staff screens pass axe', () => {
  test('the super admin: records, statistics, import, delete, schedule, accounts, own account', async ({
    page,
    db,
  }, info) => {
    // Seventeen axe passes: each takes seconds when two browsers and the portals share two cores (CI).
    test.setTimeout(300_000);
    await signIn(page, await createSuperAdmin(db));
    await expect(page.getByRole('form', { name: 'اختيار الكلية' })).toBeVisible();
    await expectAccessible(page, 'studentsInfo (choose a faculty)');

    if (info.project.name === 'phone') {
      await page.getByRole('button', { name: 'فتح قائمة المسؤول' }).click();
      await expect(page.getByRole('dialog', { name: NAV })).toBeVisible();
      await expectAccessible(page, 'the staff menu drawer');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: NAV })).toHaveCount(0);
    }

    const picker = page.getByRole('form', { name: 'اختيار الكلية' });
    await picker.getByLabel('الكلية').selectOption(COMMERCE);
    await picker.getByRole('button', { name: 'عرض الطلاب' }).click();
    const table = page.getByRole('table');
    await expect(table.getByRole('rowheader').first()).toBeVisible();
    await expectAccessible(page, 'studentsInfo (a faculty)');
    await page.getByRole('button', { name: /^حذف / }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, 'the delete-student dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'لا', exact: true }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const search = page.getByRole('search', { name: 'البحث عن طالب' });
    await search.getByRole('button', { name: 'بحث', exact: true }).click();
    await expect(search.getByRole('alert').first()).toBeVisible();
    await expectAccessible(page, 'studentsInfo with a search error');
    await search.getByLabel('نوع البحث').selectOption({ label: 'الاسم' });
    await search.getByLabel('نص البحث').fill('ظظظظ ذذذذ');
    await search.getByRole('button', { name: 'بحث', exact: true }).click();
    await expect(page.getByText('لا توجد بيانات طلاب')).toBeVisible();
    await expectAccessible(page, 'studentsInfo (no search results)');

    await page.goto(`${PORTAL}/admin/statistics`);
    await expect(page.getByRole('heading', { name: 'الإحصائيات' })).toBeVisible();
    await expectAccessible(page, 'statistics');

    await page.goto(`${PORTAL}/admin/uploadStudentInfo`);
    const upload = page.getByRole('form', { name: 'رفع بيانات الطلاب' });
    await upload.getByRole('button', { name: 'رفع الملف' }).click();
    await expect(upload.getByRole('alert').first()).toBeVisible();
    await expectAccessible(page, 'uploadStudentInfo with its errors');
    await upload.getByLabel('الكلية').selectOption(COMMERCE);
    await upload.getByLabel('حالة القيد').selectOption({ label: 'منتظم' });
    await upload.locator('input[type="file"]').setInputFiles(await refusedStudentList());
    await upload.getByRole('button', { name: 'رفع الملف' }).click();
    await expect(page.getByRole('region', { name: 'نتيجة الرفع' })).toBeVisible();
    await expectAccessible(page, 'uploadStudentInfo with the upload result');

    await page.goto(`${PORTAL}/admin/deleteStudentInfo`);
    await page.getByRole('button', { name: 'حذف بيانات الكلية' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expectAccessible(page, 'deleteStudentInfo with its error');
    await page.getByLabel('الكلية').selectOption(COMMERCE);
    await page.getByRole('button', { name: 'حذف بيانات الكلية' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, 'deleteStudentInfo confirmation');
    await page.getByRole('dialog').getByRole('button', { name: 'لا', exact: true }).click();

    await page.goto(`${PORTAL}/admin/schedule`);
    await expect(page.getByRole('heading', { name: 'جدولة الاختبار الشخصي' })).toBeVisible();
    await expectAccessible(page, 'schedule');
    // The screen opens on the university's today, on which nobody can be appointed when it is a weekend day.
    await pickDay(page, bookableDay());
    await page.getByRole('form', { name: 'تحديد مواعيد' }).getByRole('button', { name: 'جدولة' }).click();
    await expect(page.getByText('يجب إدخال عدد الطلاب')).toBeVisible();
    await expectAccessible(page, 'schedule with its error');
    await page.getByLabel('التاريخ', { exact: true }).click();
    await expect(page.getByLabel('الشهر التالي')).toBeVisible();
    await expectAccessible(page, 'schedule with the date picker open');
    await snap(page, info, 'schedule-calendar');
    await page.keyboard.press('Escape');

    await page.goto(`${PORTAL}/admin/adminsManagement`);
    await expect(page.getByRole('article', { name: 'مسؤول كلية التجارة' })).toBeVisible();
    await expectAccessible(page, 'adminsManagement');
    await page.getByRole('button', { name: 'إضافة مسؤول' }).click();
    const add = page.getByRole('dialog', { name: 'إضافة مسؤول' });
    await add.getByRole('button', { name: 'إضافة' }).click();
    await expect(add.getByText('يجب إدخال الاسم')).toBeVisible();
    await expectAccessible(page, 'the add-admin dialog with its errors');
    const userName = `a11yadmin${randomInt(10 ** 6, 10 ** 7)}`;
    await add.getByLabel('الاسم').fill('مسؤول فحص الإتاحة');
    await add.getByLabel('اسم المستخدم').fill(userName);
    await add.getByLabel('رقم الموبايل').fill(`010${randomInt(10 ** 7, 10 ** 8)}`);
    await add.getByRole('radio', { name: 'الدعم الفني' }).check();
    await add.getByRole('button', { name: 'إضافة' }).click();
    const credentials = page.getByRole('dialog', { name: 'بيانات الدخول' });
    await expect(credentials.getByTestId('credentials-user-name')).toHaveText(userName);
    await expectAccessible(page, 'the credentials dialog');
    await credentials.getByRole('button', { name: 'إغلاق' }).click();
    await page.getByRole('button', { name: 'تعديل مسؤول كلية التجارة' }).click();
    const edit = page.getByRole('dialog', { name: 'تعديل بيانات المسؤول' });
    await expect(edit).toBeVisible();
    await expectAccessible(page, 'the edit-admin dialog');
    // In the dialog: each account's card now also has 'إلغاء التحقق بخطوتين' (issue 20).
    await edit.getByRole('button', { name: 'إلغاء' }).click();
    await page.getByRole('button', { name: 'حذف موظف الدعم الفني' }).click();
    const confirm = page.getByRole('dialog', { name: 'هل تريد حذف هذا المسؤول؟' });
    await expect(confirm).toBeVisible();
    await expectAccessible(page, 'the delete-admin confirmation');
    await confirm.getByRole('button', { name: 'لا', exact: true }).click();
    const adminSearch = page.getByRole('search', { name: 'البحث عن مسؤول' });
    await adminSearch.getByLabel('نوع البحث').selectOption('2');
    await adminSearch.getByLabel('قيمة البحث').fill('01099999999');
    await adminSearch.getByRole('button', { name: 'بحث' }).click();
    await expect(page.getByText('لا توجد نتائج')).toBeVisible();
    await expectAccessible(page, 'adminsManagement (no results)');

    await page.goto(`${PORTAL}/admin/updateAccountInfo`);
    await page.getByLabel('الاسم').first().fill('');
    await page.getByRole('button', { name: 'حفظ البيانات' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expectAccessible(page, 'updateAccountInfo with its errors');

    await page.goto(`${PORTAL}/admin/changePassword`);
    await expect(page.getByLabel('كلمة المرور الجديدة', { exact: true })).toBeVisible();
    await expectAccessible(page, 'changePassword');
    await page.getByLabel('كلمة المرور الجديدة', { exact: true }).fill('short1');
    await page.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expectAccessible(page, 'changePassword with its errors');
  });

  test('a faculty admin, the interview scheduler and a screen a role may not open', async ({ page }) => {
    await signIn(page, { userName: 'commerce', password: DEMO_PASSWORD });
    await expect(page.getByRole('table').getByRole('caption')).toContainText(COMMERCE);
    await expectAccessible(page, 'studentsInfo (a faculty admin)');
    await page.goto(`${PORTAL}/admin/adminsManagement`);
    await expect(page.getByText('لا يمكنك الوصول إلى هذه الصفحة')).toBeVisible();
    await expectAccessible(page, 'no access');

    await signIn(page, { userName: 'social', password: DEMO_PASSWORD });
    await expect(page.getByRole('heading', { name: 'جدولة الاختبار الشخصي' })).toBeVisible();
    await expectAccessible(page, 'schedule (the interview scheduler)');
  });
});
