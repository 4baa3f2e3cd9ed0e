import { notifications } from '@mantine/notifications';
import {
  type Campaign,
  MESSAGES,
  NOTIFICATION_MESSAGES,
  type NotificationStatsResponse,
  type StaffRole,
  type StateCounts,
} from '@portal/common';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fails, ok, signedInAs } from '@/components/admin/testing/staff-fixtures';
import { type Handler, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { STATS_POLL_MS } from './api/notifications';

const COLLEGES = 'GET /api/v1/colleges';
const PREVIEW = 'POST /api/v1/notifications/preview';
const SEND = 'POST /api/v1/notifications/send';
const STATS = 'GET /api/v1/notifications/stats';
const COMMERCE = 'كلية التجارة';
const CAMPAIGN_ID = '40000000-0000-4000-8000-000000000001';
const TEXT = 'يرجى استكمال البيانات قبل نهاية الأسبوع';

const counts = (overrides: Partial<StateCounts> = {}): StateCounts => ({
  queued: 0,
  sending: 0,
  retrying: 0,
  sent: 0,
  failed: 0,
  skipped: 0,
  ...overrides,
});

type Stats = NotificationStatsResponse['data'];

function stats(overrides: Partial<Stats> = {}): Stats {
  return {
    faculty: null,
    byState: counts(),
    byChannel: { email: counts(), sms: counts() },
    failures: [],
    campaigns: [],
    ...overrides,
  };
}

function campaign(state: Partial<StateCounts>, overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: CAMPAIGN_ID,
    faculty: COMMERCE,
    filter: { audience: 'dataIncomplete' },
    channels: ['email'],
    text: TEXT,
    createdBy: 'support1',
    createdAt: '2026-11-28T08:00:00.000Z',
    counts: counts(state),
    ...overrides,
  };
}

/** The preview's answer: `students` of the faculty for each audience. */
const previewAnswer =
  (students: Record<string, number>, faculty = COMMERCE): Handler =>
  ({ body }) => {
    const { filter } = body as { filter: { audience: string } };
    const count = students[filter.audience] ?? 0;
    return ok({ data: { faculty, students: count, withEmail: count - 2, withPhone: count - 1 } });
  };

async function openScreen(role: StaffRole, handlers: Record<string, Handler>, path = '/admin/notifications') {
  const api = mockApi({
    ...signedInAs(role),
    [COLLEGES]: () => ok({ data: { data: [COMMERCE, 'كلية الآداب'], colleges: [] } }),
    [STATS]: () => ok({ data: stats() }),
    ...handlers,
  });
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 2, name: 'الإشعارات' });
  return { ...app, api };
}

async function chooseFaculty(user: ReturnType<typeof renderApp>['user']) {
  const picker = screen.getByRole('form', { name: 'اختيار الكلية' });
  await waitFor(() => expect(within(picker).getByRole('option', { name: COMMERCE })).toBeInTheDocument());
  await user.selectOptions(within(picker).getByLabelText('الكلية'), COMMERCE);
  await user.click(within(picker).getByRole('button', { name: 'اختيار الكلية' }));
}

const compose = () => screen.getByRole('form', { name: 'رسالة إلى طلاب الكلية' });
const recipients = async () => (await screen.findByTestId('preview-students')).textContent;

afterEach(() => {
  act(() => notifications.clean());
});

