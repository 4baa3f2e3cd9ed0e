import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, request, test } from '@playwright/test';
import { STEP_UP_MESSAGES } from '@portal/common';
import { simpleParser } from 'mailparser';
import type pg from 'pg';
import { type SmtpSink, startSmtpSink } from '../../api/test/smtp-sink.js';
import { chooseImages, fillCommon, sixImages, submitAndReachForms } from '../complete-data-form.js';
import { insertStudent } from '../fixtures.js';
import { connectPortalDb } from '../portal-db.js';
import { freshDataDir, type PortalServer, startPortal } from '../portal-server.js';
import { passStepUpDialog } from '../student-steps.js';

// Issue 33 end to end, on a portal of its own that sends its e-mails to a real SMTP server on loopback: a student
// completes the data, asks for its own data, is asked for the code sent to its phone and e-mail (masked), reads it
// from the mail, types it in Arabic-Indic digits and gets the zip; its document image opens only after that; then
// it logs out, and a copy of its old cookie is refused.
const EMAIL = 'mona.ali@example.com';

let server: PortalServer | undefined;
let sink: SmtpSink | undefined;
let db: pg.Client | undefined;

const portalUrl = (pathname: string) => `${server?.url}/stAdmission${pathname}`;

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

/** The code of the newest step-up e-mail the mail server received for `to`. */
async function codeFromMail(to: string, after: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        for (const message of (sink?.messages ?? []).slice(after).reverse()) {
          if (!message.to.includes(to)) continue;
          const mail = await simpleParser(message.raw);
          code = /^رمز التحقق: (\d{6})$/.exec(mail.subject ?? '')?.[1];
          if (code) return code;
        }
        return undefined;
      },
      { timeout: 30_000 },
    )
    .toMatch(/^\d{6}$/);
  return code ?? '';
}

// biome-ignore lint/correctness/noEmptyPattern: Playwright hooks take their fixtures by destructuring.
test.beforeAll(async ({}, testInfo) => {
  if (testInfo.project.name !== 'desktop') return;
  testInfo.setTimeout(120_000);
  sink = await startSmtpSink();
  server = await startPortal(await freshDataDir(), {
    DEMO_DATA: '0',
    SMTP_URL: sink.url,
    MAIL_FROM: 'بوابة القبول <admission@portal.test>',
    PUBLIC_URL: 'https://portal.test',
  });
  db = await connectPortalDb(server.dataDir);
});

test.afterAll(async () => {
  await db?.end();
  await server?.stop();
  await sink?.close();
});

// biome-ignore lint/correctness/noEmptyPattern: Playwright hooks take their fixtures by destructuring.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run is enough: it reads its own mail server');
});

test('the step-up before the own data and a document image, and a logout the old cookie cannot undo', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  if (!db || !server) throw new Error('the portal has not started');
  const student = await insertStudent(db, { isPassed: true, completedQuestions: true });
  const context = await browser.newContext({ locale: 'ar-EG', baseURL: server.url });
  const page = await context.newPage();
  await page.goto(portalUrl('/'));
  await page.getByLabel('الرقم القومي').fill(student.nationalId);
  await page.getByRole('button', { name: 'دخول' }).click();
  await expect(page).toHaveURL(portalUrl('/dashboard/studentDataView'));
  await page.goto(portalUrl('/dashboard/studentDataEnter'));
  await fillCommon(page);
  await chooseImages(page, await sixImages(page));
  await submitAndReachForms(page);

  const image = `/api/v1/students/document/${student.id}/personalPhoto`;
  const refused = await page.request.get(image);
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe(STEP_UP_MESSAGES.required);

  await page.goto(portalUrl('/dashboard/studentDataView'));
  const mailsBefore = sink?.messages.length ?? 0;
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'تنزيل بياناتي' }).click();
  const dialog = page.getByRole('dialog', { name: STEP_UP_MESSAGES.dialogTitle });
  await expect(dialog.getByText('m•••@example.com')).toBeVisible();
  await expect(dialog.getByText(/إعادة الإرسال بعد \d+ ثانية/)).toBeVisible();
  await expectAccessible(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await page.screenshot({ path: testInfo.outputPath(`step-up-dialog-${width}.png`) });
  }

  const code = await codeFromMail(EMAIL, mailsBefore);
  await passStepUpDialog(
    page,
    code.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit))),
  );
  const zip = await readFile(await (await download).path());
  expect(zip.subarray(0, 2).toString()).toBe('PK');
  const opened = await page.request.get(image);
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toMatch(/^image\//);

  const oldCookie = (await context.cookies()).find((cookie) => cookie.name === 'studentSession');
  expect(oldCookie).toBeDefined();
  await page.getByRole('button', { name: 'تسجيل الخروج' }).click();
  await expect(page.getByRole('heading', { name: 'تسجيل الدخول' })).toBeVisible();
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('studentSession');

  const thief = await request.newContext({
    baseURL: server.url,
    extraHTTPHeaders: { cookie: `studentSession=${oldCookie?.value}` },
  });
  for (const path of [`/api/v1/students/completeStudentData/${student.id}`, image]) {
    expect((await thief.get(path)).status()).toBe(401);
  }
  await thief.dispose();
  await context.close();
});
