import { addDays, formatScheduleDate, MESSAGES, nextSchedulingDay } from '@portal/common';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fails, ok, signedInAs } from '@/components/admin/testing/staff-fixtures';
import { type Handler, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const COUNTS = 'POST /api/v1/users/getAppointedStudentsNumber';
const APPOINT = 'PATCH /api/v1/users/appointStudents';
const PRINT_LINK = 'POST /api/v1/users/exportsAppointedStudents/link';

/**
 * This computer's clock is pinned to a Wednesday: the screen opens on today, and on a real Friday or Saturday (the
 * weekend these answers give) its form would rightly be off, so the tests would pass or fail with the weekday.
 */
const TODAY = '2026-09-16';
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 8, 16, 10, 30));
});
afterEach(() => {
  vi.useRealTimers();
});

interface Counts {
  students9: number;
  students12: number;
  studentsWaiting: number;
}

/** Answers the counts of any day from `counts(date)`, with the university's today and weekend. */
function countsHandler(counts: (date: string) => Counts, today = TODAY): Handler {
  return ({ body }) => {
    const { date } = body as { date: string };
    return ok({ data: { ...counts(date), date, today, weekendDays: [5, 6] } });
  };
}

async function openScreen(
  handlers: Record<string, Handler>,
  role: 'SOCIAL_ADMIN' | 'SUPERADMIN' = 'SOCIAL_ADMIN',
) {
  const api = mockApi({ ...signedInAs(role), ...handlers });
  const app = renderApp('/admin/schedule');
  await screen.findByRole('heading', { name: 'جدولة الاختبار الشخصي' });
  return { ...app, api };
}

/** dayjs's Arabic month names, as the calendar's day buttons are labelled ('17 سبتمبر 2026'). */
const MONTHS = 'يناير_فبراير_مارس_أبريل_مايو_يونيو_يوليو_أغسطس_سبتمبر_أكتوبر_نوفمبر_ديسمبر'.split('_');

const FRIDAY = '2026-09-18';

/** Opens the calendar, moves to the day's month (one step from today's at most) and clicks the day. */
async function pickDay(user: ReturnType<typeof renderApp>['user'], day: string) {
  await user.click(screen.getByLabelText('التاريخ'));
  if (day.slice(0, 7) > TODAY.slice(0, 7)) await user.click(await screen.findByLabelText('الشهر التالي'));
  if (day.slice(0, 7) < TODAY.slice(0, 7)) await user.click(await screen.findByLabelText('الشهر السابق'));
  const [year, month, dayOfMonth] = day.split('-').map(Number) as [number, number, number];
  await user.click(await screen.findByRole('button', { name: `${dayOfMonth} ${MONTHS[month - 1]} ${year}` }));
}

const count = (testId: string) => screen.getByTestId(testId).textContent;

