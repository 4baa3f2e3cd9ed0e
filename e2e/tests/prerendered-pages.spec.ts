import type { Page } from '@playwright/test';
import { MESSAGES } from '@portal/common';
import { expect, test } from '../fixtures.js';

// The login screen comes prerendered in the page and works as a plain form post before any script has arrived
// (issue 10, slow network): a student on a slow connection can log in without waiting for the web app, and the
// web app, when it arrives, takes the same form over without losing what was typed. Each student screen comes
// prerendered too, as it opens (its heading over a spinner), and the web app takes that over the same way.

const PORTAL = '/stAdmission';
const ENTRY_SCRIPT = '**/stAdmission/assets/index-*.js';

test.describe('the pages before any script', () => {
  test.use({ javaScriptEnabled: false });

  test('logs the student in with Arabic-Indic digits and opens the first screen', async ({
    page,
    context,
    createStudent,
  }) => {
    const student = await createStudent();
    await page.goto(`${PORTAL}/`);
    const typed = student.nationalId.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));
    await page.getByLabel('الرقم القومي').fill(typed);
    await page.getByRole('button', { name: 'دخول' }).click();
    await expect(page).toHaveURL(`${PORTAL}/dashboard/documentDownloadPage`);
    const cookies = Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, cookie]));
    expect(cookies.studentSession?.httpOnly).toBe(true);
    expect(cookies.nationalID?.value).toBe(student.nationalId);
    expect(cookies.id?.value).toBe(student.id);
  });

  test('sends an unknown national ID back with the Arabic reason under the field', async ({
    page,
    context,
  }) => {
    await page.goto(`${PORTAL}/`);
    await page.getByLabel('الرقم القومي').fill('29912319999999');
    await page.getByRole('button', { name: 'دخول' }).click();
    await expect(page).toHaveURL(`${PORTAL}/?loginError=notRegistered`);
    await expect(page.getByText(MESSAGES.studentNotRegistered)).toBeVisible();
    await expect(page.getByLabel('الرقم القومي')).toHaveAttribute('aria-invalid', 'true');
    expect(await context.cookies()).toEqual([]);
  });

  test("shows a student screen's heading over a spinner", async ({ page }) => {
    await page.goto(`${PORTAL}/dashboard/studentDataView`);
    await expect(page.getByRole('heading', { level: 2, name: 'بيانات الطالب' })).toBeVisible();
    await expect(page.getByRole('status', { name: MESSAGES.loading })).toBeVisible();
  });
});

/** Holds the web app's entry script back until the returned function is called, as a slow connection would. */
async function holdEntryScript(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(ENTRY_SCRIPT, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

function hydrationWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  return warnings;
}

test('the web app takes the prerendered form over with what was typed, and logs in with it', async ({
  page,
  createStudent,
}) => {
  const student = await createStudent({ isPassed: true, completedQuestions: true });
  const warnings = hydrationWarnings(page);
  // The entry script arrives late, as on a slow connection, so the student types into the prerendered form first.
  const releaseScript = await holdEntryScript(page);
  await page.goto(`${PORTAL}/`, { waitUntil: 'commit' });
  const field = page.getByLabel('الرقم القومي');
  await field.click();
  await page.keyboard.type(student.nationalId.slice(0, 7));
  releaseScript();
  // React keeps its own properties on the elements it has taken over.
  await page.waitForFunction(() =>
    Object.keys(document.querySelector('#root form') ?? {}).some((key) => key.startsWith('__react')),
  );
  await page.keyboard.type(student.nationalId.slice(7));
  await expect(field).toHaveValue(student.nationalId);
  await expect(field).toBeFocused();
  await page.getByRole('button', { name: 'دخول' }).click();
  await expect(page.getByRole('heading', { name: 'بيانات الطالب' })).toBeVisible();
  expect(warnings.filter((text) => /hydrat|prerendered/i.test(text))).toEqual([]);
});

test('the web app takes a prerendered student screen over, and fills in what depends on the student', async ({
  page,
  createStudent,
}) => {
  const student = await createStudent({ isPassed: true, completedQuestions: true });
  await page.goto(`${PORTAL}/`);
  await page.getByLabel('الرقم القومي').fill(student.nationalId);
  await page.getByRole('button', { name: 'دخول' }).click();
  await expect(page.getByRole('rowheader', { name: 'الاسم' })).toBeVisible();

  const warnings = hydrationWarnings(page);
  const releaseScript = await holdEntryScript(page);
  await page.goto(`${PORTAL}/dashboard/studentDataEnter`, { waitUntil: 'commit' });
  const intro = page.getByText('جميع الحقول المعلّمة بعلامة * مطلوبة', { exact: false });
  await expect(intro).toBeVisible();
  await expect(page.getByRole('status', { name: MESSAGES.loading })).toBeVisible();
  // Whether the student completes or edits their data is known only once they are looked up.
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(0);
  await intro.evaluate((element) => {
    (window as { prerenderedIntro?: Element }).prerenderedIntro = element;
  });
  releaseScript();

  await expect(page.getByRole('heading', { level: 2, name: 'استكمال البيانات' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'حفظ البيانات' })).toBeVisible();
  // Taken over, not drawn again: the paragraph the page arrived with is the one on screen.
  expect(
    await page.evaluate(() => (window as { prerenderedIntro?: Element }).prerenderedIntro?.isConnected),
  ).toBe(true);
  expect(warnings.filter((text) => /hydrat|prerendered/i.test(text))).toEqual([]);
});
