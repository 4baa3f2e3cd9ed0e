import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { encodeRgbPng } from '../../api/test/images.js';
import { expect, test } from '../fixtures.js';
import {
  activeQuestions,
  answerQuestionnaire,
  answerQuiz,
  logIn,
  PORTAL,
  storedDraw,
} from '../student-steps.js';

const CHECKING = 'جاري التحقق من حالة الطالب... يرجى الانتظار';
const SOCIAL_WORK = 'كلية الخدمة الاجتماعية';

test.describe('student journey', () => {
  test('a new student downloads the charter, a PDF', async ({ page, createStudent }) => {
    const student = await createStudent();
    await logIn(page, student.nationalId);
    await expect(page.getByRole('heading', { name: 'تنزيل ميثاق الطالب' })).toBeVisible();

    // The charter: a navigation download of a PDF.
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'تنزيل ميثاق الطالب (PDF)' }).click();
    const download = await downloading;
    const file = await readFile(String(await download.path()));
    expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expect(page.getByText('تم تنزيل الملف بنجاح')).toBeVisible();
  });

  test('a new student fails then passes the quiz, and answers the questionnaire', async ({
    page,
    db,
    createStudent,
  }) => {
    test.setTimeout(120_000);
    const student = await createStudent();
    await logIn(page, student.nationalId);
    await expect(page).toHaveURL(/\/dashboard\/documentDownloadPage$/);
    await expect(page.getByRole('heading', { name: 'تنزيل ميثاق الطالب' })).toBeVisible();

    await page.getByRole('link', { name: 'الانتقال إلى الاختبار' }).click();

    // A failed attempt: every answer wrong.
    await expect(page.getByRole('radio', { name: 'صح' })).toHaveCount(4);
    const firstDraw = await storedDraw(db, student.id);
    expect(firstDraw).toHaveLength(4);
    const redrawn = page.waitForResponse(
      (response) => response.url().includes('/students/question/') && response.request().method() === 'GET',
      { timeout: 20_000 },
    );
    await answerQuiz(page, firstDraw, false);
    await expect(page.getByRole('alert').filter({ hasText: 'إجاباتك الصحيحة 0 من 4' })).toBeVisible();

    // The page reloads with a new draw, still on the quiz.
    await redrawn;
    await expect(page).toHaveURL(/\/dashboard\/quiz$/);
    await expect(page.getByRole('radio', { name: 'صح' })).toHaveCount(4);
    const secondDraw = await storedDraw(db, student.id);
    expect(secondDraw).toHaveLength(4);
    for (const { question } of secondDraw)
      await expect(page.getByRole('group', { name: question })).toBeVisible();

    // A pass goes on to the questionnaire.
    await answerQuiz(page, secondDraw, true);
    await expect(page.getByText('تهانينا! لقد اجتزت اختبار ميثاق الطالب بنجاح')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/additionalQuestions$/);
    await expect(page.getByText(CHECKING)).toHaveCount(0);

    const questions = await activeQuestions(db);
    expect(new Set(questions.map((question) => question.type))).toEqual(
      new Set(['mcq', 'multi_select_input', 'input', 'mcq_yes_input', 'mcq_input']),
    );
    await expect(page.getByRole('group', { name: questions[0]?.question })).toBeVisible();
    await answerQuestionnaire(page, questions);
    await page.getByRole('button', { name: 'إرسال', exact: true }).click();

    await expect(page.getByText('تم حفظ إجاباتك بنجاح')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/studentDataView$/);
    await expect(page.getByRole('heading', { name: 'بيانات الطالب' })).toBeVisible();
    const { rows } = await db.query<{ done: boolean; answers: number }>(
      `SELECT s.is_completed_additional_questions AS done,
         (SELECT count(*)::int FROM additional_answers a WHERE a.student_id = s.id) AS answers
       FROM students s WHERE s.id = $1`,
      [student.id],
    );
    expect(rows[0]).toEqual({ done: true, answers: questions.length });
  });

  test('a returning student goes straight to the data view, and logout returns to the login', async ({
    page,
    createStudent,
  }) => {
    const student = await createStudent({ isPassed: true, completedQuestions: true });
    await logIn(page, student.nationalId);
    await expect(page).toHaveURL(/\/dashboard\/studentDataView$/);
    await expect(page.getByRole('heading', { name: 'بيانات الطالب' })).toBeVisible();

    await page.getByRole('button', { name: 'تسجيل الخروج' }).click();
    await expect(page).toHaveURL(new RegExp(`${PORTAL}/?$`));
    await expect(page.getByRole('heading', { name: 'تسجيل الدخول' })).toBeVisible();
    // Nothing is left to resume from: a student screen sends the visitor back to the login.
    await page.goto(`${PORTAL}/dashboard/studentDataView`);
    await expect(page).toHaveURL(new RegExp(`${PORTAL}/?$`));
  });

  test('a national ID typed in Arabic-Indic digits logs in', async ({ page, createStudent }) => {
    const student = await createStudent();
    const arabicIndic = student.nationalId.replace(/\d/g, (digit) => '٠١٢٣٤٥٦٧٨٩'[Number(digit)] ?? digit);
    expect(arabicIndic).toMatch(/^[٠-٩]+$/);
    await logIn(page, arabicIndic);
    await expect(page).toHaveURL(/\/dashboard\/documentDownloadPage$/);
    await expect(page.getByRole('heading', { name: 'تنزيل ميثاق الطالب' })).toBeVisible();
  });
});

