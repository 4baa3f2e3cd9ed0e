import { randomInt } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import ExcelJS from 'exceljs';
import { generate } from 'otplib';
import { COMPLETE_DATA_FIELDS } from '../../api/test/complete-data-fields.js';
import { encodeRgbPng } from '../../api/test/images.js';
import { collegeCard, openDeadlineDialog, setCollegeDeadline, universityDay } from '../college-deadline.js';
import { gradientPng, IMAGE_LABELS, noisePng } from '../complete-data-form.js';
import { expectAccessible, settle } from '../expect-accessible.js';
import { expect, insertStudent, type NewStudent, test } from '../fixtures.js';
import { storedDraw } from '../student-steps.js';

// Issue 10 item 4: axe-core (WCAG 2.0/2.1 A and AA, plus best practice) on every student and staff screen, with
// its error states and every dialog open, at phone and desktop width. No rule is switched off.

const PORTAL = '/stAdmission';
const SOCIAL_WORK = 'كلية الخدمة الاجتماعية';
const TOURISM = 'كلية السياحة والفنادق';
const COMMERCE = 'كلية التجارة';
const DEMO_PASSWORD = 'Demo1234';
const NAV = 'قائمة المسؤول';

/** A picture for a person to look at: screenshots/<project>-a11y-<name>.png. */
async function snap(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: `screenshots/${info.project.name}-a11y-${name}.png` });
}

async function logIn(page: Page, nationalId: string) {
  await page.context().clearCookies();
  await page.goto(`${PORTAL}/`);
  await page.getByLabel('الرقم القومي').fill(nationalId);
  await page.getByRole('button', { name: 'دخول' }).click();
}

// ---------------------------------------------------------------------------------------------------------
// Students.

