// Kept whole: one staff walk on one portal of its own, each step building on the data the one before left.
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { connectPortalDb } from '../portal-db.js';
import { freshDataDir, type PortalServer, startPortal } from '../portal-server.js';
import { sheetRows, writeStudentList } from '../spreadsheets.js';

// Staff student records from end to end, on a portal of its own: the super admin imports a generated .xlsx,
// finds students by name and national ID, filters the complete ones, pages through 500+ students, downloads
// every export kind and deletes a student; the demo faculty ADMIN sees its own faculty only; the statistics
// draw their chart. A second block takes pictures of each screen at both widths.
const ROOT = { userName: 'rootadmin', password: 'Root12345' };
const COMMERCE_ADMIN = { userName: 'commerce', password: 'Demo1234' };
const COMMERCE = 'كلية التجارة';
const ARTS = 'كلية الآداب';
/** Students inserted straight into the database: enough for a second page of 500. */
const BULK = 520;
/** The demo data's students of the faculty of commerce. */
const DEMO_COMMERCE = 2;

const IMPORTED = [
  { name: 'زياد عمرو حمدي الشناوي الكبير', nationalID: '30105120100111', phone: '01012345671' },
  { name: 'رنا سمير عبد الحميد', nationalID: '30206230100222', phone: '01012345672' },
  { name: 'كريم وائل فوزي', nationalID: '30307040100333', phone: '01012345673' },
];
const BAD_ROW = { name: 'صف خاطئ', nationalID: '123', phone: '01012345674' };

async function startOwnPortal(): Promise<PortalServer> {
  return startPortal(await freshDataDir(), {
    SUPERADMIN_USERNAME: ROOT.userName,
    SUPERADMIN_PASSWORD: ROOT.password,
    DEMO_DATA: '1',
  });
}

/**
 * `count` students of the faculty in one statement; every tenth has complete data. Answers the faculty's
 * totals afterwards, read back from the database (the screen must show the same).
 */
async function insertStudents(server: PortalServer, count: number, faculty: string, prefix: string) {
  const db = await connectPortalDb(server.dataDir);
  try {
    await db.query(
      `INSERT INTO students (national_id, name, seat_no, phone_number, college_id, enrollment_status, is_complete,
         completed_at)
       SELECT $1 || lpad(n::text, 9, '0'), $2 || ' ' || lpad(n::text, 4, '0') || ' محمد أحمد علي',
         lpad(n::text, 6, '0'), '0122' || lpad(n::text, 7, '0'), c.id, 'regular', n % 10 = 0,
         CASE WHEN n % 10 = 0 THEN now() END
       FROM generate_series(1, $3::int) AS n, colleges c WHERE c.name = $4`,
      [prefix, 'طالب تجريبي', count, faculty],
    );
    const { rows } = await db.query<{ all: number; complete: number }>(
      `SELECT count(*)::int AS all, count(*) FILTER (WHERE s.is_complete)::int AS complete
       FROM students s JOIN colleges c ON c.id = s.college_id WHERE c.name = $1`,
      [faculty],
    );
    return rows[0] as { all: number; complete: number };
  } finally {
    await db.end();
  }
}

function url(server: PortalServer | undefined, pathname: string): string {
  if (!server) throw new Error('the portal has not started');
  return `${server.url}/stAdmission${pathname}`;
}

async function signIn(page: Page, server: PortalServer | undefined, account: typeof ROOT) {
  await page.goto(url(server, '/admin/login'));
  await page.getByLabel('اسم المستخدم').fill(account.userName);
  await page.getByLabel('كلمة المرور', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'دخول' }).click();
  await expect(page).toHaveURL(/\/admin\/studentsInfo$/);
}

async function showFaculty(page: Page, faculty: string) {
  const picker = page.getByRole('form', { name: 'اختيار الكلية' });
  await picker.getByLabel('الكلية').selectOption(faculty);
  await picker.getByRole('button', { name: 'عرض الطلاب' }).click();
}

async function searchFor(page: Page, type: 'الاسم' | 'الرقم القومي', text: string) {
  const search = page.getByRole('search', { name: 'البحث عن طالب' });
  await search.getByLabel('نوع البحث').selectOption({ label: type });
  await search.getByLabel('نص البحث').fill(text);
  await search.getByRole('button', { name: 'بحث', exact: true }).click();
}

