import { expect, type Locator, type Page } from '@playwright/test';
import { formatDeadline } from '@portal/common';

// A college's data deadline as the super admin sets it on the college settings screen (issue 17): a day in the
// calendar and a time, on the university's clock.

/** The portal's default UNIVERSITY_TIMEZONE, which the test portals keep. */
export const UNIVERSITY_TIME_ZONE = 'Africa/Cairo';

/** dayjs's Arabic month names, as the calendar labels its day buttons ('28 نوفمبر 2026'). */
const MONTHS = 'يناير_فبراير_مارس_أبريل_مايو_يونيو_يوليو_أغسطس_سبتمبر_أكتوبر_نوفمبر_ديسمبر'.split('_');

/** Today's date (YYYY-MM-DD) on the university's clock, moved by `days`. */
export function universityDay(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: UNIVERSITY_TIME_ZONE }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The university's offset from UTC on a day ('+02:00', or '+03:00' in summer time). */
function universityOffset(day: string): string {
  const name = new Intl.DateTimeFormat('en-US', {
    timeZone: UNIVERSITY_TIME_ZONE,
    timeZoneName: 'longOffset',
  })
    .formatToParts(new Date(`${day}T12:00:00Z`))
    .find((part) => part.type === 'timeZoneName')?.value;
  return name === 'GMT' ? '+00:00' : String(name).replace('GMT', '');
}

/** A college's card on the settings screen. */
export const collegeCard = (page: Page, college: string) =>
  page.getByRole('list', { name: 'الكليات' }).getByRole('listitem', { name: college });

/** Opens the deadline dialog of a college's card. */
export async function openDeadlineDialog(page: Page, college: string): Promise<Locator> {
  await collegeCard(page, college)
    .getByRole('button', { name: /^(تحديد|تعديل) الموعد$/ })
    .click();
  const dialog = page.getByRole('dialog', { name: `آخر موعد لاستكمال البيانات: ${college}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * Sets a college's deadline to 23:59 on `day` (YYYY-MM-DD) through its dialog: the day picked in the calendar,
 * moved to its month first. The card then shows that instant; answers it (ISO, UTC).
 */
export async function setCollegeDeadline(page: Page, college: string, day: string): Promise<string> {
  const dialog = await openDeadlineDialog(page, college);
  await dialog.getByLabel('اليوم', { exact: true }).click();
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const shown = String(await page.getByRole('button', { name: 'اختيار الشهر' }).textContent());
  const shownYear = Number(/\d{4}/.exec(shown)?.[0]);
  const shownMonth = MONTHS.findIndex((name) => shown.includes(name)) + 1;
  const months = year * 12 + month - (shownYear * 12 + shownMonth);
  for (let moves = 0; moves < Math.abs(months); moves++)
    await page.getByLabel(months > 0 ? 'الشهر التالي' : 'الشهر السابق').click();
  await page.getByRole('button', { name: `${date} ${MONTHS[month - 1]} ${year}`, exact: true }).click();
  await dialog.getByLabel('الساعة').fill('23:59');
  await dialog.getByRole('button', { name: 'حفظ الموعد' }).click();
  await expect(dialog).toHaveCount(0);
  const instant = new Date(`${day}T23:59:00${universityOffset(day)}`).toISOString();
  const card = collegeCard(page, college);
  await expect(card.locator('time')).toHaveAttribute('datetime', instant);
  await expect(card).toContainText(
    `آخر موعد لاستكمال البيانات: ${formatDeadline(instant, UNIVERSITY_TIME_ZONE)}`,
  );
  return instant;
}