test.describe('student screens pass axe', () => {
  test('the login, its error, the staff login, its error, and page not found', async ({ page }, info) => {
    await page.goto(`${PORTAL}/`);
    await expect(page.getByRole('heading', { name: 'تسجيل الدخول' })).toBeVisible();
    await expectAccessible(page, 'the student login');
    await page.getByRole('button', { name: 'دخول' }).click();
    await expect(page.getByText('يجب ادخال الرقم القومي')).toBeVisible();
    await expectAccessible(page, 'the student login with its error');
    await snap(page, info, 'login-error-focused');
    await page.getByLabel('الرقم القومي').fill('29912319999999');
    await page.getByRole('button', { name: 'دخول' }).click();
    await expect(page.locator('.mantine-Notification-root')).toBeVisible();
    await expectAccessible(page, 'the student login with an unknown national ID');

    await page.goto(`${PORTAL}/admin/login`);
    await expect(page.getByLabel('اسم المستخدم')).toBeVisible();
    await expectAccessible(page, 'the staff login');
    await page.getByRole('button', { name: 'دخول' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expectAccessible(page, 'the staff login with its errors');

    for (const unknown of ['/no-such-page', '/dashboard/no-such-page', '/admin/no-such-page']) {
      await page.goto(`${PORTAL}${unknown}`);
      await expect(page.getByRole('heading', { name: 'الصفحة غير موجودة' })).toBeVisible();
      await expectAccessible(page, `page not found at ${unknown}`);
    }
  });

  test('the charter page, the quiz, its error and the status check', async ({ page, createStudent }) => {
    const student = await createStudent();
    await logIn(page, student.nationalId);
    await expect(page.getByRole('heading', { name: 'تنزيل ميثاق الطالب' })).toBeVisible();
    await expectAccessible(page, 'documentDownloadPage');

    await page.getByRole('link', { name: 'الانتقال إلى الاختبار' }).click();
    await expect(page.getByRole('radio', { name: 'صح' })).toHaveCount(4);
    await expectAccessible(page, 'quiz');
    await page.getByRole('radio', { name: 'صح' }).first().check();
    await page.getByRole('button', { name: 'إرسال الإجابات' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'يجب الإجابة على جميع الأسئلة' })).toBeVisible();
    await expectAccessible(page, 'quiz with unanswered questions');

    // The questionnaire of a student who has not passed shows a check first; the lookup is held meanwhile.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/v1/students/getStudent', async (route) => {
      await held;
      await route.continue();
    });
    await page.evaluate((target) => {
      window.history.pushState({}, '', target);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `${PORTAL}/dashboard/additionalQuestions`);
    await expect(page.getByText('جاري التحقق من حالة الطالب... يرجى الانتظار')).toBeVisible();
    await expectAccessible(page, 'additionalQuestions checking the student', { idle: false });
    release();
    await expect(page).toHaveURL(/\/dashboard\/documentDownloadPage$/);
  });

  test('the questionnaire and its errors', async ({ page, createStudent }) => {
    const student = await createStudent({ isPassed: true });
    await logIn(page, student.nationalId);
    await expect(page.getByRole('button', { name: 'مسح الإجابة' }).first()).toBeVisible();
    await expectAccessible(page, 'additionalQuestions');
    await page.getByRole('radio', { name: 'نعم' }).first().check();
    await page.getByRole('checkbox', { name: 'أخرى' }).first().check();
    await page.getByRole('radio', { name: 'أخرى' }).first().check();
    await page.getByRole('button', { name: 'إرسال', exact: true }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expectAccessible(page, 'additionalQuestions with errors');
  });

  test('a social-work student: data view, data entry and its errors, forms and the appointment', async ({
    page,
    db,
    createStudent,
  }, info) => {
    test.setTimeout(90_000);
    const student = await createStudent({ college: SOCIAL_WORK, isPassed: true, completedQuestions: true });
    await logIn(page, student.nationalId);
    await expect(page.getByRole('heading', { name: 'بيانات الطالب' })).toBeVisible();
    await expectAccessible(page, 'studentDataView (incomplete)');
    await snap(page, info, 'tracker-incomplete');

    await page.getByRole('link', { name: 'استكمال البيانات', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'بيانات الأسرة' })).toBeVisible();
    await expectAccessible(page, 'studentDataEnter (social work, empty)');
    await page.getByRole('button', { name: 'حفظ البيانات' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'يجب إدخال الاسم باللغة الإنجليزية' }),
    ).toBeVisible();
    await expectAccessible(page, 'studentDataEnter with a missing field');
    await page.locator('input[type="file"][id$="-birthCertificate"]').setInputFiles({
      name: 'birth.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n'),
    });
    await expect(page.getByText('يجب أن يكون الملف صورة (png أو jpeg) وليس ملفا آخر')).toBeVisible();
    await expectAccessible(page, 'studentDataEnter with a refused file');

    // Issue 34: a document uploading on a slow link (its own progress bar), then one the server refuses (its
    // Arabic message on the card and a retry).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const link = (uploadThroughput: number) =>
      cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: uploadThroughput > 0 ? 100 : 0,
        downloadThroughput: -1,
        uploadThroughput,
      });
    await link(15_000);
    await page.locator('input[type="file"][id$="-birthCertificate"]').setInputFiles({
      name: 'birth.png',
      mimeType: 'image/png',
      buffer: noisePng(200),
    });
    const uploading = page.getByRole('progressbar', { name: `نسبة رفع ${IMAGE_LABELS.birthCertificate}` });
    await expect(uploading).toBeVisible({ timeout: 30_000 });
    await uploading.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'studentDataEnter with an upload under way', { idle: false });
    await snap(page, info, 'upload-progress');
    await link(-1);
    const refusal = 'يجب أن يكون الملف صورة (png أو jpeg) وليس ملفا آخر';
    await page.route('**/api/v1/uploads', (route) =>
      route.fulfill({ status: 415, json: { status: 'error', message: refusal } }),
    );
    await page.locator('input[type="file"][id$="-personalPhoto"]').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: gradientPng(300, 400, [0, 40, 80]),
    });
    const retry = page.getByRole('button', { name: 'إعادة المحاولة' });
    await expect(retry).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('alert').filter({ hasText: refusal })).toBeVisible();
    await retry.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'studentDataEnter with a refused upload', { idle: false });
    await snap(page, info, 'upload-failed');
    await page.unroute('**/api/v1/uploads');

    await markComplete(db, student);
    await db.query(
      `INSERT INTO appointments (student_id, appointed_day, appointed_hour) VALUES ($1, '2026-08-15', 9)`,
      [student.id],
    );
    await logIn(page, student.nationalId);
    await expect(page.getByRole('link', { name: 'تعديل البيانات' })).toBeVisible();
    await expectAccessible(page, 'studentDataView (complete)');
    await page.getByRole('link', { name: 'تنزيل الاستمارات', exact: true }).click();
    await expect(page.getByRole('link', { name: /^تنزيل استمارة/ })).toHaveCount(3);
    await expectAccessible(page, 'formsDownload');
    await page.getByRole('button', { name: 'رجوع' }).click();
    await page.getByRole('link', { name: 'موعد الاختبار الشخصي', exact: true }).click();
    await expect(page.getByRole('row', { name: 'التاريخ 15/08/2026' })).toBeVisible();
    await expectAccessible(page, 'studentAppointment (appointed)');
    await db.query('DELETE FROM appointments WHERE student_id = $1', [student.id]);
    await page.reload();
    await expect(page.getByText('لم يتم تحديد موعد الاختبار الشخصي بعد')).toBeVisible();
    await expectAccessible(page, 'studentAppointment (no date yet)');
  });

  test('a tourism student: the program choices', async ({ page, createStudent }) => {
    const student = await createStudent({ college: TOURISM, isPassed: true, completedQuestions: true });
    await logIn(page, student.nationalId);
    await page.getByRole('link', { name: 'استكمال البيانات', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'اختيار البرامج' })).toBeVisible();
    await page.getByRole('combobox', { name: 'البرنامج الأول' }).selectOption({ index: 1 });
    await expectAccessible(page, 'studentDataEnter (tourism)');
  });
});

