import {
  addDays,
  formatScheduleDate,
  INTERVIEW_MESSAGES,
  type InterviewSlot,
  MESSAGE_TEMPLATES,
  MESSAGES,
} from '@portal/common';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { localToday } from '@/components/admin/schedule-day';
import { fails, ok, signedInAs } from '@/components/admin/testing/staff-fixtures';
import { type Handler, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const COUNTS = 'POST /api/v1/users/getAppointedStudentsNumber';
const SLOTS = 'GET /api/v1/interviews/slots';
const CREATE = 'POST /api/v1/interviews/slots';
const patchOf = (id: string) => `PATCH /api/v1/interviews/slots/${id}`;

const TODAY = localToday();
/** The screen opens on today; with no weekend in these tests, slots may always be published on it. */
const DAY = TODAY;

const counts: Handler = ({ body }) =>
  ok({
    data: {
      students9: 0,
      students12: 0,
      studentsWaiting: 4,
      date: (body as { date: string }).date,
      today: TODAY,
      weekendDays: [],
    },
  });

let nextId = 1;
function slot(overrides: Partial<InterviewSlot> = {}): InterviewSlot {
  const capacity = overrides.capacity ?? 20;
  const booked = overrides.booked ?? 0;
  return {
    id: `00000000-0000-4000-8000-${String(nextId++).padStart(12, '0')}`,
    date: DAY,
    period: 9,
    place: 'قاعة 3',
    capacity,
    booked,
    free: Math.max(0, capacity - booked),
    closed: false,
    ...overrides,
  };
}

/** Answers the slots call from a list the test changes as the server would. */
function slotsHandler(slots: () => InterviewSlot[]): Handler {
  return () => ok({ data: slots() });
}

async function openSchedule(handlers: Record<string, Handler>) {
  const api = mockApi({ ...signedInAs('SOCIAL_ADMIN'), [COUNTS]: counts, ...handlers });
  const app = renderApp('/admin/schedule');
  const section = await screen.findByRole('region', { name: 'مواعيد المقابلات المتاحة للحجز' });
  return { ...app, api, section };
}

const publishForm = () => screen.getByRole('form', { name: /نشر موعد يوم/ });
const slotCard = (name: RegExp) => screen.getByRole('listitem', { name });

describe('interview slots on the schedule screen', { timeout: 15_000 }, () => {
  it('lists the slots of the chosen day and the four weeks after it, with their bookings', async () => {
    const full = slot({ period: 12, place: 'قاعة 5', capacity: 2, booked: 2 });
    const closed = slot({ date: addDays(DAY, 7), place: 'المدرج', capacity: 40, booked: 3, closed: true });
    const { api } = await openSchedule({ [SLOTS]: slotsHandler(() => [slot({ booked: 5 }), full, closed]) });

    const open = await screen.findByRole('listitem', { name: /قاعة 3/ });
    expect(open).toHaveTextContent(formatScheduleDate(DAY));
    expect(open).toHaveTextContent('الفترة الصباحية (9:00)');
    expect(within(open).getByText('السعة').nextElementSibling).toHaveTextContent('20');
    expect(within(open).getByText('المحجوز').nextElementSibling).toHaveTextContent('5');
    expect(within(open).getByText('المتبقي').nextElementSibling).toHaveTextContent('15');
    expect(open).toHaveTextContent('متاح للحجز');
    expect(slotCard(/قاعة 5/)).toHaveTextContent('مكتمل');
    expect(slotCard(/قاعة 5/)).toHaveTextContent('الفترة المسائية (12:00)');
    expect(slotCard(/المدرج/)).toHaveTextContent('مغلق للحجز');
    expect(slotCard(/المدرج/)).toHaveTextContent(formatScheduleDate(addDays(DAY, 7)));
    expect(within(slotCard(/المدرج/)).getByRole('button', { name: 'إعادة فتح الحجز' })).toBeInTheDocument();

    expect(api.queriesOf(SLOTS)[0]).toBe(`from=${DAY}&to=${addDays(DAY, 27)}`);
  });

  it('checks the fields before sending: places 1 to 500 and a place', async () => {
    const { user, api } = await openSchedule({ [SLOTS]: slotsHandler(() => []) });
    await screen.findByText('لا توجد مواعيد منشورة في هذه الأيام.');
    const form = publishForm();
    await user.click(within(form).getByRole('button', { name: 'نشر الموعد' }));
    expect(await within(form).findByText(INTERVIEW_MESSAGES.slotCapacityRequired)).toBeInTheDocument();
    expect(within(form).getByText(INTERVIEW_MESSAGES.slotPlaceRequired)).toBeInTheDocument();
    expect(within(form).getByLabelText(/عدد الأماكن/)).toHaveAttribute('aria-invalid', 'true');

    await user.type(within(form).getByLabelText(/عدد الأماكن/), '501');
    await user.type(within(form).getByLabelText('المكان'), '   ');
    await user.click(within(form).getByRole('button', { name: 'نشر الموعد' }));
    expect(await within(form).findByText(INTERVIEW_MESSAGES.slotCapacityInvalid)).toBeInTheDocument();
    expect(within(form).getByText(INTERVIEW_MESSAGES.slotPlaceRequired)).toBeInTheDocument();

    await user.clear(within(form).getByLabelText(/عدد الأماكن/));
    await user.type(within(form).getByLabelText(/عدد الأماكن/), '0');
    await user.click(within(form).getByRole('button', { name: 'نشر الموعد' }));
    expect(await within(form).findByText(INTERVIEW_MESSAGES.slotCapacityInvalid)).toBeInTheDocument();
    expect(api.bodiesOf(CREATE)).toEqual([]);
  });

  it('publishes a slot on the chosen day (Arabic-Indic digits too) and lists it', async () => {
    const slots: InterviewSlot[] = [];
    const { user, api } = await openSchedule({
      [SLOTS]: slotsHandler(() => slots),
      [CREATE]: ({ body }) => {
        const created = slot(body as Partial<InterviewSlot>);
        slots.push(created);
        return ok({ message: INTERVIEW_MESSAGES.slotCreated, data: created });
      },
    });
    await screen.findByText('لا توجد مواعيد منشورة في هذه الأيام.');
    const form = publishForm();
    await user.selectOptions(within(form).getByLabelText('الفترة'), '12');
    await user.type(within(form).getByLabelText(/عدد الأماكن/), '٣٠');
    await user.type(within(form).getByLabelText('المكان'), '  قاعة 7، الدور الثاني ');
    await user.click(within(form).getByRole('button', { name: 'نشر الموعد' }));

    expect(await within(form).findByRole('status')).toHaveTextContent(INTERVIEW_MESSAGES.slotCreated);
    expect(api.bodiesOf(CREATE)).toEqual([
      { date: DAY, period: 12, capacity: 30, place: 'قاعة 7، الدور الثاني' },
    ]);
    const card = await screen.findByRole('listitem', { name: /قاعة 7/ });
    expect(within(card).getByText('السعة').nextElementSibling).toHaveTextContent('30');
    expect(within(form).getByLabelText(/عدد الأماكن/)).toHaveValue('');
  });

  it.each([
    [409, INTERVIEW_MESSAGES.slotDuplicate],
    [400, MESSAGE_TEMPLATES.scheduleWeekend('الجمعة')],
  ])("shows the server's refusal (%i) in Arabic", async (status, message) => {
    const { user } = await openSchedule({
      [SLOTS]: slotsHandler(() => []),
      [CREATE]: () => fails(status, message),
    });
    const form = publishForm();
    await user.type(within(form).getByLabelText(/عدد الأماكن/), '10');
    await user.type(within(form).getByLabelText('المكان'), 'قاعة 3');
    await user.click(within(form).getByRole('button', { name: 'نشر الموعد' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(message);
  });

  it('keeps publishing off on a past day and says why', async () => {
    const { user } = await openSchedule({ [SLOTS]: slotsHandler(() => []) });
    await user.click(screen.getByLabelText('التاريخ'));
    if (TODAY.slice(8) === '01') await user.click(await screen.findByLabelText('الشهر السابق'));
    const yesterday = addDays(TODAY, -1);
    const [year, month, day] = yesterday.split('-').map(Number) as [number, number, number];
    const months = 'يناير_فبراير_مارس_أبريل_مايو_يونيو_يوليو_أغسطس_سبتمبر_أكتوبر_نوفمبر_ديسمبر'.split('_');
    await user.click(await screen.findByRole('button', { name: `${day} ${months[month - 1]} ${year}` }));
    const form = await screen.findByRole('form', { name: new RegExp(formatScheduleDate(yesterday)) });
    expect(within(form).getByRole('status')).toHaveTextContent(MESSAGES.scheduleDateInPast);
    expect(within(form).getByRole('button', { name: 'نشر الموعد' })).toBeDisabled();
  });

  it('edits the place alone, and shows the refusal of a capacity below the bookings', async () => {
    let current = slot({ capacity: 20, booked: 12 });
    const { user, api } = await openSchedule({
      [SLOTS]: slotsHandler(() => [current]),
      [patchOf(current.id)]: ({ body }) => {
        const changes = body as { capacity?: number; place?: string };
        if (changes.capacity !== undefined && changes.capacity < current.booked)
          return fails(409, MESSAGE_TEMPLATES.slotCapacityBelowBooked(current.booked));
        current = { ...current, ...changes };
        return ok({ message: INTERVIEW_MESSAGES.slotUpdated, data: current });
      },
    });
    const card = await screen.findByRole('listitem', { name: /قاعة 3/ });
    await user.click(within(card).getByRole('button', { name: 'تعديل' }));
    const dialog = await screen.findByRole('dialog', { name: 'تعديل الموعد' });
    const capacity = within(dialog).getByLabelText(/عدد الأماكن/);
    expect(capacity).toHaveValue('20');
    await user.clear(capacity);
    await user.type(capacity, '10');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ التعديل' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'لا يمكن أن يقل عدد الطلاب في الموعد عن عدد الطلاب المحجوزين فيه (12)',
    );

    await user.clear(capacity);
    await user.type(capacity, '20');
    await user.clear(within(dialog).getByLabelText('المكان'));
    await user.type(within(dialog).getByLabelText('المكان'), 'قاعة 9');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ التعديل' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('listitem', { name: /قاعة 9/ })).toBeInTheDocument();
    expect(api.bodiesOf(patchOf(current.id))).toEqual([{ capacity: 10 }, { place: 'قاعة 9' }]);
  });

  it('closes a slot and reopens it', async () => {
    let current = slot();
    const { user, api } = await openSchedule({
      [SLOTS]: slotsHandler(() => [current]),
      [patchOf(current.id)]: ({ body }) => {
        current = { ...current, ...(body as { closed: boolean }) };
        return ok({ message: INTERVIEW_MESSAGES.slotUpdated, data: current });
      },
    });
    const card = await screen.findByRole('listitem', { name: /قاعة 3/ });
    await user.click(within(card).getByRole('button', { name: 'إغلاق الحجز' }));
    await waitFor(() => expect(slotCard(/قاعة 3/)).toHaveTextContent('مغلق للحجز'));
    await user.click(within(slotCard(/قاعة 3/)).getByRole('button', { name: 'إعادة فتح الحجز' }));
    await waitFor(() => expect(slotCard(/قاعة 3/)).toHaveTextContent('متاح للحجز'));
    expect(api.bodiesOf(patchOf(current.id))).toEqual([{ closed: true }, { closed: false }]);
  });

  it('offers to try again when the slots cannot be loaded', async () => {
    let calls = 0;
    const { user, section } = await openSchedule({
      [SLOTS]: () => {
        calls += 1;
        return calls === 1 ? fails(500, MESSAGES.databaseUnavailable) : ok({ data: [slot()] });
      },
    });
    const retry = await within(section).findByRole('button', { name: 'إعادة المحاولة' });
    expect(within(section).getByRole('alert')).toHaveTextContent(MESSAGES.databaseUnavailable);
    await user.click(retry);
    expect(await screen.findByRole('listitem', { name: /قاعة 3/ })).toBeInTheDocument();
  });
});
