import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { preloadScreens } from '@/app/preload-screens';
import { routes } from '@/app/routes';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { GET_STUDENT, lookups, NATIONAL_ID, storeLogin } from '../testing/student-fixtures';

describe('student guard', () => {
  it('after a reload looks the stored student up again and stays on the screen', async () => {
    storeLogin();
    const api = mockApi({ [GET_STUDENT]: lookups({ isComplete: true }) });
    const { router } = renderApp('/dashboard/studentDataView');
    expect(await screen.findByRole('rowheader', { name: 'الاسم' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/studentDataView');
    expect(api.bodiesOf(GET_STUDENT)).toEqual([{ nationalID: NATIONAL_ID }]);
  });

  it('uses the lookup sent as the page opened on the screen instead of asking again', async () => {
    storeLogin();
    const api = mockApi({ [GET_STUDENT]: lookups({ isComplete: true }) });
    preloadScreens(routes, '/stAdmission/dashboard/studentDataView', '/stAdmission');
    expect(api.bodiesOf(GET_STUDENT)).toEqual([{ nationalID: NATIONAL_ID }]);
    renderApp('/dashboard/studentDataView');
    expect(await screen.findByRole('rowheader', { name: 'الاسم' })).toBeInTheDocument();
    expect(api.bodiesOf(GET_STUDENT)).toHaveLength(1);
  });

  it('sends the visitor to the login when the stored student cannot be looked up', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    storeLogin();
    mockApi({ [GET_STUDENT]: lookups({ status: 404, message: 'الطالب غير موجود' }) });
    const { router } = renderApp('/dashboard/studentDataView');
    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
