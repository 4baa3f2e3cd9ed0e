import { type Browser, expect, type Locator, type Page, type TestInfo, test } from '@playwright/test';
import { deadlinePassedMessage, formatDeadline } from '@portal/common';
import { type ParsedMail, simpleParser } from 'mailparser';
import type pg from 'pg';
import { type SmtpSink, startSmtpSink } from '../../api/test/smtp-sink.js';
import { collegeCard, setCollegeDeadline, UNIVERSITY_TIME_ZONE, universityDay } from '../college-deadline.js';
import {
  chooseImages,
  fillCommon,
  gradientPng,
  IMAGE_LABELS,
  imageInput,
  sixImages,
  submitAndReachForms,
} from '../complete-data-form.js';
import { connectPortalDb } from '../portal-db.js';
import { freshDataDir, type PortalServer, startPortal } from '../portal-server.js';
import { writeStudentList } from '../spreadsheets.js';

// Issue 17 end to end, on a portal of its own that sends its e-mails to a real SMTP server on loopback: a student
// completes the data (the e-mail arrives), a reviewer refuses one document (the e-mail names it and why), the
// student sees the blocked step on the tracker and follows it to the replacement screen; the super admin sets the
// college's deadline two days ahead (the student sees it and the countdown), then in the past (the replacement is
// refused with the deadline named, and nothing changes); the super admin writes to the faculty's students, watches
// the message go out, and finds every message on the student's record.
const ROOT = { userName: 'rootadmin', password: 'Root12345' };
const COMMERCE = 'كلية التجارة';
const STUDENT = { name: 'سلمى طارق عبد الرحمن', nationalID: '30503120100555', phone: '01112345678' };
/** The address the complete-data form is filled with (`fillCommon`). */
const STUDENT_EMAIL = 'mona.ali@example.com';
const REFUSED_KIND = 'personalPhoto';
const REFUSAL_REASON = 'الصورة غير واضحة أو غير مقروءة';
const STAFF_TEXT = 'تذكير من الكلية: اختبارات القدرات يوم 3 ديسمبر في المبنى (B) الدور 2.';
const WAIT_MAIL = 30_000;

function url(server: PortalServer | undefined, pathname: string): string {
  if (!server) throw new Error('the portal has not started');
  return `${server.url}/stAdmission${pathname}`;
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'ar-EG' });
  return context.newPage();
}

/** A picture for a person to look at, `shown` scrolled into view: screenshots/<project>-notifications-<name>.png. */
async function snap(page: Page, info: TestInfo, name: string, shown: Locator) {
  await shown.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `screenshots/${info.project.name}-notifications-${name}.png` });
}

async function signIn(page: Page, server: PortalServer | undefined) {
  await page.goto(url(server, '/admin/login'));
  await page.getByLabel('اسم المستخدم').fill(ROOT.userName);
  await page.getByLabel('كلمة المرور', { exact: true }).fill(ROOT.password);
  await page.getByRole('button', { name: 'دخول' }).click();
  await expect(page).toHaveURL(/\/admin\/studentsInfo$/);
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'قائمة المسؤول' });

/** The e-mail whose subject is `subject`, once the sink has it (exactly one), parsed as a mail program would. */
async function mailWithSubject(sink: SmtpSink, subject: string): Promise<ParsedMail> {
  let found: ParsedMail[] = [];
  await expect
    .poll(
      async () => {
        const parsed = await Promise.all(sink.messages.map((message) => simpleParser(message.raw)));
        found = parsed.filter((mail) => mail.subject === subject);
        return found.length;
      },
      { message: `an e-mail with the subject "${subject}"`, timeout: WAIT_MAIL },
    )
    .toBe(1);
  return found[0] as ParsedMail;
}

function addressOf(mail: ParsedMail): string {
  return mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
}

