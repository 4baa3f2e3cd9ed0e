import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type Browser, expect, type Page, test } from '@playwright/test';
import ICAL from 'ical.js';
import { COMPLETE_DATA_FIELDS, SOCIAL_WORK_FAMILY } from '../../api/test/complete-data-fields.js';
import { gradientPng, IMAGE_LABELS } from '../complete-data-form.js';
import { connectPortalDb } from '../portal-db.js';
import { freshDataDir, type PortalServer, startPortal } from '../portal-server.js';
import { sheetRows } from '../spreadsheets.js';

// Issue 18's "done when", on a portal of its own: the demo social admin publishes a slot, a complete social-work
// student books it and saves it to a calendar (the .ics read with ical.js), the committee records attendance and
// the six scores, and the scores come back in the printed final personal-test form and in the outcomes export.
const ROOT = { userName: 'rootadmin', password: 'Root12345' };
const SOCIAL = { userName: 'social', password: 'Demo1234' };
const SOCIAL_WORK = 'كلية الخدمة الاجتماعية';
const TIME_ZONE = 'Africa/Cairo';
const WEEKEND = [5, 6];
const PLACE = 'قاعة 3، الدور الثاني';
const NOTES = 'حوار جيد وثقة بالنفس';
const STUDENT = {
  name: 'هالة مصطفى كمال عبد الرحمن',
  nationalId: `3${String(randomInt(10 ** 12, 10 ** 13))}`,
};
/**
 * The six criteria as the outcome form labels them, each with its maximum on the form and a score that none of
 * the maxima (10, 15, 20) repeats.
 */
const SCORES = [
  { key: 'appearance', max: 10, label: 'المظهر العام', score: 8 },
  { key: 'expression', max: 20, label: 'التعبير والحوار', score: 17 },
  { key: 'culture', max: 15, label: 'الثقافة العامة والقضايا الاجتماعية', score: 12 },
  { key: 'motivation', max: 20, label: 'الدافعية للعمل الاجتماعي', score: 18 },
  { key: 'balance', max: 15, label: 'الاتزان الانفعالي والثقة بالنفس', score: 13 },
  { key: 'communication', max: 20, label: 'التواصل والعلاقات الإنسانية', score: 16 },
] as const;
const TOTAL = SCORES.reduce((sum, { score }) => sum + score, 0);
/** dayjs's Arabic month names, as the calendar labels its day buttons ('17 سبتمبر 2026'). */
const MONTHS = 'يناير_فبراير_مارس_أبريل_مايو_يونيو_يوليو_أغسطس_سبتمبر_أكتوبر_نوفمبر_ديسمبر'.split('_');

/** `YYYY-MM-DD` of today in the university's time zone. */
function universityToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
}
function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
/** The first interview day at least three days ahead: well outside the 24-hour rule for booking. */
function interviewDay(): string {
  let day = addDays(universityToday(), 3);
  while (WEEKEND.includes(new Date(`${day}T12:00:00Z`).getUTCDay())) day = addDays(day, 1);
  return day;
}
const shown = (date: string) => date.split('-').reverse().join('/');

/** Opens the screen's day picker, moves to the day's month from the one the picker shows, and clicks the day. */
async function pickDay(page: Page, date: string) {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const picker = page.getByLabel('التاريخ', { exact: true });
  const [, shownMonth, shownYear] = ((await picker.textContent()) ?? '').trim().split('/').map(Number) as [
    number,
    number,
    number,
  ];
  await picker.click();
  for (let months = (year - shownYear) * 12 + (month - shownMonth); months > 0; months--)
    await page.getByLabel('الشهر التالي').click();
  await page.getByRole('button', { name: `${day} ${MONTHS[month - 1]} ${year}`, exact: true }).click();
  await expect(picker).toHaveText(shown(date));
}

/** The text of a PDF as poppler reads it, without the direction marks it adds around right-to-left runs. */
function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', '-layout', '-', '-'], {
    input: pdf,
    stdio: ['pipe', 'pipe', 'ignore'],
  })
    .toString('utf8')
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'ar-EG' });
  return context.newPage();
}

