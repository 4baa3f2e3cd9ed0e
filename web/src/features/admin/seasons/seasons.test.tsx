import { notifications } from '@mantine/notifications';
import { MESSAGES, SEASON_MESSAGES, type Season } from '@portal/common';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fails, ok, signedInAs } from '@/components/admin/testing/staff-fixtures';
import { CURRENT, OLDEST, PREVIOUS, SEASONS } from '@/components/season-select/testing/seasons';
import { type Handler, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const OPEN = 'POST /api/v1/seasons';
const DELETE = (id: string) => `DELETE /api/v1/seasons/${id}`;

afterEach(() => {
  act(() => notifications.clean());
});

/** Serves the season list as it stands; a test's handlers change it as the server would. */
function seasonStore(first: Season[]) {
  let seasons = first;
  return {
    list: (() => ok({ seasons })) as Handler,
    set: (next: Season[]) => {
      seasons = next;
    },
  };
}

async function openScreen(handlers: Record<string, Handler>) {
  const api = mockApi({ ...signedInAs('SUPERADMIN'), ...handlers });
  const app = renderApp('/admin/seasons');
  await screen.findByRole('heading', { level: 2, name: 'الأعوام الدراسية' });
  return { ...app, api };
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const nameField = () => screen.getByLabelText('اسم العام الدراسي الجديد');

describe('seasons screen', () => {
  it('lists every season with its state, dates in Arabic, students and images; only closed ones delete', async () => {
    await openScreen({ [SEASONS]: seasonStore([CURRENT, PREVIOUS, OLDEST]).list });
    await screen.findByRole('table', { name: 'الأعوام الدراسية، الأحدث أولًا' });
    expect(cells(rowOf('2026/2027'))).toEqual(['الحالي', '1 يونيو 2026', '—', '1234', 'محفوظة', '—']);
    expect(cells(rowOf('2025/2026'))).toEqual([
      'مغلق',
      '1 يونيو 2025',
      '1 يونيو 2026',
      '987',
      'محفوظة',
      'حذف',
    ]);
    expect(cells(rowOf('2024/2025'))[4]).toBe('حذفت في 1 ديسمبر 2025');
    expect(
      screen
        .getAllByRole('button', { name: /^حذف العام الدراسي/ })
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['حذف العام الدراسي 2025/2026', 'حذف العام الدراسي 2024/2025']);
  });

  it('opens the next season after saying the current one closes; Arabic-Indic digits are accepted', async () => {
    const store = seasonStore([CURRENT, PREVIOUS]);
    const opened: Season = { ...CURRENT, id: '30000000-0000-4000-8000-000000002028', name: '2028/2029' };
    const { user, api } = await openScreen({
      [SEASONS]: store.list,
      [OPEN]: () => {
        store.set([opened, { ...CURRENT, current: false, closedAt: '2026-11-26T18:00:00.000Z' }, PREVIOUS]);
        return ok({ message: SEASON_MESSAGES.opened, season: opened }, 201);
      },
    });
    await waitFor(() => expect(nameField()).toHaveValue('2027/2028'));

    await user.clear(nameField());
    await user.type(nameField(), '٢٠٢٨ / ٢٠٢٩');
    await user.click(screen.getByRole('button', { name: 'فتح العام الدراسي' }));
    const dialog = await screen.findByRole('dialog', { name: 'فتح العام الدراسي 2028/2029؟' });
    expect(dialog).toHaveTextContent('يغلق العام الدراسي الحالي 2026/2027 ويصبح للاطلاع فقط');
    expect(api.bodiesOf(OPEN)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'نعم' }));
    expect(await screen.findByText(SEASON_MESSAGES.opened)).toBeInTheDocument();
    expect(api.bodiesOf(OPEN)).toEqual([{ name: '2028/2029' }]);
    await waitFor(() => expect(cells(rowOf('2028/2029'))[0]).toBe('الحالي'));
    expect(cells(rowOf('2026/2027'))[0]).toBe('مغلق');
    // The form now offers the year after the new current season.
    await waitFor(() => expect(nameField()).toHaveValue('2029/2030'));
  });

  it('refuses a malformed name before asking, and shows the server refusal under the field', async () => {
    const { user, api } = await openScreen({
      [SEASONS]: seasonStore([CURRENT]).list,
      [OPEN]: () => fails(409, SEASON_MESSAGES.nameNotLater),
    });
    await waitFor(() => expect(nameField()).toHaveValue('2027/2028'));
    await user.clear(nameField());
    await user.type(nameField(), '2027/2029');
    await user.click(screen.getByRole('button', { name: 'فتح العام الدراسي' }));
    expect(await screen.findByText(SEASON_MESSAGES.nameInvalid)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.clear(nameField());
    await user.type(nameField(), '2025/2026');
    await user.click(screen.getByRole('button', { name: 'فتح العام الدراسي' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'نعم' }));
    expect(await screen.findByText(SEASON_MESSAGES.nameNotLater)).toBeInTheDocument();
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');
    expect(api.bodiesOf(OPEN)).toEqual([{ name: '2025/2026' }]);
  });

  it('deletes a closed season only once its student count is typed back', async () => {
    const store = seasonStore([CURRENT, PREVIOUS]);
    const { user, api } = await openScreen({
      [SEASONS]: store.list,
      [DELETE(PREVIOUS.id)]: () => {
        store.set([CURRENT]);
        return ok({ message: SEASON_MESSAGES.deleted, deletedStudents: 987 });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'حذف العام الدراسي 2025/2026' }));
    const dialog = screen.getByRole('dialog', { name: 'حذف العام الدراسي 2025/2026؟' });
    expect(dialog).toHaveTextContent('وعددهم 987');
    const confirm = within(dialog).getByRole('button', { name: 'حذف العام الدراسي نهائيًا' });
    const count = within(dialog).getByLabelText('اكتب عدد الطلاب (987) للتأكيد');
    expect(confirm).toBeDisabled();
    await user.type(count, '98');
    expect(confirm).toBeDisabled();
    await user.type(count, '{Enter}');
    expect(api.bodiesOf(DELETE(PREVIOUS.id))).toEqual([]);

    await user.clear(count);
    await user.type(count, '٩٨٧');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(await screen.findByText(SEASON_MESSAGES.deleted)).toBeInTheDocument();
    expect(api.bodiesOf(DELETE(PREVIOUS.id))).toEqual([{ confirmCount: 987 }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: /^2025\/2026/ })).not.toBeInTheDocument());
  });

  it("keeps the dialog open with the server's refusal, and deletes nothing", async () => {
    const { user } = await openScreen({
      [SEASONS]: seasonStore([CURRENT, PREVIOUS]).list,
      [DELETE(PREVIOUS.id)]: () => fails(409, SEASON_MESSAGES.confirmCountMismatch),
    });
    await user.click(await screen.findByRole('button', { name: 'حذف العام الدراسي 2025/2026' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText(/اكتب عدد الطلاب/), '987');
    await user.click(within(dialog).getByRole('button', { name: 'حذف العام الدراسي نهائيًا' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(SEASON_MESSAGES.confirmCountMismatch);
    expect(rowOf('2025/2026')).toBeInTheDocument();
  });

  it('says what went wrong loading the list and offers to try again', async () => {
    let calls = 0;
    const { user } = await openScreen({
      [SEASONS]: () =>
        ++calls === 1 ? fails(503, MESSAGES.databaseUnavailable) : ok({ seasons: [CURRENT] }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.databaseUnavailable);
    await user.click(within(alert).getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByRole('row', { name: /^2026\/2027/ })).toBeInTheDocument();
  });
});