/** Right-to-left Arabic HTML with a plain-text part: the shape every e-mail of the portal has. */
function expectArabicMail(mail: ParsedMail) {
  expect(addressOf(mail)).toBe(STUDENT_EMAIL);
  expect(mail.from?.text).toContain('admission@portal.test');
  const html = String(mail.html);
  expect(html).toContain('<html lang="ar" dir="rtl">');
  expect(html).toContain('<body dir="rtl"');
  expect(html).toContain(`مرحبا ${STUDENT.name}،`);
  expect(mail.text).toContain(`مرحبا ${STUDENT.name}،`);
  expect(mail.text).toContain('https://portal.test/stAdmission/');
}

test.describe('notifications, the tracker and the deadline', () => {
  let server: PortalServer | undefined;
  let sink: SmtpSink | undefined;
  let db: pg.Client | undefined;

  // biome-ignore lint/correctness/noEmptyPattern: Playwright hooks take their fixtures by destructuring.
  test.beforeAll(async ({}, testInfo) => {
    if (testInfo.project.name !== 'desktop') return;
    testInfo.setTimeout(120_000);
    sink = await startSmtpSink();
    server = await startPortal(await freshDataDir(), {
      SUPERADMIN_USERNAME: ROOT.userName,
      SUPERADMIN_PASSWORD: ROOT.password,
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
    test.skip(
      testInfo.project.name !== 'desktop',
      'one run is enough: it changes the data of its own portal and reads its own mail server',
    );
  });

  test('completion and refusal e-mails, the blocked step, the deadline, and a staff message', async ({
    browser,
  }, info) => {
    test.setTimeout(300_000);
    if (!sink || !db) throw new Error('the portal has not started');
    const staff = await newPage(browser);
    const student = await newPage(browser);

    // Import: the student arrives on a list uploaded by the super admin.
    await signIn(staff, server);
    await nav(staff).getByRole('link', { name: 'رفع بيانات الطلاب' }).click();
    const upload = staff.getByRole('form', { name: 'رفع بيانات الطلاب' });
    await upload.getByLabel('الكلية').selectOption(COMMERCE);
    await upload.getByLabel('حالة القيد').selectOption({ label: 'منتظم' });
    await upload.locator('input[type="file"]').setInputFiles(await writeStudentList([STUDENT]));
    await upload.getByRole('button', { name: 'رفع الملف' }).click();
    await expect(staff.getByRole('region', { name: 'نتيجة الرفع' }).getByTestId('upload-added')).toHaveText(
      '1',
      { timeout: 30_000 },
    );
    // The charter quiz and the questionnaire are other tests' subject: the student is marked as past them, as
    // they store it, so the tracker's first open step is the documents.
    await db.query(
      `UPDATE students SET is_passed = true, is_completed_additional_questions = true WHERE national_id = $1`,
      [STUDENT.nationalID],
    );

    // a. The student completes the data with six real images; the e-mail saying so arrives.
    await student.goto(url(server, '/'));
    await student.getByLabel('الرقم القومي').fill(STUDENT.nationalID);
    await student.getByRole('button', { name: 'دخول' }).click();
    await expect(student).toHaveURL(/\/dashboard\/studentDataView$/);
    await student.goto(url(server, '/dashboard/studentDataEnter'));
    await fillCommon(student);
    await chooseImages(student, await sixImages(student));
    await submitAndReachForms(student);

    const completed = await mailWithSubject(sink, 'تم استكمال بياناتك في بوابة القبول');
    expectArabicMail(completed);
    expect(completed.text).toContain(`تم استلام بياناتك ومستنداتك في ${COMMERCE} بنجاح.`);
    expect(completed.text).toContain('الخطوة التالية: مراجعة المستندات.');
    expect(completed.text).toContain('- تنزيل الاستمارات');

    // b. The reviewer refuses the personal photo as unreadable and accepts the other five.
    await nav(staff).getByRole('link', { name: 'مراجعة المستندات' }).click();
    const picker = staff.getByRole('form', { name: 'اختيار الكلية' });
    await picker.getByLabel('الكلية').selectOption(COMMERCE);
    await picker.getByRole('button', { name: 'عرض قائمة المراجعة' }).click();
    await staff.getByRole('link', { name: STUDENT.name }).click();
    await expect(staff.getByRole('heading', { name: 'سجل الطالب' })).toBeVisible();
    const recordUrl = staff.url();
    for (const kind of Object.keys(IMAGE_LABELS) as (keyof typeof IMAGE_LABELS)[]) {
      await documentTab(staff, kind).click();
      await imageShown(staff, kind);
      if (kind === REFUSED_KIND) {
        await staff.getByRole('radio', { name: 'رفض المستند' }).check();
        await staff.getByRole('radio', { name: REFUSAL_REASON }).check();
      } else {
        await staff.locator('body').press('a');
        await expect(staff.getByRole('radio', { name: 'قبول المستند' })).toBeChecked();
      }
    }
    await staff.getByRole('button', { name: /^حفظ/ }).first().click();
    await expect(staff.getByText('تم حفظ مراجعة المستندات بنجاح').first()).toBeVisible();

    const refusal = await mailWithSubject(sink, `مطلوب إعادة رفع مستند: ${IMAGE_LABELS[REFUSED_KIND]}`);
    expectArabicMail(refusal);
    expect(String(refusal.html)).toContain(`<li>${IMAGE_LABELS[REFUSED_KIND]}: ${REFUSAL_REASON}</li>`);
    expect(refusal.text).toContain(`- ${IMAGE_LABELS[REFUSED_KIND]}: ${REFUSAL_REASON}`);
    // Only the refused document is named.
    expect(refusal.text).not.toContain(IMAGE_LABELS.frontIdCard);
    // As a mail program shows it: right to left, the university's band on top.
    const mailView = await newPage(browser);
    await mailView.setContent(String(refusal.html));
    await expect(mailView.locator('body')).toHaveCSS('direction', 'rtl');
    await expect(mailView.getByRole('listitem')).toHaveText(
      `${IMAGE_LABELS[REFUSED_KIND]}: ${REFUSAL_REASON}`,
    );
    await snap(mailView, info, 'refusal-email', mailView.getByRole('listitem'));
    await mailView.context().close();

    // c. The student sees the documents step blocked, with what and why, and follows it to the replacement.
    await student.goto(url(server, '/dashboard/studentDataView'));
    const tracker = student.getByRole('region', { name: 'خطوات طلب الالتحاق' });
    await expect(tracker).toBeVisible();
    const blocked = tracker.getByRole('link', { name: 'مراجعة المستندات مطلوب إجراء منك' });
    await expect(blocked).toHaveAttribute('aria-current', 'step');
    await expect(blocked).toHaveAccessibleDescription(
      `مطلوب إعادة رفع: ${IMAGE_LABELS[REFUSED_KIND]} (${REFUSAL_REASON})`,
    );
    await expect(tracker.getByRole('link', { name: 'استكمال البيانات تم' })).toBeVisible();
    await expect(tracker.locator('[aria-current="step"]')).toHaveCount(1);
    await snap(student, info, 'tracker-blocked', tracker);
    await blocked.click();
    await expect(student).toHaveURL(/\/dashboard\/replaceDocuments$/);
    await expect(student.locator('input[type="file"]')).toHaveCount(1);

    // d. The super admin sets the college's deadline two days ahead: the student sees it, with the countdown.
    await nav(staff).getByRole('link', { name: 'إعدادات الكليات' }).click();
    await expect(staff.getByRole('heading', { name: 'إعدادات الكليات', level: 2 })).toBeVisible();
    const college = collegeCard(staff, COMMERCE);
    await expect(college).toContainText('آخر موعد لاستكمال البيانات: لا يوجد');
    const soon = await setCollegeDeadline(staff, COMMERCE, universityDay(2));
    expect(Date.parse(soon) - Date.now()).toBeGreaterThan(2 * 86_400_000);
    expect(Date.parse(soon) - Date.now()).toBeLessThan(3 * 86_400_000);
    await snap(staff, info, 'college-settings', college);

    await student.goto(url(server, '/dashboard/studentDataEnter'));
    const countdown = student.getByRole('note').filter({ hasText: 'آخر موعد لاستكمال البيانات' });
    await expect(countdown).toContainText(
      `آخر موعد لاستكمال البيانات ورفع المستندات: ${formatDeadline(soon, UNIVERSITY_TIME_ZONE)}`,
    );
    await expect(countdown.locator('time')).toHaveAttribute('datetime', soon);
    await expect(countdown).toContainText(/متبقٍ يومان( و(\d+ (ساعة|ساعات)|ساعة واحدة|ساعتان))?$/);
    await expect(student.getByRole('button', { name: 'حفظ البيانات' })).toBeVisible();
    await snap(student, info, 'data-enter-countdown', countdown);

    // The student opens the replacement screen and chooses a new photo; meanwhile the deadline is set in the
    // past. The submit is refused with the deadline named, and the photo stays refused.
    await student.goto(url(server, '/dashboard/replaceDocuments'));
    await expect(student.getByRole('note').filter({ hasText: 'متبقٍ يومان' })).toBeVisible();
    await imageInput(student, REFUSED_KIND).setInputFiles({
      name: 'صورة أوضح.png',
      mimeType: 'image/png',
      buffer: gradientPng(480, 600, [90, 10, 10]),
    });
    await expect(student.getByRole('img', { name: `معاينة ${IMAGE_LABELS[REFUSED_KIND]}` })).toBeVisible({
      timeout: 30_000,
    });
    const refusedImage = () =>
      db?.query<{ review_status: string; sha256: string; storage_key: string }>(
        `SELECT i.review_status, i.sha256, i.storage_key FROM student_images i
         JOIN students s ON s.id = i.student_id WHERE s.national_id = $1 AND i.kind = $2`,
        [STUDENT.nationalID, REFUSED_KIND],
      );
    const before = (await refusedImage())?.rows;
    expect(before).toEqual([expect.objectContaining({ review_status: 'rejected' })]);
    const past = await setCollegeDeadline(staff, COMMERCE, universityDay(-1));
    expect(Date.parse(past)).toBeLessThan(Date.now());
    await expect(college).toContainText('انتهى الموعد');

    await student.getByRole('button', { name: 'إرسال المستندات البديلة' }).click();
    const closed = deadlinePassedMessage(formatDeadline(past, UNIVERSITY_TIME_ZONE));
    await expect(student.getByText(closed).first()).toBeVisible({ timeout: 30_000 });
    await expect(student).toHaveURL(/\/dashboard\/replaceDocuments$/);
    // The screen learns the new deadline and says the entry is closed.
    await expect(
      student.getByRole('status').filter({ hasText: 'أُغلق استكمال البيانات ورفع المستندات' }),
    ).toBeVisible();
    await snap(
      student,
      info,
      'replacement-refused',
      student.getByRole('button', { name: 'إرسال المستندات البديلة' }),
    );
    expect((await refusedImage())?.rows).toEqual(before);
    await student.goto(url(server, '/dashboard/studentDataView'));
    await expect(
      student
        .getByRole('region', { name: 'خطوات طلب الالتحاق' })
        .getByRole('link', { name: 'مراجعة المستندات مطلوب إجراء منك' }),
    ).toHaveAttribute('aria-current', 'step');

    // e. The super admin writes to every student of the faculty by e-mail: the count first, then the progress.
    await nav(staff).getByRole('link', { name: 'الإشعارات' }).click();
    await expect(staff.getByRole('heading', { name: 'الإشعارات', level: 2 })).toBeVisible();
    const facultyPicker = staff.getByRole('form', { name: 'اختيار الكلية' });
    await facultyPicker.getByLabel('الكلية').selectOption(COMMERCE);
    await facultyPicker.getByRole('button', { name: 'اختيار الكلية' }).click();
    const compose = staff.getByRole('form', { name: 'رسالة إلى طلاب الكلية' });
    await compose.getByRole('radio', { name: 'كل طلاب الكلية' }).check();
    await compose.getByRole('checkbox', { name: 'رسالة نصية' }).uncheck();
    await expect(compose.getByRole('checkbox', { name: 'البريد الإلكتروني' })).toBeChecked();
    await compose.getByRole('textbox', { name: 'نص الرسالة' }).fill(STAFF_TEXT);
    await expect(compose.getByTestId('preview-students')).toHaveText('1');
    await expect(compose.getByTestId('preview-email')).toHaveText('1');
    await compose.getByRole('button', { name: 'إرسال الرسالة' }).click();
    const confirm = staff.getByRole('dialog', { name: 'تأكيد إرسال الرسالة' });
    await expect(confirm).toContainText(`سترسل الرسالة إلى 1 طالب من ${COMMERCE} (البريد الإلكتروني).`);
    await snap(staff, info, 'message-confirm', confirm);
    await confirm.getByRole('button', { name: 'إرسال إلى 1 طالب' }).click();
    await expect(confirm).toHaveCount(0);
    const progress = staff.getByRole('heading', { name: 'تقدم الرسالة المرسلة', level: 4 }).locator('..');
    const sentCount = progress
      .locator('dl > div')
      .filter({ has: staff.locator('dt', { hasText: /^أرسلت$/ }) });
    await expect(sentCount.locator('dd')).toHaveText('1', { timeout: WAIT_MAIL });
    await expect(progress).toContainText('انتهى إرسال 1 رسالة.');
    await snap(staff, info, 'message-sent', progress);

    const message = await mailWithSubject(sink, `رسالة من ${COMMERCE}`);
    expectArabicMail(message);
    expect(message.text).toContain(STAFF_TEXT);
    expect(String(message.html)).toContain(`<p style="margin:0 0 12px">${STAFF_TEXT}</p>`);

    // The record lists every message of the student: what, how, where it stands.
    await staff.goto(recordUrl);
    const messages = staff.getByRole('region', { name: 'الرسائل المرسلة إلى الطالب' });
    const row = (event: string, channel: string) =>
      messages.getByRole('row').filter({ hasText: event }).filter({ hasText: channel });
    await expect(row('اكتمال البيانات', 'البريد الإلكتروني')).toContainText('أرسلت');
    // No SMS gateway on this portal: the text message is recorded, not sent.
    await expect(row('اكتمال البيانات', 'رسالة نصية')).toContainText('لم ترسل');
    await expect(row('رفض مستند', 'البريد الإلكتروني')).toContainText('أرسلت');
    await expect(row('رفض مستند', 'رسالة نصية')).toContainText('لم ترسل');
    await expect(row('رسالة من الكلية', 'البريد الإلكتروني')).toContainText('أرسلت');
    await expect(messages.getByRole('row').filter({ hasText: 'رسالة من الكلية' })).toHaveCount(1);
    await snap(staff, info, 'record-messages', messages);
    // Each event sent one e-mail, however often the screens were opened.
    expect(sink.messages).toHaveLength(3);
  });
});

const documentTab = (page: Page, kind: keyof typeof IMAGE_LABELS) =>
  page.getByRole('tab', { name: new RegExp(IMAGE_LABELS[kind].replace(/[()]/g, '\\$&')) });

/** Waits until the open document's image has arrived (fetched with the staff token, shown from a blob). */
async function imageShown(page: Page, kind: keyof typeof IMAGE_LABELS) {
  const image = page
    .getByRole('tabpanel')
    .getByRole('img', { name: new RegExp(IMAGE_LABELS[kind].replace(/[()]/g, '\\$&')) });
  await expect(image).toBeVisible({ timeout: 15_000 });
  await expect(image).toHaveAttribute('src', /^blob:/);
}
