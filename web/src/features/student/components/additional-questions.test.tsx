import { MESSAGE_TEMPLATES, MESSAGES } from '@portal/common';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Handler, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import {
  GET_QUESTIONS,
  GET_STUDENT,
  lookups,
  mockApiWithGate,
  NEW_STUDENT,
  QUESTIONS,
  questionsBody,
  SUBMIT_ANSWERS,
  storeLogin,
} from '../testing/student-fixtures';
import { cameFromQuiz } from '../utils/referrer';
import { scheduleReload } from '../utils/reload-page';

vi.mock('../utils/reload-page', () => ({ scheduleReload: vi.fn() }));

const PASSED = { isPassed: true, isCompletedAdditionalQuestions: false };
const DONE = { isPassed: true, isCompletedAdditionalQuestions: true };
const [RESIDENCE, HEARD, GOAL, HEALTH, TRANSPORT] = QUESTIONS.map((question) => question.question) as [
  string,
  string,
  string,
  string,
  string,
];

function setReferrer(value: string) {
  Object.defineProperty(document, 'referrer', { value, configurable: true });
}

async function openQuestions(handlers: Record<string, Handler> = {}) {
  storeLogin();
  const api = mockApi({
    [GET_STUDENT]: lookups(PASSED),
    [GET_QUESTIONS]: () => ({ body: questionsBody }),
    ...handlers,
  });
  const rendered = renderApp('/dashboard/additionalQuestions');
  await screen.findByRole('group', { name: RESIDENCE });
  return { ...rendered, api };
}

const group = (name: string) => screen.getByRole('group', { name });
const send = () => screen.getByRole('button', { name: 'إرسال' });
const clearButtonOf = (name: string) =>
  screen.getAllByRole('button', { name: 'مسح الإجابة' }).find((button) => {
    const described = button.getAttribute('aria-describedby');
    return described !== null && document.getElementById(described)?.textContent === name;
  });

beforeEach(() => {
  vi.mocked(scheduleReload).mockClear();
});

afterEach(() => {
  // The own property hides jsdom's getter; deleting it brings the getter back.
  delete (document as { referrer?: string }).referrer;
});

describe('additional questions: controls', () => {
  it('shows each question with its text, description and the control of its type', async () => {
    await openQuestions();
    expect(screen.getByRole('heading', { name: 'أسئلة إضافية' })).toBeInTheDocument();

    expect(
      within(group(RESIDENCE))
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['مع الأسرة', 'المدينة الجامعية']);
    expect(within(group(HEARD)).getAllByRole('checkbox')).toHaveLength(3);
    expect(group(HEARD)).toHaveAccessibleDescription('يمكنك اختيار أكثر من إجابة');
    expect(screen.getByRole('textbox', { name: GOAL })).toBeInTheDocument();
    expect(within(group(HEALTH)).getAllByRole('radio')).toHaveLength(2);
    expect(within(group(TRANSPORT)).getAllByRole('radio')).toHaveLength(2);
    // No extra field until 'yes' or 'other' is chosen; one textbox is the input question's.
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'مسح الإجابة' })).toHaveLength(QUESTIONS.length);
  });

  it("asks for details labelled by the description only while 'yes' is chosen", async () => {
    const { user } = await openQuestions();
    await user.click(within(group(HEALTH)).getByRole('radio', { name: 'لا' }));
    expect(screen.queryByRole('textbox', { name: 'اذكر الحالة الصحية' })).not.toBeInTheDocument();
    await user.click(within(group(HEALTH)).getByRole('radio', { name: 'نعم' }));
    expect(screen.getByRole('textbox', { name: 'اذكر الحالة الصحية' })).toBeInTheDocument();
    await user.click(within(group(HEALTH)).getByRole('radio', { name: 'لا' }));
    expect(screen.queryByRole('textbox', { name: 'اذكر الحالة الصحية' })).not.toBeInTheDocument();
  });

  it("asks for details only while 'other' is chosen (mcq_input) or ticked (multi-select)", async () => {
    const { user } = await openQuestions();
    const details = () => screen.queryAllByRole('textbox', { name: 'يرجى التوضيح' });

    await user.click(within(group(TRANSPORT)).getByRole('radio', { name: 'المواصلات العامة' }));
    expect(details()).toHaveLength(0);
    await user.click(within(group(TRANSPORT)).getByRole('radio', { name: 'أخرى' }));
    expect(details()).toHaveLength(1);

    await user.click(within(group(HEARD)).getByRole('checkbox', { name: 'موقع الجامعة' }));
    expect(details()).toHaveLength(1);
    await user.click(within(group(HEARD)).getByRole('checkbox', { name: 'أخرى' }));
    expect(details()).toHaveLength(2);
    await user.click(within(group(HEARD)).getByRole('checkbox', { name: 'أخرى' }));
    expect(details()).toHaveLength(1);
  });

  it("'remove answer' clears that question's answer and its extra text, and no other", async () => {
    const { user } = await openQuestions();
    await user.click(within(group(HEALTH)).getByRole('radio', { name: 'نعم' }));
    await user.type(screen.getByRole('textbox', { name: 'اذكر الحالة الصحية' }), 'ربو');
    await user.click(within(group(RESIDENCE)).getByRole('radio', { name: 'مع الأسرة' }));
    await user.click(within(group(HEARD)).getByRole('checkbox', { name: 'موقع الجامعة' }));
    await user.type(screen.getByRole('textbox', { name: GOAL }), 'مهندس');

    await user.click(clearButtonOf(HEALTH) as HTMLElement);
    expect(within(group(HEALTH)).getByRole('radio', { name: 'نعم' })).not.toBeChecked();
    expect(screen.queryByRole('textbox', { name: 'اذكر الحالة الصحية' })).not.toBeInTheDocument();
    // Choosing 'yes' again shows an empty field: the text went with the answer.
    await user.click(within(group(HEALTH)).getByRole('radio', { name: 'نعم' }));
    expect(screen.getByRole('textbox', { name: 'اذكر الحالة الصحية' })).toHaveValue('');
    expect(within(group(RESIDENCE)).getByRole('radio', { name: 'مع الأسرة' })).toBeChecked();

    await user.click(clearButtonOf(HEARD) as HTMLElement);
    expect(within(group(HEARD)).getByRole('checkbox', { name: 'موقع الجامعة' })).not.toBeChecked();
    await user.click(clearButtonOf(GOAL) as HTMLElement);
    expect(screen.getByRole('textbox', { name: GOAL })).toHaveValue('');
  });
});

