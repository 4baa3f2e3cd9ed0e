import { notifications } from '@mantine/notifications';
import { MESSAGES, type StaffUser, TWO_FACTOR_MESSAGES } from '@portal/common';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fails, ok, signedInAs, staffUser } from '@/components/admin/testing/staff-fixtures';
import { type Handler, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const ALL = 'GET /api/v1/users/getAllAdmins';
const ADD = 'POST /api/v1/users/addAdmin';
const UPDATE = 'PATCH /api/v1/users/updateAdmin';
const RESET = 'PATCH /api/v1/users/resetAdminPassword';
const FIND = 'POST /api/v1/users/getAdmin';
const COLLEGES = 'GET /api/v1/colleges';
const RESET_TWO_FACTOR = 'PATCH /api/v1/users/resetTwoFactor';
const SIGN_OUT_EVERYWHERE = 'POST /api/v1/users/signOutEverywhere';

const root = staffUser({ role: 'SUPERADMIN', name: 'مدير النظام', userName: 'rootadmin', phoneNumber: '' });
const commerce = staffUser({ name: 'سارة محمود', userName: 'commerce', faculty: 'كلية التجارة' });
const social = staffUser({ role: 'SOCIAL_ADMIN', name: 'منى علي', userName: 'social' });

async function openScreen(
  handlers: Record<string, Handler> = {},
  users: StaffUser[] = [root, commerce, social],
) {
  const api = mockApi({
    ...signedInAs('SUPERADMIN'),
    [ALL]: () => ok({ results: users.length, data: { users } }),
    [COLLEGES]: () => ok({ data: { data: ['كلية التجارة', 'كلية الآداب', 'كلية الخدمة الاجتماعية'] } }),
    ...handlers,
  });
  const app = renderApp('/admin/adminsManagement');
  // The first render loads the lazy shell and screen chunks.
  await screen.findByRole('heading', { name: 'إدارة المسؤولين' });
  return { ...app, api };
}

const card = (name: string) => screen.getByRole('article', { name });

// Mantine's scroll areas (the faculty list) measure themselves; jsdom has no ResizeObserver.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
});

// Notices outlive a test in Mantine's store; a full queue would hold back the next test's notices.
afterEach(() => {
  act(() => notifications.clean());
});