// ---------------------------------------------------------------------------------------------------------
// The keyboard alone: Tab, Shift+Tab, Enter, Space and the arrow keys; never a click.

/**
 * Whether the focused element shows a focus indicator: an outline or a box-shadow of its own. The native file
 * input is visually hidden and its visible button (the next sibling) carries the ring instead.
 */
async function focusRingShown(page: Page): Promise<{ shown: boolean; element: string }> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement)) return { shown: false, element: String(active?.tagName) };
    const ringed =
      active instanceof HTMLInputElement && active.type === 'file'
        ? (active.nextElementSibling as HTMLElement | null)
        : active;
    const style = ringed ? getComputedStyle(ringed) : null;
    const outline =
      style !== null && style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    const shadow = style !== null && style.boxShadow !== 'none';
    const name = active.getAttribute('aria-label') ?? active.id ?? '';
    return { shown: outline || shadow, element: `${active.tagName.toLowerCase()}#${name}` };
  });
}

/** Presses Tab (or Shift+Tab) until `target` has the focus, checking the focus ring at every stop on the way. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, { backwards = false } = {}) {
  const key = backwards ? 'Shift+Tab' : 'Tab';
  for (let presses = 0; presses < 80; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) {
      const ring = await focusRingShown(page);
      expect(ring.shown, `no visible focus on ${ring.element}`).toBe(true);
      return;
    }
    await page.keyboard.press(key);
    const ring = await focusRingShown(page);
    if (ring.element !== 'body#') expect(ring.shown, `no visible focus on ${ring.element}`).toBe(true);
  }
  throw new Error(`80 presses of ${key} did not reach ${target}`);
}

/** Focuses a radio group's first choice, checks it with Space, then moves with the arrow keys to `wanted`. */
async function chooseByKeyboard(page: Page, group: ReturnType<Page['locator']>, wanted: string) {
  await tabTo(page, group.getByRole('radio').first());
  await page.keyboard.press('Space');
  for (let moves = 0; moves < 10; moves++) {
    if (await group.getByRole('radio', { name: wanted, exact: true }).isChecked()) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`the arrow keys did not reach ${wanted}`);
}

