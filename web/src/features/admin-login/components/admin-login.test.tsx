import { notifications } from '@mantine/notifications';
import { MESSAGES, TWO_FACTOR_MESSAGES } from '@portal/common';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getCookie } from '@/lib/cookies';
import { type Handler, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const LOGIN = 'POST /api/v1/users/login';
const VERIFY = 'POST /api/v1/users/login/verify';
const CHALLENGE = '7d1f4a52-5c3b-4e8e-9a0d-2b6c1e4f8a90';
const APP_CODE = 'رمز التحقق';
const RECOVERY_CODE = 'رمز الاسترداد';

// Notices outlive a test in Mantine's store; a full queue would hold back the next test's notices.
afterEach(() => {
  act(() => notifications.clean());
});

async function logIn(userName: string, password: string) {
  const app = renderApp('/admin/login');
  if (userName) await app.user.type(await screen.findByLabelText('اسم المستخدم'), userName);
  if (password) await app.user.type(await screen.findByLabelText('كلمة المرور'), password);
  await app.user.click(await screen.findByRole('button', { name: 'دخول' }));
  return app;
}

function account(overrides: { role: string; passwordChanged: boolean }) {
  return {
    _id: '5f0c3a9e-8d1b-4c2a-9e7f-1a2b3c4d5e6f',
    name: 'سارة',
    userName: 'faculty1',
    phoneNumber: '01012345678',
    faculty: 'كلية الآداب',
    ...overrides,
  };
}

/** The spec's login result, and the shell's lookup of the same account once it opens. */
function signsIn(user: ReturnType<typeof account>): Record<string, Handler> {
  return {
    'GET /api/v1/users/getMe': () => ({
      body: {
        status: 'success',
        data: { user: { ...user, twoFactorEnabled: true, twoFactorRequired: false } },
      },
    }),
  };
}

const loggedIn = (user: ReturnType<typeof account>) => ({
  body: { status: 'success', message: 'تم تسجيل الدخول بنجاح', token: 'jwt', data: { user } },
});

const challenged = () => ({
  body: {
    status: 'success',
    message: TWO_FACTOR_MESSAGES.enterCode,
    twoFactorRequired: true,
    challenge: CHALLENGE,
  },
});

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
  ])('stores the session of %o and goes to %s', async (overrides, landing) => {
    const user = account(overrides);
    const api = mockApi({ ...signsIn(user), [LOGIN]: () => loggedIn(user) });
    const { router } = await logIn(' faculty1 ', 'secret123');
    // The admin shell opens once the account lookup (sent with the stored token) has answered.
    await screen.findByRole('navigation', { name: 'قائمة المسؤول' });
    expect(router.state.location.pathname).toBe(landing);
    expect(api.bodiesOf(LOGIN)).toEqual([{ userName: 'faculty1', password: 'secret123' }]);
    expect(api.bodiesOf(VERIFY)).toEqual([]);
    expect([getCookie('token'), getCookie('role'), getCookie('faculty'), getCookie('name')]).toEqual([
      'jwt',
      user.role,
      'كلية الآداب',
      'سارة',
    ]);
  });
});

