import { notifications } from '@mantine/notifications';
import { MESSAGE_TEMPLATES, MESSAGES, type StaffRole, TOAST_SUCCESS_LONG_MS } from '@portal/common';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, signedInAs } from '@/components/admin/testing/staff-fixtures';
import { type Handler, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const COLLEGES = 'GET /api/v1/colleges';
const COUNT = 'POST /api/v1/students/countFaculty';
const DELETE = 'POST /api/v1/students/delete';
const COMMERCE = 'كلية التجارة';
const ARTS = 'كلية الآداب';

const counts =
  (studentsNumber: number): Handler =>
  ({ body }) =>
    ok({
      data: { faculty: (body as { faculty: string }).faculty, studentsNumber, studentsNumberCompleted: 0 },
    });

async function openScreen(handlers: Record<string, Handler>, role: StaffRole = 'SUPERADMIN') {
  const api = mockApi({
    ...signedInAs(role),
    [COLLEGES]: () => ok({ data: { data: [COMMERCE, ARTS] } }),
    ...handlers,
  });
  const app = renderApp('/admin/deleteStudentInfo');
  await screen.findByRole('heading', { name: 'حذف بيانات الطلاب' });
  await waitFor(() => expect(screen.getByRole('option', { name: COMMERCE })).toBeInTheDocument());
  return { ...app, api };
}

afterEach(() => {
  act(() => notifications.clean());
});

describe('delete student info', () => {
  it('needs a faculty, then says how many students go before deleting them', async () => {
    const message = MESSAGE_TEMPLATES.facultyDataDeleted(37);
    const { user, api } = await openScreen({
      [COUNT]: counts(37),
      [DELETE]: () => ok({ message, deletedData: 37 }),
    });
    const show = vi.spyOn(notifications, 'show');
    await user.click(screen.getByRole('button', { name: 'حذف بيانات الكلية' }));
    expect(await screen.findByText(MESSAGES.facultyRequired)).toBeInTheDocument();
    expect(api.bodiesOf(COUNT)).toEqual([]);

    await user.selectOptions(screen.getByLabelText('الكلية'), COMMERCE);
    await user.click(screen.getByRole('button', { name: 'حذف بيانات الكلية' }));
    const dialog = await screen.findByRole('dialog', { name: 'تأكيد حذف بيانات الكلية' });
    expect(within(dialog).getByTestId('delete-data-confirmation')).toHaveTextContent(
      'سيتم حذف بيانات 37 طالبا من كلية التجارة نهائيا مع صورهم وإجاباتهم. هل تريد المتابعة؟',
    );
    expect(within(dialog).getByRole('button', { name: 'لا' })).toHaveFocus();
    expect(api.bodiesOf(DELETE)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'نعم' }));
    expect(await screen.findByText('تم حذف بيانات 37 طالبا بنجاح')).toBeInTheDocument();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message, autoClose: TOAST_SUCCESS_LONG_MS }));
    expect(api.bodiesOf(DELETE)).toEqual([{ faculty: COMMERCE }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('الكلية')).toHaveValue('');
  });

  it('deletes nothing when the answer is no', async () => {
    const { user, api } = await openScreen({ [COUNT]: counts(1) });
    await user.selectOptions(screen.getByLabelText('الكلية'), ARTS);
    await user.click(screen.getByRole('button', { name: 'حذف بيانات الكلية' }));
    const dialog = await screen.findByRole('dialog', { name: 'تأكيد حذف بيانات الكلية' });
    expect(dialog).toHaveTextContent('سيتم حذف بيانات طالب واحد من كلية الآداب');
    await user.click(within(dialog).getByRole('button', { name: 'لا' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.bodiesOf(DELETE)).toEqual([]);
  });

  it('asks nothing when the faculty has no students', async () => {
    const { user, api } = await openScreen({ [COUNT]: counts(0) });
    await user.selectOptions(screen.getByLabelText('الكلية'), ARTS);
    await user.click(screen.getByRole('button', { name: 'حذف بيانات الكلية' }));
    expect(await screen.findByRole('status')).toHaveTextContent(`${MESSAGES.noStudentData}: ${ARTS}`);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.bodiesOf(DELETE)).toEqual([]);
  });

  it.each<StaffRole>(['SUPPORT', 'ADMIN'])('is closed to %s', async (role) => {
    mockApi(signedInAs(role));
    renderApp('/admin/deleteStudentInfo');
    expect(await screen.findByText(MESSAGES.noAccess)).toBeInTheDocument();
  });
});
