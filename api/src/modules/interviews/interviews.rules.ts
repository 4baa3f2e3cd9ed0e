import { BOOKING_CHANGE_CUTOFF_HOURS, INTERVIEW_MESSAGES, type Period } from '@portal/common';

/**
 * The pure rules of interview slots and bookings (issue 18). 'Today', past days and weekend days are
 * scheduling's (`universityToday` in scheduling.rules.ts, `schedulingDayProblem` in @portal/common).
 */

const CUTOFF_MS = BOOKING_CHANGE_CUTOFF_HOURS * 60 * 60 * 1000;

// Building a formatter costs far more than using one, and a process only ever asks for its university's zone.
const formatters = new Map<string, Intl.DateTimeFormat>();
function wallClock(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** How far the zone's wall clock is ahead of UTC at the instant, in milliseconds. */
function zoneOffsetMs(instantMs: number, timeZone: string): number {
  const parts = wallClock(timeZone).formatToParts(new Date(instantMs));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wallAsUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wallAsUtc - (instantMs - (((instantMs % 1000) + 1000) % 1000));
}

/**
 * The instant a period starts: `hour`:00 on the day on the university's wall clock, whatever the machine's
 * `TZ`. The offset is looked up twice because the one at the first guess may differ from the one at the result
 * when a daylight-saving change falls between them.
 */
export function periodStart(day: string, hour: Period, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, date, hour);
  const guess = wall - zoneOffsetMs(wall, timeZone);
  return new Date(wall - zoneOffsetMs(guess, timeZone));
}

/** The last instant a booking starting at `start` may be moved or cancelled: 24 hours before it. */
export function changeDeadline(start: Date): Date {
  return new Date(start.getTime() - CUTOFF_MS);
}

/** 'until 24 hours before its start, never after': exactly 24 hours before is still in time. */
export function canChangeBooking(start: Date, now: Date): boolean {
  return now.getTime() <= changeDeadline(start).getTime();
}

/** A slot's free places; never negative, even after 'appoint N' or a manual change overfilled it. */
export function freePlaces(slot: { capacity: number; booked: number }): number {
  return Math.max(0, slot.capacity - slot.booked);
}

/** What the portal knows of the student when it books, moves or cancels. */
export interface BookingStudent {
  socialWork: boolean;
  isComplete: boolean;
  /** The current appointment, however made (`slotId` null: by the staff's 'appoint N'). */
  appointment: { slotId: string | null; day: string; hour: Period } | null;
  outcomeRecorded: boolean;
}

export interface Refusal {
  status: 403 | 404 | 409;
  message: string;
}

/**
 * Whether the student may use the booking calls at all: a social-work student with complete data, either
 * waiting (no appointment) or holding its own booking. A staff appointment is the staff's to change.
 */
export function bookingEligibility(student: BookingStudent): Refusal | undefined {
  if (!student.socialWork) return { status: 403, message: INTERVIEW_MESSAGES.interviewSocialWorkOnly };
  if (!student.isComplete) return { status: 409, message: INTERVIEW_MESSAGES.interviewNeedsCompleteData };
  if (student.appointment && student.appointment.slotId === null)
    return { status: 409, message: INTERVIEW_MESSAGES.interviewAppointedByStaff };
  return undefined;
}

/**
 * Whether the student's own booking may still change (moved or cancelled): not once the committee recorded an
 * outcome, and not inside the 24 hours before its start in the university's time zone.
 */
export function bookingChangeProblem(
  student: BookingStudent,
  timeZone: string,
  now: Date,
): Refusal | undefined {
  const appointment = student.appointment;
  if (!appointment) return undefined;
  if (student.outcomeRecorded) return { status: 409, message: INTERVIEW_MESSAGES.interviewOutcomeRecorded };
  if (!canChangeBooking(periodStart(appointment.day, appointment.hour, timeZone), now))
    return { status: 409, message: INTERVIEW_MESSAGES.interviewChangeTooLate };
  return undefined;
}

/** What the portal knows of the slot a student asks for, read under its lock. */
export interface TargetSlot {
  day: string;
  period: Period;
  capacity: number;
  booked: number;
  closed: boolean;
}

/** Whether the slot takes one more booking now: open, not started, with a free place. */
export function slotProblem(slot: TargetSlot, timeZone: string, now: Date): Refusal | undefined {
  if (slot.closed) return { status: 409, message: INTERVIEW_MESSAGES.interviewSlotClosed };
  if (periodStart(slot.day, slot.period, timeZone).getTime() <= now.getTime())
    return { status: 409, message: INTERVIEW_MESSAGES.interviewSlotStarted };
  if (freePlaces(slot) === 0) return { status: 409, message: INTERVIEW_MESSAGES.interviewSlotFull };
  return undefined;
}
