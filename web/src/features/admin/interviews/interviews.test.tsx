import {
  addDays,
  formatScheduleDate,
  INTERVIEW_MESSAGES,
  type InterviewCounts,
  type InterviewDayStudent,
  type InterviewOutcome,
  MESSAGE_TEMPLATES,
} from '@portal/common';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { openDownload } from '@/components/admin/open-download';
import { localToday } from '@/components/admin/schedule-day';
import { fails, ok, signedInAs } from '@/components/admin/testing/staff-fixtures';
import { type Handler, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

vi.mock('@/components/admin/open-download', () => ({ openDownload: vi.fn() }));

const DAY = 'GET /api/v1/interviews/day';
const STATISTICS = 'GET /api/v1/interviews/statistics';
const EXPORT = 'POST /api/v1/interviews/export';
const outcomePath = (id: string) => `PUT /api/v1/interviews/outcome/${id}`;

const TODAY = localToday();

function outcome(overrides: Partial<InterviewOutcome> = {}): InterviewOutcome {
  return {
    attended: true,
    scores: {},
    total: null,
    decision: null,
    notes: null,
    recordedBy: 'social',
    recordedAt: '2026-08-15T07:30:00.000Z',
    updatedAt: '2026-08-15T07:30:00.000Z',
    ...overrides,
  };
}

const SCORED = { appearance: 8, expression: 15, culture: 12, motivation: 18, balance: 10, communication: 10 };

let nextId = 1;
function student(overrides: Partial<InterviewDayStudent> = {}): InterviewDayStudent {
  const n = nextId++;
  return {
    studentId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `طالب ${n}`,
    nationalId: `3010101${String(n).padStart(7, '0')}`,
    phoneNumber: null,
    date: TODAY,
    period: 9,
    place: 'قاعة 3',
    slotId: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    source: 'booking',
    outcome: null,
    ...overrides,
  };
}

const counts = (overrides: Partial<InterviewCounts> = {}): InterviewCounts => ({
  appointed: 0,
  attended: 0,
  absent: 0,
  suitable: 0,
  notSuitable: 0,
  notRecorded: 0,
  ...overrides,
});

/** A day of three: one waiting for the committee, one absent (appointed by the staff), one scored. */
function dayOfThree() {
  return [
    student({ name: 'أحمد محمد علي', nationalId: '30101011234567' }),
    student({
      name: 'سارة حسن',
      place: null,
      slotId: null,
      source: 'staff',
      outcome: outcome({ attended: false }),
    }),
    student({
      name: 'منى إبراهيم',
      period: 12,
      place: 'المدرج',
      outcome: outcome({ scores: SCORED, total: 73, decision: 'suitable', notes: 'متحمسة' }),
    }),
  ];
}

interface Server {
  students: InterviewDayStudent[];
  statistics?: (query: URLSearchParams) => {
    days: (InterviewCounts & { date: string })[];
    total: InterviewCounts;
  };
  outcome?: Handler;
}

/** Plays the server: the day list from `students`, the outcome saved into it, the statistics from the test. */
async function openInterviews(server: Server) {
  const handlers: Record<string, Handler> = {
    ...signedInAs('SOCIAL_ADMIN'),
    [DAY]: ({ query }) => {
      const period = query.get('period');
      return ok({
        data: {
          date: query.get('date'),
          period: period ? Number(period) : null,
          students: server.students.filter((each) => !period || each.period === Number(period)),
        },
      });
    },
    [STATISTICS]: ({ query }) => ok({ data: server.statistics?.(query) ?? { days: [], total: counts() } }),
    [EXPORT]: () => ok({ path: '/api/v1/interviews/export/signed-token' }),
  };
  for (const each of server.students) {
    handlers[outcomePath(each.studentId)] =
      server.outcome ??
      (({ body }) => {
        const sent = body as Pick<InterviewOutcome, 'attended' | 'scores' | 'decision' | 'notes'>;
        const total =
          Object.keys(sent.scores).length === 6
            ? Object.values(sent.scores).reduce((a, b) => a + b, 0)
            : null;
        const saved = outcome({ ...sent, total });
        each.outcome = saved;
        return ok({ message: INTERVIEW_MESSAGES.interviewOutcomeSaved, data: saved });
      });
  }
  const api = mockApi(handlers);
  const app = renderApp('/admin/interviews');
  await screen.findByRole('heading', { name: 'المقابلات الشخصية', level: 2 });
  return { ...api, ...app };
}

const card = (name: string) => screen.getByRole('listitem', { name });
const form = (name: string) => screen.getByRole('form', { name: `نتيجة ${name}` });

async function openForm(user: ReturnType<typeof renderApp>['user'], name: string) {
  const item = await screen.findByRole('listitem', { name });
  await user.click(within(item).getByRole('button', { name: /تسجيل النتيجة|تصحيح النتيجة/ }));
  return form(name);
}

/** dayjs's Arabic month names, as the calendar's day buttons are labelled ('17 سبتمبر 2026'). */
const MONTHS = 'يناير_فبراير_مارس_أبريل_مايو_يونيو_يوليو_أغسطس_سبتمبر_أكتوبر_نوفمبر_ديسمبر'.split('_');

/** Opens the picker labelled `label`, moves to the day's month (one step from today's at most), clicks the day. */
async function pickDay(user: ReturnType<typeof renderApp>['user'], label: string, day: string) {
  await user.click(screen.getByLabelText(label));
  if (day.slice(0, 7) > TODAY.slice(0, 7)) await user.click(await screen.findByLabelText('الشهر التالي'));
  if (day.slice(0, 7) < TODAY.slice(0, 7)) await user.click(await screen.findByLabelText('الشهر السابق'));
  const [year, month, dayOfMonth] = day.split('-').map(Number) as [number, number, number];
  await user.click(await screen.findByRole('button', { name: `${dayOfMonth} ${MONTHS[month - 1]} ${year}` }));
}

beforeEach(() => {
  vi.mocked(openDownload).mockClear();
});

// Typing six scores into Mantine inputs takes seconds under jsdom, more on a busy machine.
describe('interviews screen', { timeout: 20_000 }, () => {
  it("lists the day's students with national ID, place, how appointed and the outcome so far", async () => {
    const { user, queriesOf } = await openInterviews({ students: dayOfThree() });

    const waiting = await screen.findByRole('listitem', { name: 'أحمد محمد علي' });
    expect(waiting).toHaveTextContent('الرقم القومي: 30101011234567');
    expect(waiting).toHaveTextContent('المكان: قاعة 3');
    expect(waiting).toHaveTextContent('حجز الطالب');
    expect(waiting).toHaveTextContent('لم تسجل النتيجة');
    expect(card('سارة حسن')).toHaveTextContent('المكان: لم يحدد');
    expect(card('سارة حسن')).toHaveTextContent('جدولة الكلية');
    expect(card('سارة حسن')).toHaveTextContent('غائب');
    expect(card('منى إبراهيم')).toHaveTextContent('73 من 100');
    expect(card('منى إبراهيم')).toHaveTextContent('لائق');
    expect(card('منى إبراهيم')).toHaveTextContent('الفترة المسائية (12:00)');
    expect(queriesOf(DAY)).toEqual([`date=${TODAY}`]);

    await user.selectOptions(screen.getByLabelText('الفترة'), '9');
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'منى إبراهيم' })).toBeNull());
    expect(queriesOf(DAY)).toContain(`date=${TODAY}&period=9`);

    await user.type(screen.getByLabelText('بحث بالاسم أو الرقم القومي'), '٣٠١٠١٠١١');
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'سارة حسن' })).toBeNull());
    expect(card('أحمد محمد علي')).toBeInTheDocument();
  });

  it('refuses a score above its maximum, a score that is not whole and a decision without attendance', async () => {
    const students = dayOfThree();
    const [ahmed] = students as [InterviewDayStudent];
    const { user, bodiesOf } = await openInterviews({ students });
    const outcomeForm = await openForm(user, 'أحمد محمد علي');
    await user.type(within(outcomeForm).getByLabelText(/المظهر العام/), '11');
    await user.type(within(outcomeForm).getByLabelText(/التعبير والحوار/), '7.5');
    await user.click(within(outcomeForm).getByRole('radio', { name: 'لائق' }));
    await user.click(within(outcomeForm).getByRole('button', { name: 'حفظ النتيجة' }));

    expect(
      await within(outcomeForm).findByText(INTERVIEW_MESSAGES.interviewAttendedRequired),
    ).toBeInTheDocument();
    expect(
      within(outcomeForm).getByText(MESSAGE_TEMPLATES.interviewScoreInvalid('المظهر العام', 10)),
    ).toBeInTheDocument();
    expect(
      within(outcomeForm).getByText(MESSAGE_TEMPLATES.interviewScoreInvalid('التعبير والحوار', 20)),
    ).toBeInTheDocument();
    expect(within(outcomeForm).getByLabelText(/المظهر العام/)).toHaveAttribute('aria-invalid', 'true');

    // Present, with two scores of six: a decision needs all six.
    await user.click(within(outcomeForm).getByRole('radio', { name: 'حضر' }));
    await user.clear(within(outcomeForm).getByLabelText(/المظهر العام/));
    await user.type(within(outcomeForm).getByLabelText(/المظهر العام/), '9');
    await user.clear(within(outcomeForm).getByLabelText(/التعبير والحوار/));
    await user.type(within(outcomeForm).getByLabelText(/التعبير والحوار/), '15');
    await user.click(within(outcomeForm).getByRole('button', { name: 'حفظ النتيجة' }));
    expect(
      await within(outcomeForm).findByText(INTERVIEW_MESSAGES.interviewDecisionNeedsAllScores),
    ).toBeInTheDocument();
    expect(bodiesOf(outcomePath(ahmed.studentId))).toEqual([]);
  });

  it('adds the scores up as they are typed (Arabic-Indic digits too) and saves them as whole numbers', async () => {
    const students = dayOfThree();
    const [ahmed] = students as [InterviewDayStudent];
    const { user, bodiesOf, queriesOf } = await openInterviews({ students });
    const outcomeForm = await openForm(user, 'أحمد محمد علي');
    const total = within(outcomeForm).getByTestId('live-total');
    expect(total).toHaveTextContent('المجموع: 0 من 100 (بقي 6 من 6 عناصر)');

    await user.click(within(outcomeForm).getByRole('radio', { name: 'حضر' }));
    await user.type(within(outcomeForm).getByLabelText(/المظهر العام/), '٨');
    await user.type(within(outcomeForm).getByLabelText(/التعبير والحوار/), '17');
    expect(total).toHaveTextContent('المجموع: 25 من 100 (بقي 4 من 6 عناصر)');
    await user.type(within(outcomeForm).getByLabelText(/الثقافة العامة/), '١٢');
    await user.type(within(outcomeForm).getByLabelText(/الدافعية/), '20');
    await user.type(within(outcomeForm).getByLabelText(/الاتزان الانفعالي/), '0');
    await user.type(within(outcomeForm).getByLabelText(/التواصل/), '15');
    expect(total).toHaveTextContent('المجموع: 72 من 100');
    expect(total).not.toHaveTextContent('بقي');
    await user.click(within(outcomeForm).getByRole('radio', { name: 'غير لائق' }));
    await user.type(within(outcomeForm).getByLabelText('ملاحظات اللجنة'), 'يحتاج إلى متابعة');
    const statisticsBefore = queriesOf(STATISTICS).length;
    await user.click(within(outcomeForm).getByRole('button', { name: 'حفظ النتيجة' }));

    await waitFor(() => expect(screen.queryByRole('form', { name: 'نتيجة أحمد محمد علي' })).toBeNull());
    expect(bodiesOf(outcomePath(ahmed.studentId))).toEqual([
      {
        attended: true,
        scores: { appearance: 8, expression: 17, culture: 12, motivation: 20, balance: 0, communication: 15 },
        decision: 'notSuitable',
        notes: 'يحتاج إلى متابعة',
      },
    ]);
    expect(card('أحمد محمد علي')).toHaveTextContent('72 من 100');
    expect(card('أحمد محمد علي')).toHaveTextContent('غير لائق');
    expect(within(card('أحمد محمد علي')).getByRole('button', { name: 'تصحيح النتيجة' })).toHaveFocus();
    await waitFor(() => expect(queriesOf(STATISTICS).length).toBeGreaterThan(statisticsBefore));
  });

  it('saves an absent student with no scores and no decision', async () => {
    const students = dayOfThree();
    const [ahmed] = students as [InterviewDayStudent];
    const { user, bodiesOf } = await openInterviews({ students });
    const outcomeForm = await openForm(user, 'أحمد محمد علي');
    await user.type(within(outcomeForm).getByLabelText(/المظهر العام/), '5');
    await user.click(within(outcomeForm).getByRole('radio', { name: 'غاب' }));
    expect(within(outcomeForm).queryByLabelText(/المظهر العام/)).toBeNull();
    expect(within(outcomeForm).queryByRole('radio', { name: 'لائق' })).toBeNull();
    await user.click(within(outcomeForm).getByRole('button', { name: 'حفظ النتيجة' }));

    await waitFor(() => expect(card('أحمد محمد علي')).toHaveTextContent('غائب'));
    expect(bodiesOf(outcomePath(ahmed.studentId))).toEqual([
      { attended: false, scores: {}, decision: null, notes: null },
    ]);
  });

  it('corrects a saved outcome from its recorded values', async () => {
    const students = dayOfThree();
    const mona = students[2] as InterviewDayStudent;
    const { user, bodiesOf } = await openInterviews({ students });
    const outcomeForm = await openForm(user, 'منى إبراهيم');
    expect(within(outcomeForm).getByRole('radio', { name: 'حضر' })).toBeChecked();
    expect(within(outcomeForm).getByLabelText(/المظهر العام/)).toHaveValue('8');
    expect(within(outcomeForm).getByLabelText(/التواصل/)).toHaveValue('10');
    expect(within(outcomeForm).getByRole('radio', { name: 'لائق' })).toBeChecked();
    expect(within(outcomeForm).getByLabelText('ملاحظات اللجنة')).toHaveValue('متحمسة');
    expect(within(outcomeForm).getByTestId('live-total')).toHaveTextContent('المجموع: 73 من 100');

    await user.clear(within(outcomeForm).getByLabelText(/التواصل/));
    await user.type(within(outcomeForm).getByLabelText(/التواصل/), '20');
    await user.click(within(outcomeForm).getByRole('button', { name: 'حفظ النتيجة' }));

    await waitFor(() => expect(card('منى إبراهيم')).toHaveTextContent('83 من 100'));
    expect(bodiesOf(outcomePath(mona.studentId))).toEqual([
      { attended: true, scores: { ...SCORED, communication: 20 }, decision: 'suitable', notes: 'متحمسة' },
    ]);
  });

  it("keeps the form open with the server's refusal", async () => {
    const { user } = await openInterviews({
      students: dayOfThree(),
      outcome: () => fails(409, INTERVIEW_MESSAGES.interviewNotAppointed),
    });
    const outcomeForm = await openForm(user, 'أحمد محمد علي');
    await user.click(within(outcomeForm).getByRole('radio', { name: 'غاب' }));
    await user.click(within(outcomeForm).getByRole('button', { name: 'حفظ النتيجة' }));
    expect(await within(outcomeForm).findByRole('alert')).toHaveTextContent(
      INTERVIEW_MESSAGES.interviewNotAppointed,
    );
    expect(card('أحمد محمد علي')).toHaveTextContent('لم تسجل النتيجة');
  });

  it("shows the day's counts, every day's and the total, and refuses a reversed range", async () => {
    const day = counts({ appointed: 3, attended: 1, absent: 1, suitable: 1, notRecorded: 1 });
    const { user, queriesOf } = await openInterviews({
      students: dayOfThree(),
      statistics: (query) =>
        query.get('from') === TODAY && query.get('to') === TODAY
          ? { days: [{ date: TODAY, ...day }], total: day }
          : {
              days: [
                { date: addDays(TODAY, -1), ...counts({ appointed: 4, attended: 4, notSuitable: 4 }) },
                { date: TODAY, ...day },
              ],
              total: counts({
                appointed: 7,
                attended: 5,
                absent: 1,
                suitable: 1,
                notSuitable: 4,
                notRecorded: 1,
              }),
            },
    });
    await waitFor(() => expect(screen.getByTestId('day-appointed')).toHaveTextContent('3'));
    expect(screen.getByTestId('day-attended')).toHaveTextContent('1');
    expect(screen.getByTestId('day-absent')).toHaveTextContent('1');
    expect(screen.getByTestId('day-suitable')).toHaveTextContent('1');
    expect(screen.getByTestId('day-notSuitable')).toHaveTextContent('0');
    expect(screen.getByTestId('day-notRecorded')).toHaveTextContent('1');
    expect(screen.getByTestId('range-appointed')).toHaveTextContent('7');
    expect(screen.getByTestId('range-notSuitable')).toHaveTextContent('4');
    const table = screen.getByRole('table', { name: 'الأعداد في كل يوم' });
    const [, yesterdayRow] = within(table).getAllByRole('row') as [HTMLElement, HTMLElement];
    expect(within(yesterdayRow).getByRole('rowheader')).toHaveTextContent(
      formatScheduleDate(addDays(TODAY, -1)),
    );
    expect(
      within(yesterdayRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['4', '4', '0', '0', '4', '0']);
    expect(queriesOf(STATISTICS)).toEqual(expect.arrayContaining([`from=${TODAY}&to=${TODAY}`, '']));

    await pickDay(user, 'من يوم', addDays(TODAY, 1));
    await pickDay(user, 'إلى يوم', TODAY);
    expect(await screen.findByText(INTERVIEW_MESSAGES.dateRangeInvalid)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'تصدير النتائج (Excel)' })).toBeNull();
  });

  it("asks for the range's outcomes sheet and opens its link", async () => {
    const { user, bodiesOf } = await openInterviews({ students: dayOfThree() });
    await user.click(await screen.findByRole('button', { name: 'تصدير النتائج (Excel)' }));
    await waitFor(() => expect(openDownload).toHaveBeenCalledWith('/api/v1/interviews/export/signed-token'));

    await pickDay(user, 'من يوم', TODAY);
    await user.click(screen.getByRole('button', { name: 'تصدير النتائج (Excel)' }));
    await waitFor(() => expect(openDownload).toHaveBeenCalledTimes(2));
    expect(bodiesOf(EXPORT)).toEqual([{}, { from: TODAY }]);
  });
});
