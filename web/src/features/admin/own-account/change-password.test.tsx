import { MESSAGES } from '@portal/common';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fails, ok, signedInAs, staffUser } from '@/components/admin/testing/staff-fixtures';
import { getCookie } from '@/lib/cookies';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const UPDATE = 'PATCH /api/v1/users/updateMyPassword';
const CURRENT = 'كلمة المرور الحالية';
const NEW = 'كلمة المرور الجديدة';
const REPEAT = 'تأكيد كلمة المرور الجديدة';

async function openScreen(handlers = {}) {
  const api = mockApi({ ...signedInAs('ADMIN', false), ...handlers });
  const app = renderApp('/admin/changePassword');
  await screen.findByLabelText(CURRENT);
  return { ...app, api };
}

async function fill(user: ReturnType<typeof renderApp>['user'], values: [string, string, string]) {
  const labels = [CURRENT, NEW, REPEAT];
  for (const [index, value] of values.entries()) {
    if (value) await user.type(screen.getByLabelText(labels[index] ?? ''), value);
  }
  await user.click(screen.getByRole('button', { name: 'تغيير كلمة المرور' }));
}

describe('change password', () => {
  it('asks for each of the three passwords and sends nothing', async () => {
    const { user, api } = await openScreen();
    await fill(user, ['', '', '']);
    const errors = await screen.findAllByText(MESSAGES.passwordRequired);
    expect(errors).toHaveLength(3);
    for (const label of [CURRENT, NEW, REPEAT]) {
      const input = screen.getByLabelText(label);
      expect(input).toHaveAttribute('aria-invalid', 'true');
      // The message is tied to its input and announced when it appears.
      const describedBy = input.getAttribute('aria-describedby') ?? '';
      expect(
        describedBy.split(' ').some((id) => document.getElementById(id)?.getAttribute('role') === 'alert'),
      ).toBe(true);
    }
    expect(api.bodiesOf(UPDATE)).toEqual([]);
  });

  it('shows the letters-and-digits hint and says when the two new passwords differ', async () => {
    const { user, api } = await openScreen();
    expect(screen.getByText('حروف وأرقام، 8 أحرف على الأقل')).toBeInTheDocument();
    await fill(user, ['Demo1234', 'Newpass123', 'Newpass124']);
    expect(await screen.findByText(MESSAGES.passwordsDoNotMatch)).toBeInTheDocument();
    expect(screen.getByLabelText(REPEAT)).toHaveAttribute('aria-invalid', 'true');
    expect(api.bodiesOf(UPDATE)).toEqual([]);
  });

  it.each([
    ['abc123', MESSAGES.passwordTooShort],
    ['onlyletters', MESSAGES.passwordLettersAndDigits],
    ['1234567890', MESSAGES.passwordLettersAndDigits],
  ])('refuses %s as a new password', async (password, message) => {
    const { user, api } = await openScreen();
    await fill(user, ['Demo1234', password, password]);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(api.bodiesOf(UPDATE)).toEqual([]);
  });

  it("shows the server's refusal of a wrong current password", async () => {
    const { user, router } = await openScreen({ [UPDATE]: () => fails(400, MESSAGES.currentPasswordWrong) });
    await fill(user, ['Wrong1234', 'Newpass123', 'Newpass123']);
    expect(await screen.findByText(MESSAGES.currentPasswordWrong)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/changePassword');
    expect(getCookie('token')).toBe('test-token');
  });

  it('changes the password, says so, and opens the login a second later without the dead token', async () => {
    const { user, api, router } = await openScreen({
      [UPDATE]: () =>
        ok({
          message: MESSAGES.passwordChangedSuccess,
          data: { user: staffUser({ passwordChanged: true }) },
        }),
    });
    await fill(user, ['Demo1234', 'Newpass123', 'Newpass123']);
    expect(await screen.findByText(MESSAGES.passwordChangedSuccess)).toBeInTheDocument();
    expect(api.bodiesOf(UPDATE)).toEqual([
      { passwordCurrent: 'Demo1234', password: 'Newpass123', passwordConfirm: 'Newpass123' },
    ]);
    expect(router.state.location.pathname).toBe('/admin/changePassword');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'), { timeout: 2500 });
    expect(getCookie('token')).toBeUndefined();
    expect(getCookie('role')).toBeUndefined();
  });
});
