import { INTERVIEW_MESSAGES } from '@portal/common';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config.js';
import {
  type BookingStudent,
  bookingChangeProblem,
  bookingEligibility,
  canChangeBooking,
  changeDeadline,
  freePlaces,
  periodStart,
  slotProblem,
} from './interviews.rules.js';

const CAIRO = 'Africa/Cairo';

describe('periodStart', () => {
  it("is the period's hour on the university's clock, whatever the season", () => {
    // Egypt keeps summer time (UTC+3) from late April to late October, UTC+2 otherwise.
    expect(periodStart('2026-08-15', 9, CAIRO).toISOString()).toBe('2026-08-15T06:00:00.000Z');
    expect(periodStart('2026-12-15', 9, CAIRO).toISOString()).toBe('2026-12-15T07:00:00.000Z');
    expect(periodStart('2026-12-15', 12, CAIRO).toISOString()).toBe('2026-12-15T10:00:00.000Z');
    expect(periodStart('2026-08-15', 12, 'UTC').toISOString()).toBe('2026-08-15T12:00:00.000Z');
  });

  it('is right on the days the clocks change (the offset at the first guess differs)', () => {
    // New York: summer time starts 8 March 2026 at 02:00 and ends 1 November 2026 at 02:00.
    expect(periodStart('2026-03-08', 9, 'America/New_York').toISOString()).toBe('2026-03-08T13:00:00.000Z');
    expect(periodStart('2026-11-01', 9, 'America/New_York').toISOString()).toBe('2026-11-01T14:00:00.000Z');
    // Cairo's 2026 change: summer time from Friday 24 April 00:00, back on Friday 30 October at 00:00.
    expect(periodStart('2026-04-24', 9, CAIRO).toISOString()).toBe('2026-04-24T06:00:00.000Z');
    expect(periodStart('2026-10-30', 9, CAIRO).toISOString()).toBe('2026-10-30T07:00:00.000Z');
  });

  it('does not depend on the zone east of UTC by a day (Pacific/Kiritimati, UTC+14)', () => {
    expect(periodStart('2026-08-15', 9, 'Pacific/Kiritimati').toISOString()).toBe('2026-08-14T19:00:00.000Z');
  });
});

describe('the 24-hour rule', () => {
  const start = new Date('2026-08-15T06:00:00Z');

  it('allows a change until exactly 24 hours before the start, never after', () => {
    expect(changeDeadline(start).toISOString()).toBe('2026-08-14T06:00:00.000Z');
    expect(canChangeBooking(start, new Date('2026-08-13T06:00:00Z'))).toBe(true);
    expect(canChangeBooking(start, new Date('2026-08-14T06:00:00Z'))).toBe(true);
    expect(canChangeBooking(start, new Date('2026-08-14T06:00:00.001Z'))).toBe(false);
    expect(canChangeBooking(start, new Date('2026-08-15T07:00:00Z'))).toBe(false);
  });
});

const student = (change: Partial<BookingStudent> = {}): BookingStudent => ({
  socialWork: true,
  isComplete: true,
  appointment: null,
  outcomeRecorded: false,
  ...change,
});
const booked = { slotId: '7d3f8a2e-1b4c-4d5e-8f90-123456789abc', day: '2026-08-15', hour: 9 as const };

describe('who may book', () => {
  it('a waiting social-work student, or one holding its own booking', () => {
    expect(bookingEligibility(student())).toBeUndefined();
    expect(bookingEligibility(student({ appointment: booked }))).toBeUndefined();
  });

  it.each([
    ['a student of another college', { socialWork: false }, 403, INTERVIEW_MESSAGES.interviewSocialWorkOnly],
    [
      'a student whose data is not complete',
      { isComplete: false },
      409,
      INTERVIEW_MESSAGES.interviewNeedsCompleteData,
    ],
    [
      'a student appointed by the staff',
      { appointment: { ...booked, slotId: null } },
      409,
      INTERVIEW_MESSAGES.interviewAppointedByStaff,
    ],
  ])('not %s', (_, change, status, message) => {
    expect(bookingEligibility(student(change))).toEqual({ status, message });
  });
});

describe('when a booking may change', () => {
  const dayBefore = new Date('2026-08-14T06:00:00Z');
  it('until 24 hours before, in the university time zone, and not once the outcome is recorded', () => {
    expect(bookingChangeProblem(student(), CAIRO, dayBefore)).toBeUndefined();
    expect(bookingChangeProblem(student({ appointment: booked }), CAIRO, dayBefore)).toBeUndefined();
    expect(
      bookingChangeProblem(student({ appointment: booked }), CAIRO, new Date(dayBefore.getTime() + 1)),
    ).toEqual({ status: 409, message: INTERVIEW_MESSAGES.interviewChangeTooLate });
    // In UTC the same appointment starts three hours later, so the same instant is still in time.
    expect(
      bookingChangeProblem(student({ appointment: booked }), 'UTC', new Date(dayBefore.getTime() + 1)),
    ).toBeUndefined();
    expect(
      bookingChangeProblem(student({ appointment: booked, outcomeRecorded: true }), CAIRO, dayBefore),
    ).toEqual({
      status: 409,
      message: INTERVIEW_MESSAGES.interviewOutcomeRecorded,
    });
  });
});

describe('which slot takes a booking', () => {
  const slot = { day: '2026-08-15', period: 9 as const, capacity: 10, booked: 9, closed: false };
  const before = new Date('2026-08-15T05:59:59Z');

  it('an open slot that has not started, with a free place', () => {
    expect(slotProblem(slot, CAIRO, before)).toBeUndefined();
    expect(slotProblem({ ...slot, booked: 10 }, CAIRO, before)).toEqual({
      status: 409,
      message: INTERVIEW_MESSAGES.interviewSlotFull,
    });
    expect(slotProblem({ ...slot, closed: true }, CAIRO, before)).toEqual({
      status: 409,
      message: INTERVIEW_MESSAGES.interviewSlotClosed,
    });
    expect(slotProblem(slot, CAIRO, new Date('2026-08-15T06:00:00Z'))).toEqual({
      status: 409,
      message: INTERVIEW_MESSAGES.interviewSlotStarted,
    });
  });

  it('counts free places, never below none (appoint N beside a slot, a capacity lowered by hand)', () => {
    expect(freePlaces({ capacity: 10, booked: 3 })).toBe(7);
    expect(freePlaces({ capacity: 10, booked: 12 })).toBe(0);
  });
});

describe('INTERVIEW_RESULT_VISIBLE', () => {
  it('is off unless set to 1, and refuses anything but 0 or 1', () => {
    expect(loadConfig({}).interviewResultVisible).toBe(false);
    expect(loadConfig({ INTERVIEW_RESULT_VISIBLE: '0' }).interviewResultVisible).toBe(false);
    expect(loadConfig({ INTERVIEW_RESULT_VISIBLE: '1' }).interviewResultVisible).toBe(true);
    expect(() => loadConfig({ INTERVIEW_RESULT_VISIBLE: 'yes' })).toThrow(/INTERVIEW_RESULT_VISIBLE/);
  });
});
