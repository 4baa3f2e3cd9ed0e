import { MESSAGES } from '@portal/common';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getCookie } from '@/lib/cookies';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const LOGIN = 'POST /api/v1/users/login';

async function logIn(userName: string, password: string) {
  const app = renderApp('/admin/login');
  if (userName) await app.user.type(await screen.findByLabelText('اسم المستخدم'), userName);
  if (password) await app.user.type(await screen.findByLabelText('كلمة المرور'), password);
  await app.user.click(await screen.findByRole('button', { name: 'دخول' }));
  return app;
}

describe('admin login', () => {
  it('requires the user name and the password, each with its own message', async () => {
    const api = mockApi();
    await logIn('', '');
    expect(await screen.findByText(MESSAGES.userNameRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('اسم المستخدم')).toHaveAttribute('aria-invalid', 'true');
    expect(api.bodiesOf(LOGIN)).toEqual([]);
  });

  it("shows the server's message when the login fails", async () => {
    mockApi({
      [LOGIN]: () => ({ status: 401, body: { status: 'error', message: 'بيانات الدخول غير صحيحة' } }),
    });
    const { router } = await logIn('faculty1', 'wrongpass1');
    expect(await screen.findByText('بيانات الدخول غير صحيحة')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  it.each([
    [{ role: 'ADMIN', passwordChanged: false }, '/admin/changePassword'],
    [{ role: 'SOCIAL_ADMIN', passwordChanged: true }, '/admin/schedule'],
    [{ role: 'SUPPORT', passwordChanged: true }, '/admin/studentsInfo'],
  ])('stores the session of %o and goes to %s', async (user, landing) => {
    const api = mockApi({
      'GET /api/v1/users/getRole': () => ({ body: { status: 'success', data: user } }),
      [LOGIN]: () => ({
        body: {
          status: 'success',
          message: 'تم تسجيل الدخول بنجاح',
          token: 'jwt',
          data: {
            user: {
              _id: '5f0c3a9e-8d1b-4c2a-9e7f-1a2b3c4d5e6f',
              name: 'سارة',
              userName: 'faculty1',
              phoneNumber: '01012345678',
              faculty: 'كلية الآداب',
              ...user,
            },
          },
        },
      }),
    });
    const { router } = await logIn(' faculty1 ', 'secret123');
    // The admin shell opens once the role lookup (sent with the stored token) has answered.
    await screen.findByRole('navigation', { name: 'قائمة المسؤول' });
    expect(router.state.location.pathname).toBe(landing);
    expect(api.bodiesOf(LOGIN)).toEqual([{ userName: 'faculty1', password: 'secret123' }]);
    expect([getCookie('token'), getCookie('role'), getCookie('faculty'), getCookie('name')]).toEqual([
      'jwt',
      user.role,
      'كلية الآداب',
      'سارة',
    ]);
  });
});
