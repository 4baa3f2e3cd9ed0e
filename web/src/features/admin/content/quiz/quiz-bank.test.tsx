import { notifications } from '@mantine/notifications';
import { CONTENT_MESSAGES, MESSAGES, type QuizQuestionEntry } from '@portal/common';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fails, ok, signedInAs } from '@/components/admin/testing/staff-fixtures';
import { type Handler, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const LIST = 'GET /api/v1/content/quiz-questions';
const ADD = 'POST /api/v1/content/quiz-questions';
const CHARTER = 'GET /api/v1/content/charter';
const one = (index: number) => `/api/v1/content/quiz-questions/${index}`;

const SECTIONS = ['الباب الأول: أحكام عامة', 'الباب الثاني: السلوك الجامعي'];

function question(index: number, overrides: Partial<QuizQuestionEntry> = {}): QuizQuestionEntry {
  return {
    index,
    question: `نص السؤال رقم ${index} عن الميثاق`,
    answer: index % 2 === 0,
    section: SECTIONS[0] ?? null,
    active: true,
    version: 1,
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const BANK = [
  question(1, { question: 'يلتزم الطالب بالزي المناسب داخل الحرم الجامعي', answer: true, version: 3 }),
  question(2, { section: null, answer: false }),
  question(3),
  question(4),
  question(5, { active: false, section: SECTIONS[1] ?? null }),
];

const listAnswer = (questions: QuizQuestionEntry[]) => () => ok({ data: questions, minimumActive: 4 });

const charterAnswer = () =>
  ok({
    data: {
      version: 2,
      publishedAt: '2026-11-01T10:00:00.000Z',
      publishedBy: 'admin',
      sections: SECTIONS.map((title) => ({ title, paragraphs: ['فقرة'] })),
    },
    versions: [],
  });

async function openBank(handlers: Record<string, Handler> = {}) {
  const api = mockApi({
    ...signedInAs('SUPERADMIN'),
    [LIST]: listAnswer(BANK),
    [CHARTER]: charterAnswer,
    ...handlers,
  });
  const app = renderApp('/admin/content/quiz');
  await screen.findByRole('heading', { level: 2, name: 'بنك أسئلة الاختبار' });
  return { ...app, api };
}

const card = async (name: string) => {
  const list = await screen.findByRole('list', { name: 'أسئلة الاختبار' });
  return within(list).getByRole('listitem', { name });
};

afterEach(() => {
  act(() => notifications.clean());
});

// The first test waits for the screen's lazy chunk, which on a busy 2-core machine can take seconds.
describe('quiz bank', { timeout: 20_000 }, () => {
  it('lists every question with its answer, section, state and version, and the active count', async () => {
    await openBank();
    const first = await card('السؤال 1');
    expect(first).toHaveTextContent('يلتزم الطالب بالزي المناسب داخل الحرم الجامعي');
    expect(first).toHaveTextContent('الإجابة الصحيحةصح');
    expect(first).toHaveTextContent(`باب الميثاق${SECTIONS[0]}`);
    expect(first).toHaveTextContent('مفعل');
    expect(first).toHaveTextContent('الإصدار 3');
    expect(within(first).getByRole('button', { name: 'تعديل' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'إيقاف' })).toBeInTheDocument();

    const second = await card('السؤال 2');
    expect(second).toHaveTextContent('الإجابة الصحيحةخطأ');
    expect(second).toHaveTextContent('باب الميثاقبدون');

    const retired = await card('السؤال 5');
    expect(retired).toHaveTextContent('موقوف');
    expect(within(retired).getByRole('button', { name: 'إعادة تفعيل' })).toBeInTheDocument();
    expect(within(retired).queryByRole('button', { name: 'إيقاف' })).not.toBeInTheDocument();

    expect(screen.getByText(/الأسئلة المفعلة: 4 من 5/)).toHaveTextContent(
      'يجب أن يبقى 4 أسئلة مفعلة على الأقل',
    );
  });

  it('adds a question with its answer and charter section', async () => {
    const added = question(6, {
      question: 'يحق للطالب التظلم من نتيجة الامتحان',
      answer: true,
      section: SECTIONS[1] ?? null,
    });
    const { api, user } = await openBank({
      [ADD]: () => ok({ message: CONTENT_MESSAGES.quizQuestionAdded, data: added }, 201),
    });
    await user.click(screen.getByRole('button', { name: 'إضافة سؤال' }));
    const dialog = await screen.findByRole('dialog', { name: 'إضافة سؤال' });
    const text = within(dialog).getByLabelText('نص السؤال');
    await user.type(text, added.question);
    expect(within(dialog).getByText(`${added.question.length} / 500 حرف (من 5 إلى 500)`)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'صح' }));
    const section = within(dialog).getByLabelText('باب الميثاق');
    await waitFor(() => expect(within(section).getAllByRole('option')).toHaveLength(3));
    expect(
      within(section)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['بدون', ...SECTIONS]);
    await user.selectOptions(section, SECTIONS[1] ?? '');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.bodiesOf(ADD)).toEqual([{ question: added.question, answer: true, section: SECTIONS[1] }]);
    expect(screen.getAllByText(CONTENT_MESSAGES.quizQuestionAdded).length).toBeGreaterThan(0);
    expect(await card('السؤال 6')).toHaveTextContent(added.question);
    expect(screen.getByText(/الأسئلة المفعلة: 5 من 6/)).toBeInTheDocument();
  });

  it('checks the text and the answer with the shared rules before sending', async () => {
    const { api, user } = await openBank();
    await user.click(screen.getByRole('button', { name: 'إضافة سؤال' }));
    const dialog = await screen.findByRole('dialog', { name: 'إضافة سؤال' });
    await user.type(within(dialog).getByLabelText('نص السؤال'), 'قصير');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(await within(dialog).findByText(CONTENT_MESSAGES.quizQuestionText)).toBeInTheDocument();
    expect(within(dialog).getByText(CONTENT_MESSAGES.quizAnswerRequired)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('نص السؤال')).toHaveAttribute('aria-invalid', 'true');
    expect(api.bodiesOf(ADD)).toEqual([]);
  });

  it('edits a question: says a new version is made, sends only what changed and shows the new version', async () => {
    const target = BANK[0] as QuizQuestionEntry;
    const { api, user } = await openBank({
      [`PATCH ${one(1)}`]: ({ body }) =>
        ok({
          message: CONTENT_MESSAGES.quizQuestionSaved,
          data: { ...target, ...(body as object), version: target.version + 1 },
        }),
    });
    await user.click(within(await card('السؤال 1')).getByRole('button', { name: 'تعديل' }));
    const dialog = await screen.findByRole('dialog', { name: 'تعديل السؤال' });
    expect(dialog).toHaveTextContent('الحفظ ينشئ الإصدار 4 من السؤال');
    expect(dialog).toHaveTextContent('تبقى بنصه وإجابته القديمين');
    expect(within(dialog).getByRole('radio', { name: 'صح' })).toBeChecked();
    await waitFor(() => expect(within(dialog).getByLabelText('باب الميثاق')).toHaveValue(SECTIONS[0]));

    const text = within(dialog).getByLabelText('نص السؤال');
    await user.clear(text);
    await user.type(text, 'لا يلتزم الطالب بالزي المناسب داخل الحرم الجامعي');
    await user.click(within(dialog).getByRole('radio', { name: 'خطأ' }));
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.bodiesOf(`PATCH ${one(1)}`)).toEqual([
      { question: 'لا يلتزم الطالب بالزي المناسب داخل الحرم الجامعي', answer: false },
    ]);
    const edited = await card('السؤال 1');
    expect(edited).toHaveTextContent('الإصدار 4');
    expect(edited).toHaveTextContent('الإجابة الصحيحةخطأ');
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    const { user } = await openBank({
      [`PATCH ${one(2)}`]: () => fails(409, CONTENT_MESSAGES.quizQuestionDuplicate),
    });
    await user.click(within(await card('السؤال 2')).getByRole('button', { name: 'تعديل' }));
    const dialog = await screen.findByRole('dialog', { name: 'تعديل السؤال' });
    await user.type(within(dialog).getByLabelText('نص السؤال'), ' مكرر');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      CONTENT_MESSAGES.quizQuestionDuplicate,
    );
  });

  it('sends nothing when an edit changes nothing, and says so', async () => {
    const { api, user } = await openBank();
    await user.click(within(await card('السؤال 3')).getByRole('button', { name: 'تعديل' }));
    const dialog = await screen.findByRole('dialog', { name: 'تعديل السؤال' });
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(CONTENT_MESSAGES.nothingToChange);
    expect(api.bodiesOf(`PATCH ${one(3)}`)).toEqual([]);
  });

  it('retires a question after a confirmation that says graded students keep their grading', async () => {
    const target = BANK[2] as QuizQuestionEntry;
    const { api, user } = await openBank({
      [`DELETE ${one(3)}`]: () =>
        ok({ message: CONTENT_MESSAGES.quizQuestionRetired, data: { ...target, active: false } }),
    });
    await user.click(within(await card('السؤال 3')).getByRole('button', { name: 'إيقاف' }));
    const confirm = await screen.findByRole('dialog', { name: 'هل تريد إيقاف السؤال 3؟' });
    expect(confirm).toHaveTextContent('الطلاب الذين اختُبروا به من قبل يبقى تصحيحهم كما كان');
    // "No" first: Enter on the open dialog never retires by accident.
    await user.click(within(confirm).getByRole('button', { name: 'لا' }));
    expect(api.fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await user.click(within(await card('السؤال 3')).getByRole('button', { name: 'إيقاف' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'نعم' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const retired = await card('السؤال 3');
    expect(retired).toHaveTextContent('موقوف');
    expect(within(retired).getByRole('button', { name: 'إعادة تفعيل' })).toBeInTheDocument();
    expect(screen.getAllByText(CONTENT_MESSAGES.quizQuestionRetired).length).toBeGreaterThan(0);
  });

  it('shows the refusal to retire below the minimum on the question', async () => {
    const { user } = await openBank({
      [`DELETE ${one(4)}`]: () => fails(409, CONTENT_MESSAGES.quizTooFewActive),
    });
    await user.click(within(await card('السؤال 4')).getByRole('button', { name: 'إيقاف' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'نعم' }));
    const target = await card('السؤال 4');
    expect(await within(target).findByRole('alert')).toHaveTextContent(CONTENT_MESSAGES.quizTooFewActive);
    expect(target).toHaveTextContent('مفعل');
  });

  it('restores a retired question', async () => {
    const target = BANK[4] as QuizQuestionEntry;
    const { api, user } = await openBank({
      [`PATCH ${one(5)}`]: () =>
        ok({ message: CONTENT_MESSAGES.quizQuestionRestored, data: { ...target, active: true } }),
    });
    await user.click(within(await card('السؤال 5')).getByRole('button', { name: 'إعادة تفعيل' }));
    await waitFor(async () =>
      expect(within(await card('السؤال 5')).getByRole('button', { name: 'إيقاف' })).toBeInTheDocument(),
    );
    expect(api.bodiesOf(`PATCH ${one(5)}`)).toEqual([{ active: true }]);
  });

  it('says what went wrong with the list and offers to try again', async () => {
    let calls = 0;
    const { user } = await openBank({
      [LIST]: () => {
        calls += 1;
        return calls === 1 ? fails(503, MESSAGES.databaseUnavailable) : listAnswer(BANK)();
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.databaseUnavailable);
    await user.click(within(alert).getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await card('السؤال 1')).toBeInTheDocument();
  });
});
