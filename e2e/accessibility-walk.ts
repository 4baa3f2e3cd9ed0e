import { randomInt } from 'node:crypto';
import type { Page, TestInfo } from '@playwright/test';
import { COMPLETE_DATA_FIELDS } from '../api/test/complete-data-fields.js';
import { gradientPng, IMAGE_LABELS } from './complete-data-form.js';
import { expect, type NewStudent } from './fixtures.js';
import { PORTAL } from './student-steps.js';

// Issue 10 item 4: axe-core (WCAG 2.0/2.1 A and AA, plus best practice) on every student and staff screen, with
// its error states and every dialog open, at phone and desktop width. No rule is switched off. Each feature's walk
// sits beside its feature spec (`<feature>.accessibility.spec.ts` where that spec starts a portal of its own);
// the steps they share are here. The walks run on the shared portal of global-setup.ts.

const DEMO_PASSWORD = 'Demo1234';

/** A picture for a person to look at: screenshots/<project>-a11y-<name>.png. */
export async function snap(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: `screenshots/${info.project.name}-a11y-${name}.png` });
}

export async function logIn(page: Page, nationalId: string) {
  await page.context().clearCookies();
  await page.goto(`${PORTAL}/`);
  await page.getByLabel('الرقم القومي').fill(nationalId);
  await page.getByRole('button', { name: 'دخول' }).click();
}

/** What a successful complete-data submit stores of the flags, without going through the form. */
export async function markComplete(db: import('pg').Client, student: NewStudent) {
  await db.query(
    `UPDATE students SET is_complete = true, completed_at = now(), phone_number = '01012345678'
     WHERE id = $1`,
    [student.id],
  );
}

export interface StaffAccount {
  userName: string;
  password: string;
}

/** A super admin of this test only: a copy of the demo support account (same password) with the top role. */
export async function createSuperAdmin(db: import('pg').Client): Promise<StaffAccount> {
  const userName = `a11yroot${randomInt(10 ** 8, 10 ** 9)}`;
  await db.query(
    `INSERT INTO staff_users (name, user_name, phone_number, role, password_hash, password_changed)
     SELECT 'مدير فحص الإتاحة', $1, '01099990000', 'SUPERADMIN', password_hash, true
     FROM staff_users WHERE user_name = 'support'`,
    [userName],
  );
  return { userName, password: DEMO_PASSWORD };
}

export async function signIn(page: Page, account: StaffAccount) {
  await page.context().clearCookies();
  await page.goto(`${PORTAL}/admin/login`);
  await page.getByLabel('اسم المستخدم').fill(account.userName);
  await page.getByLabel('كلمة المرور', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'دخول' }).click();
  await expect(page).not.toHaveURL(/\/admin\/login$/);
}

/** Completes a logged-in student's data with six small real PNGs through the real multipart call. */
export async function completeThroughApi(page: Page, student: NewStudent) {
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

/** dayjs's Arabic month names, as the schedule calendar labels its day buttons ('17 سبتمبر 2026'). */
const MONTHS = 'يناير_فبراير_مارس_أبريل_مايو_يونيو_يوليو_أغسطس_سبتمبر_أكتوبر_نوفمبر_ديسمبر'.split('_');

/** The first day at least three days ahead (university time zone) that is not the weekend (Friday, Saturday). */
export function bookableDay(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  for (let ahead = 3; ; ahead++) {
    const day = new Date(Date.UTC(y, m - 1, d + ahead));
    if (![5, 6].includes(day.getUTCDay())) return day.toISOString().slice(0, 10);
  }
}

/** Opens the screen's day picker, moves from the month it shows to the day's, and clicks the day. */
export async function pickDay(page: Page, date: string) {
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
