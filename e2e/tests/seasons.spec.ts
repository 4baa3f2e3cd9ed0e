import { expect, type Page, test } from '@playwright/test';
import type pg from 'pg';
import { insertStudent } from '../fixtures.js';
import { connectPortalDb } from '../portal-db.js';
import { freshDataDir, type PortalServer, startPortal } from '../portal-server.js';
import { sheetRows, writeStudentList } from '../spreadsheets.js';

// Issue 21, items 5 to 7, in the browser on a portal of its own (it closes the season every other spec works in):
// the super admin opens the next season; the closed one stays selectable, read-only, on studentsInfo, the
// statistics and the staff record, and its export still works; the same national ID is imported again into the
// new season as a new record; and the closed season is deleted once its student count is typed back.
const ROOT = { userName: 'seasonsroot', password: 'Seasons12345' };
const OLD = '2026/2027';
const NEW = '2027/2028';
const COMMERCE = 'كلية التجارة';
const STUDENT = { name: 'نور الدين سامي فؤاد', nationalID: '30501010100777', phone: '01011112222' };
const CLOSED_NOTICE = 'عام دراسي مغلق: البيانات للاطلاع فقط';

let server: PortalServer | undefined;
let db: pg.Client | undefined;

function url(pathname: string): string {
  if (!server) throw new Error('the portal has not started');
  return `${server.url}/stAdmission${pathname}`;
}
function database(): pg.Client {
  if (!db) throw new Error('the database is not connected');
  return db;
}

// biome-ignore lint/correctness/noEmptyPattern: Playwright hooks take their fixtures by destructuring.
test.beforeAll(async ({}, testInfo) => {
  if (testInfo.project.name !== 'desktop') return;
  testInfo.setTimeout(120_000);
  const dataDir = await freshDataDir();
  server = await startPortal(dataDir, {
    SUPERADMIN_USERNAME: ROOT.userName,
    SUPERADMIN_PASSWORD: ROOT.password,
    DEMO_DATA: '0',
    ACADEMIC_YEAR: OLD,
  });
  db = await connectPortalDb(dataDir);
  // Last year's intake: the student, in the season that is current until the test opens the next one.
  await insertStudent(db, { name: STUDENT.name, nationalId: STUDENT.nationalID, college: COMMERCE });
});

test.afterAll(async () => {
  await db?.end();
  await server?.stop();
});

const nav = (page: Page) => page.getByRole('navigation', { name: 'قائمة المسؤول' });
const seasonRow = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
const seasonSelect = (page: Page) => page.getByLabel('العام الدراسي');

async function signIn(page: Page) {
  await page.goto(url('/admin/login'));
  await page.getByLabel('اسم المستخدم').fill(ROOT.userName);
  await page.getByLabel('كلمة المرور', { exact: true }).fill(ROOT.password);
  await page.getByRole('button', { name: 'دخول' }).click();
  await expect(page).toHaveURL(/\/admin\/studentsInfo$/);
}

async function openNextSeason(page: Page) {
  await nav(page).getByRole('link', { name: 'الأعوام الدراسية' }).click();
  await expect(seasonRow(page, OLD)).toContainText('الحالي');
  await expect(seasonRow(page, OLD)).toContainText('محفوظة');
  const name = page.getByLabel('اسم العام الدراسي الجديد');
  await expect(name).toHaveValue(NEW);
  // Typed as many Arabic keyboards type it: Arabic-Indic digits, spaces around the slash.
  await name.fill('٢٠٢٧ / ٢٠٢٨');
  await page.getByRole('button', { name: 'فتح العام الدراسي' }).click();
  const dialog = page.getByRole('dialog', { name: `فتح العام الدراسي ${NEW}؟` });
  await expect(dialog).toContainText(`يغلق العام الدراسي الحالي ${OLD} ويصبح للاطلاع فقط`);
  await dialog.getByRole('button', { name: 'نعم' }).click();
  await expect(page.getByText('تم فتح العام الدراسي الجديد')).toBeVisible();
  await expect(seasonRow(page, NEW)).toContainText('الحالي');
  await expect(seasonRow(page, OLD)).toContainText('مغلق');
  await expect(page.getByLabel('اسم العام الدراسي الجديد')).toHaveValue('2028/2029');
}

async function importAgain(page: Page) {
  await nav(page).getByRole('link', { name: 'رفع بيانات الطلاب' }).click();
  const upload = page.getByRole('form', { name: 'رفع بيانات الطلاب' });
  await upload.getByLabel('الكلية').selectOption(COMMERCE);
  await upload.getByLabel('حالة القيد').selectOption({ label: 'منتظم' });
  await upload.locator('input[type="file"]').setInputFiles(await writeStudentList([STUDENT]));
  await upload.getByRole('button', { name: 'رفع الملف' }).click();
  await expect(page.getByRole('region', { name: 'نتيجة الرفع' }).getByTestId('upload-added')).toHaveText(
    '1',
    {
      timeout: 30_000,
    },
  );
}