async function typeInto(page: Page, field: ReturnType<Page['locator']>, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/** The form's fields in their order on the page, for a social-work student. */
const FORM_ENTRIES: [string, string][] = [
  ['الاسم باللغة الإنجليزية', 'Mona Ahmed Ali'],
  ['رقم الموبايل', '01012345678'],
  ['رقم التليفون الأرضي', '0502212345'],
  ['البريد الإلكتروني', 'mona.ali@example.com'],
  ['العنوان', '12 شارع الجمهورية، المنصورة'],
  ['المدينة', 'المنصورة'],
  ['المؤهل', 'الثانوية العامة'],
  ['السنة الأولى', '2025'],
  ['السنة الثانية', '2026'],
  ['المجموع الكلي', '385.5'],
  ['النسبة المئوية', '93.75'],
  ['اسم ولي الأمر', 'أحمد علي حسن'],
  ['وظيفة ولي الأمر', 'مهندس'],
  ['مؤهل ولي الأمر', 'بكالوريوس هندسة'],
  ['اسم الأب', 'أحمد علي حسن'],
  ['وظيفة الأب', 'مهندس'],
  ['مؤهل الأب', 'بكالوريوس هندسة'],
  ['جنسية الأب', 'مصري'],
  ['رقم موبايل الأب', '01112345678'],
  ['اسم الأم', 'فاطمة محمود'],
  ['جنسية الأم', 'مصرية'],
  ['وظيفة الأم', 'معلمة'],
  ['رقم موبايل الأم', '01212345678'],
  ['عدد الإخوة', '3'],
  ['عدد الإخوة الذكور', '2'],
  ['عدد الإخوة الإناث', '1'],
  ['ترتيب الطالب بين إخوته', '2'],
  ['دخل الأسرة الشهري', '8000'],
];

const IMAGE_KINDS = [
  'frontIdCard',
  'backIdCard',
  'birthCertificate',
  'personalPhoto',
  'secondarySchoolCertificate',
  'nominationCard',
] as const;

function smallPng(seed: number): Buffer {
  const size = 48;
  const raw = Buffer.alloc(size * (1 + size * 3));
  for (let i = 0; i < raw.length; i++) raw[i] = i % (1 + size * 3) === 0 ? 0 : (i * seed) & 0xff;
  return encodeRgbPng(size, size, raw);
}

interface StoredQuestion {
  type: string;
  question: string;
  description: string | null;
  options: string[];
}

test('the whole student journey works with the keyboard alone, the focus always visible', async ({
  page,
  db,
  createStudent,
}) => {
  test.setTimeout(240_000);
  const student = await createStudent({ college: SOCIAL_WORK });
  await page.goto(`${PORTAL}/`);

  // Login.
  await typeInto(page, page.getByLabel('الرقم القومي'), student.nationalId);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'تنزيل ميثاق الطالب' })).toBeVisible();

  // The charter: Enter on the link downloads it; then on to the quiz.
  await tabTo(page, page.getByRole('link', { name: 'تنزيل ميثاق الطالب (PDF)' }));
  const charter = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await charter).suggestedFilename()).toMatch(/\.pdf$/);
  await tabTo(page, page.getByRole('link', { name: 'الانتقال إلى الاختبار' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('radio', { name: 'صح' })).toHaveCount(4);

  // The quiz: each group by Tab, its answer by Space and the arrow keys.
  const draw = await storedDraw(db, student.id);
  const inPageOrder = await page
    .getByRole('group')
    .evaluateAll((groups) => groups.map((group) => group.querySelector('legend')?.textContent ?? ''));
  for (const legend of inPageOrder) {
    const drawn = draw.find((question) => question.question === legend);
    if (!drawn) continue;
    await chooseByKeyboard(page, page.getByRole('group', { name: legend }), drawn.answer ? 'صح' : 'خطأ');
  }
  await tabTo(page, page.getByRole('button', { name: 'إرسال الإجابات' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/additionalQuestions$/);

  // The questionnaire, question by question in page order.
  const { rows: questions } = await db.query<StoredQuestion>(
    'SELECT type, question, description, options FROM additional_questions WHERE active ORDER BY sort_order',
  );
  await expect(page.getByRole('button', { name: 'مسح الإجابة' }).first()).toBeVisible();
  for (const { type, question, description, options } of questions) {
    const card = page.locator('.mantine-Paper-root').filter({ hasText: question });
    const group = page.getByRole('group', { name: question });
    if (type === 'input') {
      await typeInto(page, page.getByRole('textbox', { name: question }), 'أن أعمل في مجال تخصصي');
    } else if (type === 'mcq') {
      await chooseByKeyboard(page, group, String(options[0]));
    } else if (type === 'mcq_yes_input') {
      await chooseByKeyboard(page, group, 'نعم');
      await typeInto(page, card.getByRole('textbox', { name: String(description) }), 'تفاصيل');
    } else if (type === 'mcq_input') {
      await chooseByKeyboard(page, group, 'أخرى');
      await typeInto(page, card.getByRole('textbox', { name: 'يرجى التوضيح' }), 'وسيلة أخرى');
    } else if (type === 'multi_select_input') {
      await tabTo(page, group.getByRole('checkbox', { name: String(options[0]), exact: true }));
      await page.keyboard.press('Space');
      await tabTo(page, group.getByRole('checkbox', { name: 'أخرى' }));
      await page.keyboard.press('Space');
      await typeInto(page, card.getByRole('textbox', { name: 'يرجى التوضيح' }), 'اختيار آخر');
    }
  }
  await tabTo(page, page.getByRole('button', { name: 'إرسال', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/studentDataView$/);

  // The data form: every field typed, the six images chosen in the file chooser opened by Space.
  await tabTo(page, page.getByRole('link', { name: 'استكمال البيانات', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'بيانات الأسرة' })).toBeVisible();
  for (const [label, value] of FORM_ENTRIES) {
    await typeInto(page, page.getByRole('textbox', { name: label, exact: true }), value);
  }
  for (const [seed, kind] of IMAGE_KINDS.entries()) {
    await tabTo(page, page.locator(`input[type="file"][id$="-${kind}"]`));
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Space');
    await (await chooser).setFiles({
      name: `${kind}.png`,
      mimeType: 'image/png',
      buffer: smallPng(seed + 3),
    });
  }
  await expect(page.getByText(/^الصورة المختارة:/)).toHaveCount(6, { timeout: 30_000 });
  // Shift+Tab goes back as well as Tab goes forward.
  await tabTo(page, page.getByRole('textbox', { name: 'دخل الأسرة الشهري', exact: true }), {
    backwards: true,
  });
  await tabTo(page, page.getByRole('button', { name: 'حفظ البيانات' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('تم تحديث البيانات بنجاح')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/dashboard\/formsDownload$/, { timeout: 10_000 });

  // The forms.
  await tabTo(page, page.getByRole('link', { name: /^تنزيل استمارة/ }).first());
  const form = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await form).suggestedFilename()).toMatch(/\.pdf$/);

  // The appointment, reached from the data view through the header's back link.
  await db.query(
    `INSERT INTO appointments (student_id, appointed_day, appointed_hour) VALUES ($1, '2026-08-15', 9)`,
    [student.id],
  );
  await tabTo(page, page.getByRole('button', { name: 'رجوع' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/studentDataEnter$/);
  await tabTo(page, page.getByRole('button', { name: 'رجوع' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/studentDataView$/);
  await tabTo(page, page.getByRole('link', { name: 'موعد الاختبار الشخصي', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('row', { name: 'التاريخ 15/08/2026' })).toBeVisible();
});