test.describe('interviews', () => {
  let server: PortalServer | undefined;
  let studentId = '';
  const url = (pathname: string) => {
    if (!server) throw new Error('the portal has not started');
    return `${server.url}/stAdmission${pathname}`;
  };
  const api = (pathname: string) => {
    if (!server) throw new Error('the portal has not started');
    return `${server.url}/api/v1${pathname}`;
  };

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
      // A social-work student who passed the charter quiz and answered the questionnaire; the data comes later,
      // through the real call.
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO students (national_id, name, seat_no, college_id, enrollment_status, is_passed,
           is_completed_additional_questions)
         SELECT $1, $2, '200400', id, 'regular', true, true FROM colleges WHERE name = $3
         RETURNING id`,
        [STUDENT.nationalId, STUDENT.name, SOCIAL_WORK],
      );
      studentId = String(rows[0]?.id);
    } finally {
      await db.end();
    }
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

  test('publish a slot, book it, save it to a calendar, record the outcome: in the printed form and the export', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const day = interviewDay();
    const staff = await newPage(browser);
    const student = await newPage(browser);

    // The student logs in and completes the data (social work: the family too) through the real multipart call.
    await student.goto(url('/'));
    await student.getByLabel('الرقم القومي').fill(STUDENT.nationalId);
    await student.getByRole('button', { name: 'دخول' }).click();
    await expect(student).toHaveURL(/\/dashboard\/studentDataView$/);
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...COMPLETE_DATA_FIELDS, ...SOCIAL_WORK_FAMILY }))
      form.append(name, value);
    for (const kind of Object.keys(IMAGE_LABELS)) {
      const bytes = gradientPng(320, 200, [kind.length * 20, 40, 90]);
      form.append('photos', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `${kind}.png__${kind}`);
    }
    const saved = await student.request.patch(api(`/students/completeStudentData/${studentId}`), {
      multipart: form,
    });
    expect(saved.status(), await saved.text()).toBe(200);

    // The social admin publishes a slot of five places on the interview day.
    await staff.goto(url('/admin/login'));
    await staff.getByLabel('اسم المستخدم').fill(SOCIAL.userName);
    await staff.getByLabel('كلمة المرور', { exact: true }).fill(SOCIAL.password);
    await staff.getByRole('button', { name: 'دخول' }).click();
    await expect(staff).toHaveURL(/\/admin\/schedule$/);
    await pickDay(staff, day);
    const publish = staff.getByRole('form', { name: /^نشر موعد يوم/ });
    await publish.getByLabel('الفترة').selectOption('9');
    await publish.getByLabel('عدد الأماكن').fill('5');
    await publish.getByLabel('المكان').fill(PLACE);
    await publish.getByRole('button', { name: 'نشر الموعد' }).click();
    await expect(publish.getByRole('status')).toBeVisible();
    const slot = staff.getByRole('listitem').filter({ hasText: PLACE });
    await expect(slot).toContainText(shown(day));
    await expect(slot).toContainText('متاح للحجز');

    // The student sees it with its free places and books it.
    await student.goto(url('/dashboard/studentAppointment'));
    const choices = student.getByRole('region', { name: 'المواعيد المتاحة للحجز' });
    const choice = choices.getByRole('listitem').filter({ hasText: PLACE });
    await expect(choice).toContainText(shown(day));
    await expect(choice).toContainText('الأماكن المتاحة: 5');
    await choice.getByRole('button', { name: 'حجز هذا الموعد' }).click();
    await expect(student.getByRole('row', { name: `التاريخ ${shown(day)}` })).toBeVisible();
    await expect(student.getByRole('row', { name: 'الفترة الفترة الصباحية (9:00)' })).toBeVisible();
    await expect(student.getByRole('row', { name: `المكان ${PLACE}` })).toBeVisible();
    await expect(student.getByRole('region', { name: 'تغيير الموعد أو إلغاؤه' })).toBeVisible();

    // The calendar file: one event at 9:00 on the university's clock, at the place, with an alarm a day before.
    const downloading = student.waitForEvent('download');
    await student.getByRole('link', { name: 'إضافة الموعد إلى التقويم (ملف ics)' }).click();
    const ics = await readFile(String(await (await downloading).path()), 'utf8');
    const calendar = new ICAL.Component(ICAL.parse(ics));
    const vevent = calendar.getFirstSubcomponent('vevent');
    if (!vevent) throw new Error(`no event in the calendar file:\n${ics}`);
    const event = new ICAL.Event(vevent);
    expect(event.location).toBe(PLACE);
    expect(ics).toMatch(new RegExp(`^DTSTART:${day.replaceAll('-', '')}T\\d{6}Z\\r?$`, 'm'));
    const start = event.startDate.toJSDate();
    const cairo = new Intl.DateTimeFormat('en-CA', {
      timeZone: TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(start);
    expect(cairo).toBe(`${day}, 09:00`);
    const alarm = vevent.getFirstSubcomponent('valarm');
    if (!alarm) throw new Error(`no alarm in the calendar file:\n${ics}`);
    const trigger = alarm.getFirstPropertyValue('trigger');
    expect(trigger instanceof ICAL.Duration ? trigger.toSeconds() : trigger).toBe(-24 * 60 * 60);

    // The booking counts on the schedule screen.
    await staff.reload();
    await pickDay(staff, day);
    await expect(staff.getByRole('listitem').filter({ hasText: PLACE })).toContainText('المحجوز1');

    // The committee: the day's list, present, the six scores, suitable.
    await staff.goto(url('/admin/interviews'));
    await expect(staff.getByRole('heading', { name: 'المقابلات الشخصية' })).toBeVisible();
    await pickDay(staff, day);
    const row = staff.getByRole('listitem').filter({ hasText: STUDENT.nationalId });
    await expect(row).toContainText(PLACE);
    await expect(row).toContainText('حجز الطالب');
    await row.getByRole('button', { name: 'تسجيل النتيجة' }).click();
    const outcome = staff.getByRole('form', { name: `نتيجة ${STUDENT.name}` });
    await outcome.getByRole('radio', { name: 'حضر', exact: true }).check();
    for (const { label, score } of SCORES) await outcome.getByLabel(label).fill(String(score));
    await expect(outcome.getByTestId('live-total')).toContainText(`${TOTAL} من 100`);
    await outcome.getByRole('radio', { name: 'لائق', exact: true }).check();
    await outcome.getByLabel('ملاحظات اللجنة').fill(NOTES);
    await outcome.getByRole('button', { name: 'حفظ النتيجة' }).click();
    await expect(outcome).toHaveCount(0);
    await expect(row).toContainText(`${TOTAL} من 100`);
    await expect(row.getByRole('button', { name: 'تصحيح النتيجة' })).toBeVisible();
    await expect(staff.getByTestId('day-attended')).toHaveText('1');
    await expect(staff.getByTestId('day-suitable')).toHaveText('1');

    // The printed final personal-test form, as the student downloads it: the scores and the total.
    const pdf = await student.request.get(api(`/students/getFinalPersonalTestForm/${studentId}`));
    expect(pdf.status()).toBe(200);
    const body = await pdf.body();
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(body);
    // Each criterion's row reads 'score  max  label' (poppler's layout, the page being right to left).
    for (const { score, max } of SCORES) expect(text).toMatch(new RegExp(`^\\s*${score}\\s+${max}\\s`, 'm'));
    expect(text).toMatch(new RegExp(`^\\s*${TOTAL}\\s+100\\s+المجموع`, 'm'));
    expect(text).toContain(NOTES);
    expect(text).toContain(shown(day));

    // The outcomes export: one row for the student, with the six scores and the total.
    const [file] = await Promise.all([
      staff.waitForEvent('download'),
      staff.getByRole('button', { name: 'تصدير النتائج (Excel)' }).click(),
    ]);
    const rows = await sheetRows(file);
    const header = rows[0] ?? [];
    const line = rows.find((cells) => cells.includes(STUDENT.nationalId));
    if (!line) throw new Error(`no row for the student in the export:\n${JSON.stringify(rows)}`);
    const cell = (heading: string) => line[header.findIndex((name) => name.startsWith(heading))];
    for (const { label, score } of SCORES) expect(cell(label)).toBe(String(score));
    expect(cell('المجموع')).toBe(String(TOTAL));
    expect(cell('المكان')).toBe(PLACE);
    expect(cell('القرار')).toBe('لائق');
  });
});
