import { MESSAGES } from '@portal/common';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getCookie, setCookie } from '@/lib/cookies';
import { COMPLETE_DATA_DRAFT_PREFIX } from '@/lib/device-drafts';
import { mockApi, studentLookup } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const GET_STUDENT = 'POST /api/v1/students/getStudent';

async function submitNationalId(value: string) {
  const { router, user } = renderApp('/');
  const field = await screen.findByLabelText('الرقم القومي');
  if (value) await user.type(field, value);
  await user.click(screen.getByRole('button', { name: 'دخول' }));
  return { router, field };
}

describe('student login', () => {
  it.each(['', '   '])('refuses an empty national ID (%j) without calling the server', async (value) => {
    const api = mockApi();
    const { field } = await submitNationalId(value);
    expect(await screen.findByText(MESSAGES.nationalIdRequired)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(MESSAGES.nationalIdRequired);
    expect(api.bodiesOf(GET_STUDENT)).toEqual([]);
  });

  it('sends Arabic-Indic digits as ASCII and stores the id and national ID cookies', async () => {
    const api = mockApi({ [GET_STUDENT]: () => ({ body: studentLookup() }) });
    await submitNationalId(' ٢٩٩٠١٠١ ٢٣٤٥٦٧٨ ');
    expect(await screen.findByRole('heading', { name: 'بيانات الطالب' })).toBeInTheDocument();
    expect(api.bodiesOf(GET_STUDENT)).toEqual([{ nationalID: '29901012345678' }]);
    expect(getCookie('nationalID')).toBe('29901012345678');
    expect(getCookie('id')).toBe(studentLookup()._id);
  });

  it("removes another student's unsent form from this browser when a student logs in (issue 33)", async () => {
    const own = `${COMPLETE_DATA_DRAFT_PREFIX}${studentLookup()._id}`;
    const previous = `${COMPLETE_DATA_DRAFT_PREFIX}another-student`;
    window.localStorage.setItem(own, '{}');
    window.localStorage.setItem(previous, '{}');
    mockApi({ [GET_STUDENT]: () => ({ body: studentLookup() }) });
    await submitNationalId('29901012345678');
    expect(await screen.findByRole('heading', { name: 'بيانات الطالب' })).toBeInTheDocument();
    expect(window.localStorage.getItem(previous)).toBeNull();
    expect(window.localStorage.getItem(own)).toBe('{}');
  });

  it.each([
    [{ isPassed: true, isCompletedAdditionalQuestions: true }, 'studentDataView', 'بيانات الطالب'],
    [{ isPassed: true, isCompletedAdditionalQuestions: false }, 'additionalQuestions', 'أسئلة إضافية'],
    [
      { isPassed: false, isCompletedAdditionalQuestions: false },
      'documentDownloadPage',
      'تنزيل ميثاق الطالب',
    ],
  ])('routes a student with %o to %s', async (flags, landing, heading) => {
    mockApi({ [GET_STUDENT]: () => ({ body: studentLookup(flags) }) });
    const { router } = await submitNationalId('29901012345678');
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/dashboard/${landing}`);
  });

  it('shows the server message and stays on the login when the student is unknown', async () => {
    mockApi({
      [GET_STUDENT]: () => ({ status: 404, body: { status: 'error', message: 'الطالب غير موجود' } }),
    });
    const { router } = await submitNationalId('29901012345678');
    expect(await screen.findByText('الطالب غير موجود')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(getCookie('nationalID')).toBeUndefined();
  });

  it('names the network failure with its status code', async () => {
    mockApi({
      [GET_STUDENT]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await submitNationalId('29901012345678');
    expect(await screen.findByText(`${MESSAGES.networkError} (رمز الحالة: 0)`)).toBeInTheDocument();
  });

  it('looks the student up again from the national ID cookie when / opens', async () => {
    setCookie('nationalID', '29901012345678');
    const api = mockApi({ [GET_STUDENT]: () => ({ body: studentLookup({ isPassed: false }) }) });
    const { router } = renderApp('/');
    expect(screen.getByRole('status', { name: MESSAGES.loading })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'تنزيل ميثاق الطالب' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/documentDownloadPage');
    expect(api.bodiesOf(GET_STUDENT)).toEqual([{ nationalID: '29901012345678' }]);
  });
});