/** Chooses the faculty on studentsInfo until the choice holds and the student's row shows. */
async function showCommerce(page: Page) {
  const picker = page.getByRole('form', { name: 'اختيار الكلية' });
  const faculty = picker.getByLabel('الكلية');
  await expect(async () => {
    await faculty.selectOption(COMMERCE);
    await expect(faculty).toHaveValue(COMMERCE, { timeout: 1_000 });
    await picker.getByRole('button', { name: 'عرض الطلاب' }).click();
    await expect(page.getByRole('row').filter({ hasText: STUDENT.nationalID })).toBeVisible({
      timeout: 5_000,
    });
  }).toPass({ timeout: 60_000 });
}

test('a new season closes the old one, which stays read-only and searchable until it is deleted', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'closes the season of its own portal');
  test.setTimeout(240_000);
  await signIn(page);
  await openNextSeason(page);
  await importAgain(page);
  // Another new student, so the two seasons' figures and exports differ.
  const newcomer = await insertStudent(database(), { name: 'ياسمين طارق حلمي', college: COMMERCE });

  // studentsInfo, the new season: the imported record, with its delete action.
  await nav(page).getByRole('link', { name: 'بيانات الطلاب', exact: true }).click();
  await expect(seasonSelect(page)).toHaveValue(/.+/);
  await expect(seasonSelect(page).locator('option:checked')).toHaveText(`${NEW} (الحالي)`);
  await showCommerce(page);
  const row = page.getByRole('row').filter({ hasText: STUDENT.nationalID });
  await expect(row.getByRole('button', { name: `حذف ${STUDENT.name}` })).toBeVisible();
  await expect(page.getByTestId('students-total')).toHaveText('2');
  await expect(page.getByText(CLOSED_NOTICE)).toHaveCount(0);

  // The old season: read-only, its list, search and export still there, and kept over a reload.
  await seasonSelect(page).selectOption({ label: OLD });
  await expect(page).toHaveURL(/\?season=[0-9a-f-]{36}$/);
  await expect(page.getByText(CLOSED_NOTICE)).toBeVisible();
  await expect(page.getByTestId('students-total')).toHaveText('1');
  await expect(row).toBeVisible();
  await expect(row.getByRole('button', { name: /^حذف/ })).toHaveCount(0);
  const search = page.getByRole('search', { name: 'البحث عن طالب' });
  await search.getByLabel('نوع البحث').selectOption({ label: 'الرقم القومي' });
  await search.getByLabel('نص البحث').fill(STUDENT.nationalID);
  await search.getByRole('button', { name: 'بحث' }).click();
  await expect(page.getByRole('table', { name: /نتائج البحث: 1 طالب/ })).toBeVisible();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('region', { name: 'تنزيل البيانات' })
      .getByRole('button', { name: 'بيانات غير المكتملين', exact: true })
      .click(),
  ]);
  const exported = await sheetRows(file);
  expect(exported.filter((cells) => cells.includes(STUDENT.nationalID))).toHaveLength(1);
  expect(exported.filter((cells) => cells.includes(newcomer.nationalId))).toEqual([]);
  await page.reload();
  await expect(seasonSelect(page).locator('option:checked')).toHaveText(OLD);
  await expect(page.getByText(CLOSED_NOTICE)).toBeVisible();

  // The old record says its season and links this year's record of the same national ID.
  await showCommerce(page);
  await row.getByRole('link', { name: STUDENT.name }).click();
  await expect(page.getByRole('heading', { name: `سجل الطالب: ${STUDENT.name}` })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: CLOSED_NOTICE })).toBeVisible();
  const seasons = page.getByRole('navigation', { name: 'سجلات الطالب في الأعوام الدراسية' });
  await seasons.getByRole('link', { name: NEW }).click();
  await expect(page.getByText(`${NEW} (الحالي)`)).toBeVisible();
  await expect(page.getByText(CLOSED_NOTICE)).toHaveCount(0);

  // Statistics: each season's figures.
  await nav(page).getByRole('link', { name: 'الإحصائيات' }).click();
  await expect(page.getByTestId('all-students')).toHaveText('2');
  await seasonSelect(page).selectOption({ label: OLD });
  await expect(page.getByTestId('all-students')).toHaveText('1');
  await expect(page).toHaveURL(/\/admin\/statistics\?season=/);

  // Deleting the closed season, once its count is typed back; this year's record stays.
  await nav(page).getByRole('link', { name: 'الأعوام الدراسية' }).click();
  await seasonRow(page, OLD)
    .getByRole('button', { name: `حذف العام الدراسي ${OLD}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `حذف العام الدراسي ${OLD}؟` });
  await expect(dialog).toContainText('وعددهم 1');
  const confirm = dialog.getByRole('button', { name: 'حذف العام الدراسي نهائيًا' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('اكتب عدد الطلاب (1) للتأكيد').fill('2');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('اكتب عدد الطلاب (1) للتأكيد').fill('1');
  await confirm.click();
  await expect(page.getByText('تم حذف العام الدراسي وكل بيانات طلابه وصورهم')).toBeVisible();
  await expect(seasonRow(page, OLD)).toHaveCount(0);
  const { rows } = await database().query<{ season: string }>(
    `SELECT a.name AS season FROM students s JOIN admission_seasons a ON a.id = s.season_id
     WHERE s.national_id = $1`,
    [STUDENT.nationalID],
  );
  expect(rows).toEqual([{ season: NEW }]);
});
