import { MESSAGES } from '@portal/common';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import {
  GET_QUESTIONS,
  GET_QUIZ,
  GET_STUDENT,
  lookups,
  NEW_STUDENT,
  POST_QUIZ,
  questionsBody,
  storeLogin,
} from '../testing/student-fixtures';
import { scheduleReload } from '../utils/reload-page';

vi.mock('../utils/reload-page', () => ({ scheduleReload: vi.fn() }));

const DRAW = [
  { index: 3, question: 'يحق للطالب التظلم من نتيجة الامتحان' },
  { index: 7, question: 'يجوز الغش في الامتحانات' },
  { index: 11, question: 'يلتزم الطالب بارتداء بطاقته الجامعية' },
  { index: 20, question: 'يجوز إتلاف ممتلكات الجامعة' },
];
const [FIRST, SECOND, THIRD] = DRAW.map((entry) => entry.question) as [string, string, string, string];
const drawBody = { status: 'success', randomQuestions: DRAW };
const FAILED = 'إجاباتك الصحيحة 2 من 4، ويجب أن تكون جميع الإجابات صحيحة. أعد المحاولة بأسئلة جديدة';

async function openQuiz(handlers: Parameters<typeof mockApi>[0]) {
  storeLogin();
  const api = mockApi({ [GET_QUIZ]: () => ({ body: drawBody }), ...handlers });
  const rendered = renderApp('/dashboard/quiz');
  await screen.findByRole('group', { name: FIRST });
  return { ...rendered, api };
}

async function answer(user: ReturnType<typeof renderApp>['user'], question: string, label: 'صح' | 'خطأ') {
  await user.click(within(screen.getByRole('group', { name: question })).getByRole('radio', { name: label }));
}

beforeEach(() => {
  vi.mocked(scheduleReload).mockClear();
});

