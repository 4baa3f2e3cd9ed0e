import { randomInt } from 'node:crypto';
import type { Page, TestInfo } from '@playwright/test';
import { expectAccessible } from '../expect-accessible.js';
import { expect, test } from '../fixtures.js';

// Issue 36 end to end on the shared portal: a faculty ADMIN opens the admission funnel, follows the "blocked at
// documents" count to the list of exactly those students, and from there prepares a staff message whose preview
// counts the same students. Each project works on a faculty no other spec touches, with an ADMIN of its own made
// straight in the database (a copy of the demo support account's password), so the two never disturb each other.
const PORTAL = '/stAdmission';
const DEMO_PASSWORD = 'Demo1234';
const FACULTY: Record<string, string> = { phone: 'كلية الطب البيطري', desktop: 'كلية الزراعة' };
const BLOCKED = 'متوقفون (مطلوب إجراء)';
const DOCUMENTS_STEP = 'مراجعة المستندات';

async function snap(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: `screenshots/${info.project.name}-funnel-${name}.png`, fullPage: true });
}

test('a faculty ADMIN goes from the funnel to the blocked students and a message to them', async ({
  page,
  db,
}, info) => {
  const faculty = FACULTY[info.project.name] ?? 'كلية الزراعة';
  const userName = `funnel${randomInt(10 ** 8, 10 ** 9)}`;
  await db.query(
    `INSERT INTO staff_users (name, user_name, phone_number, role, college_id, password_hash, password_changed)
     SELECT 'مسؤول مسار القبول', $1, '01099990036', 'ADMIN', c.id, s.password_hash, true
     FROM staff_users s, colleges c WHERE s.user_name = 'support' AND c.name = $2`,
    [userName, faculty],
  );
  // A few students at each place of the tracker: not passed the charter, waiting for review, refused documents.
  const prefix = `3${randomInt(10 ** 5, 10 ** 6)}`;
  await db.query(
    `INSERT INTO students (national_id, name, seat_no, phone_number, email, college_id, enrollment_status,
       is_passed, is_completed_additional_questions, is_complete, completed_at, documents_status)
     SELECT $1 || lpad(n::text, 8, '0'), 'طالب المسار ' || n, '123456', '0100' || lpad(n::text, 7, '0'),
       CASE WHEN n % 2 = 0 THEN 'funnel' || n || '@example.com' END, c.id, 'regular',
       n > 2, n > 2, n > 2, CASE WHEN n > 2 THEN now() END,
       CASE WHEN n > 5 THEN 'needsReupload' WHEN n > 2 THEN 'pending' ELSE 'none' END
     FROM generate_series(1, 9) AS n, colleges c WHERE c.name = $2`,
    [prefix, faculty],
  );
  const { rows } = await db.query<{ blocked: number }>(
    `SELECT count(*)::int AS blocked FROM students s JOIN colleges c ON c.id = s.college_id
     WHERE c.name = $1 AND s.documents_status = 'needsReupload'
       AND s.season_id = admission_current_season()`,
    [faculty],
  );
  const blocked = rows[0]?.blocked ?? -1;
  expect(blocked).toBeGreaterThanOrEqual(4);

  await page.goto(`${PORTAL}/admin/login`);
  await page.getByLabel('اسم المستخدم').fill(userName);
  await page.getByLabel('كلمة المرور', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'دخول' }).click();
  await expect(page).toHaveURL(/\/admin\/studentsInfo$/);

  // The navigation names the funnel; phones reach it through the menu.
  if (info.project.name === 'phone') await page.getByRole('button', { name: 'فتح قائمة المسؤول' }).click();
  await page.getByRole('link', { name: 'مسار القبول' }).last().click();
  await expect(page).toHaveURL(/\/admin\/funnel$/);
  await expect(page.getByRole('heading', { name: 'مسار القبول', level: 2 })).toBeVisible();
  const count = page.getByRole('link', { name: `${blocked} ${BLOCKED}: ${DOCUMENTS_STEP}، ${faculty}` });
  await expect(count).toHaveText(String(blocked));
  await expect(page.getByRole('img').or(page.locator('.recharts-surface')).first()).toBeVisible();
  await expectAccessible(page, 'the admission funnel');
  await snap(page, info, 'screen');

  await count.click();
  await expect(page).toHaveURL(/\/admin\/studentsInfo\?.*step=documents&state=blocked/);
  await expect(page.getByRole('region', { name: 'خطوة المتابعة' })).toContainText(DOCUMENTS_STEP);
  const table = page.getByRole('table');
  await expect(table.getByRole('caption')).toContainText(`من ${blocked} `);
  await expect(table.locator('tbody tr')).toHaveCount(blocked);
  await expectAccessible(page, 'the student list filtered to a funnel count');
  await snap(page, info, 'list');

  await page.getByRole('link', { name: 'إرسال رسالة إلى هؤلاء الطلاب' }).click();
  await expect(page).toHaveURL(/\/admin\/notifications\?.*step=documents&state=blocked/);
  await expect(page.getByRole('radio', { name: new RegExp(DOCUMENTS_STEP) })).toBeChecked();
  await expect(page.getByTestId('preview-students')).toHaveText(String(blocked));
  await snap(page, info, 'message');
});