describe('admin login with a second factor', () => {
  const user = account({ role: 'SUPPORT', passwordChanged: true });

  it('asks for the code on the same screen, takes Arabic-Indic digits, and then signs in as usual', async () => {
    const api = mockApi({ ...signsIn(user), [LOGIN]: challenged, [VERIFY]: () => loggedIn(user) });
    const { user: typist, router } = await logIn('faculty1', 'secret123');
    const code = await screen.findByLabelText(APP_CODE);
    expect(screen.getByText(TWO_FACTOR_MESSAGES.enterCode)).toBeInTheDocument();
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(getCookie('token')).toBeUndefined();
    await typist.type(code, '١٢٣ ٤٥٦');
    await typist.click(screen.getByRole('button', { name: 'دخول' }));
    await screen.findByRole('navigation', { name: 'قائمة المسؤول' });
    expect(api.bodiesOf(VERIFY)).toEqual([{ challenge: CHALLENGE, code: '123456' }]);
    expect(router.state.location.pathname).toBe('/admin/studentsInfo');
    expect([getCookie('token'), getCookie('role')]).toEqual(['jwt', 'SUPPORT']);
  });

  it('refuses a code of the wrong shape without asking the server', async () => {
    const api = mockApi({ [LOGIN]: challenged });
    const { user: typist } = await logIn('faculty1', 'secret123');
    await typist.click(await screen.findByRole('button', { name: 'دخول' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.codeRequired)).toBeInTheDocument();
    await typist.type(screen.getByLabelText(APP_CODE), '12345');
    await typist.click(screen.getByRole('button', { name: 'دخول' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.codeInvalidFormat)).toBeInTheDocument();
    expect(screen.getByLabelText(APP_CODE)).toHaveAttribute('aria-invalid', 'true');
    expect(api.bodiesOf(VERIFY)).toEqual([]);
  });

  it("shows the server's refusal of a wrong code beside the field and lets the user try again", async () => {
    let calls = 0;
    mockApi({
      ...signsIn(user),
      [LOGIN]: challenged,
      [VERIFY]: () => {
        calls += 1;
        return calls === 1
          ? { status: 401, body: { status: 'error', message: TWO_FACTOR_MESSAGES.codeWrong } }
          : loggedIn(user);
      },
    });
    const { user: typist, router } = await logIn('faculty1', 'secret123');
    await typist.type(await screen.findByLabelText(APP_CODE), '000000');
    await typist.click(screen.getByRole('button', { name: 'دخول' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.codeWrong)).toBeInTheDocument();
    expect(screen.getByLabelText(APP_CODE)).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(getCookie('token')).toBeUndefined();
    await typist.clear(screen.getByLabelText(APP_CODE));
    await typist.type(screen.getByLabelText(APP_CODE), '654321');
    await typist.click(screen.getByRole('button', { name: 'دخول' }));
    await screen.findByRole('navigation', { name: 'قائمة المسؤول' });
    expect(getCookie('token')).toBe('jwt');
  });

  it('takes a recovery code instead, with a keyboard for letters', async () => {
    const api = mockApi({ ...signsIn(user), [LOGIN]: challenged, [VERIFY]: () => loggedIn(user) });
    const { user: typist } = await logIn('faculty1', 'secret123');
    await typist.click(await screen.findByRole('button', { name: 'استخدام رمز استرداد' }));
    const field = await screen.findByLabelText(RECOVERY_CODE);
    expect(field).toHaveAttribute('inputmode', 'text');
    await typist.type(field, 'abcde-23456');
    await typist.click(screen.getByRole('button', { name: 'دخول' }));
    await screen.findByRole('navigation', { name: 'قائمة المسؤول' });
    expect(api.bodiesOf(VERIFY)).toEqual([{ challenge: CHALLENGE, code: 'ABCDE23456' }]);
  });

  it.each([
    [TWO_FACTOR_MESSAGES.challengeEnded, 401],
    [TWO_FACTOR_MESSAGES.challengeRequired, 400],
  ])(
    'goes back to the password step, keeping the user name, when the challenge has ended: %s',
    async (message, status) => {
      const api = mockApi({
        [LOGIN]: challenged,
        [VERIFY]: () => ({ status, body: { status: 'error', message } }),
      });
      const { user: typist } = await logIn('faculty1', 'secret123');
      await typist.type(await screen.findByLabelText(APP_CODE), '123456');
      await typist.click(screen.getByRole('button', { name: 'دخول' }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(screen.queryByLabelText(APP_CODE)).not.toBeInTheDocument();
      expect(screen.getByLabelText('اسم المستخدم')).toHaveValue('faculty1');
      expect(screen.getByLabelText('كلمة المرور')).toHaveValue('');
      // A new password step starts a new challenge.
      await typist.type(screen.getByLabelText('كلمة المرور'), 'secret123');
      await typist.click(screen.getByRole('button', { name: 'دخول' }));
      expect(await screen.findByLabelText(APP_CODE)).toBeInTheDocument();
      expect(api.bodiesOf(LOGIN)).toHaveLength(2);
    },
  );

  it('goes back to the password step when asked', async () => {
    mockApi({ [LOGIN]: challenged });
    const { user: typist } = await logIn('faculty1', 'secret123');
    await typist.click(await screen.findByRole('button', { name: 'رجوع' }));
    expect(await screen.findByLabelText('كلمة المرور')).toHaveValue('');
    expect(screen.getByLabelText('اسم المستخدم')).toHaveValue('faculty1');
    expect(screen.queryByText(TWO_FACTOR_MESSAGES.challengeEnded)).not.toBeInTheDocument();
  });
});
