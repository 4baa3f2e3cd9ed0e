import { notifications } from '@mantine/notifications';
import { type CollegeEntry, DEADLINE_MESSAGES, MESSAGES } from '@portal/common';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fails, ok, signedInAs } from '@/components/admin/testing/staff-fixtures';
import { type Handler, mockApi, testBranding } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const COLLEGES = 'GET /api/v1/colleges';
const patchPath = (id: string) => `PATCH /api/v1/colleges/${id}`;

const commerce: CollegeEntry = {
  id: '30000000-0000-4000-8000-000000000001',
  name: 'كلية التجارة',
  socialWork: false,
  tourism: false,
  // 23:59 on 20 November 2026 in Cairo (UTC+2 in winter).
  dataDeadline: '2026-11-20T21:59:00.000Z',
  hidden: false,
};
const arts: CollegeEntry = {
  id: '30000000-0000-4000-8000-000000000002',
  name: 'كلية الآداب',
  socialWork: false,
  tourism: false,
  dataDeadline: null,
  hidden: false,
};

const listAnswer = (colleges: CollegeEntry[]) => () =>
  ok({ data: { data: colleges.map((college) => college.name), colleges } });

/** Answers the PATCH as the server does: the college with the deadline sent, as a UTC instant. */
const savesDeadline =
  (college: CollegeEntry): Handler =>
  ({ body }) => {
    const { dataDeadline } = body as { dataDeadline: string | null };
    return ok({
      message: dataDeadline ? DEADLINE_MESSAGES.deadlineSaved : DEADLINE_MESSAGES.deadlineCleared,
      data: { ...college, dataDeadline: dataDeadline && new Date(dataDeadline).toISOString() },
    });
  };

async function openSettings(handlers: Record<string, Handler>) {
  const api = mockApi({ ...signedInAs('SUPERADMIN'), [COLLEGES]: listAnswer([commerce, arts]), ...handlers });
  const app = renderApp('/admin/colleges');
  await screen.findByRole('heading', { level: 2, name: 'إعدادات الكليات' });
  return { ...app, api };
}

const card = async (name: string) => {
  const list = await screen.findByRole('list', { name: 'الكليات' });
  return within(list).getByRole('listitem', { name });
};

/** dayjs's Arabic month names, as the calendar's day buttons are labelled ('1 ديسمبر 2026'). */
async function pickDay(user: ReturnType<typeof renderApp>['user'], dialog: HTMLElement, label: string) {
  await user.click(within(dialog).getByLabelText('اليوم'));
  await user.click(await screen.findByRole('button', { name: 'الشهر التالي' }));
  await user.click(await screen.findByRole('button', { name: label }));
}

afterEach(() => {
  act(() => notifications.clean());
});

