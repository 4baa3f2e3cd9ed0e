import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  chooseImages,
  fillCommon,
  gradientPng,
  IMAGE_LABELS,
  imageInput,
  sixImages,
  submitAndReachForms,
} from '../complete-data-form.js';
import { freshDataDir, type PortalServer, startPortal } from '../portal-server.js';
import { sheetRows, writeStudentList } from '../spreadsheets.js';

// Issue 16 end to end, on a portal of its own: staff import a student, the student completes the data with six
// real images, a reviewer working the review queue refuses two documents (one with a note full of markup), the
// student sees which and why and replaces only those two, the reviewer accepts them, and the student is 'accepted'
// in the student list, the statistics and the export.
const ROOT = { userName: 'rootadmin', password: 'Root12345' };
const COMMERCE = 'كلية التجارة';
const STUDENT = { name: 'ليلى حسام الدين مراد', nationalID: '30402150100444', phone: '01098765432' };
/** A refusal note as a careless or hostile reviewer might type it: it must show as the text it is. */
const NOTE = '<img src=x onerror=alert(1)> الختم غير ظاهر #set page(fill: red)';
const REFUSED = { frontIdCard: 'الصورة غير واضحة أو غير مقروءة', personalPhoto: 'سبب آخر' } as const;

function url(server: PortalServer | undefined, pathname: string): string {
  if (!server) throw new Error('the portal has not started');
  return `${server.url}/stAdmission${pathname}`;
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'ar-EG' });
  const page = await context.newPage();
  // A script in a refusal note that ran would open a dialog: fail loudly instead of dismissing it.
  page.on('dialog', (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });
  return page;
}

async function signIn(page: Page, server: PortalServer | undefined) {
  await page.goto(url(server, '/admin/login'));
  await page.getByLabel('اسم المستخدم').fill(ROOT.userName);
  await page.getByLabel('كلمة المرور', { exact: true }).fill(ROOT.password);
  await page.getByRole('button', { name: 'دخول' }).click();
  await expect(page).toHaveURL(/\/admin\/studentsInfo$/);
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'قائمة المسؤول' });

