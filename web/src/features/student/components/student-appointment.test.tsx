import {
  INTERVIEW_MESSAGES,
  MESSAGES,
  type StudentBooking,
  type StudentData,
  type StudentSlot,
} from '@portal/common';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Handler, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { GET_STUDENT, lookups, STUDENT_ID, storeLogin } from '../testing/student-fixtures';
import { arabicWeekday, formatDay, periodLabel } from './student-appointment';

const SOCIAL_WORK: Partial<StudentData> = {
  isComplete: true,
  college: 'كلية الخدمة الاجتماعية',
  socialWork: true,
};

const SLOTS = `GET /api/v1/students/interviewSlots/${STUDENT_ID}`;
const BOOK = `POST /api/v1/students/bookInterview/${STUDENT_ID}`;
const CANCEL = `POST /api/v1/students/cancelInterview/${STUDENT_ID}`;

/** No slot published yet: what a waiting social-work student's screen asks for on opening. */
const noSlots: Handler = () => ({
  body: { status: 'success', data: { slots: [], booking: null, changeCutoffHours: 24 } },
});

async function openAppointment(...answers: Partial<StudentData>[]) {
  return openWith({}, ...answers);
}

async function openWith(handlers: Record<string, Handler>, ...answers: Partial<StudentData>[]) {
  storeLogin();
  const api = mockApi({ [GET_STUDENT]: lookups(...answers), [SLOTS]: noSlots, ...handlers });
  const app = renderApp('/dashboard/studentAppointment');
  // The heading stands from the start; the screen has arrived once the loading spinner has gone.
  await waitFor(() => expect(screen.queryByRole('status', { name: MESSAGES.loading })).toBeNull());
  return { ...api, ...app };
}

describe('studentAppointment', () => {
  it('says no date is set yet while the student has no appointment', async () => {
    await openAppointment(SOCIAL_WORK);
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.appointmentNotSet);
    expect(screen.queryByRole('link', { name: /التقويم/ })).toBeNull();
  });

  it('shows the day, the date as dd/MM/yyyy, the morning period and a calendar file', async () => {
    await openAppointment({ ...SOCIAL_WORK, appointed: true, appointedDay: '2026-08-15', appointedHour: 9 });
    expect(screen.getByRole('row', { name: 'اليوم السبت' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'التاريخ 15/08/2026' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'الفترة الفترة الصباحية (9:00)' })).toBeInTheDocument();
    const calendar = screen.getByRole('link', { name: 'إضافة الموعد إلى التقويم (ملف ics)' });
    expect(calendar).toHaveAttribute('href', `/api/v1/students/appointment/${STUDENT_ID}.ics`);
    expect(calendar).toHaveAttribute('download');
  });

  it('shows an evening appointment with its start hour', async () => {
    await openAppointment({ ...SOCIAL_WORK, appointed: true, appointedDay: '2026-09-01', appointedHour: 12 });
    expect(screen.getByRole('row', { name: 'اليوم الثلاثاء' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'الفترة الفترة المسائية (12:00)' })).toBeInTheDocument();
  });

  it('looks the student up again on opening, so an appointment set after login shows', async () => {
    const api = await openAppointment(SOCIAL_WORK, {
      ...SOCIAL_WORK,
      appointed: true,
      appointedDay: '2026-08-15',
      appointedHour: 12,
    });
    await waitFor(() => expect(screen.getByText('الفترة المسائية (12:00)')).toBeInTheDocument());
    expect(api.bodiesOf(GET_STUDENT)).toHaveLength(2);
  });
});

const slotId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const SLOT_A: StudentSlot = { id: slotId(1), date: '2026-08-15', period: 9, place: 'قاعة 3', free: 4 };
const SLOT_B: StudentSlot = {
  id: slotId(2),
  date: '2026-08-17',
  period: 12,
  place: 'المدرج الكبير',
  free: 1,
};

function bookingOf(slot: StudentSlot, changeable = true): StudentBooking {
  return {
    slotId: slot.id,
    date: slot.date,
    period: slot.period,
    place: slot.place,
    startsAt: `${slot.date}T0${slot.period === 9 ? 6 : 9}:00:00.000Z`,
    changeableUntil: `${slot.date}T00:00:00.000Z`,
    changeable,
  };
}

const slotsAnswer = (slots: StudentSlot[], booking: StudentBooking | null = null) => ({
  body: { status: 'success', data: { slots, booking, changeCutoffHours: 24 } },
});

/** The flags of a student holding its own booking of `slot`. */
const bookedIn = (slot: StudentSlot): Partial<StudentData> => ({
  ...SOCIAL_WORK,
  appointed: true,
  appointedDay: slot.date,
  appointedHour: slot.period,
  appointmentPlace: slot.place,
});

const choice = (place: string) => screen.getByRole('listitem', { name: new RegExp(place) });