describe('admins management', () => {
  it('lists every account with its role in Arabic; super admins cannot be edited or deleted', async () => {
    await openScreen();
    const commerceCard = await screen.findByRole('article', { name: 'سارة محمود' });
    expect(within(commerceCard).getByText('commerce')).toBeInTheDocument();
    expect(within(commerceCard).getByText('مسؤول كلية')).toBeInTheDocument();
    expect(within(commerceCard).getByText('كلية التجارة')).toBeInTheDocument();
    expect(
      within(card('منى علي')).getByText('مسؤول المقابلات الشخصية (الخدمة الاجتماعية)'),
    ).toBeInTheDocument();
    expect(within(card('منى علي')).queryByText('الكلية')).not.toBeInTheDocument();
    expect(within(card('مدير النظام')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(commerceCard).getByRole('button', { name: 'تعديل سارة محمود' })).toBeInTheDocument();
  });

  it('adds a faculty admin and shows the generated credentials with a copy button', async () => {
    const added = staffUser({ name: 'خالد حسن', userName: 'khaled.h', passwordChanged: false });
    const { user, api } = await openScreen({
      [ADD]: () =>
        ok(
          {
            message: MESSAGES.adminAdded,
            user: added,
            data: { userName: 'khaled.h', password: 'aB3dE5gH7jK9' },
          },
          201,
        ),
    });
    await user.click(screen.getByRole('button', { name: 'إضافة مسؤول' }));
    const dialog = await screen.findByRole('dialog', { name: 'إضافة مسؤول' });
    await user.click(within(dialog).getByRole('button', { name: 'إضافة' }));
    expect(await within(dialog).findByText(MESSAGES.staffNameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.userNameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.phoneRequired)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('الاسم'), 'خالد حسن');
    await user.type(within(dialog).getByLabelText('اسم المستخدم'), 'khaled.h');
    await user.type(within(dialog).getByLabelText('رقم الموبايل'), '01011112222');
    // The shared rule checks the faculty of a faculty admin once the other fields are right.
    await user.click(within(dialog).getByRole('button', { name: 'إضافة' }));
    expect(await within(dialog).findByText(MESSAGES.facultyRequired)).toBeInTheDocument();
    expect(api.bodiesOf(ADD)).toEqual([]);
    await user.click(within(dialog).getByRole('combobox', { name: 'الكلية' }));
    await user.click(await screen.findByRole('option', { name: 'كلية الآداب' }));
    await user.click(within(dialog).getByRole('button', { name: 'إضافة' }));

    const credentials = await screen.findByRole('dialog', { name: 'بيانات الدخول' });
    expect(within(credentials).getByTestId('credentials-user-name')).toHaveTextContent('khaled.h');
    expect(within(credentials).getByTestId('credentials-password')).toHaveTextContent('aB3dE5gH7jK9');
    await user.click(within(credentials).getByRole('button', { name: 'نسخ بيانات الدخول' }));
    expect(await navigator.clipboard.readText()).toBe('اسم المستخدم: khaled.h\nكلمة المرور: aB3dE5gH7jK9');
    expect(api.bodiesOf(ADD)).toEqual([
      {
        name: 'خالد حسن',
        userName: 'khaled.h',
        phoneNumber: '01011112222',
        role: 'ADMIN',
        faculty: 'كلية الآداب',
      },
    ]);
    expect(screen.getByText(MESSAGES.adminAdded)).toBeInTheDocument();
    await user.click(within(credentials).getByRole('button', { name: 'إغلاق' }));
    expect(screen.getByRole('article', { name: 'خالد حسن' })).toBeInTheDocument();
  });

  it('asks no faculty of a support account', async () => {
    const added = staffUser({ role: 'SUPPORT', name: 'دعم', userName: 'support2' });
    const { user, api } = await openScreen({
      [ADD]: () =>
        ok(
          { message: MESSAGES.adminAdded, user: added, data: { userName: 'support2', password: 'x1' } },
          201,
        ),
    });
    await user.click(screen.getByRole('button', { name: 'إضافة مسؤول' }));
    const dialog = await screen.findByRole('dialog', { name: 'إضافة مسؤول' });
    await user.click(within(dialog).getByRole('radio', { name: 'الدعم الفني' }));
    expect(within(dialog).queryByRole('combobox', { name: 'الكلية' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('الاسم'), 'دعم');
    await user.type(within(dialog).getByLabelText('اسم المستخدم'), 'support2');
    await user.type(within(dialog).getByLabelText('رقم الموبايل'), '01033334444');
    await user.click(within(dialog).getByRole('button', { name: 'إضافة' }));
    await screen.findByRole('dialog', { name: 'بيانات الدخول' });
    expect(api.bodiesOf(ADD)).toEqual([
      { name: 'دعم', userName: 'support2', phoneNumber: '01033334444', role: 'SUPPORT', faculty: null },
    ]);
  });

  it('edits an account in place and resets its password', async () => {
    const { user, api } = await openScreen({
      [UPDATE]: ({ body }) => {
        const { adminInfo } = body as { adminInfo: Partial<StaffUser> };
        return ok({ message: MESSAGES.adminEdited, user: { ...commerce, ...adminInfo } });
      },
      [RESET]: () =>
        ok({
          message: MESSAGES.adminPasswordReset,
          data: { userName: 'commerce', password: 'Zx9Yw8Vu7Ts6' },
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'تعديل سارة محمود' }));
    let dialog = await screen.findByRole('dialog', { name: 'تعديل بيانات المسؤول' });
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('الاسم'));
    await user.type(within(dialog).getByLabelText('الاسم'), 'سارة محمود علي');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ التعديلات' }));
    expect(await screen.findByRole('article', { name: 'سارة محمود علي' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'سارة محمود' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.bodiesOf(UPDATE)).toEqual([
      {
        id: commerce._id,
        adminInfo: {
          name: 'سارة محمود علي',
          userName: 'commerce',
          phoneNumber: commerce.phoneNumber,
          faculty: 'كلية التجارة',
        },
      },
    ]);

    await user.click(screen.getByRole('button', { name: 'تعديل سارة محمود علي' }));
    dialog = await screen.findByRole('dialog', { name: 'تعديل بيانات المسؤول' });
    await user.click(within(dialog).getByRole('button', { name: 'إعادة تعيين كلمة المرور' }));
    const credentials = await screen.findByRole('dialog', { name: 'بيانات الدخول' });
    expect(within(credentials).getByTestId('credentials-password')).toHaveTextContent('Zx9Yw8Vu7Ts6');
    expect(api.bodiesOf(RESET)).toEqual([{ id: commerce._id }]);
    expect(screen.getByText(MESSAGES.adminPasswordReset)).toBeInTheDocument();
  });

  it('asks before deleting: no keeps the account, yes deletes it', async () => {
    const DELETE = `DELETE /api/v1/users/deleteAdmin/${social._id}`;
    const { user, api } = await openScreen({ [DELETE]: () => ok({ message: MESSAGES.adminDeleted }) });
    await user.click(await screen.findByRole('button', { name: 'حذف منى علي' }));
    let confirm = await screen.findByRole('dialog', { name: 'هل تريد حذف هذا المسؤول؟' });
    expect(within(confirm).getByRole('button', { name: 'لا' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'لا' }));
    expect(screen.getByRole('article', { name: 'منى علي' })).toBeInTheDocument();
    expect(api.bodiesOf(DELETE)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'حذف منى علي' }));
    confirm = await screen.findByRole('dialog', { name: 'هل تريد حذف هذا المسؤول؟' });
    await user.click(within(confirm).getByRole('button', { name: 'نعم' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'منى علي' })).not.toBeInTheDocument());
    expect(api.bodiesOf(DELETE)).toHaveLength(1);
    expect(screen.getByText(MESSAGES.adminDeleted)).toBeInTheDocument();
  });

  it('searches by user name or mobile; both a type and a value are needed; nothing found says so', async () => {
    const { user, api } = await openScreen({
      [FIND]: ({ body }) =>
        (body as { userName?: string }).userName === 'social'
          ? ok({ data: { user: social } })
          : fails(404, MESSAGES.noResultsFound),
    });
    await screen.findByRole('article', { name: 'سارة محمود' });
    const search = screen.getByRole('search', { name: 'البحث عن مسؤول' });
    await user.click(within(search).getByRole('button', { name: 'بحث' }));
    expect(await within(search).findAllByText(MESSAGES.adminSearchRequired)).toHaveLength(2);
    expect(api.bodiesOf(FIND)).toEqual([]);

    await user.selectOptions(within(search).getByLabelText('نوع البحث'), 'اسم المستخدم');
    await user.type(within(search).getByLabelText('قيمة البحث'), 'social');
    await user.click(within(search).getByRole('button', { name: 'بحث' }));
    expect(await screen.findByRole('article', { name: 'منى علي' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'سارة محمود' })).not.toBeInTheDocument();

    await user.selectOptions(within(search).getByLabelText('نوع البحث'), 'رقم الموبايل');
    await user.clear(within(search).getByLabelText('قيمة البحث'));
    await user.type(within(search).getByLabelText('قيمة البحث'), '01000000000');
    await user.click(within(search).getByRole('button', { name: 'بحث' }));
    expect(await screen.findByText(MESSAGES.noResultsFound)).toBeInTheDocument();
    expect(api.bodiesOf(FIND)).toEqual([{ userName: 'social' }, { phoneNumber: '01000000000' }]);

    await user.click(within(search).getByRole('button', { name: 'عرض الكل' }));
    expect(await screen.findByRole('article', { name: 'سارة محمود' })).toBeInTheDocument();
  });

  it('shows no results for an empty list', async () => {
    await openScreen({}, []);
    expect(await screen.findByText(MESSAGES.noResultsFound)).toBeInTheDocument();
  });

  it.each([
    [
      'إلغاء التحقق بخطوتين',
      RESET_TWO_FACTOR,
      'هل تريد إلغاء التحقق بخطوتين لهذا المسؤول؟',
      TWO_FACTOR_MESSAGES.reset,
    ],
    [
      'تسجيل الخروج من جميع الأجهزة',
      SIGN_OUT_EVERYWHERE,
      'هل تريد تسجيل خروج هذا المسؤول من جميع الأجهزة؟',
      TWO_FACTOR_MESSAGES.signedOutEverywhere,
    ],
  ])(
    'asks before "%s" for an account, then says what the server did',
    async (action, call, question, done) => {
      const { user, api } = await openScreen({ [call]: () => ok({ message: done }) });
      await user.click(await screen.findByRole('button', { name: `${action} منى علي` }));
      expect(within(card('مدير النظام')).queryByRole('button')).not.toBeInTheDocument();
      let confirm = await screen.findByRole('dialog', { name: question });
      expect(within(confirm).getByText('social')).toBeInTheDocument();
      await user.click(within(confirm).getByRole('button', { name: 'لا' }));
      expect(api.bodiesOf(call)).toEqual([]);

      await user.click(screen.getByRole('button', { name: `${action} منى علي` }));
      confirm = await screen.findByRole('dialog', { name: question });
      await user.click(within(confirm).getByRole('button', { name: 'نعم' }));
      expect(await screen.findByText(done)).toBeInTheDocument();
      expect(api.bodiesOf(call)).toEqual([{ id: social._id }]);
      // The account stays in the list.
      expect(card('منى علي')).toBeInTheDocument();
    },
  );

  it("shows the server's refusal of a second factor reset", async () => {
    const { user } = await openScreen({
      [RESET_TWO_FACTOR]: () => fails(400, TWO_FACTOR_MESSAGES.notEnabled),
    });
    await user.click(await screen.findByRole('button', { name: 'إلغاء التحقق بخطوتين سارة محمود' }));
    const confirm = await screen.findByRole('dialog', { name: 'هل تريد إلغاء التحقق بخطوتين لهذا المسؤول؟' });
    await user.click(within(confirm).getByRole('button', { name: 'نعم' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.notEnabled)).toBeInTheDocument();
  });
});
