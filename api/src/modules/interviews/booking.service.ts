import {
  BOOKING_CHANGE_CUTOFF_HOURS,
  INTERVIEW_MESSAGES,
  MESSAGES,
  type Period,
  type StudentBooking,
  type StudentInterviewSlotsResponse,
} from '@portal/common';
import { AppError } from '../../lib/app-error.js';
import { universityToday } from '../scheduling/index.js';
import {
  type BookingStudent,
  bookingChangeProblem,
  bookingEligibility,
  canChangeBooking,
  changeDeadline,
  freePlaces,
  periodStart,
  type Refusal,
  slotProblem,
} from './interviews.rules.js';
import type { PartDeps, RequestContext } from './service-deps.js';

const SLOT_NOT_FOUND: Refusal = { status: 404, message: INTERVIEW_MESSAGES.slotNotFound };

const refuse = (refusal: Refusal | undefined) => {
  if (refusal) throw new AppError(refusal.status, refusal.message);
};

/** The student's own booking: the slots it may book, booking or moving it, and cancelling it. */
export function bookingService({ repository, audit, timeZone, now }: PartDeps) {
  function bookingOf(
    slot: { id: string; day: string; period: Period; place: string },
    at: Date,
  ): StudentBooking {
    const start = periodStart(slot.day, slot.period, timeZone);
    return {
      slotId: slot.id,
      date: slot.day,
      period: slot.period,
      place: slot.place,
      startsAt: start.toISOString(),
      changeableUntil: changeDeadline(start).toISOString(),
      changeable: canChangeBooking(start, at),
    };
  }

  /**
   * The student's own booking as the student screens show it, or null (none yet). A recorded outcome fixes it
   * whatever the clock says.
   */
  function currentBooking(student: BookingStudent & { place: string | null }, at: Date) {
    const appointment = student.appointment;
    if (!appointment?.slotId || student.place === null) return null;
    const booking = bookingOf(
      { id: appointment.slotId, day: appointment.day, period: appointment.hour, place: student.place },
      at,
    );
    return student.outcomeRecorded ? { ...booking, changeable: false } : booking;
  }

  /**
   * The student's side of a booking: refused unless eligible; its own booking of this very slot again (a second
   * click) answered as it is, changing and auditing nothing; otherwise its booking must still be changeable.
   */
  function sameSlot(student: BookingStudent & { place: string | null }, slotId: string, at: Date) {
    refuse(bookingEligibility(student));
    if (student.appointment?.slotId === slotId) return currentBooking(student, at) ?? undefined;
    refuse(bookingChangeProblem(student, timeZone, at));
    return undefined;
  }

  return {
    /**
     * `GET /students/interviewSlots/{id}`: for a social-work student with complete data, waiting or holding its
     * own booking: the slots it may book now (open, not started, with a free place; its own left out) and its
     * booking. Nothing to choose from once its booking can no longer change.
     */
    async studentSlots(studentId: string): Promise<StudentInterviewSlotsResponse['data']> {
      const at = now();
      const student = await repository.bookingStudent(studentId);
      if (!student) throw new AppError(404, MESSAGES.studentNotFound);
      refuse(bookingEligibility(student));
      const booking = currentBooking(student, at);
      const open =
        booking && !booking.changeable ? [] : await repository.openSlotsFrom(universityToday(at, timeZone));
      return {
        slots: open
          .filter((slot) => slot.id !== booking?.slotId && !slotProblem(slot, timeZone, at))
          .map((slot) => ({
            id: slot.id,
            date: slot.day,
            period: slot.period,
            place: slot.place,
            free: freePlaces(slot),
          })),
        booking,
        changeCutoffHours: BOOKING_CHANGE_CUTOFF_HOURS,
      };
    },

    /**
     * `POST /students/bookInterview/{id}`: books the slot, or moves the student's booking to it. Everything is
     * checked first without a lock (a refusal then holds for that instant), and again under the locks: the
     * student's row, then the slot's, whose bookings are counted under that lock. However many students ask at
     * once, a slot never takes more than its capacity and a student never holds two appointments (the primary
     * key of appointments). Audited without an actor: the student did it. The `interviewAppointed` message is
     * queued with it (issue 17), once per day, period and slot.
     */
    async book(
      studentId: string,
      slotId: string,
      context: RequestContext,
    ): Promise<{ moved: boolean; booking: StudentBooking }> {
      const at = now();
      const seen = await repository.bookingView(studentId, slotId);
      if (!seen) throw new AppError(404, MESSAGES.studentNotFound);
      const again = sameSlot(seen.student, slotId, at);
      if (again) return { moved: false, booking: again };
      refuse(seen.slot ? slotProblem(seen.slot, timeZone, at) : SLOT_NOT_FOUND);

      return repository.transaction(async (tx) => {
        if (!(await repository.lockStudent(tx, studentId))) throw new AppError(404, MESSAGES.studentNotFound);
        const student = await repository.bookingStudent(studentId, tx);
        if (!student) throw new AppError(404, MESSAGES.studentNotFound);
        const current = sameSlot(student, slotId, at);
        if (current) return { moved: false, booking: current };
        const slot = await repository.lockSlot(tx, slotId);
        if (!slot) throw new AppError(404, INTERVIEW_MESSAGES.slotNotFound);
        refuse(slotProblem(slot, timeZone, at));

        const from = student.appointment?.slotId ?? null;
        const written = from
          ? await repository.moveBooking(tx, studentId, from, slot)
          : await repository.insertBooking(tx, studentId, slot);
        // The student's row is locked, so only a change from outside the portal's calls gets here.
        if (!written) throw new AppError(409, INTERVIEW_MESSAGES.interviewAppointedByStaff);
        await audit(
          {
            actor: null,
            action: from ? 'interviews.move' : 'interviews.book',
            targetType: 'student',
            targetId: studentId,
            details: {
              slotId: slot.id,
              date: slot.day,
              period: slot.period,
              place: slot.place,
              ...(from ? { fromSlotId: from, fromDate: student.appointment?.day } : {}),
            },
            ip: context.ip,
          },
          tx,
        );
        await repository.queueNotifications(tx, [
          {
            studentId,
            event: 'interviewAppointed',
            // Each booking is its own occurrence (a student moved A → B → A hears of each move), and is queued
            // once, in its own transaction.
            dedupeKey: `interviewAppointed:${slot.day}:${slot.period}:${slot.id}:${at.toISOString()}`,
            payload: { day: slot.day, hour: slot.period, place: slot.place },
          },
        ]);
        return { moved: from !== null, booking: bookingOf(slot, at) };
      });
    },

    /** `POST /students/cancelInterview/{id}`: gives the booked place back, until 24 hours before the start. */
    async cancel(studentId: string, context: RequestContext): Promise<void> {
      const at = now();
      await repository.transaction(async (tx) => {
        if (!(await repository.lockStudent(tx, studentId))) throw new AppError(404, MESSAGES.studentNotFound);
        const student = await repository.bookingStudent(studentId, tx);
        if (!student) throw new AppError(404, MESSAGES.studentNotFound);
        refuse(bookingEligibility(student));
        const slotId = student.appointment?.slotId;
        if (!student.appointment || !slotId) throw new AppError(409, INTERVIEW_MESSAGES.interviewNoBooking);
        refuse(bookingChangeProblem(student, timeZone, at));
        if (!(await repository.deleteBooking(tx, studentId, slotId)))
          throw new AppError(409, INTERVIEW_MESSAGES.interviewNoBooking);
        await audit(
          {
            actor: null,
            action: 'interviews.cancel',
            targetType: 'student',
            targetId: studentId,
            details: {
              slotId,
              date: student.appointment.day,
              period: student.appointment.hour,
              place: student.place,
            },
            ip: context.ip,
          },
          tx,
        );
      });
    },
  };
}