/** Closes the notices (some stay 10 s) so that they neither cover a button nor sit in a picture. */
async function closeNotices(page: Page) {
  const notices = page.locator('.mantine-Notification-root');
  while ((await notices.count()) > 0) {
    // A notice may close itself between the count and the click.
    await notices
      .first()
      .getByRole('button')
      .click({ timeout: 1000 })
      .catch(() => {});
  }
}

test.describe('staff student records', () => {
  let server: PortalServer | undefined;

  // biome-ignore lint/correctness/noEmptyPattern: Playwright hooks take their fixtures by destructuring.
  test.beforeAll(async ({}, testInfo) => {
    if (testInfo.project.name !== 'desktop') return;
    testInfo.setTimeout(120_000);
    server = await startOwnPortal();
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

  test('a super admin imports a list, searches, filters, pages, downloads each kind and deletes', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, server, ROOT);

    // The template needs the bearer token: it is fetched and saved, with the upload's Arabic headers.
    await page
      .getByRole('navigation', { name: 'قائمة المسؤول' })
      .getByRole('link', { name: 'رفع بيانات الطلاب' })
      .click();
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'تنزيل نموذج الملف' }).click(),
    ]);
    expect(template.suggestedFilename()).toBe('نموذج رفع بيانات الطلاب.xlsx');
    expect((await sheetRows(template))[0]).toEqual([
      'الاسم',
      'الرقم القومي',
      'رقم الجلوس',
      'رقم الموبايل',
      'النوع',
      'المجموع',
      'النسبة',
    ]);

    // A file that is not Excel is refused before anything is sent.
    const form = page.getByRole('form', { name: 'رفع بيانات الطلاب' });
    await form.getByLabel('الكلية').selectOption(COMMERCE);
    await form.getByLabel('حالة القيد').selectOption({ label: 'منتظم' });
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: 'list.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b') });
    await form.getByRole('button', { name: 'رفع الملف' }).click();
    await expect(form.getByText('يجب أن يكون الملف من نوع Excel فقط (xlsx أو xls)')).toBeVisible();

    // The import: three students added, one row rejected with its reason, the extra column reported.
    await form.locator('input[type="file"]').setInputFiles(await writeStudentList([...IMPORTED, BAD_ROW]));
    await form.getByRole('button', { name: 'رفع الملف' }).click();
    const result = page.getByRole('region', { name: 'نتيجة الرفع' });
    await expect(result).toBeVisible({ timeout: 30_000 });
    await expect(result.getByTestId('upload-added')).toHaveText('3');
    await expect(result.getByTestId('upload-rejected')).toHaveText('1');
    await expect(result.getByRole('listitem')).toHaveText(['ملاحظات']);
    const rejected = result.getByRole('table');
    await expect(rejected.getByRole('row').nth(1)).toContainText('5');
    await expect(rejected.getByRole('row').nth(1)).toContainText('الرقم القومي يجب أن يتكون من 14 رقما');
    await expect(page.getByText(/تم استيراد الملف. عدد الطلاب المضافين: 3/).first()).toBeVisible();
    const [report] = await Promise.all([
      page.waitForEvent('download'),
      result.getByRole('link', { name: 'تنزيل تقرير الصفوف المرفوضة (Excel)' }).click(),
    ]);
    const reportRows = await sheetRows(report);
    expect(reportRows[0]).toEqual(['رقم الصف', 'الرقم القومي', 'الاسم', 'سبب الرفض']);
    expect(reportRows[1]?.slice(0, 3)).toEqual(['5', '123', BAD_ROW.name]);

    // 520 more students, so the faculty has a second page.
    const counts = await insertStudents(server as PortalServer, BULK, COMMERCE, '29901');
    const all = counts.all;
    const complete = counts.complete;
    expect(all).toBeGreaterThanOrEqual(DEMO_COMMERCE + IMPORTED.length + BULK);
    expect(all).toBeLessThanOrEqual(1000);
    await page
      .getByRole('navigation', { name: 'قائمة المسؤول' })
      .getByRole('link', { name: 'بيانات الطلاب', exact: true })
      .click();
    await showFaculty(page, COMMERCE);
    // The faculty's first page of 500: under a full run's parallel load it has taken longer than 5 s.
    await expect(page.getByTestId('students-total')).toHaveText(String(all), { timeout: 15_000 });
    await expect(page.getByTestId('students-completed')).toHaveText(String(complete));
    const table = page.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(501);
    await expect(table.getByRole('caption')).toHaveText(`${COMMERCE}: الطلاب 1–500 من ${all} (صفحة 1 من 2)`);

    // Page 2 from the bottom pagination: fetched again and back at the top.
    const bottom = page.getByRole('navigation', { name: 'صفحات قائمة الطلاب (أسفل الجدول)' });
    await bottom.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await bottom.getByRole('button', { name: 'صفحة 2' }).click();
    await expect(table.getByRole('caption')).toHaveText(
      `${COMMERCE}: الطلاب 501–${all} من ${all} (صفحة 2 من 2)`,
    );
    await expect(table.getByRole('row')).toHaveCount(all - 500 + 1);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    // Complete students only: one page, every row complete.
    await page.getByRole('checkbox', { name: 'أكملوا بياناتهم' }).check();
    await expect(table.getByRole('caption')).toHaveText(
      `${COMMERCE}: الطلاب 1–${complete} من ${complete} (صفحة 1 من 1)`,
    );
    await expect(page.getByRole('navigation', { name: 'صفحات قائمة الطلاب (أعلى الجدول)' })).toHaveCount(0);
    await expect(table.getByText('غير مكتملة', { exact: true })).toHaveCount(0);
    await expect(table.getByText('مكتملة', { exact: true })).toHaveCount(complete);

    // A complete student's admission form: a signed link the browser opens, answered with a PDF.
    const [admissionForm] = await Promise.all([
      page.waitForEvent('download'),
      table
        .getByRole('button', { name: /^استمارة الالتحاق / })
        .first()
        .click(),
    ]);
    expect(admissionForm.suggestedFilename()).toMatch(/\.pdf$/);
    expect((await readFile(await admissionForm.path())).subarray(0, 5).toString()).toBe('%PDF-');
    await page.getByRole('checkbox', { name: 'أكملوا بياناتهم' }).uncheck();
    // Incomplete students offer no form.
    const incompleteRows = table.getByRole('row').filter({ hasText: 'غير مكتملة' });
    await expect.poll(() => incompleteRows.count()).toBeGreaterThan(400);
    await expect(incompleteRows.getByRole('button', { name: /^استمارة/ })).toHaveCount(0);

    // By name (the list shows four words, the full name is the cell's title) and by national ID.
    const [zeyad, rana] = IMPORTED as [(typeof IMPORTED)[number], (typeof IMPORTED)[number]];
    await searchFor(page, 'الاسم', 'زياد عمرو');
    await expect(table.getByRole('caption')).toHaveText('نتائج البحث: 1 طالب');
    await expect(table.getByRole('rowheader')).toHaveAccessibleName(zeyad.name);
    await expect(table.getByRole('rowheader').locator('[title]')).toHaveAttribute('title', zeyad.name);
    await expect(table.getByRole('rowheader').locator('[aria-hidden="true"]')).toHaveText(
      'زياد عمرو حمدي الشناوي',
    );
    await searchFor(page, 'الرقم القومي', rana.nationalID);
    await expect(table.getByRole('rowheader')).toHaveAccessibleName(rana.name);
    await expect(table.getByRole('row').nth(1)).toContainText(rana.phone);
    await searchFor(page, 'الرقم القومي', '29999999999999');
    await expect(page.getByText('لا توجد بيانات طلاب')).toBeVisible();
    await page.getByRole('button', { name: 'إلغاء البحث' }).click();

    // Every export kind of the faculty: the sheets hold the right students; the photos come as a zip.
    const downloads = page.getByRole('region', { name: 'تنزيل البيانات' });
    await expect(downloads).toContainText(COMMERCE);
    const expected = {
      'بيانات غير المكتملين (الدعم الفني)': all - complete,
      'بيانات المكتملين (الدعم الفني)': complete,
      'بيانات غير المكتملين': all - complete,
      'بيانات المكتملين': complete,
    };
    for (const [label, count] of Object.entries(expected)) {
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        downloads.getByRole('button', { name: label, exact: true }).click(),
      ]);
      expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
      const rows = await sheetRows(file);
      expect(rows[0]?.slice(0, 2)).toEqual(['الاسم', 'الرقم القومي']);
      expect(rows).toHaveLength(count + 1);
      expect(new Set(rows.slice(1).map((row) => row[3] === COMMERCE || row.includes(COMMERCE)))).toEqual(
        new Set([true]),
      );
      if (label === 'بيانات غير المكتملين (الدعم الفني)')
        expect(rows.some((row) => row[1] === zeyad.nationalID)).toBe(true);
    }
    const [photos] = await Promise.all([
      page.waitForEvent('download'),
      downloads.getByRole('button', { name: 'صور المكتملين (ملف مضغوط)' }).click(),
    ]);
    expect(photos.suggestedFilename()).toMatch(/\.zip$/);
    expect((await readFile(await photos.path())).subarray(0, 2).toString()).toBe('PK');
    await closeNotices(page);

    // Delete after a "yes": the row goes, and the student is not found again.
    await searchFor(page, 'الرقم القومي', zeyad.nationalID);
    await page.getByRole('button', { name: `حذف ${zeyad.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `هل تريد حذف الطالب ${zeyad.name}؟` });
    await dialog.getByRole('button', { name: 'لا', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(table.getByRole('rowheader')).toHaveAccessibleName(zeyad.name);
    await page.getByRole('button', { name: `حذف ${zeyad.name}` }).click();
    await dialog.getByRole('button', { name: 'نعم', exact: true }).click();
    await expect(page.getByText('تم حذف الطالب بنجاح')).toBeVisible();
    await expect(page.getByText('لا توجد بيانات طلاب')).toBeVisible();
    await expect(page.getByTestId('students-total')).toHaveText(String(all - 1));
    await searchFor(page, 'الاسم', 'زياد عمرو');
    await expect(page.getByText('لا توجد بيانات طلاب')).toBeVisible();
  });

  test('a faculty ADMIN sees only its own faculty, without delete or downloads', async ({ page }) => {
    await signIn(page, server, COMMERCE_ADMIN);
    await expect(page.getByRole('form', { name: 'اختيار الكلية' })).toHaveCount(0);
    const table = page.getByRole('table');
    // The faculty's first page answers slower while the parallel tests import lists into the same portal.
    await expect(table.getByRole('caption')).toContainText(COMMERCE, { timeout: 15_000 });
    const rows = table.getByRole('row');
    expect(await rows.count()).toBeGreaterThan(1);
    for (const college of await table.locator('tbody td:nth-child(4)').allTextContents())
      expect(college).toBe(COMMERCE);
    // No delete (the form of a complete student is its only row action).
    await expect(table.getByRole('button', { name: /^حذف / })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'تنزيل البيانات' })).toHaveCount(0);

    // Searching every faculty still finds only its own students.
    await searchFor(page, 'الاسم', 'محمد');
    // A search over every faculty answers slower while the parallel tests import lists into the same portal.
    await expect(table.getByRole('caption')).toContainText('نتائج البحث', { timeout: 15_000 });
    for (const college of await table.locator('tbody td:nth-child(4)').allTextContents())
      expect(college).toBe(COMMERCE);

    // The screens it may not use say so; the statistics send it to the staff login (spec section 2).
    for (const screen of ['uploadStudentInfo', 'deleteStudentInfo']) {
      await page.goto(url(server, `/admin/${screen}`));
      await expect(page.getByText('لا يمكنك الوصول إلى هذه الصفحة')).toBeVisible();
    }
    await page.goto(url(server, '/admin/statistics'));
    await expect(page).toHaveURL(/\/stAdmission\/admin\/login$/);
  });

  test('the statistics show the totals, a card per faculty and the chart', async ({ page }) => {
    await signIn(page, server, ROOT);
    await page.goto(url(server, '/admin/statistics'));
    await expect(page.getByRole('heading', { name: 'الإحصائيات' })).toBeVisible();
    const figure = page.getByRole('figure', { name: 'الطلاب والمكتملون في كل كلية' });
    // Faculties without students draw no bar; the others do.
    const bars = figure.locator('.recharts-bar-rectangle path').filter({ visible: true });
    await expect(bars.first()).toBeVisible();
    expect(await bars.count()).toBeGreaterThan(3);
    // The faculty names label the bars (without the repeated word 'كلية').
    await expect(figure.locator('svg text').filter({ hasText: /^التجارة$/ })).toBeVisible();
    const commerce = page.getByRole('article', { name: COMMERCE });
    await expect(commerce).toBeVisible();
    await expect(page.getByRole('article', { name: ARTS })).toBeVisible();
    const total = Number(await page.getByTestId('all-students').textContent());
    expect(total).toBeGreaterThan(0);
  });
});

test.describe('screenshots of the student records screens', () => {
  let server: PortalServer | undefined;

  // biome-ignore lint/correctness/noEmptyPattern: Playwright hooks take their fixtures by destructuring.
  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(120_000);
    server = await startOwnPortal();
    await insertStudents(server, 12, COMMERCE, '29902');
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  /** Dialogs are shot at viewport size: a full-page picture would show the page below the overlay unshaded. */
  async function snap(page: Page, project: string, screen: string, fullPage = true) {
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(400);
    await page.screenshot({ path: `screenshots/${project}-admin-${screen}.png`, fullPage });
  }

  test('pictures of each screen', async ({ page }, testInfo) => {
    test.setTimeout(150_000);
    const project = testInfo.project.name;
    await signIn(page, server, ROOT);
    await expect(page.getByText(/اختر الكلية ثم اضغط/)).toBeVisible();
    await snap(page, project, 'studentsInfo-start');

    await showFaculty(page, COMMERCE);
    await expect(page.getByRole('table')).toBeVisible();
    await snap(page, project, 'studentsInfo');

    const search = page.getByRole('search', { name: 'البحث عن طالب' });
    await search.getByRole('button', { name: 'بحث', exact: true }).click();
    await expect(search.getByText('يجب إدخال الاسم أو الرقم القومي')).toBeVisible();
    await snap(page, project, 'studentsInfo-search-errors', false);

    await page.getByRole('button', { name: /^حذف / }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await snap(page, project, 'studentsInfo-delete', false);
    await page.getByRole('dialog').getByRole('button', { name: 'لا', exact: true }).click();

    await page.goto(url(server, '/admin/statistics'));
    await expect(
      page.locator('.recharts-bar-rectangle path').filter({ visible: true }).first(),
    ).toBeVisible();
    await snap(page, project, 'statistics');
    await page
      .getByRole('figure', { name: 'الطلاب والمكتملون في كل كلية' })
      .screenshot({ path: `screenshots/${project}-admin-statistics-chart.png` });

    await page.goto(url(server, '/admin/uploadStudentInfo'));
    const form = page.getByRole('form', { name: 'رفع بيانات الطلاب' });
    await form.getByRole('button', { name: 'رفع الملف' }).click();
    await expect(form.getByText('يجب اختيار الملف')).toBeVisible();
    await snap(page, project, 'uploadStudentInfo');
    await form.getByLabel('الكلية').selectOption(ARTS);
    await form.getByLabel('حالة القيد').selectOption({ label: 'منتسب' });
    await form
      .locator('input[type="file"]')
      .setInputFiles(
        await writeStudentList([
          { name: 'هالة مجدي صبري', nationalID: '30401010100444', phone: '01098765432' },
          BAD_ROW,
          { name: '', nationalID: '30401010100555', phone: '' },
        ]),
      );
    await form.getByRole('button', { name: 'رفع الملف' }).click();
    await expect(page.getByRole('region', { name: 'نتيجة الرفع' })).toBeVisible({ timeout: 30_000 });
    await closeNotices(page);
    await snap(page, project, 'uploadStudentInfo-result');

    await page.goto(url(server, '/admin/deleteStudentInfo'));
    await page.getByLabel('الكلية').selectOption(COMMERCE);
    await snap(page, project, 'deleteStudentInfo');
    await page.getByRole('button', { name: 'حذف بيانات الكلية' }).click();
    await expect(page.getByRole('dialog', { name: 'تأكيد حذف بيانات الكلية' })).toBeVisible();
    await snap(page, project, 'deleteStudentInfo-confirm', false);
    await page.getByRole('dialog').getByRole('button', { name: 'لا', exact: true }).click();

    await page.context().clearCookies();
    await signIn(page, server, COMMERCE_ADMIN);
    await expect(page.getByRole('table')).toBeVisible();
    await snap(page, project, 'studentsInfo-faculty-admin');
  });
});