describe('additional questions: sending', () => {
  async function answerAll(user: ReturnType<typeof renderApp>['user']) {
    await user.click(within(group(RESIDENCE)).getByRole('radio', { name: 'المدينة الجامعية' }));
    await user.click(within(group(HEARD)).getByRole('checkbox', { name: 'أخرى' }));
    await user.click(within(group(HEARD)).getByRole('checkbox', { name: 'موقع الجامعة' }));
    await user.type(screen.getAllByRole('textbox', { name: 'يرجى التوضيح' })[0] as HTMLElement, 'معرض');
    await user.type(screen.getByRole('textbox', { name: GOAL }), 'معلم');
    await user.click(within(group(HEALTH)).getByRole('radio', { name: 'لا' }));
    await user.click(within(group(TRANSPORT)).getByRole('radio', { name: 'أخرى' }));
    await user.type(screen.getAllByRole('textbox', { name: 'يرجى التوضيح' })[1] as HTMLElement, 'دراجة');
  }

  it('shows the validator message on the first broken question, focused, without a request', async () => {
    const { user, api } = await openQuestions();
    await user.click(send());

    const message = MESSAGE_TEMPLATES.invalidAnswerFor(RESIDENCE);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(group(RESIDENCE)).toHaveAccessibleDescription(message);
    expect(within(group(RESIDENCE)).getAllByRole('radio')[0]).toHaveFocus();
    expect(api.bodiesOf(SUBMIT_ANSWERS)).toEqual([]);

    // Answering the question takes its error away.
    await user.click(within(group(RESIDENCE)).getByRole('radio', { name: 'مع الأسرة' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("puts a missing 'yes' detail on the details field", async () => {
    const { user, api } = await openQuestions();
    await answerAll(user);
    await user.click(within(group(HEALTH)).getByRole('radio', { name: 'نعم' }));
    await user.click(send());

    const details = screen.getByRole('textbox', { name: 'اذكر الحالة الصحية' });
    expect(details).toHaveAccessibleDescription(MESSAGES.yesDetailsRequired);
    expect(details).toHaveAttribute('aria-invalid', 'true');
    expect(details).toHaveFocus();
    expect(api.bodiesOf(SUBMIT_ANSWERS)).toEqual([]);
  });

  it('sends every answer, the extra text only where asked, then shows success and goes to the data view', async () => {
    const { user, api, router } = await openQuestions({
      [GET_STUDENT]: lookups(PASSED, DONE),
      [SUBMIT_ANSWERS]: () => ({ body: { status: 'success', message: MESSAGES.additionalSubmitted } }),
    });
    await answerAll(user);
    // Text typed for 'yes' and then hidden by answering 'no' is not sent.
    await user.click(within(group(HEALTH)).getByRole('radio', { name: 'نعم' }));
    await user.type(screen.getByRole('textbox', { name: 'اذكر الحالة الصحية' }), 'قديم');
    await user.click(within(group(HEALTH)).getByRole('radio', { name: 'لا' }));
    await user.click(send());

    expect(await screen.findByText(MESSAGES.additionalSubmitted)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'بيانات الطالب' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/studentDataView');
    expect(api.bodiesOf(SUBMIT_ANSWERS)).toEqual([
      {
        answers: [
          { id: 'residence', answer: 'المدينة الجامعية', input: '' },
          { id: 'heard', answer: ['موقع الجامعة', 'أخرى'], input: 'معرض' },
          { id: 'goal', answer: 'معلم', input: '' },
          { id: 'health', answer: 'لا', input: '' },
          { id: 'transport', answer: 'أخرى', input: 'دراجة' },
        ],
      },
    ]);
    expect(api.bodiesOf(GET_STUDENT)).toHaveLength(2);
  });

  it('disables send while the request is pending', async () => {
    storeLogin();
    const api = mockApiWithGate(
      {
        [GET_STUDENT]: lookups(PASSED, DONE),
        [GET_QUESTIONS]: () => ({ body: questionsBody }),
        [SUBMIT_ANSWERS]: () => ({ body: { status: 'success', message: MESSAGES.additionalSubmitted } }),
      },
      SUBMIT_ANSWERS,
    );
    const { user } = renderApp('/dashboard/additionalQuestions');
    await screen.findByRole('group', { name: RESIDENCE });
    await answerAll(user);
    await user.click(send());
    await waitFor(() => expect(send()).toBeDisabled());
    api.release();
    expect(await screen.findByRole('heading', { name: 'بيانات الطالب' })).toBeInTheDocument();
  });

  it('on a refused submit shows the server message and reloads the page', async () => {
    const { user, router } = await openQuestions({
      [SUBMIT_ANSWERS]: () => ({
        status: 409,
        body: { status: 'error', message: MESSAGES.additionalAlreadySubmitted },
      }),
    });
    await answerAll(user);
    await user.click(send());
    expect(await screen.findByText(MESSAGES.additionalAlreadySubmitted)).toBeInTheDocument();
    await waitFor(() => expect(scheduleReload).toHaveBeenCalledTimes(1));
    expect(send()).toBeDisabled();
    expect(router.state.location.pathname).toBe('/dashboard/additionalQuestions');
  });
});

describe('additional questions: on entry', () => {
  it('sends a visitor without student data to the login', async () => {
    mockApi();
    const { router } = renderApp('/dashboard/additionalQuestions');
    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a student who has passed and answered to the data view, without loading questions', async () => {
    storeLogin();
    const api = mockApi({ [GET_STUDENT]: lookups(DONE) });
    const { router } = renderApp('/dashboard/additionalQuestions');
    expect(await screen.findByRole('heading', { name: 'بيانات الطالب' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/studentDataView');
    expect(api.bodiesOf(GET_QUESTIONS)).toEqual([]);
  });

  it('checks again a student not known to have passed, saying so, and loads the questions on a pass', async () => {
    storeLogin();
    const api = mockApiWithGate(
      { [GET_STUDENT]: lookups(NEW_STUDENT, PASSED), [GET_QUESTIONS]: () => ({ body: questionsBody }) },
      GET_STUDENT,
      1,
    );
    renderApp('/dashboard/additionalQuestions');
    const checking = await screen.findByText(MESSAGES.checkingStudentStatus);
    expect(checking.closest('[role="status"]')).not.toBeNull();
    api.release();
    expect(await screen.findByRole('group', { name: RESIDENCE })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.checkingStudentStatus)).not.toBeInTheDocument();
  });

  it('coming from the quiz, tries the fallback lookup when the first does not show a pass', async () => {
    setReferrer('http://localhost/stAdmission/dashboard/quiz');
    storeLogin();
    const api = mockApi({
      [GET_STUDENT]: lookups(NEW_STUDENT, NEW_STUDENT, PASSED),
      [GET_QUESTIONS]: () => ({ body: questionsBody }),
    });
    renderApp('/dashboard/additionalQuestions');
    expect(await screen.findByRole('group', { name: RESIDENCE })).toBeInTheDocument();
    // The guard's lookup, the referrer lookup and the fallback.
    expect(api.bodiesOf(GET_STUDENT)).toHaveLength(3);
  });

  it('coming from elsewhere, looks up once and sends a student still not passed to the charter', async () => {
    setReferrer('http://localhost/stAdmission/dashboard/studentDataView');
    storeLogin();
    const api = mockApi({
      [GET_STUDENT]: lookups(NEW_STUDENT),
      [GET_QUESTIONS]: () => ({ body: questionsBody }),
    });
    const { router } = renderApp('/dashboard/additionalQuestions');
    expect(await screen.findByRole('heading', { name: 'تنزيل ميثاق الطالب' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/documentDownloadPage');
    expect(api.bodiesOf(GET_STUDENT)).toHaveLength(2);
    expect(api.bodiesOf(GET_QUESTIONS)).toEqual([]);
  });

  it('only logs failed lookups and sends the student to the charter', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    setReferrer('http://localhost/stAdmission/dashboard/%D8%A7%D8%AE%D8%AA%D8%A8%D8%A7%D8%B1');
    storeLogin();
    const api = mockApi({
      [GET_STUDENT]: lookups(NEW_STUDENT, { status: 500, message: MESSAGES.unexpected }),
    });
    const { router } = renderApp('/dashboard/additionalQuestions');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/documentDownloadPage'));
    expect(api.bodiesOf(GET_STUDENT)).toHaveLength(3);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(screen.queryByText(MESSAGES.unexpected)).not.toBeInTheDocument();
  });

  it.each([
    ['a bare list', QUESTIONS],
    ['data as the list', { status: 'success', data: QUESTIONS }],
    ['data.data as the list', { status: 'success', data: { data: QUESTIONS } }],
    ['data.questions as the list', { status: 'success', data: { questions: QUESTIONS } }],
  ])('accepts %s', async (_shape, body) => {
    await openQuestions({ [GET_QUESTIONS]: () => ({ body }) });
    expect(screen.getAllByRole('button', { name: 'مسح الإجابة' })).toHaveLength(QUESTIONS.length);
  });

  it.each([
    ['no list', { status: 'success', data: { items: QUESTIONS } }, MESSAGES.failedToLoadQuestions],
    ['another status with a message', { status: 'fail', message: 'الخدمة متوقفة' }, 'الخدمة متوقفة'],
    [
      'a list of something else',
      { status: 'success', data: [{ title: 'x' }] },
      MESSAGES.failedToLoadQuestions,
    ],
  ])('refuses %s with the response message or the default', async (_shape, body, message) => {
    storeLogin();
    mockApi({ [GET_STUDENT]: lookups(PASSED), [GET_QUESTIONS]: () => ({ body }) });
    renderApp('/dashboard/additionalQuestions');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إعادة المحاولة' })).toBeInTheDocument();
  });

  it.each([
    [
      { status: 500, body: { status: 'error', message: 'تعذر الاتصال بقاعدة البيانات' } },
      'تعذر الاتصال بقاعدة البيانات',
    ],
    [{ status: 502, body: '<html>' }, MESSAGES.failedToLoadQuestions],
  ])('shows a failed load: %o', async (response, message) => {
    storeLogin();
    mockApi({ [GET_STUDENT]: lookups(PASSED), [GET_QUESTIONS]: () => response });
    renderApp('/dashboard/additionalQuestions');
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});

describe('cameFromQuiz', () => {
  it.each([
    ['http://host/stAdmission/dashboard/quiz', true],
    ['http://host/stAdmission/question/1', true],
    ['http://host/EXAM', true],
    ['http://host/%D8%A7%D8%AE%D8%AA%D8%A8%D8%A7%D8%B1', true],
    ['http://host/امتحان', true],
    ['http://host/stAdmission/dashboard/studentDataView', false],
    ['', false],
    ['http://host/%E0%A4%A', false],
  ])('%s → %s', (referrer, expected) => {
    expect(cameFromQuiz(referrer)).toBe(expected);
  });
});
