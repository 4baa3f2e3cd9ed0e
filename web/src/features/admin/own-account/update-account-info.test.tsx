import { MESSAGES } from '@portal/common';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, signedInAs, staffUser } from '@/components/admin/testing/staff-fixtures';
import { getCookie } from '@/lib/cookies';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const UPDATE = 'PATCH /api/v1/users/updateSuperAdmin';
const me = {
  ...staffUser({ role: 'SUPERADMIN', name: 'مدير النظام', userName: 'rootadmin', phoneNumber: '' }),
  twoFactorEnabled: false,
  twoFactorRequired: false,
};

async function openScreen(handlers = {}) {
  const api = mockApi({
    ...signedInAs('SUPERADMIN'),
    'GET /api/v1/users/getMe': () => ok({ data: { user: me } }),
    ...handlers,
  });
  const app = renderApp('/admin/updateAccountInfo');
  await screen.findByDisplayValue('rootadmin');
  return { ...app, api };
}

describe('update account info', () => {
  it('says which field cannot be empty and that a user name needs 5 characters', async () => {
    const { user, api } = await openScreen();
    await user.clear(screen.getByLabelText('الاسم'));
    await user.clear(screen.getByLabelText('اسم المستخدم'));
    await user.type(screen.getByLabelText('اسم المستخدم'), 'abc');
    await user.click(screen.getByRole('button', { name: 'حفظ البيانات' }));
    expect(await screen.findByText(MESSAGES.staffNameEmpty)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.userNameTooShort)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.phoneEmpty)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordEmpty)).toBeInTheDocument();
    expect(api.bodiesOf(UPDATE)).toEqual([]);
  });

  it('sends the account confirmed with the password and keeps the new name', async () => {
    const { user, api } = await openScreen({
      [UPDATE]: () =>
        ok({
          message: MESSAGES.accountUpdated,
          user: { ...me, name: 'أحمد علي', phoneNumber: '01098765432' },
        }),
    });
    await user.clear(screen.getByLabelText('الاسم'));
    await user.type(screen.getByLabelText('الاسم'), ' أحمد علي ');
    await user.type(screen.getByLabelText('رقم الموبايل'), '٠١٠٩٨٧٦٥٤٣٢');
    await user.type(screen.getByLabelText('كلمة المرور'), 'Root12345');
    await user.click(screen.getByRole('button', { name: 'حفظ البيانات' }));
    expect(await screen.findByText(MESSAGES.accountUpdated)).toBeInTheDocument();
    expect(api.bodiesOf(UPDATE)).toEqual([
      {
        name: 'أحمد علي',
        userName: 'rootadmin',
        phoneNumber: '01098765432',
        password: 'Root12345',
        faculty: null,
      },
    ]);
    expect(getCookie('name')).toBe('أحمد علي');
    expect(screen.getByLabelText('كلمة المرور')).toHaveValue('');
  });
});
