import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page, Request, TestInfo } from '@playwright/test';
import {
  chooseImages,
  field,
  fillCommon,
  IMAGE_LABELS,
  imageInput,
  SUBMIT,
  sixImages,
  submitAndReachForms,
} from '../complete-data-form.js';
import { expect, test } from '../fixtures.js';
import { passStepUpDialog } from '../student-steps.js';

// The complete-data form end to end: a social-work and a tourism student fill it with six real images (checked,
// compressed in a web worker and sent with progress), then see the forms of their college. Pictures of each
// screen go to screenshots/<project>-student-*.png for a person to look at.

const PORTAL = '/stAdmission';
const TOURISM_SEAT_NO = '482913';
const SOCIAL_WORK = 'كلية الخدمة الاجتماعية';
const TOURISM = 'كلية السياحة والفنادق';

// ---------------------------------------------------------------------------------------------------------
// Steps.

async function logIn(page: Page, nationalId: string) {
  await page.goto(`${PORTAL}/`);
  await page.getByLabel('الرقم القومي').fill(nationalId);
  await page.getByRole('button', { name: 'دخول' }).click();
  await expect(page.getByRole('heading', { name: 'بيانات الطالب' })).toBeVisible();
}

async function shoot(page: Page, info: TestInfo, screen: string) {
  await page.screenshot({ path: `screenshots/${info.project.name}-student-${screen}.png`, fullPage: true });
}

async function fillFamily(page: Page) {
  await field(page, 'المدينة').fill('المنصورة');
  await field(page, 'جنسية الأب').fill('مصري');
  await field(page, 'رقم موبايل الأب').fill('01112345678');
  await field(page, 'اسم الأم').fill('فاطمة محمود');
  await field(page, 'جنسية الأم').fill('مصرية');
  await field(page, 'وظيفة الأم').fill('معلمة');
  await field(page, 'رقم موبايل الأم').fill('01212345678');
  await field(page, 'عدد الإخوة').fill('٣');
  await field(page, 'عدد الإخوة الذكور').fill('2');
  await field(page, 'عدد الإخوة الإناث').fill('1');
  await field(page, 'ترتيب الطالب بين إخوته').fill('2');
  await field(page, 'دخل الأسرة الشهري').fill('8000');
}

interface Traffic {
  /** Every request of the page and its workers. */
  requests: string[];
  /** Requests that got no answer, or an error status. */
  failed: string[];
  /** Console errors, e.g. a Content-Security-Policy refusal. */
  errors: string[];
  /** URLs of the web workers the page started. */
  workers: string[];
}

/** Watches where the compression library comes from and that nothing is refused on the way. */
function recordTraffic(page: Page): Traffic {
  const traffic: Traffic = { requests: [], failed: [], errors: [], workers: [] };
  const context = page.context();
  context.on('request', (request: Request) => traffic.requests.push(request.url()));
  context.on('requestfailed', (request: Request) => traffic.failed.push(request.url()));
  context.on('response', (response) => {
    if (response.status() >= 400) traffic.failed.push(`${response.status()} ${response.url()}`);
  });
  page.on('worker', (worker) => traffic.workers.push(worker.url()));
  page.on('console', (message) => {
    if (message.type() === 'error') traffic.errors.push(message.text());
  });
  return traffic;
}

function pngWidth(bytes: Buffer): number {
  return bytes.readUInt32BE(16);
}

// ---------------------------------------------------------------------------------------------------------