/** What a successful complete-data submit stores of the flags, without going through the form. */
async function markComplete(db: import('pg').Client, student: NewStudent) {
  await db.query(
    `UPDATE students SET is_complete = true, completed_at = now(), phone_number = '01012345678'
     WHERE id = $1`,
    [student.id],
  );
}

// ---------------------------------------------------------------------------------------------------------
// Staff.

interface StaffAccount {
  userName: string;
  password: string;
}

/** A super admin of this test only: a copy of the demo support account (same password) with the top role. */
async function createSuperAdmin(db: import('pg').Client): Promise<StaffAccount> {
  const userName = `a11yroot${randomInt(10 ** 8, 10 ** 9)}`;
  await db.query(
    `INSERT INTO staff_users (name, user_name, phone_number, role, password_hash, password_changed)
     SELECT 'مدير فحص الإتاحة', $1, '01099990000', 'SUPERADMIN', password_hash, true
     FROM staff_users WHERE user_name = 'support'`,
    [userName],
  );
  return { userName, password: DEMO_PASSWORD };
}

async function signIn(page: Page, account: StaffAccount) {
  await page.context().clearCookies();
  await page.goto(`${PORTAL}/admin/login`);
  await page.getByLabel('اسم المستخدم').fill(account.userName);
  await page.getByLabel('كلمة المرور', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'دخول' }).click();
  await expect(page).not.toHaveURL(/\/admin\/login$/);
}

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

