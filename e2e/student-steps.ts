import type { Page } from '@playwright/test';
import type pg from 'pg';

/** Steps of the student's journey that several specs take. */

export const PORTAL = '/stAdmission';

export async function logIn(page: Page, typedId: string) {
  await page.goto(`${PORTAL}/`);
  await page.getByLabel('الرقم القومي').pressSequentially(typedId);
  await page.getByRole('button', { name: 'دخول' }).click();
}

export interface DrawnQuestion {
  index: number;
  question: string;
  answer: boolean;
}

/** The draw the server stored for the student, each question as the version drawn, with its right answer. */
export async function storedDraw(db: pg.Client, studentId: string): Promise<DrawnQuestion[]> {
  const { rows } = await db.query<DrawnQuestion>(
    `SELECT v.question_index AS index, v.question, v.answer
     FROM quiz_draws d
     CROSS JOIN LATERAL unnest(d.question_indexes, d.question_versions) AS drawn(question_index, version)
     JOIN quiz_question_versions v USING (question_index, version)
     WHERE d.student_id = $1 ORDER BY v.question_index`,
    [studentId],
  );
  return rows;
}

export async function answerQuiz(page: Page, draw: DrawnQuestion[], rightly: boolean) {
  for (const { question, answer } of draw) {
    const label = answer === rightly ? 'صح' : 'خطأ';
    await page.getByRole('group', { name: question }).getByRole('radio', { name: label }).check();
  }
  await page.getByRole('button', { name: 'إرسال الإجابات' }).click();
}

export interface StoredQuestion {
  id: string;
  type: string;
  question: string;
  description: string | null;
  options: string[];
}

/** The active questionnaire in the order students see it. */
export async function activeQuestions(db: pg.Client): Promise<StoredQuestion[]> {
  const { rows } = await db.query<StoredQuestion>(
    'SELECT id, type, question, description, options FROM additional_questions WHERE active ORDER BY sort_order, id',
  );
  return rows;
}

/** Answers every question, asking for the extra text wherever the type allows it. */
export async function answerQuestionnaire(page: Page, questions: StoredQuestion[]) {
  for (const { type, question, description, options } of questions) {
    const card = page.locator('.mantine-Paper-root').filter({ hasText: question });
    const choices = page.getByRole('group', { name: question });
    if (type === 'input') {
      await page.getByRole('textbox', { name: question }).fill('أن أعمل في مجال تخصصي');
    } else if (type === 'mcq') {
      await choices.getByRole('radio', { name: options[0] }).check();
    } else if (type === 'mcq_yes_input') {
      await choices.getByRole('radio', { name: 'نعم' }).check();
      await card.getByRole('textbox', { name: String(description) }).fill('تفاصيل الإجابة بنعم');
    } else if (type === 'mcq_input') {
      await choices.getByRole('radio', { name: 'أخرى' }).check();
      await card.getByRole('textbox', { name: 'يرجى التوضيح' }).fill('وسيلة أخرى');
    } else if (type === 'multi_select_input') {
      await choices.getByRole('checkbox', { name: options[0] }).check();
      await choices.getByRole('checkbox', { name: 'أخرى' }).check();
      await card.getByRole('textbox', { name: 'يرجى التوضيح' }).fill('اختيار آخر');
    }
  }
}

/**
 * The step-up dialog (issue 33) that opens before the own-data zip: `answer` typed into its one field (the code
 * read from the mail server, or the seat number), then 'تحقق'. Answers once the dialog has closed.
 */
export async function passStepUpDialog(page: Page, answer: string) {
  const dialog = page.getByRole('dialog', { name: 'التحقق من الهوية' });
  await dialog.getByRole('textbox').fill(answer);
  await dialog.getByRole('button', { name: 'تحقق' }).click();
  await dialog.waitFor({ state: 'detached' });
}