test('a social-work student completes the form and sees the three forms and the appointment', async ({
  page,
  db,
  createStudent,
}, info) => {
  test.setTimeout(150_000);
  const traffic = recordTraffic(page);
  const student = await createStudent({ college: SOCIAL_WORK, isPassed: true, completedQuestions: true });
  await logIn(page, student.nationalId);
  await page.getByRole('link', { name: 'استكمال البيانات', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'استكمال البيانات' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'بيانات الأم' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'بيانات الأسرة' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'اختيار البرامج' })).toHaveCount(0);
  await shoot(page, info, 'data-enter-empty');

  // Nothing filled: the first rule, on its field, focused.
  await page.getByRole('button', { name: SUBMIT }).click();
  const name = field(page, 'الاسم باللغة الإنجليزية');
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.getByRole('alert').filter({ hasText: 'يجب إدخال الاسم باللغة الإنجليزية' }),
  ).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, info, 'data-enter-errors');

  // The social-work rules come before the contact data: the city is asked next.
  await name.fill('Mona Ahmed Ali');
  await page.getByRole('button', { name: SUBMIT }).click();
  await expect(field(page, 'المدينة')).toBeFocused();

  await fillCommon(page);
  await fillFamily(page);

  // A file that is not an image is refused on its picker.
  await imageInput(page, 'birthCertificate').setInputFiles({
    name: 'birth.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj <<>> endobj\n'),
  });
  await expect(page.getByText('يجب أن يكون الملف صورة (png أو jpeg) وليس ملفا آخر')).toBeVisible();
  await expect(imageInput(page, 'birthCertificate')).toHaveAttribute('aria-invalid', 'true');

  const images = await sixImages(page);
  await chooseImages(page, images);
  await expect(imageInput(page, 'birthCertificate')).not.toHaveAttribute('aria-invalid', 'true');
  await shoot(page, info, 'data-enter-filled');

  await submitAndReachForms(page);
  const links = page.getByRole('link', { name: /^تنزيل استمارة/ });
  await expect(links).toHaveCount(3);
  expect(await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')))).toEqual([
    `/api/v1/students/getAdmissionForm/${student.id}`,
    `/api/v1/students/getAcquaintanceForm/${student.id}`,
    `/api/v1/students/getFinalPersonalTestForm/${student.id}`,
  ]);
  await shoot(page, info, 'forms-download');

  // Stored: complete, the family data, six images; the 2400 px certificate arrived at most 1920 px wide.
  const { rows } = await db.query<{ complete: boolean; brothers: number; year: string; phone: string }>(
    `SELECT is_complete AS complete, brothers_num AS brothers, qualification_year AS year,
       phone_number AS phone FROM students WHERE id = $1`,
    [student.id],
  );
  expect(rows[0]).toEqual({ complete: true, brothers: 3, year: '2025/2026', phone: '01012345678' });
  const { rows: stored } = await db.query<{ kind: string; key: string; size: number }>(
    'SELECT kind, storage_key AS key, size_bytes AS size FROM student_images WHERE student_id = $1',
    [student.id],
  );
  expect(stored.map((image) => image.kind).sort()).toEqual(Object.keys(IMAGE_LABELS).sort());
  for (const image of stored) expect(image.size).toBeLessThanOrEqual(512 * 1024);
  const certificate = stored.find((image) => image.kind === 'secondarySchoolCertificate');
  const certificateBytes = await readFile(
    path.join(String(process.env.PORTAL_DATA_DIR), 'images', String(certificate?.key)),
  );
  expect(pngWidth(certificateBytes)).toBeLessThanOrEqual(1920);

  // The compression worker loaded the library from this site (CSP worker-src 'self' blob:), never from a CDN.
  const origin = new URL(page.url()).origin;
  const library = `${origin}${PORTAL}/assets/browser-image-compression`;
  expect(traffic.workers.length).toBeGreaterThan(0);
  expect(traffic.workers.every((url) => url.startsWith('blob:'))).toBe(true);
  expect(traffic.requests.some((url) => url.startsWith(library))).toBe(true);
  const foreign = traffic.requests.filter((url) => !/^(blob|data):/.test(url) && !url.startsWith(origin));
  expect(foreign).toEqual([]);
  expect(traffic.failed.filter((url) => url.includes('browser-image-compression'))).toEqual([]);
  expect(traffic.errors.filter((text) => /Content Security Policy|importScripts/i.test(text))).toEqual([]);

  // No appointment yet.
  await page.goto(`${PORTAL}/dashboard/studentAppointment`);
  await expect(page.getByRole('heading', { name: 'موعد الاختبار الشخصي' })).toBeVisible();
  await expect(page.getByText('لم يتم تحديد موعد الاختبار الشخصي بعد')).toBeVisible();
  await shoot(page, info, 'appointment-none');

  // Staff appoint the student (the schedule screen is another test's): the screen shows the date and period.
  await db.query(
    `INSERT INTO appointments (student_id, appointed_day, appointed_hour) VALUES ($1, '2026-08-15', 12)`,
    [student.id],
  );
  await page.reload();
  await expect(page.getByRole('row', { name: 'اليوم السبت' })).toBeVisible();
  await expect(page.getByRole('row', { name: 'التاريخ 15/08/2026' })).toBeVisible();
  await expect(page.getByRole('row', { name: 'الفترة الفترة المسائية (12:00)' })).toBeVisible();
  await shoot(page, info, 'appointment');

  const calendar = page.getByRole('link', { name: 'إضافة الموعد إلى التقويم (ملف ics)' });
  const downloading = page.waitForEvent('download');
  await calendar.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('personal-interview-appointment.ics');
  const ics = await readFile(String(await download.path()), 'utf8');
  expect(ics).toContain('DTSTART:20260815T090000Z');
});

