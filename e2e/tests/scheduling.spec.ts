import { execFile } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type Page, test } from '@playwright/test';
import { connectPortalDb } from '../portal-db.js';
import { freshDataDir, type PortalServer, startPortal } from '../portal-server.js';

// Interview scheduling from end to end: the social admin signs in, lands on the schedule screen, schedules three
// students for the next working day's morning, sees the counts change, prints the list (the PDF is read back
// as text and turned into a picture), and one of the students then sees the appointment. Its own portal: the
// demo SOCIAL_ADMIN ('social') and a known super admin.
const run = promisify(execFile);
const ROOT = { userName: 'rootadmin', password: 'Root12345' };
const SOCIAL = { userName: 'social', password: 'Demo1234' };
const SOCIAL_WORK = 'كلية الخدمة الاجتماعية';
const TIME_ZONE = 'Africa/Cairo';
const WEEKEND = [5, 6];
/** dayjs's Arabic month names, as the calendar labels its day buttons ('17 سبتمبر 2026'). */
const MONTHS = 'يناير_فبراير_مارس_أبريل_مايو_يونيو_يوليو_أغسطس_سبتمبر_أكتوبر_نوفمبر_ديسمبر'.split('_');

/** Waiting students in order of completing their data; the first three are the ones to be appointed. */
const STUDENTS = [
  { name: 'يوسف سامح عادل منصور', minutes: 0 },
  { name: 'أمل حسن فريد عبد الله', minutes: 5 },
  { name: 'منة الله طارق سعيد', minutes: 10 },
  { name: 'باسم ماهر لطفي حجازي', minutes: 15 },
  { name: 'سلوى عماد نبيل السيد', minutes: 20 },
].map((student, i) => ({
  ...student,
  nationalId: `2${String(randomInt(0, 10 ** 11)).padStart(11, '0')}${i}1`,
  phone: `0111${String(randomInt(0, 10 ** 6)).padStart(6, '0')}${i}`,
}));

type Student = (typeof STUDENTS)[number];

let server: PortalServer | undefined;

function url(pathname: string): string {
  if (!server) throw new Error('the portal has not started');
  return `${server.url}/stAdmission${pathname}`;
}

/** `YYYY-MM-DD` of today in the university's time zone. */
function universityToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
}
function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
/** The next day after today on which interviews are held. */
function nextWorkingDay(): string {
  let day = addDays(universityToday(), 1);
  while (WEEKEND.includes(new Date(`${day}T12:00:00Z`).getUTCDay())) day = addDays(day, 1);
  return day;
}
const shown = (date: string) => date.split('-').reverse().join('/');

async function signIn(page: Page, account: { userName: string; password: string }) {
  await page.goto(url('/admin/login'));
  await page.getByLabel('اسم المستخدم').fill(account.userName);
  await page.getByLabel('كلمة المرور', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'دخول' }).click();
}

/** Opens the day picker and clicks the day, moving to the next month first when it is there. */
async function pickDay(page: Page, date: string, screenshot?: string) {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  await page.getByLabel('التاريخ', { exact: true }).click();
  const dayButton = page.getByRole('button', { name: `${day} ${MONTHS[month - 1]} ${year}`, exact: true });
  if (date.slice(0, 7) !== universityToday().slice(0, 7)) await page.getByLabel('الشهر التالي').click();
  await expect(dayButton).toBeVisible();
  if (screenshot) await page.screenshot({ path: `screenshots/${screenshot}.png` });
  await dayButton.click();
  await expect(page.getByLabel('التاريخ', { exact: true })).toHaveText(shown(date));
}

async function snap(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  // The success notice (2 s) would cover part of the screen.
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: true });
}

// biome-ignore lint/correctness/noEmptyPattern: Playwright hooks take their fixtures by destructuring.
test.beforeAll(async ({}, testInfo) => {
  if (testInfo.project.name !== 'desktop') return;
  testInfo.setTimeout(120_000);
  server = await startPortal(await freshDataDir(), {
    SUPERADMIN_USERNAME: ROOT.userName,
    SUPERADMIN_PASSWORD: ROOT.password,
    DEMO_DATA: '1',
  });
  const db = await connectPortalDb(server.dataDir);
  try {
    // Complete social-work students who passed the charter quiz and answered the questionnaire, so that a
    // student's login leads to the data screen.
    for (const student of STUDENTS)
      await db.query(
        `INSERT INTO students (national_id, name, seat_no, phone_number, college_id, enrollment_status,
           is_complete, completed_at, is_passed, is_completed_additional_questions)
         SELECT $1, $2, '200300', $3, id, 'regular', true, now() - interval '2 days' + make_interval(mins => $4),
           true, true
         FROM colleges WHERE name = $5`,
        [student.nationalId, student.name, student.phone, student.minutes, SOCIAL_WORK],
      );
  } finally {
    await db.end();
  }
});

test.afterAll(async () => {
  await server?.stop();
});

