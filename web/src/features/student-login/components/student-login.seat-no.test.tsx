import { MESSAGES, SEAT_NO_MESSAGES, STUDENT_SECOND_FACTOR_ATTRIBUTE } from '@portal/common';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getCookie, setCookie } from '@/lib/cookies';
import { mockApi, studentLookup } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const GET_STUDENT = 'POST /api/v1/students/getStudent';

// The page the portal serves with STUDENT_SECOND_FACTOR=seatNo says so on <html> (scripts/prerender-web.mjs).
beforeEach(() => {
  document.documentElement.setAttribute(STUDENT_SECOND_FACTOR_ATTRIBUTE, 'seatNo');
});
afterEach(() => {
  document.documentElement.removeAttribute(STUDENT_SECOND_FACTOR_ATTRIBUTE);
});

async function fillLogin(nationalID: string, seatNo: string) {
  const rendered = renderApp('/');
  const field = await screen.findByLabelText('الرقم القومي');
  const seatNoField = screen.getByLabelText(SEAT_NO_MESSAGES.label);
  if (nationalID) await rendered.user.type(field, nationalID);
  if (seatNo) await rendered.user.type(seatNoField, seatNo);
  await rendered.user.click(screen.getByRole('button', { name: 'دخول' }));
  return { ...rendered, seatNoField };
}

describe('student login with the seat number (STUDENT_SECOND_FACTOR=seatNo)', () => {
  it('asks the seat number too, and refuses an empty one without calling the server', async () => {
    const api = mockApi();
    const { seatNoField } = await fillLogin('29901012345678', '');
    expect(await screen.findByText(SEAT_NO_MESSAGES.required)).toBeInTheDocument();
    expect(seatNoField).toHaveAttribute('aria-invalid', 'true');
    expect(seatNoField).toHaveFocus();
    expect(api.bodiesOf(GET_STUDENT)).toEqual([]);
  });

  it('sends both, normalised as the import does, and keeps the seat number for the next lookups', async () => {
    const api = mockApi({ [GET_STUDENT]: () => ({ body: studentLookup() }) });
    await fillLogin('٢٩٩٠١٠١٢٣٤٥٦٧٨', ' ١٢-٣٤٥ ');
    expect(await screen.findByRole('heading', { name: 'بيانات الطالب' })).toBeInTheDocument();
    expect(api.bodiesOf(GET_STUDENT)).toEqual([{ nationalID: '29901012345678', seatNo: '12345' }]);
    expect(getCookie('seatNo')).toBe('12345');
    expect(getCookie('nationalID')).toBe('29901012345678');
  });

  it('shows the unknown-student answer for a wrong pair and keeps nothing', async () => {
    mockApi({
      [GET_STUDENT]: () => ({
        status: 404,
        body: { status: 'error', message: MESSAGES.studentNotRegistered },
      }),
    });
    const { router } = await fillLogin('29901012345678', '999');
    expect(await screen.findByText(MESSAGES.studentNotRegistered)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(getCookie('seatNo')).toBeUndefined();
  });

  it('looks the student up again with the stored pair when / opens', async () => {
    setCookie('nationalID', '29901012345678');
    setCookie('seatNo', '12345');
    const api = mockApi({ [GET_STUDENT]: () => ({ body: studentLookup() }) });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'بيانات الطالب' })).toBeInTheDocument();
    expect(api.bodiesOf(GET_STUDENT)).toEqual([{ nationalID: '29901012345678', seatNo: '12345' }]);
  });

  it('names a refused form post whose seat number was malformed on the seat number', async () => {
    mockApi();
    renderApp('/?loginError=seatNoInvalid');
    const seatNoField = await screen.findByLabelText(SEAT_NO_MESSAGES.label);
    expect(seatNoField).toHaveAccessibleDescription(SEAT_NO_MESSAGES.invalid);
    expect(screen.getByLabelText('الرقم القومي')).not.toHaveAttribute('aria-invalid');
  });
});

describe('student login without the setting', () => {
  it('has no seat number field', async () => {
    document.documentElement.removeAttribute(STUDENT_SECOND_FACTOR_ATTRIBUTE);
    mockApi();
    renderApp('/');
    expect(await screen.findByLabelText('الرقم القومي')).toBeInTheDocument();
    expect(screen.queryByLabelText(SEAT_NO_MESSAGES.label)).toBeNull();
  });
});