describe('studentAppointment: booking a slot (issue 18)', { timeout: 15_000 }, () => {
  it('shows a waiting social-work student the open slots with their free places, and books one', async () => {
    let booked = false;
    const { user, bodiesOf } = await openWith(
      {
        [SLOTS]: () => (booked ? slotsAnswer([SLOT_A], bookingOf(SLOT_B)) : slotsAnswer([SLOT_A, SLOT_B])),
        [BOOK]: () => {
          booked = true;
          return {
            body: {
              status: 'success',
              message: INTERVIEW_MESSAGES.interviewBooked,
              data: { booking: bookingOf(SLOT_B) },
            },
          };
        },
      },
      SOCIAL_WORK,
      SOCIAL_WORK,
      bookedIn(SLOT_B),
    );
    // The spec's message stays; the slots come under it.
    expect(screen.getByText(MESSAGES.appointmentNotSet)).toBeInTheDocument();
    const region = await screen.findByRole('region', { name: 'المواعيد المتاحة للحجز' });
    expect(within(region).getAllByRole('listitem')).toHaveLength(2);
    expect(choice('قاعة 3')).toHaveTextContent('السبت 15/08/2026');
    expect(choice('قاعة 3')).toHaveTextContent('الفترة الصباحية (9:00)');
    expect(choice('قاعة 3')).toHaveTextContent('الأماكن المتاحة: 4');
    expect(choice('المدرج الكبير')).toHaveTextContent('الاثنين 17/08/2026');

    await user.click(within(choice('المدرج الكبير')).getByRole('button', { name: 'حجز هذا الموعد' }));

    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(INTERVIEW_MESSAGES.interviewBooked);
    expect(notice).toHaveFocus();
    expect(screen.getByRole('row', { name: 'التاريخ 17/08/2026' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'الفترة الفترة المسائية (12:00)' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'المكان المدرج الكبير' })).toBeInTheDocument();
    expect(bodiesOf(BOOK)).toEqual([{ slotId: SLOT_B.id }]);
    // The lookup is repeated so the rest of the portal agrees.
    await waitFor(() => expect(bodiesOf(GET_STUDENT)).toHaveLength(3));
  });

  it('shows the refusal of a slot that filled meanwhile, and the list without it', async () => {
    let refused = false;
    const { user, bodiesOf } = await openWith(
      {
        [SLOTS]: () => slotsAnswer(refused ? [SLOT_A] : [SLOT_A, SLOT_B]),
        [BOOK]: () => {
          refused = true;
          return { status: 409, body: { status: 'error', message: INTERVIEW_MESSAGES.interviewSlotFull } };
        },
      },
      SOCIAL_WORK,
    );
    await screen.findByRole('listitem', { name: /المدرج الكبير/ });
    await user.click(within(choice('المدرج الكبير')).getByRole('button', { name: 'حجز هذا الموعد' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(INTERVIEW_MESSAGES.interviewSlotFull);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: /المدرج الكبير/ })).toBeNull());
    expect(choice('قاعة 3')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.appointmentNotSet)).toBeInTheDocument();
    expect(bodiesOf(GET_STUDENT)).toHaveLength(2);
  });

  it('says so when no slot is open', async () => {
    await openAppointment(SOCIAL_WORK);
    expect(await screen.findByText(/لا توجد مواعيد متاحة للحجز الآن/)).toBeInTheDocument();
  });

  it.each<[string, Partial<StudentData>]>([
    ['a student of another college', { isComplete: true }],
    ['a social-work student before completing the data', { ...SOCIAL_WORK, isComplete: false }],
    [
      'a student the staff appointed',
      { ...SOCIAL_WORK, appointed: true, appointedDay: '2026-08-15', appointedHour: 9 },
    ],
  ])('asks nothing about slots for %s', async (_, flags) => {
    const { fetchMock } = await openAppointment(flags);
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(2));
    expect(fetchMock.mock.calls.map(([input]) => String(input))).not.toContain(SLOTS.split(' ')[1]);
    expect(screen.queryByRole('button', { name: /حجز|إلغاء|تغيير/ })).toBeNull();
  });

  it('shows a booked student the place, until when it may change, and a calendar file', async () => {
    await openWith({ [SLOTS]: () => slotsAnswer([SLOT_B], bookingOf(SLOT_A)) }, bookedIn(SLOT_A));
    expect(screen.getByRole('row', { name: 'المكان قاعة 3' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'إضافة الموعد إلى التقويم (ملف ics)' })).toHaveAttribute(
      'href',
      `/api/v1/students/appointment/${STUDENT_ID}.ics`,
    );
    const region = await screen.findByRole('region', { name: 'تغيير الموعد أو إلغاؤه' });
    expect(region).toHaveTextContent('يمكنك تغيير الموعد أو إلغاؤه حتى الساعة 9:00 يوم الجمعة 14/08/2026.');
    expect(within(region).getByRole('button', { name: 'تغيير الموعد' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'إلغاء الحجز' })).toBeInTheDocument();
  });

  it("shows the server's refusal to cancel inside the last 24 hours, and keeps the appointment", async () => {
    const { user, bodiesOf } = await openWith(
      {
        [SLOTS]: () => slotsAnswer([], bookingOf(SLOT_A)),
        [CANCEL]: () => ({
          status: 409,
          body: { status: 'error', message: INTERVIEW_MESSAGES.interviewChangeTooLate },
        }),
      },
      bookedIn(SLOT_A),
    );
    await user.click(await screen.findByRole('button', { name: 'إلغاء الحجز' }));
    const question = screen.getByRole('group', { name: /هل تريد إلغاء حجز موعدك/ });
    expect(question).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'نعم، ألغِ الحجز' }));

    const refusal = await screen.findByText(INTERVIEW_MESSAGES.interviewChangeTooLate);
    expect(refusal.closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByRole('row', { name: 'التاريخ 15/08/2026' })).toBeInTheDocument();
    expect(bodiesOf(CANCEL)).toHaveLength(1);
  });

  it('cancels the booking after asking, and offers the slots again', async () => {
    let cancelled = false;
    const { user } = await openWith(
      {
        [SLOTS]: () => (cancelled ? slotsAnswer([SLOT_A, SLOT_B]) : slotsAnswer([SLOT_B], bookingOf(SLOT_A))),
        [CANCEL]: () => {
          cancelled = true;
          return { body: { status: 'success', message: INTERVIEW_MESSAGES.interviewCancelled } };
        },
      },
      bookedIn(SLOT_A),
      bookedIn(SLOT_A),
      SOCIAL_WORK,
    );
    await user.click(await screen.findByRole('button', { name: 'إلغاء الحجز' }));
    await user.click(screen.getByRole('button', { name: 'تراجع' }));
    expect(screen.queryByRole('group', { name: /هل تريد إلغاء/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'إلغاء الحجز' }));
    await user.click(screen.getByRole('button', { name: 'نعم، ألغِ الحجز' }));

    expect(await screen.findByText(INTERVIEW_MESSAGES.interviewCancelled)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.appointmentNotSet)).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /التاريخ/ })).toBeNull();
    expect(await screen.findByRole('listitem', { name: /قاعة 3/ })).toBeInTheDocument();
  });

  it('moves the booking to another slot', async () => {
    let moved = false;
    const { user, bodiesOf } = await openWith(
      {
        [SLOTS]: () =>
          moved ? slotsAnswer([SLOT_A], bookingOf(SLOT_B)) : slotsAnswer([SLOT_B], bookingOf(SLOT_A)),
        [BOOK]: () => {
          moved = true;
          return {
            body: {
              status: 'success',
              message: INTERVIEW_MESSAGES.interviewMoved,
              data: { booking: bookingOf(SLOT_B) },
            },
          };
        },
      },
      bookedIn(SLOT_A),
      bookedIn(SLOT_A),
      bookedIn(SLOT_B),
    );
    const change = await screen.findByRole('button', { name: 'تغيير الموعد' });
    expect(screen.queryByRole('listitem')).toBeNull();
    await user.click(change);
    expect(change).toHaveAttribute('aria-expanded', 'true');
    await user.click(
      within(choice('المدرج الكبير')).getByRole('button', { name: 'نقل الحجز إلى هذا الموعد' }),
    );

    expect(await screen.findByText(INTERVIEW_MESSAGES.interviewMoved)).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'التاريخ 17/08/2026' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'المكان المدرج الكبير' })).toBeInTheDocument();
    expect(bodiesOf(BOOK)).toEqual([{ slotId: SLOT_B.id }]);
  });

  it('offers no change once less than 24 hours remain', async () => {
    await openWith({ [SLOTS]: () => slotsAnswer([], bookingOf(SLOT_A, false)) }, bookedIn(SLOT_A));
    expect(
      await screen.findByText('لا يمكن تغيير الموعد أو إلغاؤه قبل بدايته بأقل من 24 ساعة.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'إلغاء الحجز' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'تغيير الموعد' })).toBeNull();
  });

  it.each([
    ['suitable', 'لائق'],
    ['notSuitable', 'غير لائق'],
  ] as const)(
    'shows the committee decision %s once published, and no more changes',
    async (decision, label) => {
      const { fetchMock } = await openAppointment({ ...bookedIn(SLOT_A), interviewDecision: decision });
      const result = screen.getByText('نتيجة الاختبار الشخصي').closest('[role="alert"], .mantine-Alert-root');
      expect(result).toHaveTextContent(label);
      expect(screen.getByRole('row', { name: 'التاريخ 15/08/2026' })).toBeInTheDocument();
      expect(fetchMock.mock.calls.map(([input]) => String(input))).not.toContain(SLOTS.split(' ')[1]);
    },
  );
});

describe('appointment formatting', () => {
  it('writes dates as dd/MM/yyyy with the Arabic weekday of that calendar day', () => {
    expect(formatDay('2026-01-05')).toBe('05/01/2026');
    expect(arabicWeekday('2026-01-05')).toBe('الاثنين');
    expect(arabicWeekday('2026-01-09')).toBe('الجمعة');
  });

  it('calls a 9:00 start the morning period and any other the evening one, with its hour', () => {
    expect(periodLabel(9)).toBe('الفترة الصباحية (9:00)');
    expect(periodLabel(12)).toBe('الفترة المسائية (12:00)');
  });
});