/** Completes a logged-in student's data with six small real PNGs through the real multipart call. */
async function completeThroughApi(page: Page, student: NewStudent) {
  const form = new FormData();
  for (const [name, value] of Object.entries(COMPLETE_DATA_FIELDS)) form.append(name, value);
  for (const kind of Object.keys(IMAGE_LABELS)) {
    const bytes = gradientPng(320, 200, [kind.length * 20, 40, 90]);
    form.append('photos', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `${kind}.png__${kind}`);
  }
  const saved = await page.request.patch(`/api/v1/students/completeStudentData/${student.id}`, {
    multipart: form,
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

test.describe('document review screens pass axe', () => {
  test('the queue, a record under review, and the refused documents of the student and their replacement', async ({
    page,
    db,
    createStudent,
  }, info) => {
    test.setTimeout(120_000);
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

/** dayjs's Arabic month names, as the schedule calendar labels its day buttons ('17 سبتمبر 2026'). */
const MONTHS = 'يناير_فبراير_مارس_أبريل_مايو_يونيو_يوليو_أغسطس_سبتمبر_أكتوبر_نوفمبر_ديسمبر'.split('_');

/** The first day at least three days ahead (university time zone) that is not the weekend (Friday, Saturday). */
function bookableDay(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  for (let ahead = 3; ; ahead++) {
    const day = new Date(Date.UTC(y, m - 1, d + ahead));
    if (![5, 6].includes(day.getUTCDay())) return day.toISOString().slice(0, 10);
  }
}

/** Opens the screen's day picker, moves from the month it shows to the day's, and clicks the day. */
async function pickDay(page: Page, date: string) {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const picker = page.getByLabel('التاريخ', { exact: true });
  const [, shownMonth = month, shownYear = year] = ((await picker.textContent()) ?? '')
    .trim()
    .split('/')
    .map(Number);
  await picker.click();
  for (let months = (year - shownYear) * 12 + (month - shownMonth); months > 0; months--)
    await page.getByLabel('الشهر التالي').click();
  await page.getByRole('button', { name: `${day} ${MONTHS[month - 1]} ${year}`, exact: true }).click();
  await expect(picker).toHaveText(date.split('-').reverse().join('/'));
}

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
    test.setTimeout(150_000);
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

// ---------------------------------------------------------------------------------------------------------
// The keyboard alone: Tab, Shift+Tab, Enter, Space and the arrow keys; never a click.

/**
 * Whether the focused element shows a focus indicator: an outline or a box-shadow of its own. The native file
 * input is visually hidden and its visible button (the next sibling) carries the ring instead.
 */
async function focusRingShown(page: Page): Promise<{ shown: boolean; element: string }> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement)) return { shown: false, element: String(active?.tagName) };
    const ringed =
      active instanceof HTMLInputElement && active.type === 'file'
        ? (active.nextElementSibling as HTMLElement | null)
        : active;
    const style = ringed ? getComputedStyle(ringed) : null;
    const outline =
      style !== null && style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    const shadow = style !== null && style.boxShadow !== 'none';
    const name = active.getAttribute('aria-label') ?? active.id ?? '';
    return { shown: outline || shadow, element: `${active.tagName.toLowerCase()}#${name}` };
  });
}

/** Presses Tab (or Shift+Tab) until `target` has the focus, checking the focus ring at every stop on the way. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, { backwards = false } = {}) {
  const key = backwards ? 'Shift+Tab' : 'Tab';
  for (let presses = 0; presses < 80; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) {
      const ring = await focusRingShown(page);
      expect(ring.shown, `no visible focus on ${ring.element}`).toBe(true);
      return;
    }
    await page.keyboard.press(key);
    const ring = await focusRingShown(page);
    if (ring.element !== 'body#') expect(ring.shown, `no visible focus on ${ring.element}`).toBe(true);
  }
  throw new Error(`80 presses of ${key} did not reach ${target}`);
}

/** Focuses a radio group's first choice, checks it with Space, then moves with the arrow keys to `wanted`. */
async function chooseByKeyboard(page: Page, group: ReturnType<Page['locator']>, wanted: string) {
  await tabTo(page, group.getByRole('radio').first());
  await page.keyboard.press('Space');
  for (let moves = 0; moves < 10; moves++) {
    if (await group.getByRole('radio', { name: wanted, exact: true }).isChecked()) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`the arrow keys did not reach ${wanted}`);
}

async function typeInto(page: Page, field: ReturnType<Page['locator']>, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/** The form's fields in their order on the page, for a social-work student. */
const FORM_ENTRIES: [string, string][] = [
  ['الاسم باللغة الإنجليزية', 'Mona Ahmed Ali'],
  ['رقم الموبايل', '01012345678'],
  ['رقم التليفون الأرضي', '0502212345'],
  ['البريد الإلكتروني', 'mona.ali@example.com'],
  ['العنوان', '12 شارع الجمهورية، المنصورة'],
  ['المدينة', 'المنصورة'],
  ['المؤهل', 'الثانوية العامة'],
  ['السنة الأولى', '2025'],
  ['السنة الثانية', '2026'],
  ['المجموع الكلي', '385.5'],
  ['النسبة المئوية', '93.75'],
  ['اسم ولي الأمر', 'أحمد علي حسن'],
  ['وظيفة ولي الأمر', 'مهندس'],
  ['مؤهل ولي الأمر', 'بكالوريوس هندسة'],
  ['اسم الأب', 'أحمد علي حسن'],
  ['وظيفة الأب', 'مهندس'],
  ['مؤهل الأب', 'بكالوريوس هندسة'],
  ['جنسية الأب', 'مصري'],
  ['رقم موبايل الأب', '01112345678'],
  ['اسم الأم', 'فاطمة محمود'],
  ['جنسية الأم', 'مصرية'],
  ['وظيفة الأم', 'معلمة'],
  ['رقم موبايل الأم', '01212345678'],
  ['عدد الإخوة', '3'],
  ['عدد الإخوة الذكور', '2'],
  ['عدد الإخوة الإناث', '1'],
  ['ترتيب الطالب بين إخوته', '2'],
  ['دخل الأسرة الشهري', '8000'],
];

const IMAGE_KINDS = [
  'frontIdCard',
  'backIdCard',
  'birthCertificate',
  'personalPhoto',
  'secondarySchoolCertificate',
  'nominationCard',
] as const;

function smallPng(seed: number): Buffer {
  const size = 48;
  const raw = Buffer.alloc(size * (1 + size * 3));
  for (let i = 0; i < raw.length; i++) raw[i] = i % (1 + size * 3) === 0 ? 0 : (i * seed) & 0xff;
  return encodeRgbPng(size, size, raw);
}

interface StoredQuestion {
  type: string;
  question: string;
  description: string | null;
  options: string[];
}

test('the whole student journey works with the keyboard alone, the focus always visible', async ({
  page,
  db,
  createStudent,
}) => {
  test.setTimeout(180_000);
  const student = await createStudent({ college: SOCIAL_WORK });
  await page.goto(`${PORTAL}/`);

  // Login.
  await typeInto(page, page.getByLabel('الرقم القومي'), student.nationalId);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'تنزيل ميثاق الطالب' })).toBeVisible();

  // The charter: Enter on the link downloads it; then on to the quiz.
  await tabTo(page, page.getByRole('link', { name: 'تنزيل ميثاق الطالب (PDF)' }));
  const charter = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await charter).suggestedFilename()).toMatch(/\.pdf$/);
  await tabTo(page, page.getByRole('link', { name: 'الانتقال إلى الاختبار' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('radio', { name: 'صح' })).toHaveCount(4);

  // The quiz: each group by Tab, its answer by Space and the arrow keys.
  const draw = await storedDraw(db, student.id);
  const inPageOrder = await page
    .getByRole('group')
    .evaluateAll((groups) => groups.map((group) => group.querySelector('legend')?.textContent ?? ''));
  for (const legend of inPageOrder) {
    const drawn = draw.find((question) => question.question === legend);
    if (!drawn) continue;
    await chooseByKeyboard(page, page.getByRole('group', { name: legend }), drawn.answer ? 'صح' : 'خطأ');
  }
  await tabTo(page, page.getByRole('button', { name: 'إرسال الإجابات' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/additionalQuestions$/);

  // The questionnaire, question by question in page order.
  const { rows: questions } = await db.query<StoredQuestion>(
    'SELECT type, question, description, options FROM additional_questions WHERE active ORDER BY sort_order',
  );
  await expect(page.getByRole('button', { name: 'مسح الإجابة' }).first()).toBeVisible();
  for (const { type, question, description, options } of questions) {
    const card = page.locator('.mantine-Paper-root').filter({ hasText: question });
    const group = page.getByRole('group', { name: question });
    if (type === 'input') {
      await typeInto(page, page.getByRole('textbox', { name: question }), 'أن أعمل في مجال تخصصي');
    } else if (type === 'mcq') {
      await chooseByKeyboard(page, group, String(options[0]));
    } else if (type === 'mcq_yes_input') {
      await chooseByKeyboard(page, group, 'نعم');
      await typeInto(page, card.getByRole('textbox', { name: String(description) }), 'تفاصيل');
    } else if (type === 'mcq_input') {
      await chooseByKeyboard(page, group, 'أخرى');
      await typeInto(page, card.getByRole('textbox', { name: 'يرجى التوضيح' }), 'وسيلة أخرى');
    } else if (type === 'multi_select_input') {
      await tabTo(page, group.getByRole('checkbox', { name: String(options[0]), exact: true }));
      await page.keyboard.press('Space');
      await tabTo(page, group.getByRole('checkbox', { name: 'أخرى' }));
      await page.keyboard.press('Space');
      await typeInto(page, card.getByRole('textbox', { name: 'يرجى التوضيح' }), 'اختيار آخر');
    }
  }
  await tabTo(page, page.getByRole('button', { name: 'إرسال', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/studentDataView$/);

  // The data form: every field typed, the six images chosen in the file chooser opened by Space.
  await tabTo(page, page.getByRole('link', { name: 'استكمال البيانات', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'بيانات الأسرة' })).toBeVisible();
  for (const [label, value] of FORM_ENTRIES) {
    await typeInto(page, page.getByRole('textbox', { name: label, exact: true }), value);
  }
  for (const [seed, kind] of IMAGE_KINDS.entries()) {
    await tabTo(page, page.locator(`input[type="file"][id$="-${kind}"]`));
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Space');
    await (await chooser).setFiles({
      name: `${kind}.png`,
      mimeType: 'image/png',
      buffer: smallPng(seed + 3),
    });
  }
  await expect(page.getByText(/^الصورة المختارة:/)).toHaveCount(6, { timeout: 30_000 });
  // Shift+Tab goes back as well as Tab goes forward.
  await tabTo(page, page.getByRole('textbox', { name: 'دخل الأسرة الشهري', exact: true }), {
    backwards: true,
  });
  await tabTo(page, page.getByRole('button', { name: 'حفظ البيانات' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('تم تحديث البيانات بنجاح')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/dashboard\/formsDownload$/, { timeout: 10_000 });

  // The forms.
  await tabTo(page, page.getByRole('link', { name: /^تنزيل استمارة/ }).first());
  const form = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await form).suggestedFilename()).toMatch(/\.pdf$/);

  // The appointment, reached from the data view through the header's back link.
  await db.query(
    `INSERT INTO appointments (student_id, appointed_day, appointed_hour) VALUES ($1, '2026-08-15', 9)`,
    [student.id],
  );
  await tabTo(page, page.getByRole('button', { name: 'رجوع' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/studentDataEnter$/);
  await tabTo(page, page.getByRole('button', { name: 'رجوع' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/studentDataView$/);
  await tabTo(page, page.getByRole('link', { name: 'موعد الاختبار الشخصي', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('row', { name: 'التاريخ 15/08/2026' })).toBeVisible();
});

// ---------------------------------------------------------------------------------------------------------
// Text at 200% on a 390 px phone.

/** Nothing scrolls sideways, and no visible label, input or button spills out of the page or covers another. */
async function expectFitsAt200(page: Page, screen: string) {
  await page.evaluate(() => {
    document.documentElement.style.fontSize = '200%';
  });
  await settle(page, false);
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      found.push(`scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`);
    const controls = Array.from(
      document.querySelectorAll<HTMLElement>(
        'main label, main input, main select, main textarea, main button, main a, main h2, main h3, main legend',
      ),
    ).filter((element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return box.width > 1 && box.height > 1 && style.visibility !== 'hidden' && style.opacity !== '0';
    });
    const nameOf = (element: HTMLElement) =>
      `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
    for (const element of controls) {
      const box = element.getBoundingClientRect();
      if (box.left < -1 || box.right > root.clientWidth + 1)
        found.push(`${nameOf(element)} spills out of the page`);
      // Text cut off inside its own box.
      if (element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX === 'hidden')
        found.push(`${nameOf(element)} is clipped`);
    }
    for (const [i, a] of controls.entries()) {
      for (const b of controls.slice(i + 1)) {
        if (a.contains(b) || b.contains(a)) continue;
        const p = a.getBoundingClientRect();
        const q = b.getBoundingClientRect();
        const overlap =
          Math.min(p.right, q.right) - Math.max(p.left, q.left) > 2 &&
          Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top) > 2;
        // A label wraps its own input, and Mantine's hidden radio input sits under its visible circle.
        const related = a.closest('label') === b.closest('label') && a.closest('label') !== null;
        const labelFor =
          (a instanceof HTMLLabelElement && a.htmlFor === b.id) ||
          (b instanceof HTMLLabelElement && b.htmlFor === a.id);
        if (overlap && !related && !labelFor) found.push(`${nameOf(a)} overlaps ${nameOf(b)}`);
      }
    }
    return found;
  });
  expect(problems, `at 200% text on ${screen}`).toEqual([]);
}

test.describe('text at 200% on a phone', () => {
  // biome-ignore lint/correctness/noEmptyPattern: Playwright hooks take their fixtures by destructuring.
  test.beforeEach(({}, info) => {
    const reason = 'skipped: the 200% text check is made at 390 px, by the phone project';
    if (info.project.name !== 'phone') console.log(`${info.title}: ${reason}`);
    test.skip(info.project.name !== 'phone', reason);
  });

  test('the student screens keep their layout', async ({ page, db, createStudent }, info) => {
    test.setTimeout(120_000);
    const shot = (name: string) =>
      page.screenshot({ path: `screenshots/${info.project.name}-text-200-${name}.png`, fullPage: true });
    await page.goto(`${PORTAL}/`);
    await page.getByRole('button', { name: 'دخول' }).click();
    await expect(page.getByText('يجب ادخال الرقم القومي')).toBeVisible();
    await expectFitsAt200(page, 'the login');
    await shot('login');

    const student = await createStudent({ college: SOCIAL_WORK });
    await logIn(page, student.nationalId);
    await expect(page.getByRole('heading', { name: 'تنزيل ميثاق الطالب' })).toBeVisible();
    await expectFitsAt200(page, 'documentDownloadPage');
    await shot('document-download-page');
    await page.getByRole('link', { name: 'الانتقال إلى الاختبار' }).click();
    await expect(page.getByRole('radio', { name: 'صح' })).toHaveCount(4);
    await expectFitsAt200(page, 'quiz');
    await shot('quiz');

    await db.query('UPDATE students SET is_passed = true WHERE id = $1', [student.id]);
    await logIn(page, student.nationalId);
    await expect(page.getByRole('button', { name: 'مسح الإجابة' }).first()).toBeVisible();
    await expectFitsAt200(page, 'additionalQuestions');
    await shot('additional-questions');

    await db.query('UPDATE students SET is_completed_additional_questions = true WHERE id = $1', [
      student.id,
    ]);
    await logIn(page, student.nationalId);
    await expect(page.getByRole('heading', { name: 'بيانات الطالب' })).toBeVisible();
    await expectFitsAt200(page, 'studentDataView');
    await shot('student-data-view');
    await page.getByRole('link', { name: 'استكمال البيانات', exact: true }).click();
    await page.getByRole('button', { name: 'حفظ البيانات' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expectFitsAt200(page, 'studentDataEnter with an error');
    await shot('student-data-enter');

    await markComplete(db, student);
    await db.query(
      `INSERT INTO appointments (student_id, appointed_day, appointed_hour) VALUES ($1, '2026-08-15', 12)`,
      [student.id],
    );
    await logIn(page, student.nationalId);
    // The session cookie is set by the login's answer: opening another screen before it arrives finds no session.
    await expect(page).toHaveURL(/\/dashboard\//);
    await page.goto(`${PORTAL}/dashboard/formsDownload`);
    await expect(page.getByRole('link', { name: /^تنزيل استمارة/ })).toHaveCount(3);
    await expectFitsAt200(page, 'formsDownload');
    await shot('forms-download');
    await page.goto(`${PORTAL}/dashboard/studentAppointment`);
    await expect(page.getByRole('row', { name: 'التاريخ 15/08/2026' })).toBeVisible();
    await expectFitsAt200(page, 'studentAppointment');
    await shot('student-appointment');
  });
});

test.describe('second factor screens pass axe (issue 20)', () => {
  test('the account security screen, its setup, the recovery codes, the login code step and the account actions', async ({
    page,
    db,
  }) => {
    test.setTimeout(120_000);
    const account = await createSuperAdmin(db);
    await signIn(page, account);
    await page.goto(`${PORTAL}/admin/accountSecurity`);
    await expect(page.getByRole('heading', { name: 'أمان الحساب' })).toBeVisible();
    await expectAccessible(page, 'accountSecurity');
    await page.getByRole('button', { name: 'تسجيل الخروج من جميع الأجهزة' }).click();
    const signOutDialog = page.getByRole('dialog', { name: 'هل تريد تسجيل الخروج من جميع الأجهزة؟' });
    await expect(signOutDialog).toBeVisible();
    await expectAccessible(page, 'the sign-out-everywhere confirmation');
    await signOutDialog.getByRole('button', { name: 'لا', exact: true }).click();

    await page.getByRole('button', { name: 'تفعيل التحقق بخطوتين' }).click();
    const secret = page.getByTestId('two-factor-secret');
    await expect(secret).toBeVisible();
    await expectAccessible(page, 'the second factor setup');
    await page.getByRole('button', { name: 'تأكيد التفعيل' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expectAccessible(page, 'the second factor setup with its error');
    const key = ((await secret.textContent()) ?? '').replaceAll(' ', '');
    await page.getByLabel('رمز التحقق').fill(await generate({ secret: key }));
    await page.getByRole('button', { name: 'تأكيد التفعيل' }).click();
    await expect(page.getByRole('list', { name: 'رموز الاسترداد' })).toBeVisible();
    await expectAccessible(page, 'the recovery codes');
    await page.getByRole('button', { name: 'حفظت الرموز' }).click();
    await page.getByRole('button', { name: 'إيقاف التحقق بخطوتين' }).click();
    await page.getByRole('button', { name: 'تأكيد الإيقاف' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expectAccessible(page, 'turning the second factor off, with its errors');

    await page.goto(`${PORTAL}/admin/adminsManagement`);
    await page.getByRole('button', { name: 'إلغاء التحقق بخطوتين مسؤول كلية التجارة' }).click();
    const reset = page.getByRole('dialog', { name: 'هل تريد إلغاء التحقق بخطوتين لهذا المسؤول؟' });
    await expect(reset).toBeVisible();
    await expectAccessible(page, 'the second factor reset confirmation');
    await reset.getByRole('button', { name: 'لا', exact: true }).click();

    await page.context().clearCookies();
    await page.goto(`${PORTAL}/admin/login`);
    await page.getByLabel('اسم المستخدم').fill(account.userName);
    await page.getByLabel('كلمة المرور', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'دخول' }).click();
    await expect(page.getByLabel('رمز التحقق')).toBeVisible();
    await expectAccessible(page, 'the login code step');
    await page.getByRole('button', { name: 'دخول' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expectAccessible(page, 'the login code step with its error');
    await page.getByRole('button', { name: 'استخدام رمز استرداد' }).click();
    await expect(page.getByLabel('رمز الاسترداد')).toBeVisible();
    await expectAccessible(page, 'the login recovery code step');
  });
});

test.describe('the audit screen passes axe (issue 20)', () => {
  test('the rows, a refused filter, the calendar of a day and an empty result', async ({ page, db }) => {
    test.setTimeout(90_000);
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

test.describe('the content screens pass axe (issue 19)', () => {
  // Only drafts and refused forms: nothing is saved, since every other spec's students read this content.
  test('the quiz bank, the questionnaire with its preview, the charter editor and the colleges, with their dialogs and errors', async ({
    page,
    db,
  }, info) => {
    test.setTimeout(150_000);
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

test.describe('the seasons screens pass axe (issue 21)', () => {
  // The shared portal's current season stays as it is (every other spec's students are in it): the closed season
  // shown here is one of this test's own, with one student put in it the way a restore does (the database refuses
  // other writes to a closed season), and deleted by the screen at the end.
  test('the seasons, the opening question, a refused name, the deletion with its typed count, and a closed season elsewhere', async ({
    page,
    db,
  }, info) => {
    test.setTimeout(120_000);
    const year = info.project.name === 'phone' ? 2001 : 2003;
    const closed = `${year}/${year + 1}`;
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO admission_seasons (name, opened_at, closed_at) VALUES ($1, $2, $3) RETURNING id`,
      [closed, `${year}-07-01T08:00:00Z`, `${year + 1}-07-01T08:00:00Z`],
    );
    const closedId = rows[0]?.id;
    await db.query('BEGIN');
    await db.query("SET LOCAL portal.season_maintenance = 'on'");
    const student = await insertStudent(db, { name: 'رحاب منصور عبد الحميد', college: COMMERCE });
    await db.query('UPDATE students SET season_id = $1 WHERE id = $2', [closedId, student.id]);
    await db.query('COMMIT');
    await signIn(page, await createSuperAdmin(db));

    await page.goto(`${PORTAL}/admin/seasons`);
    await expect(page.getByRole('heading', { name: 'الأعوام الدراسية', level: 2 })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: closed })).toContainText('مغلق');
    await expectAccessible(page, 'seasons');
    await snap(page, info, 'seasons');

    await page.getByRole('button', { name: 'فتح العام الدراسي' }).click();
    const opening = page.getByRole('dialog', { name: /^فتح العام الدراسي/ });
    await expect(opening).toContainText('ويصبح للاطلاع فقط');
    await expectAccessible(page, 'seasons (the opening question)');
    await snap(page, info, 'seasons-open-dialog');
    await opening.getByRole('button', { name: 'لا' }).click();
    await expect(opening).toBeHidden();

    await page.getByLabel('اسم العام الدراسي الجديد').fill('2030/2032');
    await page.getByRole('button', { name: 'فتح العام الدراسي' }).click();
    await expect(page.getByText('اكتب العام الدراسي بالشكل 2027/2028: سنتان متتاليتان')).toBeVisible();
    await expectAccessible(page, 'seasons (a refused name)');
    await snap(page, info, 'seasons-refused-name');

    await page.goto(`${PORTAL}/admin/studentsInfo?season=${closedId}`);
    await expect(page.getByText('عام دراسي مغلق: البيانات للاطلاع فقط')).toBeVisible();
    await expect(page.getByLabel('العام الدراسي').locator('option:checked')).toHaveText(closed);
    await expectAccessible(page, 'studentsInfo of a closed season');
    await snap(page, info, 'students-info-closed-season');

    await page.goto(`${PORTAL}/admin/statistics?season=${closedId}`);
    await expect(page.getByTestId('all-students')).toHaveText('1');
    await expectAccessible(page, 'statistics of a closed season');

    await page.goto(`${PORTAL}/admin/students/${student.id}`);
    await expect(page.getByRole('heading', { name: `سجل الطالب: ${student.name}` })).toBeVisible();
    await expect(page.getByText('عام دراسي مغلق: البيانات للاطلاع فقط')).toBeVisible();
    await expectAccessible(page, 'the record of a closed season');
    await snap(page, info, 'record-closed-season');

    await page.goto(`${PORTAL}/admin/seasons`);
    await page.getByRole('button', { name: `حذف العام الدراسي ${closed}` }).click();
    const deletion = page.getByRole('dialog', { name: `حذف العام الدراسي ${closed}؟` });
    await deletion.getByLabel('اكتب عدد الطلاب (1) للتأكيد').fill('٥');
    await expect(deletion.getByRole('button', { name: 'حذف العام الدراسي نهائيًا' })).toBeDisabled();
    await expectAccessible(page, 'seasons (the deletion, a count that does not match)');
    await snap(page, info, 'seasons-delete-dialog');
    await deletion.getByLabel('اكتب عدد الطلاب (1) للتأكيد').fill('١');
    await deletion.getByRole('button', { name: 'حذف العام الدراسي نهائيًا' }).click();
    await expect(page.getByRole('row').filter({ hasText: closed })).toHaveCount(0);
  });
});