// The first test waits for the screen's lazy chunk, which on a busy 2-core machine can take seconds.
describe('notifications screen', { timeout: 30_000 }, () => {
  it('writes to the students of a funnel count the address names, and offers that audience only then', async () => {
    const { api } = await openScreen(
      'ADMIN',
      { [PREVIEW]: previewAnswer({ progress: 23, all: 120 }) },
      '/admin/notifications?step=documents&state=blocked',
    );
    const audience = await within(compose()).findByRole('radio', {
      name: 'من هم عند خطوة محددة من خطوات المتابعة: مراجعة المستندات — متوقفون (مطلوب إجراء)',
    });
    expect(audience).toBeChecked();
    await waitFor(async () => expect(await recipients()).toBe('23'));
    expect(api.bodiesOf(PREVIEW)).toEqual([
      {
        faculty: null,
        filter: { audience: 'progress', progress: { step: 'documents', state: 'blocked' } },
        channels: ['email', 'sms'],
      },
    ]);
  });

  it('counts the recipients as the filter changes, confirms, sends and follows the progress until done', async () => {
    // Only the polling's clock is faked: the figures are asked for again when the test moves it on.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let sent = false;
    let polls = 0;
    const { api, user, router } = await openScreen('SUPPORT', {
      [PREVIEW]: previewAnswer({ all: 120, dataIncomplete: 40 }),
      [SEND]: () => {
        sent = true;
        return ok({
          message: NOTIFICATION_MESSAGES.messageQueued,
          data: { campaignId: CAMPAIGN_ID, students: 40, messages: 40 },
        });
      },
      [STATS]: ({ query }) => {
        if (!sent) return ok({ data: stats({ faculty: query.get('faculty') }) });
        polls += 1;
        // The first answer after sending has everything waiting, the next some sent, then all done.
        const state =
          polls === 1
            ? { queued: 40 }
            : polls === 2
              ? { queued: 10, sending: 5, sent: 20, skipped: 5 }
              : { sent: 33, skipped: 5, failed: 2 };
        return ok({
          data: stats({ faculty: COMMERCE, byState: counts(state), campaigns: [campaign(state)] }),
        });
      },
    });
    expect(screen.getByText(/اختر الكلية ثم اضغط/)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'حالة الرسائل: كل الكليات' })).toBeInTheDocument();
    await chooseFaculty(user);
    expect(router.state.location.search).toBe(`?${new URLSearchParams({ faculty: COMMERCE })}`);
    expect(await recipients()).toBe('120');
    expect(api.bodiesOf(PREVIEW)).toEqual([
      { faculty: COMMERCE, filter: { audience: 'all' }, channels: ['email', 'sms'] },
    ]);
    expect(api.queriesOf(STATS)).toEqual(['', new URLSearchParams({ faculty: COMMERCE }).toString()]);

    await user.click(within(compose()).getByRole('radio', { name: 'من لم يستكمل بياناته' }));
    await waitFor(async () => expect(await recipients()).toBe('40'));
    await user.click(within(compose()).getByRole('checkbox', { name: 'رسالة نصية' }));
    await user.click(within(compose()).getByRole('checkbox', { name: 'البريد الإلكتروني' }));
    expect(await within(compose()).findByText(NOTIFICATION_MESSAGES.channelsRequired)).toBeInTheDocument();
    expect(within(compose()).getByRole('button', { name: 'إرسال الرسالة' })).toBeDisabled();
    await user.click(within(compose()).getByRole('checkbox', { name: 'البريد الإلكتروني' }));
    await waitFor(async () => expect(await recipients()).toBe('40'));
    expect(api.bodiesOf(PREVIEW).at(-1)).toEqual({
      faculty: COMMERCE,
      filter: { audience: 'dataIncomplete' },
      channels: ['email'],
    });

    const textBox = within(compose()).getByRole('textbox', { name: 'نص الرسالة' });
    await user.click(textBox);
    await user.paste(TEXT);
    expect(within(compose()).getByText(`عدد الأحرف: ${TEXT.length} من 600`)).toBeInTheDocument();
    await user.click(within(compose()).getByRole('button', { name: 'إرسال الرسالة' }));

    const dialog = await screen.findByRole('dialog', { name: 'تأكيد إرسال الرسالة' });
    expect(dialog).toHaveTextContent(`سترسل الرسالة إلى 40 طالب من ${COMMERCE} (البريد الإلكتروني).`);
    expect(api.bodiesOf(SEND)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'إرسال إلى 40 طالب' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.bodiesOf(SEND)).toEqual([
      { faculty: COMMERCE, filter: { audience: 'dataIncomplete' }, channels: ['email'], text: TEXT },
    ]);
    expect(within(compose()).getByText(NOTIFICATION_MESSAGES.messageQueued)).toBeInTheDocument();
    expect(textBox).toHaveValue('');

    const progress = await screen.findByRole('progressbar', {
      name: 'نسبة ما انتهى إرساله: تقدم الرسالة المرسلة',
    });
    expect(progress).toHaveAttribute('aria-valuenow', '0');
    expect(polls).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(STATS_POLL_MS));
    // 25 of 40 no longer wait.
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '62'));
    await act(() => vi.advanceTimersByTimeAsync(STATS_POLL_MS));
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '100'));
    expect(screen.getAllByText('انتهى إرسال 40 رسالة.').length).toBeGreaterThan(0);

    // Nothing waits any more: the figures are not asked for again.
    await act(() => vi.advanceTimersByTimeAsync(STATS_POLL_MS * 4));
    expect(polls).toBe(3);
  });

  it("shows the server's refusals in Arabic and sends nothing without a text", async () => {
    const { api, user } = await openScreen(
      'SUPERADMIN',
      {
        [PREVIEW]: previewAnswer({ all: 3 }),
        [SEND]: () => fails(400, NOTIFICATION_MESSAGES.noRecipients),
      },
      `/admin/notifications?${new URLSearchParams({ faculty: COMMERCE })}`,
    );
    expect(await recipients()).toBe('3');
    await user.click(within(compose()).getByRole('button', { name: 'إرسال الرسالة' }));
    expect(await within(compose()).findByText(NOTIFICATION_MESSAGES.textRequired)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(within(compose()).getByRole('textbox', { name: 'نص الرسالة' }));
    await user.paste(TEXT);
    await user.click(within(compose()).getByRole('button', { name: 'إرسال الرسالة' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'إرسال إلى 3 طالب' }),
    );
    const alert = await within(compose()).findByRole('alert');
    expect(alert).toHaveTextContent(NOTIFICATION_MESSAGES.noRecipients);
    expect(api.bodiesOf(SEND)).toHaveLength(1);
    // The text stays for another try.
    expect(within(compose()).getByRole('textbox', { name: 'نص الرسالة' })).toHaveValue(TEXT);
  });

  it('shows a refused count and leaves nothing to send', async () => {
    await openScreen(
      'SUPPORT',
      { [PREVIEW]: () => fails(404, 'الكلية غير موجودة') },
      `/admin/notifications?${new URLSearchParams({ faculty: 'كلية لا توجد' })}`,
    );
    expect(await within(compose()).findByRole('alert')).toHaveTextContent('الكلية غير موجودة');
    expect(within(compose()).getByRole('button', { name: 'إرسال الرسالة' })).toBeDisabled();
  });

  it('gives a faculty ADMIN its own faculty, with no faculty choice', async () => {
    const { api } = await openScreen('ADMIN', {
      [PREVIEW]: previewAnswer({ all: 7 }),
      [STATS]: () => ok({ data: stats({ faculty: COMMERCE }) }),
    });
    expect(await recipients()).toBe('7');
    expect(screen.queryByRole('form', { name: 'اختيار الكلية' })).not.toBeInTheDocument();
    expect(api.bodiesOf(PREVIEW)).toEqual([
      { faculty: null, filter: { audience: 'all' }, channels: ['email', 'sms'] },
    ]);
    expect(api.queriesOf(STATS)).toEqual(['']);
    expect(await screen.findByRole('heading', { name: `حالة الرسائل: ${COMMERCE}` })).toBeInTheDocument();
    expect(screen.getByText(/^الكلية:/)).toHaveTextContent(`الكلية: ${COMMERCE}`);
  });

  it('asks for the interview day before counting the students appointed on it', async () => {
    const { api, user } = await openScreen('ADMIN', { [PREVIEW]: previewAnswer({ all: 7, appointedOn: 4 }) });
    expect(await recipients()).toBe('7');
    await user.click(within(compose()).getByRole('radio', { name: 'من موعد اختباره الشخصي في يوم محدد' }));
    expect(await within(compose()).findByText(NOTIFICATION_MESSAGES.dayRequired)).toBeInTheDocument();
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
    const months = 'يناير_فبراير_مارس_أبريل_مايو_يونيو_يوليو_أغسطس_سبتمبر_أكتوبر_نوفمبر_ديسمبر'.split('_');
    await user.click(within(compose()).getByLabelText('يوم الاختبار الشخصي'));
    await user.click(
      await screen.findByRole('button', {
        name: `${now.getDate()} ${months[now.getMonth()]} ${now.getFullYear()}`,
      }),
    );
    await waitFor(async () => expect(await recipients()).toBe('4'));
    expect(api.bodiesOf(PREVIEW).at(-1)).toEqual({
      faculty: null,
      filter: { audience: 'appointedOn', day: today },
      channels: ['email', 'sms'],
    });
  });

  it('shows the totals per state and channel, the latest messages and the failures with their reasons', async () => {
    const studentId = '20000000-0000-4000-8000-000000000042';
    await openScreen('SUPERADMIN', {
      [STATS]: () =>
        ok({
          data: stats({
            byState: counts({ queued: 0, sent: 900, failed: 3, skipped: 97 }),
            byChannel: {
              email: counts({ sent: 500, skipped: 50 }),
              sms: counts({ sent: 400, failed: 3, skipped: 47 }),
            },
            campaigns: [
              campaign(
                { sent: 12 },
                { filter: { audience: 'appointedOn', day: '2026-12-06' }, channels: ['email', 'sms'] },
              ),
            ],
            failures: [
              {
                id: '50000000-0000-4000-8000-000000000001',
                studentId,
                studentName: 'منى أحمد علي',
                event: 'documentRefused',
                channel: 'sms',
                tries: 8,
                error: 'gateway answered 502',
                at: '2026-11-28T09:30:00.000Z',
              },
            ],
          }),
        }),
    });
    expect(await screen.findByTestId('state-sent')).toHaveTextContent('900');
    expect(screen.getByTestId('state-failed')).toHaveTextContent('3');
    expect(screen.getByTestId('state-skipped')).toHaveTextContent('97');

    const byChannel = screen.getByRole('table', { name: 'الرسائل حسب طريقة الإرسال' });
    const smsRow = within(byChannel).getByRole('row', { name: /رسالة نصية/ });
    expect(
      within(smsRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['0', '0', '0', '400', '3', '47']);

    const latest = screen.getByRole('list', { name: 'آخر الرسائل' });
    const [card] = within(latest).getAllByRole('listitem') as [HTMLElement];
    expect(card).toHaveTextContent('من موعد اختباره الشخصي في يوم محدد: الأحد 06/12/2026');
    expect(card).toHaveTextContent('البريد الإلكتروني ورسالة نصية');
    expect(card).toHaveTextContent(TEXT);
    expect(card).toHaveTextContent('support1');
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');

    const failures = screen.getByRole('table', { name: /رسالة لم تصل/ });
    const [, row] = within(failures).getAllByRole('row') as [HTMLElement, HTMLElement];
    expect(within(row).getByRole('link', { name: 'منى أحمد علي' })).toHaveAttribute(
      'href',
      `/admin/students/${studentId}`,
    );
    expect(row).toHaveTextContent('رفض مستند');
    expect(row).toHaveTextContent('رسالة نصية');
    expect(row).toHaveTextContent('gateway answered 502');
    expect(row).toHaveTextContent('28 نوفمبر 2026');
  });

  it('says what went wrong with the figures and offers to try again', async () => {
    let calls = 0;
    const { user } = await openScreen('SUPERADMIN', {
      [STATS]: () => {
        calls += 1;
        return calls === 1 ? fails(503, MESSAGES.databaseUnavailable) : ok({ data: stats() });
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.databaseUnavailable);
    await user.click(within(alert).getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByText('لم ترسل رسائل من الكلية بعد.')).toBeInTheDocument();
  });
});