describe('quiz', () => {
  it('shows the four drawn questions, each a group of صح / خطأ named by its text', async () => {
    await openQuiz({ [GET_STUDENT]: lookups(NEW_STUDENT) });
    expect(screen.getByRole('heading', { name: 'اختبار ميثاق الطالب' })).toBeInTheDocument();
    for (const { question } of DRAW) {
      const group = screen.getByRole('group', { name: question });
      expect(
        within(group)
          .getAllByRole('radio')
          .map((radio) => radio.getAttribute('value')),
      ).toEqual(['true', 'false']);
      expect(within(group).getByRole('radio', { name: 'صح' })).not.toBeChecked();
    }
  });

  it('refuses to send until all four are answered, and points at the first unanswered one', async () => {
    const { user, api } = await openQuiz({ [GET_STUDENT]: lookups(NEW_STUDENT) });
    await answer(user, FIRST, 'صح');
    await answer(user, THIRD, 'خطأ');
    await user.click(screen.getByRole('button', { name: 'إرسال الإجابات' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.answerAllQuestions);
    expect(api.bodiesOf(POST_QUIZ)).toEqual([]);
    const unanswered = screen.getByRole('group', { name: SECOND });
    expect(unanswered).toHaveAccessibleDescription(MESSAGES.answerTheQuestion);
    expect(screen.getByRole('group', { name: FIRST })).not.toHaveAccessibleDescription();
    expect(within(unanswered).getByRole('radio', { name: 'صح' })).toHaveFocus();
  });

  it('on a pass shows the success notice, refreshes the student and goes to the additional questions', async () => {
    const { user, api, router } = await openQuiz({
      [GET_STUDENT]: lookups(NEW_STUDENT, { isPassed: true, isCompletedAdditionalQuestions: false }),
      [POST_QUIZ]: () => ({ body: { status: 'success', message: MESSAGES.quizPassed, isPassed: true } }),
      [GET_QUESTIONS]: () => ({ body: questionsBody }),
    });
    for (const [position, { question }] of DRAW.entries()) {
      await answer(user, question, position % 2 === 0 ? 'صح' : 'خطأ');
    }
    await user.click(screen.getByRole('button', { name: 'إرسال الإجابات' }));

    expect(await screen.findByText(MESSAGES.quizPassed)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'أسئلة إضافية' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/additionalQuestions');
    expect(api.bodiesOf(POST_QUIZ)).toEqual([
      { answers: { 3: 'true', 7: 'false', 11: 'true', 20: 'false' } },
    ]);
    expect(api.bodiesOf(GET_STUDENT)).toHaveLength(2);
    expect(scheduleReload).not.toHaveBeenCalled();
  });

  it('goes to the data view after a pass when the additional questions are already answered', async () => {
    const { user, router } = await openQuiz({
      [GET_STUDENT]: lookups(NEW_STUDENT, { isPassed: true, isCompletedAdditionalQuestions: true }),
      [POST_QUIZ]: () => ({ body: { status: 'success', message: MESSAGES.quizPassed, isPassed: true } }),
    });
    for (const { question } of DRAW) await answer(user, question, 'صح');
    await user.click(screen.getByRole('button', { name: 'إرسال الإجابات' }));
    expect(await screen.findByRole('heading', { name: 'بيانات الطالب' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/studentDataView');
  });

  it('still goes onward after a pass when the refresh fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user, router } = await openQuiz({
      [GET_STUDENT]: lookups(NEW_STUDENT, { status: 500, message: MESSAGES.unexpected }),
      [POST_QUIZ]: () => ({ body: { status: 'success', message: MESSAGES.quizPassed, isPassed: true } }),
      [GET_QUESTIONS]: () => ({ body: questionsBody }),
    });
    for (const { question } of DRAW) await answer(user, question, 'صح');
    await user.click(screen.getByRole('button', { name: 'إرسال الإجابات' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/additionalQuestions'));
    expect(console.warn).toHaveBeenCalled();
  });

  it('on a failure shows the server message, locks the form and reloads the page', async () => {
    const { user, router } = await openQuiz({
      [GET_STUDENT]: lookups(NEW_STUDENT),
      [POST_QUIZ]: () => ({ status: 400, body: { status: 'error', message: FAILED } }),
    });
    for (const { question } of DRAW) await answer(user, question, 'خطأ');
    await user.click(screen.getByRole('button', { name: 'إرسال الإجابات' }));

    expect(await screen.findByText(FAILED)).toBeInTheDocument();
    await waitFor(() => expect(scheduleReload).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('status')).toHaveTextContent('سيتم تحميل أسئلة جديدة');
    expect(screen.getByRole('button', { name: 'إرسال الإجابات' })).toBeDisabled();
    expect(router.state.location.pathname).toBe('/dashboard/quiz');
  });

  it('sends a student who has already passed (409) onward', async () => {
    storeLogin();
    mockApi({
      [GET_STUDENT]: lookups(NEW_STUDENT, { isPassed: true, isCompletedAdditionalQuestions: true }),
      [GET_QUIZ]: () => ({ status: 409, body: { status: 'error', message: MESSAGES.quizAlreadyPassed } }),
    });
    const { router } = renderApp('/dashboard/quiz');
    expect(await screen.findByRole('heading', { name: 'بيانات الطالب' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/studentDataView');
  });

  it('shows why the draw failed, with a retry', async () => {
    storeLogin();
    let calls = 0;
    mockApi({
      [GET_STUDENT]: lookups(NEW_STUDENT),
      [GET_QUIZ]: () => {
        calls += 1;
        return calls === 1
          ? { status: 503, body: { status: 'error', message: MESSAGES.quizUnavailable } }
          : { body: drawBody };
      },
    });
    const { user } = renderApp('/dashboard/quiz');
    expect(await screen.findByText(MESSAGES.quizUnavailable)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByRole('group', { name: FIRST })).toBeInTheDocument();
  });

  it.each([
    [{ isPassed: true, isCompletedAdditionalQuestions: false }, '/dashboard/additionalQuestions'],
    [{ isPassed: true, isCompletedAdditionalQuestions: true }, '/dashboard/studentDataView'],
  ])('sends a student with %o to %s without drawing', async (flags, path) => {
    storeLogin();
    const api = mockApi({ [GET_STUDENT]: lookups(flags), [GET_QUESTIONS]: () => ({ body: questionsBody }) });
    const { router } = renderApp('/dashboard/quiz');
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
    expect(api.bodiesOf(GET_QUIZ)).toEqual([]);
  });

  it('sends a visitor without student data to the login', async () => {
    mockApi();
    const { router } = renderApp('/dashboard/quiz');
    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