test('a social admin schedules three students, prints the list, and a student sees the appointment', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run is enough: it changes the data of its own portal');
  test.setTimeout(120_000);
  const day = nextWorkingDay();
  const appointed = STUDENTS.slice(0, 3);
  const waiting = page.getByTestId('students-waiting');
  const morning = page.getByTestId('students-9');
  const evening = page.getByTestId('students-12');

  // Signs in and lands on the schedule (spec section 4), on today's counts.
  await signIn(page, SOCIAL);
  await expect(page).toHaveURL(/\/admin\/schedule$/);
  await expect(page.getByRole('heading', { name: 'جدولة الاختبار الشخصي' })).toBeVisible();
  await expect(page.getByLabel('التاريخ', { exact: true })).toHaveText(shown(universityToday()));
  await expect(waiting).toHaveText('5');

  // The number of students is required.
  await pickDay(page, day, 'desktop-admin-schedule-picker');
  await expect(morning).toHaveText('0');
  await expect(evening).toHaveText('0');
  await page.getByRole('button', { name: 'جدولة' }).click();
  await expect(page.getByText('يجب إدخال عدد الطلاب')).toBeVisible();
  await snap(page, 'desktop-admin-schedule-required');

  // Printing an empty day is refused with the spec's message.
  const printForm = page.getByRole('form', { name: 'طباعة كشف المواعيد' });
  await printForm.getByRole('button', { name: 'طباعة' }).click();
  await expect(printForm.getByText('لا يوجد طلاب مجدولين في هذا اليوم')).toBeVisible();

  // Three students in the morning: the counts change at once.
  const appointForm = page.getByRole('form', { name: 'تحديد مواعيد' });
  await appointForm.getByLabel('الفترة').selectOption('9');
  await appointForm.getByLabel('عدد الطلاب').fill('3');
  await appointForm.getByRole('button', { name: 'جدولة' }).click();
  const message = `تمت جدولة 3 طلاب يوم ${shown(day)} في الفترة الصباحية (9:00)`;
  await expect(appointForm.getByRole('status')).toHaveText(message);
  await expect(morning).toHaveText('3');
  await expect(evening).toHaveText('0');
  await expect(waiting).toHaveText('2');
  await expect(printForm.getByText('لا يوجد طلاب مجدولين في هذا اليوم')).toHaveCount(0);
  await snap(page, 'desktop-admin-schedule');

  // The evening has nobody: refused, naming the period.
  await printForm.getByLabel('فترة الكشف').selectOption('12');
  await printForm.getByRole('button', { name: 'طباعة' }).click();
  await expect(
    printForm.getByText('لا يوجد طلاب مجدولين في الفترة المسائية (12:00) من هذا اليوم'),
  ).toBeVisible();

  // The morning list opens in a new tab: a PDF, read back as text and as a picture. The tab opens in the click and
  // goes to a print link made for this day and period: the staff session token is never in it (issue 33).
  await printForm.getByLabel('فترة الكشف').selectOption('9');
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    printForm.getByRole('button', { name: 'طباعة' }).click(),
  ]);
  await popup.waitForURL(/\/exportsAppointedStudents\//, { waitUntil: 'commit' });
  const printLink = popup.url();
  await popup.close();
  expect(printLink).toContain(`/api/v1/users/exportsAppointedStudents/${day}/9/`);
  const staffToken = (await page.context().cookies()).find((cookie) => cookie.name === 'token')?.value;
  expect(staffToken).toBeTruthy();
  expect(printLink).not.toContain(staffToken);
  // The same print link is refused for the evening, in Arabic.
  const otherPeriod = await page.request.get(printLink.replace(`/${day}/9/`, `/${day}/12/`));
  expect(otherPeriod.status()).toBe(403);
  expect((await otherPeriod.json()).message).toBe(
    'رابط الطباعة هذا خاص بيوم أو فترة أخرى، اطبع الكشف المطلوب من صفحة الجدولة',
  );
  const pdf = await page.request.get(printLink);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  const pdfFile = testInfo.outputPath('schedule-list.pdf');
  await mkdir(path.dirname(pdfFile), { recursive: true });
  await writeFile(pdfFile, await pdf.body());
  const { stdout: text } = await run('pdftotext', ['-layout', pdfFile, '-']);
  await writeFile(testInfo.outputPath('schedule-list.txt'), text);
  // One row per appointed student, sorted by name: أمل, منة الله, يوسف; nobody else.
  const inPrintOrder = STUDENTS.map((s) => s.nationalId)
    .filter((id) => text.includes(id))
    .sort((a, b) => text.indexOf(a) - text.indexOf(b));
  const [first, second, third] = appointed as [Student, Student, Student];
  expect(inPrintOrder).toEqual([second.nationalId, third.nationalId, first.nationalId]);
  for (const student of appointed) expect(text).toContain(student.phone);
  expect(text).toContain(shown(day));
  expect(text).toContain('9:00');
  await run('pdftoppm', [
    '-png',
    '-r',
    '70',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    pdfFile,
    'screenshots/desktop-admin-schedule-print',
  ]);

  // The same screen at phone width.
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'phone-admin-schedule');
  await page.setViewportSize({ width: 1280, height: 800 });

  // A foreign or broken token in the print link is refused, in Arabic.
  const forged = await page.request.get(printLink.replace(/\/[^/]+$/, '/not.a.token'));
  expect(forged.status()).toBe(401);
  expect((await forged.json()).status).toBe('error');

  // One of the students logs in and sees the appointment: on the data screen and on the appointment screen.
  await page.context().clearCookies();
  const student = appointed[1] as Student;
  await page.goto(url('/'));
  await page.getByLabel('الرقم القومي').fill(student.nationalId);
  await page.getByRole('button', { name: 'دخول' }).click();
  await expect(page).toHaveURL(/\/dashboard\/studentDataView$/);
  await expect(page.getByText(`${shown(day)} - الفترة الصباحية (9:00)`)).toBeVisible();
  await page
    .getByRole('link', { name: 'موعد الاختبار الشخصي', exact: true })
    .or(page.getByRole('button', { name: 'موعد الاختبار الشخصي' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/dashboard\/studentAppointment$/);
  await expect(page.getByText(shown(day))).toBeVisible();
  await expect(page.getByText('الفترة الصباحية (9:00)')).toBeVisible();
  await page.screenshot({ path: 'screenshots/desktop-student-appointment-scheduled.png', fullPage: true });
});