test('a tourism student picks three different programs, keeps the draft across a reload and completes the form', async ({
  page,
  db,
  createStudent,
}, info) => {
  test.setTimeout(150_000);
  const student = await createStudent({
    college: TOURISM,
    isPassed: true,
    completedQuestions: true,
    seatNo: TOURISM_SEAT_NO,
  });
  await logIn(page, student.nationalId);
  await page.getByRole('link', { name: 'استكمال البيانات', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'اختيار البرامج' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'بيانات الأم' })).toHaveCount(0);

  const list = (label: string) => page.getByRole('combobox', { name: label });
  const offered = async (label: string) =>
    (
      await list(label)
        .locator('option')
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))
    ).filter(Boolean);
  const all = await offered('البرنامج الأول');
  expect(all.length).toBeGreaterThanOrEqual(3);
  const [first = '', second = '', third = ''] = all;
  await list('البرنامج الأول').selectOption(first);
  expect(await offered('البرنامج الثاني')).not.toContain(first);
  expect(await offered('البرنامج الثالث')).not.toContain(first);
  await list('البرنامج الثاني').selectOption(second);
  expect(await offered('البرنامج الثالث')).toEqual(
    all.filter((program) => program !== first && program !== second),
  );
  expect(await offered('البرنامج الأول')).not.toContain(second);
  await list('البرنامج الثالث').selectOption(third);

  // Half-way, the page reloads (or the connection drops): what was typed is still there.
  await field(page, 'الاسم باللغة الإنجليزية').fill('Karim Hassan');
  await field(page, 'البريد الإلكتروني').fill('karim@example.com');
  await page.reload();
  await expect(page.getByText('تمت استعادة البيانات التي كتبتها ولم ترسلها بعد')).toBeVisible();
  await expect(field(page, 'الاسم باللغة الإنجليزية')).toHaveValue('Karim Hassan');
  await expect(field(page, 'البريد الإلكتروني')).toHaveValue('karim@example.com');
  await expect(list('البرنامج الثاني')).toHaveValue(second);
  await expect(list('البرنامج الثالث')).toHaveValue(third);
  await shoot(page, info, 'data-enter-restored');

  await fillCommon(page);
  await field(page, 'الاسم باللغة الإنجليزية').fill('Karim Hassan');
  await chooseImages(page, await sixImages(page));

  // At 200% text the form still fits the width: nothing scrolls sideways.
  if (info.project.name === 'phone') {
    await page.evaluate(() => {
      document.documentElement.style.fontSize = '200%';
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shoot(page, info, 'data-enter-text-200');
    await page.evaluate(() => {
      document.documentElement.style.fontSize = '';
    });
  }

  await submitAndReachForms(page);
  const links = page.getByRole('link', { name: /^تنزيل استمارة/ });
  await expect(links).toHaveCount(1);
  await expect(links).toHaveAttribute('href', `/api/v1/students/getAdmissionForm/${student.id}`);
  await shoot(page, info, 'forms-download-tourism');

  const { rows } = await db.query<{ programs: string[] }>(
    'SELECT ARRAY[program1, program2, program3] AS programs FROM students WHERE id = $1',
    [student.id],
  );
  expect(rows[0]?.programs).toEqual([first, second, third]);
  // The draft is gone after a successful submit.
  expect(
    await page.evaluate(
      (id) => window.localStorage.getItem(`stAdmission:completeData:draft:${id}`),
      student.id,
    ),
  ).toBeNull();

  // Editing: the form opens filled, the stored images count and need not be chosen again.
  await page.goto(`${PORTAL}/dashboard/studentDataEnter`);
  await expect(page.getByRole('heading', { name: 'تعديل البيانات' })).toBeVisible();
  await expect(field(page, 'البريد الإلكتروني')).toHaveValue('mona.ali@example.com');
  await expect(page.getByText(/^تم رفع هذه الصورة من قبل/)).toHaveCount(6);
  // Issue 33: the stored images are identity documents, hidden until a step-up (the seat number on this portal).
  const storedPreview = page.getByRole('img', { name: `معاينة ${IMAGE_LABELS.personalPhoto}` });
  await expect(page.getByText('صورة محفوظة', { exact: true })).toHaveCount(6);
  await expect(storedPreview).toHaveCount(0);
  await shoot(page, info, 'data-enter-stored-hidden');
  await page.getByRole('button', { name: 'عرض الصور المحفوظة' }).click();
  await passStepUpDialog(page, TOURISM_SEAT_NO);
  await expect(storedPreview).toBeVisible();
  await expect
    .poll(() => storedPreview.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  await expect(page.getByText('صورة محفوظة', { exact: true })).toHaveCount(0);
  await shoot(page, info, 'data-enter-stored-shown');
  await field(page, 'العنوان').fill('شارع الجيش، طنطا');
  await page.getByRole('button', { name: SUBMIT }).click();
  await expect(page.getByText('تم تحديث البيانات بنجاح')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/dashboard\/formsDownload$/, { timeout: 10_000 });
});
