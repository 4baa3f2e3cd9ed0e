import { MESSAGES } from '@portal/common';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import {
  GET_QUESTIONS,
  GET_QUIZ,
  GET_STUDENT,
  lookups,
  NEW_STUDENT,
  storeLogin,
} from '../testing/student-fixtures';

async function openCharterPage() {
  storeLogin();
  const api = mockApi({
    [GET_STUDENT]: lookups(NEW_STUDENT),
    [GET_QUIZ]: () => ({ body: { status: 'success', randomQuestions: [{ index: 1, question: 'عبارة' }] } }),
  });
  const rendered = renderApp('/dashboard/documentDownloadPage');
  await screen.findByText(/ميثاق الطالب الجامعي/);
  return { ...rendered, api };
}

describe('document download page', () => {
  it('explains the charter and the quiz, and downloads the charter by navigation', async () => {
    const { user } = await openCharterPage();
    expect(screen.getByText(/ميثاق الطالب الجامعي/)).toBeInTheDocument();
    expect(screen.getByText(/«صح» أو «خطأ»/)).toBeInTheDocument();
    const download = screen.getByRole('link', { name: 'تنزيل ميثاق الطالب (PDF)' });
    expect(download).toHaveAttribute('href', '/api/v1/students/getStudentBook');
    expect(download).toHaveAttribute('download');

    // jsdom cannot navigate; the browser would save the PDF here.
    document.addEventListener('click', (event) => event.preventDefault(), { once: true });
    await user.click(download);
    expect(await screen.findByText(MESSAGES.fileDownloaded)).toBeInTheDocument();
  });

  it('leads to the quiz', async () => {
    const { user, router } = await openCharterPage();
    await user.click(screen.getByRole('link', { name: 'الانتقال إلى الاختبار' }));
    expect(await screen.findByRole('heading', { name: 'اختبار ميثاق الطالب' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/quiz');
  });

  it.each([
    [{ isPassed: true, isCompletedAdditionalQuestions: false }, '/dashboard/additionalQuestions'],
    [{ isPassed: true, isCompletedAdditionalQuestions: true }, '/dashboard/studentDataView'],
  ])('sends a student with %o to %s', async (flags, path) => {
    storeLogin();
    mockApi({ [GET_STUDENT]: lookups(flags), [GET_QUESTIONS]: () => ({ body: [] }) });
    const { router } = renderApp('/dashboard/documentDownloadPage');
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
  });

  it('sends a visitor without student data to the login', async () => {
    mockApi();
    const { router } = renderApp('/dashboard/documentDownloadPage');
    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
