import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { connectPortalDb } from '../portal-db.js';
import { freshDataDir, type PortalServer, startPortal } from '../portal-server.js';

// The browser's side of security, on a portal of its own (a known super admin): the Content-Security-Policy
// allows no inline or evaluated script and the screens break none of it; the cookies' flags; no secret in the
// built bundle; and students whose stored names and other fields are HTML show them as text on every screen
// that shows students, with no dialog fired and no element injected. The PDFs and the export get the same
// names in API tests (api/src/pdf/hostile-text.test.ts, exports.hostile-names.test.ts).
const ROOT = { userName: 'rootadmin', password: 'Root12345' };
const SOCIAL_WORK = 'كلية الخدمة الاجتماعية';
const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Markup that would run if any screen put a student's name into the page as HTML. */
const PAYLOADS = ['<script>alert(1)</script>', '<img src=x onerror=alert(2)>', '"><svg onload=alert(3)>'];

let server: PortalServer | undefined;
const hostile: { id: string; nationalId: string; name: string }[] = [];

const url = (pathname: string) => {
  if (!server) throw new Error('the portal has not started');
  return `${server.url}/stAdmission${pathname}`;
};

// biome-ignore lint/correctness/noEmptyPattern: Playwright hooks take their fixtures by destructuring.
test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(120_000);
  server = await startPortal(await freshDataDir(), {
    SUPERADMIN_USERNAME: ROOT.userName,
    SUPERADMIN_PASSWORD: ROOT.password,
    DEMO_DATA: '1',
  });
  // Straight into the database: an import or old data could carry such text, whatever the forms accept.
  const db = await connectPortalDb(server.dataDir);
  try {
    for (const [i, payload] of PAYLOADS.entries()) {
      const name = `طالب ${payload}`;
      const nationalId = `3010101000000${i}`;
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO students (national_id, name, seat_no, college_id, enrollment_status, is_passed,
           is_completed_additional_questions, address, email, student_name_en, is_complete, completed_at)
         SELECT $1, $2, $3, id, 'regular', true, true, $3, $3, $3, true, now() FROM colleges WHERE name = $4
         RETURNING id`,
        [nationalId, name, payload, SOCIAL_WORK],
      );
      hostile.push({ id: rows[0]?.id as string, nationalId, name });
    }
  } finally {
    await db.end();
  }
});

test.afterAll(async () => {
  await server?.stop();
});

/**
 * Fails the test on any dialog, and collects Content-Security-Policy violations (the DOM event and the console
 * report) from the first script of every page on.
 */
async function watch(page: Page) {
  const dialogs: string[] = [];
  const consoleViolations: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) consoleViolations.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.defineProperty(window, '__cspViolations', { value: seen });
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(
        `${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  return {
    async expectClean() {
      const violations = await page.evaluate(
        () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
      );
      expect(violations).toEqual([]);
      expect(consoleViolations).toEqual([]);
      expect(dialogs).toEqual([]);
      // Nothing the names carry became an element: no image of src x, no svg or element with a handler.
      expect(await page.locator('img[src="x"], svg[onload], [onerror], [onload]').count()).toBe(0);
      expect(
        await page.evaluate(() =>
          Array.from(document.scripts)
            .filter((script) => !script.src)
            .map((script) => script.textContent),
        ),
      ).toEqual([]);
    },
  };
}

async function expectNamesShown(page: Page, names: readonly string[]) {
  for (const name of names) await expect(page.getByText(name, { exact: false }).first()).toBeVisible();
}

async function signIn(page: Page) {
  await page.goto(url('/admin/login'));
  await page.getByLabel('اسم المستخدم').fill(ROOT.userName);
  await page.getByLabel('كلمة المرور', { exact: true }).fill(ROOT.password);
  await page.getByRole('button', { name: 'دخول' }).click();
  await expect(page).toHaveURL(/\/admin\/studentsInfo$/);
}

test('the CSP allows no inline or evaluated script, on the page and on API answers', async ({ request }) => {
  for (const target of [url('/'), url('/admin/login'), `${server?.url}/api/v1/colleges`]) {
    const res = await request.get(target);
    const csp = res.headers()['content-security-policy'] ?? '';
    const scriptSrc = /(?:^|;)\s*script-src([^;]*)/.exec(csp)?.[1];
    expect(scriptSrc, `${target}: ${csp}`).toBeDefined();
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(csp).toMatch(/object-src 'none'/);
  }
});

test("a student's screens show stored markup as text, with no violation", async ({ page }, info) => {
  const guard = await watch(page);
  const [student] = hostile;
  if (!student) throw new Error('no hostile student');
  await page.goto(url('/'));
  await page.getByLabel('الرقم القومي').fill(student.nationalId);
  await page.getByRole('button', { name: 'دخول' }).click();
  await expect(page).toHaveURL(/\/dashboard\/studentDataView$/);
  await expectNamesShown(page, [student.name]);
  await page.screenshot({
    path: `screenshots/${info.project.name}-security-student-data.png`,
    fullPage: true,
  });

  // The session cookie is out of reach of scripts and not sent on cross-site requests.
  const cookies = await page.context().cookies();
  const session = cookies.find((cookie) => cookie.name === 'studentSession');
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: false });
  for (const cookie of cookies) expect(cookie.sameSite, cookie.name).toBe('Lax');

  // The edit form puts the stored fields (address, e-mail, English name hold the markup) into its inputs.
  await page.goto(url('/dashboard/studentDataEnter'));
  await expect(page.getByText('جاري تحميل بياناتك...')).toBeHidden({ timeout: 15_000 });
  await expect
    .poll(() =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')).map(
          (field) => field.value,
        ),
      ),
    )
    .toContain(PAYLOADS[0]);
  await page.screenshot({
    path: `screenshots/${info.project.name}-security-student-edit.png`,
    fullPage: true,
  });
  await page.goto(url('/dashboard/formsDownload'));
  await page.waitForLoadState('networkidle');
  await guard.expectClean();
});