/** The review queue of the faculty, then the student's record from its row. */
async function openFromQueue(page: Page) {
  await nav(page).getByRole('link', { name: 'مراجعة المستندات' }).click();
  const picker = page.getByRole('form', { name: 'اختيار الكلية' });
  const faculty = picker.getByLabel('الكلية');
  // The screen may settle its address (and with it the picker) just after it shows: choose until it holds.
  await expect(async () => {
    await faculty.selectOption(COMMERCE);
    await expect(faculty).toHaveValue(COMMERCE, { timeout: 1_000 });
    await picker.getByRole('button', { name: 'عرض قائمة المراجعة' }).click();
    await expect(page.getByRole('link', { name: STUDENT.name })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await page.getByRole('link', { name: STUDENT.name }).click();
  await expect(page.getByRole('heading', { name: 'سجل الطالب' })).toBeVisible();
}

const documentTab = (page: Page, kind: keyof typeof IMAGE_LABELS) =>
  page.getByRole('tab', { name: new RegExp(IMAGE_LABELS[kind].replace(/[()]/g, '\\$&')) });

/** Waits until the open document's image has arrived (fetched with the staff token, shown from a blob). */
async function imageShown(page: Page, kind: keyof typeof IMAGE_LABELS) {
  const image = page
    .getByRole('tabpanel')
    .getByRole('img', { name: new RegExp(IMAGE_LABELS[kind].replace(/[()]/g, '\\$&')) });
  await expect(image).toBeVisible({ timeout: 15_000 });
  await expect(image).toHaveAttribute('src', /^blob:/);
}

test.describe('document review', () => {
  let server: PortalServer | undefined;

  // biome-ignore lint/correctness/noEmptyPattern: Playwright hooks take their fixtures by destructuring.
  test.beforeAll(async ({}, testInfo) => {
    if (testInfo.project.name !== 'desktop') return;
    testInfo.setTimeout(120_000);
    server = await startPortal(await freshDataDir(), {
      SUPERADMIN_USERNAME: ROOT.userName,
      SUPERADMIN_PASSWORD: ROOT.password,
      DEMO_DATA: '1',
    });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  // biome-ignore lint/correctness/noEmptyPattern: Playwright hooks take their fixtures by destructuring.
  test.beforeEach(({}, testInfo) => {
    test.skip(
      testInfo.project.name !== 'desktop',
      'one run is enough: it changes the data of its own portal',
    );
  });

  test('import, complete, refuse two, replace only those, accept: accepted in the list, statistics and export', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const staff = await newPage(browser);
    const student = await newPage(browser);

    // Import: the student arrives on a list uploaded by the super admin.
    await signIn(staff, server);
    await nav(staff).getByRole('link', { name: 'رفع بيانات الطلاب' }).click();
    const upload = staff.getByRole('form', { name: 'رفع بيانات الطلاب' });
    await upload.getByLabel('الكلية').selectOption(COMMERCE);
    await upload.getByLabel('حالة القيد').selectOption({ label: 'منتظم' });
    await upload.locator('input[type="file"]').setInputFiles(await writeStudentList([STUDENT]));
    await upload.getByRole('button', { name: 'رفع الملف' }).click();
    await expect(staff.getByRole('region', { name: 'نتيجة الرفع' }).getByTestId('upload-added')).toHaveText(
      '1',
      { timeout: 30_000 },
    );

    // Complete data: the whole form with six real images, through the browser.
    await student.goto(url(server, '/'));
    await student.getByLabel('الرقم القومي').fill(STUDENT.nationalID);
    await student.getByRole('button', { name: 'دخول' }).click();
    await expect(student).toHaveURL(/\/dashboard\/(documentDownloadPage|studentDataView)$/);
    await student.goto(url(server, '/dashboard/studentDataEnter'));
    await fillCommon(student);
    await chooseImages(student, await sixImages(student));
    await submitAndReachForms(student);
    await student.goto(url(server, '/dashboard/studentDataView'));
    await expect(student.getByText('حالة المستندات: بانتظار المراجعة')).toBeVisible();

    // Review: from the queue, the front of the ID card is unreadable, the photo refused for another reason with
    // a note; the other four accepted by keyboard ('a' accepts the open document, 'n' opens the next).
    await openFromQueue(staff);
    await documentTab(staff, 'frontIdCard').click();
    await imageShown(staff, 'frontIdCard');
    await staff.getByRole('radio', { name: 'رفض المستند' }).check();
    await staff.getByRole('radio', { name: REFUSED.frontIdCard }).check();
    await documentTab(staff, 'personalPhoto').click();
    await imageShown(staff, 'personalPhoto');
    await staff.getByRole('radio', { name: 'رفض المستند' }).check();
    await staff.getByRole('radio', { name: REFUSED.personalPhoto }).check();
    // 'other' needs a note: saving without one is refused on the page, before any request.
    await staff.getByRole('button', { name: /^حفظ/ }).first().click();
    await expect(staff.getByText('يجب كتابة ملاحظة توضح سبب الرفض عند اختيار "سبب آخر"')).toBeVisible();
    await staff.getByRole('textbox', { name: 'ملاحظة تظهر للطالب' }).fill(NOTE);
    for (const kind of [
      'backIdCard',
      'birthCertificate',
      'secondarySchoolCertificate',
      'nominationCard',
    ] as const) {
      await documentTab(staff, kind).click();
      await imageShown(staff, kind);
      await staff.locator('body').press('a');
      await expect(staff.getByRole('radio', { name: 'قبول المستند' })).toBeChecked();
    }
    await staff.getByRole('button', { name: /^حفظ/ }).first().click();
    await expect(staff.getByText('تم حفظ مراجعة المستندات بنجاح').first()).toBeVisible();

    // The student sees which two and why (the note as text, no script run), and replaces only those two.
    await student.reload();
    const refused = student.getByRole('region', { name: 'مستندات مطلوب استبدالها' });
    await expect(refused).toBeVisible();
    await expect(refused.getByRole('listitem')).toHaveCount(2);
    await expect(refused).toContainText(IMAGE_LABELS.frontIdCard);
    await expect(refused).toContainText(REFUSED.frontIdCard);
    await expect(refused).toContainText(IMAGE_LABELS.personalPhoto);
    await expect(refused.getByText(NOTE)).toBeVisible();
    await expect(refused.locator('img')).toHaveCount(0);
    await refused.getByRole('link', { name: 'استبدال المستندات المرفوضة' }).click();
    await expect(student).toHaveURL(/\/dashboard\/replaceDocuments$/);
    await expect(student.locator('input[type="file"]')).toHaveCount(2);
    await imageInput(student, 'frontIdCard').setInputFiles({
      name: 'بطاقة أوضح.png',
      mimeType: 'image/png',
      buffer: gradientPng(700, 440, [30, 30, 30]),
    });
    await imageInput(student, 'personalPhoto').setInputFiles({
      name: 'صورة جديدة.png',
      mimeType: 'image/png',
      buffer: gradientPng(480, 600, [90, 10, 10]),
    });
    for (const kind of ['frontIdCard', 'personalPhoto'] as const)
      await expect(student.getByRole('img', { name: `معاينة ${IMAGE_LABELS[kind]}` })).toBeVisible({
        timeout: 30_000,
      });
    await student.getByRole('button', { name: 'إرسال المستندات البديلة' }).click();
    await expect(student.getByText('تم رفع المستندات البديلة بنجاح، وستتم مراجعتها').first()).toBeVisible({
      timeout: 30_000,
    });
    await expect(student).toHaveURL(/\/dashboard\/studentDataView$/);
    await expect(student.getByText('حالة المستندات: بانتظار المراجعة')).toBeVisible();
    await expect(student.getByRole('region', { name: 'مستندات مطلوب استبدالها' })).toHaveCount(0);

    // The reviewer accepts the two new images; the history names the review and the replacement.
    await openFromQueue(staff);
    for (const kind of ['frontIdCard', 'personalPhoto'] as const) {
      await documentTab(staff, kind).click();
      await imageShown(staff, kind);
      await staff.getByRole('radio', { name: 'قبول المستند' }).check();
    }
    await staff.getByRole('button', { name: /^حفظ/ }).first().click();
    await expect(staff.getByText('تم حفظ مراجعة المستندات بنجاح').first()).toBeVisible();

    await student.reload();
    await expect(student.getByText('حالة المستندات: مقبولة')).toBeVisible();

    // Accepted in the student list (column and filter), the statistics and the complete export.
    await nav(staff).getByRole('link', { name: 'بيانات الطلاب', exact: true }).click();
    const picker = staff.getByRole('form', { name: 'اختيار الكلية' });
    await picker.getByLabel('الكلية').selectOption(COMMERCE);
    await picker.getByRole('button', { name: 'عرض الطلاب' }).click();
    await staff.getByLabel('حالة المستندات').selectOption({ label: 'مقبولة' });
    const row = staff.getByRole('row').filter({ hasText: STUDENT.nationalID });
    await expect(row).toContainText('مقبولة');
    await expect(staff.getByRole('table').getByRole('row')).toHaveCount(2);

    const downloads = staff.getByRole('region', { name: 'تنزيل البيانات' });
    const [file] = await Promise.all([
      staff.waitForEvent('download'),
      downloads.getByRole('button', { name: 'بيانات المكتملين', exact: true }).click(),
    ]);
    const rows = await sheetRows(file);
    expect(rows[0]?.at(-1)).toBe('حالة المستندات');
    expect(rows.find((cells) => cells.includes(STUDENT.nationalID))?.at(-1)).toBe('مقبولة');

    await nav(staff).getByRole('link', { name: 'الإحصائيات' }).click();
    await expect(staff.getByTestId('all-documents-accepted')).toHaveText('1');
    await expect(staff.getByTestId('all-documents-reupload')).toHaveText('0');
  });
});