// The first test waits for the screen's lazy chunk, which on a busy 2-core machine can take seconds.
describe('college settings', { timeout: 15_000 }, () => {
  it("lists each college's deadline on the university's clock, or none", async () => {
    await openSettings({});
    const withDeadline = await card('كلية التجارة');
    expect(withDeadline).toHaveTextContent('آخر موعد لاستكمال البيانات: الجمعة، 20 نوفمبر 2026 في 11:59 م');
    expect(withDeadline.querySelector('time')).toHaveAttribute('datetime', commerce.dataDeadline);
    expect(within(withDeadline).getByRole('button', { name: 'تعديل الموعد' })).toBeInTheDocument();
    const without = await card('كلية الآداب');
    expect(without).toHaveTextContent('آخر موعد لاستكمال البيانات: لا يوجد');
    expect(within(without).getByRole('button', { name: 'تحديد الموعد' })).toBeInTheDocument();
    expect(screen.getByText(/المواعيد بتوقيت الجامعة/)).toHaveTextContent('Africa/Cairo');
  });

  it('saves 23:59 on 1 December 2026 in Cairo as 21:59Z and shows the new deadline', async () => {
    const { api, user } = await openSettings({ [patchPath(commerce.id)]: savesDeadline(commerce) });
    await user.click(within(await card('كلية التجارة')).getByRole('button', { name: 'تعديل الموعد' }));
    const dialog = await screen.findByRole('dialog', { name: 'آخر موعد لاستكمال البيانات: كلية التجارة' });
    // The form opens on the current deadline, read on the university's clock.
    expect(within(dialog).getByLabelText('الساعة')).toHaveValue('23:59');
    await pickDay(user, dialog, '1 ديسمبر 2026');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ الموعد' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [sent] = api.bodiesOf(patchPath(commerce.id)) as [{ dataDeadline: string }];
    expect(sent).toEqual({ dataDeadline: '2026-12-01T23:59:00+02:00' });
    expect(new Date(sent.dataDeadline).toISOString()).toBe('2026-12-01T21:59:00.000Z');
    expect(screen.getAllByText(DEADLINE_MESSAGES.deadlineSaved).length).toBeGreaterThan(0);
    expect(await card('كلية التجارة')).toHaveTextContent('الثلاثاء، 1 ديسمبر 2026 في 11:59 م');
  });

  it("reads the time on the branding's zone, not Cairo's nor this computer's", async () => {
    const { api, user } = await openSettings({
      'GET /api/v1/branding': () => ok({ data: { ...testBranding, timeZone: 'Asia/Riyadh' } }),
      [patchPath(arts.id)]: savesDeadline(arts),
    });
    expect(await screen.findByText(/المواعيد بتوقيت الجامعة/)).toHaveTextContent('Asia/Riyadh');
    await user.click(within(await card('كلية الآداب')).getByRole('button', { name: 'تحديد الموعد' }));
    const dialog = await screen.findByRole('dialog');
    const time = within(dialog).getByLabelText('الساعة');
    await user.clear(time);
    await user.type(time, '14:30');
    // A college without a deadline opens the calendar on this month: choose the 10th of next month.
    await user.click(within(dialog).getByLabelText('اليوم'));
    await user.click(await screen.findByRole('button', { name: 'الشهر التالي' }));
    const next = new Date();
    next.setDate(1);
    next.setMonth(next.getMonth() + 1);
    const month = 'يناير_فبراير_مارس_أبريل_مايو_يونيو_يوليو_أغسطس_سبتمبر_أكتوبر_نوفمبر_ديسمبر'.split('_')[
      next.getMonth()
    ];
    await user.click(await screen.findByRole('button', { name: `10 ${month} ${next.getFullYear()}` }));
    await user.click(within(dialog).getByRole('button', { name: 'حفظ الموعد' }));

    await waitFor(() => expect(api.bodiesOf(patchPath(arts.id))).toHaveLength(1));
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(api.bodiesOf(patchPath(arts.id))).toEqual([
      { dataDeadline: `${next.getFullYear()}-${pad(next.getMonth() + 1)}-10T14:30:00+03:00` },
    ]);
  });

  it('clears a deadline and shows the server message', async () => {
    const { api, user } = await openSettings({ [patchPath(commerce.id)]: savesDeadline(commerce) });
    await user.click(within(await card('كلية التجارة')).getByRole('button', { name: 'تعديل الموعد' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'حذف الموعد' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.bodiesOf(patchPath(commerce.id))).toEqual([{ dataDeadline: null }]);
    expect(screen.getAllByText(DEADLINE_MESSAGES.deadlineCleared).length).toBeGreaterThan(0);
    expect(await card('كلية التجارة')).toHaveTextContent('آخر موعد لاستكمال البيانات: لا يوجد');
  });

  it('asks for a day before sending anything', async () => {
    const { api, user } = await openSettings({});
    await user.click(within(await card('كلية الآداب')).getByRole('button', { name: 'تحديد الموعد' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ الموعد' }));
    expect(await within(dialog).findByText('اختر يوم انتهاء استكمال البيانات')).toBeInTheDocument();
    expect(api.bodiesOf(patchPath(arts.id))).toEqual([]);
  });

  it("keeps the dialog open with the server's refusal", async () => {
    const { user } = await openSettings({
      [patchPath(commerce.id)]: () => fails(404, DEADLINE_MESSAGES.collegeNotFound),
    });
    await user.click(within(await card('كلية التجارة')).getByRole('button', { name: 'تعديل الموعد' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ الموعد' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(DEADLINE_MESSAGES.collegeNotFound);
  });

  it('says what went wrong with the list and offers to try again', async () => {
    let calls = 0;
    const { user } = await openSettings({
      [COLLEGES]: () => {
        calls += 1;
        return calls === 1 ? fails(503, MESSAGES.databaseUnavailable) : listAnswer([arts])();
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.databaseUnavailable);
    await user.click(within(alert).getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await card('كلية الآداب')).toBeInTheDocument();
  });
});