test('staff screens show stored markup as text: records, search, delete dialog, statistics', async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  const guard = await watch(page);
  await signIn(page);
  const names = hostile.map((student) => student.name);

  // The token cookie is written by the web app (the spec's bearer-from-cookie contract), so it cannot be
  // HttpOnly; it is SameSite=Lax and, over TLS, Secure (web/src/lib/cookies.ts).
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'token');
  expect(token).toMatchObject({ sameSite: 'Lax' });

  const picker = page.getByRole('form', { name: 'اختيار الكلية' });
  await picker.getByLabel('الكلية').selectOption(SOCIAL_WORK);
  await picker.getByRole('button', { name: 'عرض الطلاب' }).click();
  await expectNamesShown(page, names);
  await page.screenshot({ path: `screenshots/${info.project.name}-security-records.png`, fullPage: true });

  const search = page.getByRole('search', { name: 'البحث عن طالب' });
  await search.getByLabel('نوع البحث').selectOption({ label: 'الاسم' });
  await search.getByLabel('نص البحث').fill('alert');
  await search.getByRole('button', { name: 'بحث', exact: true }).click();
  await expectNamesShown(page, names);

  const [first] = names;
  await page.getByRole('button', { name: `حذف ${first}` }).click();
  const dialog = page.getByRole('dialog', { name: `هل تريد حذف الطالب ${first}؟` });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: `screenshots/${info.project.name}-security-delete-dialog.png` });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  for (const screen of ['/admin/statistics', '/admin/schedule']) {
    await page.goto(url(screen));
    await page.waitForLoadState('networkidle');
  }
  await guard.expectClean();
});

test('the built bundle holds no secret', async () => {
  test.skip(test.info().project.name !== 'desktop', 'the same files for every browser: scanned once');
  const secret = (await readFile(path.join(String(server?.dataDir), 'jwt-secret'), 'utf8')).trim();
  expect(secret.length).toBeGreaterThanOrEqual(32);
  const files = (await readdir(WEB_DIST, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && /\.(js|html|css|map|json|svg)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  expect(files.some((file) => file.endsWith('.js'))).toBe(true);
  const findings: string[] = [];
  const patterns: [string, RegExp][] = [
    ['the JWT secret', new RegExp(secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))],
    ['a database URL', /postgres(?:ql)?:\/\//i],
    ['DATABASE_URL', /DATABASE_URL/],
    ['JWT_SECRET', /JWT_SECRET/],
    ['a private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
    ['an AWS access key', /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/],
    ['an S3 secret variable', /S3_SECRET_ACCESS_KEY/],
    ['the super admin password', new RegExp(ROOT.password)],
    ['a process.env leftover', /process\.env/],
  ];
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    for (const [what, pattern] of patterns)
      if (pattern.test(text)) findings.push(`${what} in ${path.relative(WEB_DIST, file)}`);
  }
  expect(findings).toEqual([]);
});
