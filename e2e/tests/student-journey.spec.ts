import { readFile } from 'node:fs/promises';
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
