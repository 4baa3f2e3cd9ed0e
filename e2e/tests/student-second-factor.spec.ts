import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { MESSAGES, SEAT_NO_MESSAGES } from '@portal/common';
import type pg from 'pg';
import { insertStudent, type NewStudent } from '../fixtures.js';
import { connectPortalDb } from '../portal-db.js';
import { freshDataDir, type PortalServer, startPortal } from '../portal-server.js';
import { passStepUpDialog } from '../student-steps.js';

// Issue 20 end to end, on a portal of its own started with STUDENT_SECOND_FACTOR=seatNo: the login (prerendered,
// with and without scripts) asks the seat number beside the national ID, a wrong one is refused as an unknown
// national ID, the right pair logs in and stays logged in across a reload; then the student downloads its own
// data from studentDataView (items 4 and 8).
const SEAT_NO = '445566';
const arabicIndic = (digits: string) =>
  digits.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));

// One portal for the file: the tests run one after the other in one worker.
test.describe.configure({ mode: 'serial' });

let server: PortalServer | undefined;
let db: pg.Client | undefined;

function url(pathname: string): string {
  if (!server) throw new Error('the portal has not started');
  return `${server.url}/stAdmission${pathname}`;
}

async function newStudent(): Promise<NewStudent> {
  if (!db) throw new Error('the portal has not started');
  return insertStudent(db, { seatNo: SEAT_NO, isPassed: true, completedQuestions: true });
}

async function newPage(browser: Browser, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ locale: 'ar-EG', javaScriptEnabled });
  return context.newPage();
}

/** axe (the rules of expect-accessible.ts) on the page as it stands, once the network is quiet. */
async function expectAccessible(page: Page) {
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

async function fillLogin(page: Page, nationalId: string, seatNo: string) {
  await page.getByLabel('الرقم القومي').fill(nationalId);
  await page.getByLabel(SEAT_NO_MESSAGES.label).fill(seatNo);
  await page.getByRole('button', { name: 'دخول' }).click();
}

// biome-ignore lint/correctness/noEmptyPattern: Playwright hooks take their fixtures by destructuring.
test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(120_000);
  server = await startPortal(await freshDataDir(), { STUDENT_SECOND_FACTOR: 'seatNo' });
  db = await connectPortalDb(server.dataDir);
});

test.afterAll(async () => {
  await db?.end();
  await server?.stop();
});

test.describe('the login with the seat number, before any script', () => {
  test('the prerendered page asks it, refuses a wrong one and logs in with the pair', async ({ browser }) => {
    const student = await newStudent();
    const page = await newPage(browser, false);
    await page.goto(url('/'));
    await expect(page.getByLabel(SEAT_NO_MESSAGES.label)).toBeVisible();

    await fillLogin(page, student.nationalId, '999999');
    await expect(page).toHaveURL(url('/?loginError=notRegistered'));
    await expect(page.getByText(MESSAGES.studentNotRegistered)).toBeVisible();
    expect(await page.context().cookies()).toEqual([]);

    await fillLogin(page, arabicIndic(student.nationalId), arabicIndic(SEAT_NO));
    await expect(page).toHaveURL(url('/dashboard/studentDataView'));
    const cookies = Object.fromEntries((await page.context().cookies()).map((c) => [c.name, c.value]));
    expect(cookies).toMatchObject({ id: student.id, nationalID: student.nationalId, seatNo: SEAT_NO });
    await page.context().close();
  });
});

test.describe('the login with the seat number, and the student data download', () => {
  test('refuses a wrong seat number as an unknown national ID, then logs in and stays in', async ({
    browser,
  }) => {
    const student = await newStudent();
    const page = await newPage(browser);
    await page.goto(url('/'));
    await fillLogin(page, student.nationalId, '1');
    await expect(page.getByText(MESSAGES.studentNotRegistered).first()).toBeVisible();
    await expect(page).toHaveURL(url('/'));
    await expectAccessible(page);

    await page.getByLabel(SEAT_NO_MESSAGES.label).fill(arabicIndic(SEAT_NO));
    await page.getByRole('button', { name: 'دخول' }).click();
    await expect(page).toHaveURL(url('/dashboard/studentDataView'));
    await expect(page.getByRole('cell', { name: student.name })).toBeVisible();

    // A reload looks the student up again with the stored pair (the early lookup beside the screen's code).
    const lookups: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/students/getStudent')) lookups.push(request.postDataJSON());
    });
    await page.reload();
    await expect(page.getByRole('cell', { name: student.name })).toBeVisible();
    expect(lookups).toContainEqual({ nationalID: student.nationalId, seatNo: SEAT_NO });
    await expectAccessible(page);

    // No mail or SMS on this portal: the step-up asks the seat number (issue 33).
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'تنزيل بياناتي' }).click();
    await expect(page.getByRole('dialog').getByLabel('رقم الجلوس')).toBeVisible({ timeout: 15_000 });
    await passStepUpDialog(page, arabicIndic(SEAT_NO));
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.zip$/);
    const zip = await readFile(await file.path());
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    // Entry names are stored as they are; this student has uploaded no image yet, so the JSON is all there is.
    expect(zip.includes(Buffer.from('data.json'))).toBe(true);

    await page.context().close();
  });
});
