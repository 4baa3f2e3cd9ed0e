import { MESSAGES } from '@portal/common';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setCookie } from '@/lib/cookies';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

describe('routes', () => {
  it.each([
    '/nope',
    '/dashboard/nope',
    '/admin/nope',
    '/dashboard',
    '/admin',
    '/dashboard/studentDataView/extra',
  ])('shows page not found with its error type for %s', async (path) => {
    mockApi();
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { name: MESSAGES.pageNotFound })).toBeInTheDocument();
    expect(screen.getByText('نوع الخطأ: 404')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it('sends a visitor without a looked-up student from a dashboard screen to the login', async () => {
    mockApi();
    const { router } = renderApp('/dashboard/studentDataView');
    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a visitor without a token from a staff screen to the staff login', async () => {
    mockApi();
    const { router } = renderApp('/admin/statistics');
    expect(await screen.findByLabelText('اسم المستخدم')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  it('shows a staff screen to a visitor with a token', async () => {
    setCookie('token', 'abc');
    mockApi({
      'GET /api/v1/users/getMe': () => ({
        body: {
          status: 'success',
          data: {
            user: {
              _id: '00000000-0000-4000-8000-000000000001',
              name: 'مدير النظام',
              userName: 'rootadmin',
              phoneNumber: '01012345678',
              role: 'SUPERADMIN',
              faculty: null,
              passwordChanged: true,
              twoFactorEnabled: false,
              twoFactorRequired: false,
            },
          },
        },
      }),
    });
    renderApp('/admin/statistics');
    expect(await screen.findByRole('heading', { name: 'الإحصائيات' })).toBeInTheDocument();
  });
});
