import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { MESSAGES } from '@portal/common';
import type pg from 'pg';
import { insertStudent } from '../fixtures.js';
import { connectPortalDb } from '../portal-db.js';
import { freshDataDir, type PortalServer, startPortal } from '../portal-server.js';

// Issue 33, finding 3, end to end on a portal of its own whose enumeration guard is on from the first unknown
// national ID (STUDENT_LOOKUP_POW_THRESHOLD=0): the web app's login fetches a challenge, solves it in a Web Worker
// and logs the student in without a second click; the prerendered form without scripts names the refusal.
test.describe.configure({ mode: 'serial' });

let server: PortalServer | undefined;
let db: pg.Client | undefined;

function url(pathname: string): string {
  if (!server) throw new Error('the portal has not started');
  return `${server.url}${pathname}`;
}

async function expectAccessible(page: Page) {
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

// biome-ignore lint/correctness/noEmptyPattern: Playwright hooks take their fixtures by destructuring.
test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(120_000);
  server = await startPortal(await freshDataDir(), { STUDENT_LOOKUP_POW_THRESHOLD: '0' });
  db = await connectPortalDb(server.dataDir);
});

test.afterAll(async () => {
  await db?.end();
  await server?.stop();
});

test('one unknown national ID switches the guard on: a lookup without a proof is refused', async ({
  request,
}) => {
  const unknown = await request.post(url('/api/v1/students/getStudent'), {
    data: { nationalID: '29901019999999' },
  });
  expect(unknown.status()).toBe(404);
  const refused = await request.post(url('/api/v1/students/getStudent'), {
    data: { nationalID: '29901019999998' },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ status: 'error', message: MESSAGES.lookupProofRequired });
  expect(refused.headers()['x-proof-of-work']).toBe('altcha; challenge=/api/v1/students/lookupChallenge');
});

test('the web login solves the challenge in a worker and logs in without a second click', async ({
  page,
}) => {
  if (!db) throw new Error('the portal has not started');
  const student = await insertStudent(db, { isPassed: true, completedQuestions: true });
  const lookups: { status: number; proof: boolean }[] = [];
  page.on('response', (response) => {
    if (!response.url().endsWith('/students/getStudent')) return;
    const body = response.request().postDataJSON() as { altcha?: string };
    lookups.push({ status: response.status(), proof: typeof body.altcha === 'string' });
  });
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));

  await page.goto(url('/stAdmission/'));
  await page.waitForLoadState('networkidle');
  await page.getByLabel('الرقم القومي').fill(student.nationalId);
  await page.getByRole('button', { name: 'دخول' }).click();

  await expect(page).toHaveURL(url('/stAdmission/dashboard/studentDataView'));
  await expect(page.getByRole('heading', { name: 'بيانات الطالب' })).toBeVisible();
  expect(lookups).toEqual([
    { status: 403, proof: false },
    { status: 200, proof: true },
  ]);
  expect(workers).toHaveLength(1);
  expect(workers[0]).toMatch(/\/stAdmission\/assets\/solver\.worker-[\w-]+\.js$/);
  await expect(page.getByText(MESSAGES.lookupProofRequired)).toHaveCount(0);

  // The student screens look their student up again on every opening: the session's own student needs no proof.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'بيانات الطالب' })).toBeVisible();
  expect(lookups.at(-1)).toEqual({ status: 200, proof: false });
});

test('the prerendered form without scripts is sent back naming the check, in Arabic', async ({ browser }) => {
  if (!db) throw new Error('the portal has not started');
  const student = await insertStudent(db, { isPassed: true, completedQuestions: true });
  const context = await browser.newContext({ locale: 'ar-EG', javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(url('/stAdmission/'));
  await page.getByLabel('الرقم القومي').fill(student.nationalId);
  await page.getByRole('button', { name: 'دخول' }).click();
  await expect(page).toHaveURL(url('/stAdmission/?loginError=proofRequired'));
  await expect(page.getByText(MESSAGES.lookupProofRequired)).toBeVisible();
  expect(await context.cookies()).toEqual([]);
  await context.close();
});

test('the login page naming the check is accessible once its script has run', async ({ page }) => {
  await page.goto(url('/stAdmission/?loginError=proofRequired'));
  await expect(page.getByText(MESSAGES.lookupProofRequired)).toBeVisible();
  await expectAccessible(page);
});