describe('schedule screen', () => {
  it("opens on today's counts and the students waiting, the day as dd/MM/yyyy", async () => {
    const { api } = await openScreen({
      [COUNTS]: countsHandler(() => ({ students9: 4, students12: 2, studentsWaiting: 17 })),
    });
    await waitFor(() => expect(count('students-waiting')).toBe('17'));
    expect(count('students-9')).toBe('4');
    expect(count('students-12')).toBe('2');
    expect(api.bodiesOf(COUNTS)).toEqual([{ date: TODAY }]);
    expect(screen.getByLabelText('التاريخ')).toHaveTextContent(formatScheduleDate(TODAY));
    expect(screen.getByText(new RegExp(formatScheduleDate(TODAY)), { selector: 'p' })).toBeInTheDocument();
  });

  it('is open to a super admin too', async () => {
    await openScreen(
      { [COUNTS]: countsHandler(() => ({ students9: 0, students12: 0, studentsWaiting: 3 })) },
      'SUPERADMIN',
    );
    await waitFor(() => expect(count('students-waiting')).toBe('3'));
  });

  it('asks for the number of students and sends nothing', async () => {
    const { user, api } = await openScreen({
      [COUNTS]: countsHandler(() => ({ students9: 0, students12: 0, studentsWaiting: 5 })),
    });
    await user.click(await screen.findByRole('button', { name: 'جدولة' }));
    expect(await screen.findByText(MESSAGES.numOfStudentsRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('عدد الطلاب')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('عدد الطلاب'), '-2');
    await user.click(screen.getByRole('button', { name: 'جدولة' }));
    expect(await screen.findByText(MESSAGES.numOfStudentsInvalid)).toBeInTheDocument();
    expect(api.bodiesOf(APPOINT)).toEqual([]);
  });

  it('schedules on the chosen day and period, shows the message and the new counts', async () => {
    let scheduled = false;
    const message = 'تمت جدولة 3 طلاب يوم … في الفترة المسائية (12:00)';
    const { user, api } = await openScreen({
      [COUNTS]: countsHandler(() =>
        scheduled
          ? { students9: 0, students12: 3, studentsWaiting: 2 }
          : { students9: 0, students12: 0, studentsWaiting: 5 },
      ),
      [APPOINT]: ({ body }) => {
        scheduled = true;
        const { date, period, NumOfStudents } = body as { date: string; period: 12; NumOfStudents: number };
        return ok({
          message,
          data: {
            date,
            period,
            requested: NumOfStudents,
            appointed: 3,
            students9: 0,
            students12: 3,
            studentsWaiting: 2,
          },
        });
      },
    });
    await waitFor(() => expect(count('students-waiting')).toBe('5'));
    const form = screen.getByRole('form', { name: 'تحديد مواعيد' });
    await user.selectOptions(within(form).getByLabelText('الفترة'), '12');
    await user.type(within(form).getByLabelText('عدد الطلاب'), '٣');
    await user.click(within(form).getByRole('button', { name: 'جدولة' }));

    await waitFor(() => expect(count('students-12')).toBe('3'));
    expect(count('students-waiting')).toBe('2');
    expect(api.bodiesOf(APPOINT)).toEqual([{ date: TODAY, period: 12, NumOfStudents: 3 }]);
    expect(within(form).getByRole('status')).toHaveTextContent(message);
  });

  it("shows the server's refusal", async () => {
    const { user } = await openScreen({
      [COUNTS]: countsHandler(() => ({ students9: 0, students12: 0, studentsWaiting: 0 })),
      [APPOINT]: () => fails(409, MESSAGES.noStudentsWaiting),
    });
    await user.type(await screen.findByLabelText('عدد الطلاب'), '3');
    await user.click(screen.getByRole('button', { name: 'جدولة' }));
    expect(await screen.findByText(MESSAGES.noStudentsWaiting)).toBeInTheDocument();
  });

  it("opens on the university's today when it differs from this computer's", async () => {
    const { api } = await openScreen({
      [COUNTS]: countsHandler(() => ({ students9: 0, students12: 0, studentsWaiting: 5 }), addDays(TODAY, 1)),
    });
    await waitFor(() =>
      expect(screen.getByLabelText('التاريخ')).toHaveTextContent(formatScheduleDate(addDays(TODAY, 1))),
    );
    expect(api.bodiesOf(COUNTS)).toEqual([{ date: TODAY }, { date: addDays(TODAY, 1) }]);
  });

  it.each([
    ['a past day', addDays(TODAY, -1), MESSAGES.scheduleDateInPast],
    ['a Friday', FRIDAY, 'يوم الجمعة عطلة، اختر يوما آخر'],
  ])('warns that %s cannot be scheduled and keeps the button off', async (_, day, message) => {
    const { user } = await openScreen({
      [COUNTS]: countsHandler(() => ({ students9: 0, students12: 0, studentsWaiting: 5 })),
    });
    await waitFor(() => expect(count('students-waiting')).toBe('5'));
    expect(screen.getByRole('button', { name: 'جدولة' })).toBeEnabled();
    await pickDay(user, day);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'جدولة' })).toBeDisabled();
  });

  /** `window.open` as the print form uses it: an empty tab first, sent to the list once its link is known. */
  function stubTabs() {
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.fn(() => tab);
    vi.stubGlobal('open', open);
    return { open, tab };
  }

  it('refuses to print a day without students, or a period without any, and opens the list otherwise', async () => {
    const { open, tab } = stubTabs();
    const { user, api } = await openScreen({
      [COUNTS]: countsHandler((date) =>
        date === TODAY
          ? { students9: 0, students12: 0, studentsWaiting: 5 }
          : { students9: 2, students12: 0, studentsWaiting: 5 },
      ),
      [PRINT_LINK]: ({ body }) => {
        const { date, period } = body as { date: string; period: number };
        return ok({ path: `/api/v1/users/exportsAppointedStudents/${date}/${period}/print.token` });
      },
    });
    const form = screen.getByRole('form', { name: 'طباعة كشف المواعيد' });
    const printButton = within(form).getByRole('button', { name: 'طباعة' });
    await waitFor(() => expect(printButton).toBeEnabled());
    await user.click(printButton);
    expect(await within(form).findByText(MESSAGES.noStudentsScheduledDay)).toBeInTheDocument();

    // Another day, through the picker: students in the morning only.
    const day = nextSchedulingDay(addDays(TODAY, 1), [5, 6]);
    await pickDay(user, day);
    await waitFor(() => expect(count('students-9')).toBe('2'));
    expect(screen.queryByText(MESSAGES.noStudentsScheduledDay)).not.toBeInTheDocument();

    await user.selectOptions(within(form).getByLabelText('فترة الكشف'), '12');
    await user.click(printButton);
    expect(
      await within(form).findByText('لا يوجد طلاب مجدولين في الفترة المسائية (12:00) من هذا اليوم'),
    ).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();

    // The tab opens in the click, then goes to the print link the server made for that day and period: the
    // session token (the cookie's 'test-token') is never part of the address (issue 33).
    await user.selectOptions(within(form).getByLabelText('فترة الكشف'), '9');
    await user.click(printButton);
    await waitFor(() =>
      expect(tab.location.href).toBe(`/api/v1/users/exportsAppointedStudents/${day}/9/print.token`),
    );
    expect(open).toHaveBeenCalledOnce();
    expect(open.mock.calls[0]).toEqual(['', '_blank']);
    expect(tab.opener).toBeNull();
    expect(api.bodiesOf(PRINT_LINK)).toEqual([{ date: day, period: 9 }]);
    expect(JSON.stringify(open.mock.calls) + tab.location.href).not.toContain('test-token');
  });

  it('closes the tab and says why when the print link is refused', async () => {
    const { tab } = stubTabs();
    const { user } = await openScreen({
      [COUNTS]: countsHandler(() => ({ students9: 3, students12: 0, studentsWaiting: 0 })),
      [PRINT_LINK]: () => fails(400, MESSAGES.scheduleDateInvalid),
    });
    const form = screen.getByRole('form', { name: 'طباعة كشف المواعيد' });
    const printButton = within(form).getByRole('button', { name: 'طباعة' });
    await waitFor(() => expect(printButton).toBeEnabled());
    await user.click(printButton);
    expect(await within(form).findByText(MESSAGES.scheduleDateInvalid)).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalledOnce();
    expect(tab.location.href).toBe('');
  });
});
