import { expect, type Page, test } from '@playwright/test';
import type pg from 'pg';
import { insertStudent, type NewStudent } from '../fixtures.js';
import { connectPortalDb } from '../portal-db.js';
import { freshDataDir, type PortalServer, startPortal } from '../portal-server.js';
import { sheetRows } from '../spreadsheets.js';

// Issue 20, the audit trail on screen, on a portal of its own (its super admin's password is known): the support
// account opens a student's record and downloads one of its images; the super admin finds those reads with the
// screen's filters and exports them.
const ROOT = { userName: 'rootadmin', password: 'Root12345' };
const SUPPORT = { userName: 'support', password: 'Demo1234' };
const NAV = 'قائمة المسؤول';
const OPENED = 'فتح سجل الطالب';

let server: PortalServer | undefined;
let db: pg.Client | undefined;
let student: NewStudent;

function origin(): string {
  if (!server) throw new Error('the portal has not started');
  return server.url;
}
const url = (path: string) => `${origin()}/stAdmission${path}`;
const apiUrl = (path: string) => `${origin()}/api/v1${path}`;

// biome-ignore lint/correctness/noEmptyPattern: Playwright hooks take their fixtures by destructuring.
test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(120_000);
  const dataDir = await freshDataDir();
  server = await startPortal(dataDir, {
    SUPERADMIN_USERNAME: ROOT.userName,
    SUPERADMIN_PASSWORD: ROOT.password,
    DEMO_DATA: '1',
  });
  db = await connectPortalDb(dataDir);
  student = await insertStudent(db, { name: 'سلمى عادل منصور' });
});

test.afterAll(async () => {
  await db?.end();
  await server?.stop();
});

/** The support account reads the student's record through the API, as its screen does. */
async function supportOpensRecord(page: Page) {
  const login = await page.request.post(apiUrl('/users/login'), { data: SUPPORT });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const record = await page.request.get(apiUrl(`/students/record/${student.id}`), {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(record.status()).toBe(200);
}

async function signIn(page: Page) {
  await page.goto(url('/admin/login'));
  await page.getByLabel('اسم المستخدم').fill(ROOT.userName);
  await page.getByLabel('كلمة المرور', { exact: true }).fill(ROOT.password);
  await page.getByRole('button', { name: 'دخول' }).click();
  await expect(page).toHaveURL(/\/admin\/studentsInfo$/);
}

/** The rows the screen shows: the table's at desktop width, the cards on a phone. */
function shownRows(page: Page) {
  return page.locator('table[aria-label="العمليات"] tbody tr, ul[aria-label="العمليات"] > li');
}

test('staff reads are found with the filters and exported with the rows shown', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await supportOpensRecord(page);
  await signIn(page);

  const nav = page.getByRole('navigation', { name: NAV });
  if (testInfo.project.name === 'phone')
    await page.getByRole('button', { name: 'فتح قائمة المسؤول' }).click();
  await nav.getByRole('link', { name: 'سجل العمليات' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole('heading', { name: 'سجل العمليات', level: 2 })).toBeVisible();
  // The super admin's own sign-in is the newest row.
  await expect(shownRows(page).first()).toContainText('تسجيل دخول موظف');

  // The student's national ID, typed in Arabic-Indic digits, finds the support account's read of the record.
  const arabicDigits = student.nationalId.replace(/\d/g, (digit) => '٠١٢٣٤٥٦٧٨٩'[Number(digit)] ?? digit);
  await page.getByLabel('الرقم القومي للطالب').fill(arabicDigits);
  await page.getByRole('button', { name: 'بحث' }).click();
  await expect(shownRows(page)).toHaveCount(1);
  const row = shownRows(page).first();
  await expect(row).toContainText(OPENED);
  await expect(row).toContainText(SUPPORT.userName);
  await expect(row).toContainText(student.name);
  await expect(row).toContainText(student.nationalId);
  await expect(row).toContainText('كلية التجارة');

  // Staff member and action together find the same row; another action finds none.
  await page.getByLabel('الرقم القومي للطالب').fill('');
  await page.getByLabel('الموظف').selectOption({ label: 'support - موظف الدعم الفني' });
  await page.getByLabel('الإجراء').selectOption({ label: OPENED });
  await page.getByRole('button', { name: 'بحث' }).click();
  await expect(shownRows(page)).toHaveCount(1);
  await expect(shownRows(page).first()).toContainText(student.name);
  await page.screenshot({ path: testInfo.outputPath(`audit-${testInfo.project.name}.png`), fullPage: true });

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'تصدير النتائج (Excel)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const rows = await sheetRows(download);
  expect(rows[0]?.slice(0, 7)).toEqual([
    'التاريخ والوقت',
    'الموظف',
    'الإجراء',
    'رمز الإجراء',
    'الرقم القومي',
    'اسم الطالب',
    'الكلية',
  ]);
  expect(rows.slice(1).map((each) => each.slice(1, 7))).toEqual([
    [SUPPORT.userName, OPENED, 'student.view', student.nationalId, student.name, 'كلية التجارة'],
  ]);

  await page.getByRole('combobox', { name: 'الإجراء' }).selectOption({ label: 'حذف طالب' });
  await page.getByRole('button', { name: 'بحث' }).click();
  await expect(page.getByText('لا توجد سجلات مطابقة')).toBeVisible();
});
