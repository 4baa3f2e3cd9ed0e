// Kept whole: the student's booking routes (slots, book, cancel) and the 24-hour rule on a fixed clock, on one
// app and one embedded database; another file would start another database.
import {
  type BookInterviewResponse,
  INTERVIEW_MESSAGES,
  MESSAGES,
  type StudentInterviewSlotsResponse,
} from '@portal/common';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { insertStudent } from '../../../test/builders.js';
import {
  appointmentsOf,
  fillSlot,
  insertSlot,
  insertWaitingStudents,
  SOCIAL_WORK,
  TEST_TIME_ZONE,
  TEST_WEEKEND,
  waitingStudentsWithSessions,
  workingDay,
} from '../../../test/interviews.js';
import { bothChannels, outboxRows } from '../../../test/outbox.js';
import { studentCookie } from '../../../test/student-access.js';
import { createTestApp, TEST_SECRET } from '../../../test/test-app.js';
import { recordAudit } from '../../db/audit-trail.js';
import {
  appointments,
  auditLog,
  interviewOutcomes,
  interviewSlots,
  notifications,
  students,
} from '../../db/schema/index.js';
import { createLinkSigner } from '../../lib/signed-link.js';
import { interviewsRepository } from './interviews.repository.js';
import { interviewsService } from './interviews.service.js';

/** Issue 18, the student's own booking: the slots it sees, booking, moving and cancelling, the 24-hour rule. */
const { app, database } = await createTestApp();
const db = database.db;
const DAY = workingDay(3);
const LATER = workingDay(1, new Date(`${DAY}T12:00:00Z`));

beforeEach(async () => {
  await db.delete(appointments);
  await db.delete(interviewOutcomes);
  await db.delete(students);
  await db.delete(interviewSlots);
  await db.execute(sql`TRUNCATE audit_log`);
});

const error = (message: string) => ({ status: 'error', message });

async function waitingStudent() {
  const [student] = await waitingStudentsWithSessions(app, 1);
  if (!student) throw new Error('no student');
  return student;
}

const send = (options: InjectOptions, cookie: string) =>
  app.inject({ ...options, headers: { ...options.headers, cookie } });
const slotsOf = (id: string, cookie: string) =>
  send({ method: 'GET', url: `/api/v1/students/interviewSlots/${id}` }, cookie);
const book = (id: string, slotId: unknown, cookie: string) =>
  send({ method: 'POST', url: `/api/v1/students/bookInterview/${id}`, payload: { slotId } as never }, cookie);
const cancel = (id: string, cookie: string) =>
  send({ method: 'POST', url: `/api/v1/students/cancelInterview/${id}` }, cookie);

const everything = async () => ({
  appointments: await db.select().from(appointments),
  audit: await db.select().from(auditLog),
  outbox: await db.select().from(notifications),
});

describe('GET /students/interviewSlots/{id}', () => {
  it('lists the open slots not started with a free place, by day, period and place', async () => {
    const student = await waitingStudent();
    const full = await insertSlot(db, { day: DAY, period: 9, capacity: 1, place: 'أ' });
    await fillSlot(db, full, [(await insertWaitingStudents(db, 1))[0]?.id as string]);
    await insertSlot(db, { day: DAY, period: 9, place: 'ج', closed: true });
    const b = await insertSlot(db, { day: DAY, period: 12, capacity: 4, place: 'ب' });
    const a = await insertSlot(db, { day: DAY, period: 9, capacity: 3, place: 'ب' });
    const c = await insertSlot(db, { day: LATER, period: 9, capacity: 2, place: 'أ' });
    await insertSlot(db, { day: '2020-01-05', period: 9, place: 'قديم' });

    const res = await slotsOf(student.id, student.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json<StudentInterviewSlotsResponse>()).toEqual({
      status: 'success',
      data: {
        slots: [
          { id: a, date: DAY, period: 9, place: 'ب', free: 3 },
          { id: b, date: DAY, period: 12, place: 'ب', free: 4 },
          { id: c, date: LATER, period: 9, place: 'أ', free: 2 },
        ],
        booking: null,
        changeCutoffHours: 24,
      },
    });
  });

  it.each([
    [
      'of another college',
      { college: 'كلية التجارة', isComplete: true },
      403,
      INTERVIEW_MESSAGES.interviewSocialWorkOnly,
    ],
    [
      'whose data is not complete',
      { college: SOCIAL_WORK, isComplete: false },
      409,
      INTERVIEW_MESSAGES.interviewNeedsCompleteData,
    ],
  ])('refuses a student %s', async (_, fields, status, message) => {
    const student = await insertStudent(db, fields);
    const res = await slotsOf(student.id, studentCookie(app, student.id));
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual(error(message));
  });

  it('refuses a student appointed by the staff, and another student than the session', async () => {
    const student = await waitingStudent();
    await db.insert(appointments).values({ studentId: student.id, appointedDay: DAY, appointedHour: 9 });
    const res = await slotsOf(student.id, student.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(error(INTERVIEW_MESSAGES.interviewAppointedByStaff));
    const other = await waitingStudent();
    const forbidden = await slotsOf(other.id, student.cookie);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual(error(MESSAGES.forbidden));
    const none = await app.inject({ method: 'GET', url: `/api/v1/students/interviewSlots/${other.id}` });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual(error(MESSAGES.studentSessionExpired));
  });
});

describe('POST /students/bookInterview/{id}', () => {
  it('books the slot: the same appointment the spec screens show, with the place, audited without an actor', async () => {
    const student = await waitingStudent();
    const slot = await insertSlot(db, { day: DAY, period: 12, capacity: 2, place: 'قاعة 7' });
    const res = await book(student.id, slot, student.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json<BookInterviewResponse>();
    expect(body.message).toBe(INTERVIEW_MESSAGES.interviewBooked);
    expect(body.data.booking).toMatchObject({
      slotId: slot,
      date: DAY,
      period: 12,
      place: 'قاعة 7',
      changeable: true,
    });
    expect(
      new Date(body.data.booking.startsAt).getTime() - new Date(body.data.booking.changeableUntil).getTime(),
    ).toBe(24 * 3600 * 1000);
    const [row] = await db.select().from(appointments);
    expect(row).toMatchObject({
      studentId: student.id,
      appointedDay: DAY,
      appointedHour: 12,
      slotId: slot,
      appointedBy: null,
    });
    const [audit] = await db.select().from(auditLog);
    expect(audit).toMatchObject({
      actorId: null,
      actorUserName: null,
      action: 'interviews.book',
      targetType: 'student',
      targetId: student.id,
      details: { slotId: slot, date: DAY, period: 12, place: 'قاعة 7' },
    });

    // getStudent shows it as the spec's appointment, with the place.
    const lookup = await app.inject({
      method: 'POST',
      url: '/api/v1/students/getStudent',
      payload: { nationalID: student.nationalId },
    });
    expect(lookup.json().studentData).toMatchObject({
      appointed: true,
      appointedDay: DAY,
      appointedHour: 12,
      appointmentPlace: 'قاعة 7',
      interviewDecision: null,
    });
    expect(lookup.json().result).toContainEqual({ name: 'مكان الاختبار الشخصي', value: 'قاعة 7' });

    // Now booked: the list leaves its own slot out and names the booking.
    const listed = (await slotsOf(student.id, student.cookie)).json<StudentInterviewSlotsResponse>().data;
    expect(listed.booking).toEqual(body.data.booking);
    expect(listed.slots.map((s) => s.id)).not.toContain(slot);
  });

  it('moves a booking to another slot (audited as a move), and booking the same slot again changes nothing', async () => {
    const student = await waitingStudent();
    const first = await insertSlot(db, { day: DAY, period: 9 });
    const second = await insertSlot(db, { day: LATER, period: 12, place: 'المدرج' });
    expect((await book(student.id, first, student.cookie)).statusCode).toBe(200);
    const again = await book(student.id, first, student.cookie);
    expect(again.statusCode).toBe(200);
    expect(await db.select().from(auditLog)).toHaveLength(1);

    const moved = await book(student.id, second, student.cookie);
    expect(moved.statusCode).toBe(200);
    expect(moved.json<BookInterviewResponse>().message).toBe(INTERVIEW_MESSAGES.interviewMoved);
    const [row] = await db.select().from(appointments);
    expect(row).toMatchObject({ appointedDay: LATER, appointedHour: 12, slotId: second });
    const [move] = await db.select().from(auditLog).where(eq(auditLog.action, 'interviews.move'));
    expect(move?.details).toMatchObject({ slotId: second, fromSlotId: first, fromDate: DAY });
  });

  /** A booking's occurrence key: the slot and the booking's instant. */
  const occurrence = (day: string, period: number, slot: string): string =>
    expect.stringMatching(new RegExp(`^interviewAppointed:${day}:${period}:${slot}:\\d{4}-\\d{2}-\\d{2}T`));

  it('queues interviewAppointed with the day, period and place for a booking and for each move (issue 17)', async () => {
    const student = await waitingStudent();
    const first = await insertSlot(db, { day: DAY, period: 9, place: 'قاعة 1' });
    const second = await insertSlot(db, { day: LATER, period: 12, place: 'المدرج' });
    expect((await book(student.id, first, student.cookie)).statusCode).toBe(200);
    const booked = bothChannels('interviewAppointed', occurrence(DAY, 9, first), {
      day: DAY,
      hour: 9,
      place: 'قاعة 1',
    });
    expect(await outboxRows(db, student.id)).toEqual(booked);
    // Booking the same slot again changes nothing, and tells nothing.
    expect((await book(student.id, first, student.cookie)).statusCode).toBe(200);
    expect(await outboxRows(db, student.id)).toEqual(booked);

    expect((await book(student.id, second, student.cookie)).statusCode).toBe(200);
    const moved = bothChannels('interviewAppointed', occurrence(LATER, 12, second), {
      day: LATER,
      hour: 12,
      place: 'المدرج',
    });
    // In key order: the first day's booking, then the later day's.
    expect(await outboxRows(db, student.id)).toEqual([...booked, ...moved]);
    // Moving back to the first slot is news again.
    expect((await book(student.id, first, student.cookie)).statusCode).toBe(200);
    expect(await outboxRows(db, student.id)).toHaveLength(6);
    // A cancellation is not an appointment.
    expect((await cancel(student.id, student.cookie)).statusCode).toBe(200);
    expect(await outboxRows(db, student.id)).toHaveLength(6);
  });

  it.each([
    ['a full slot', { capacity: 1 }, true, INTERVIEW_MESSAGES.interviewSlotFull, 409],
    ['a closed slot', { closed: true }, false, INTERVIEW_MESSAGES.interviewSlotClosed, 409],
    ['a slot that has started', { day: '2020-01-05' }, false, INTERVIEW_MESSAGES.interviewSlotStarted, 409],
  ])('refuses %s, changing nothing', async (_, slotFields, fill, message, status) => {
    const student = await waitingStudent();
    const slot = await insertSlot(db, { day: DAY, ...slotFields });
    if (fill) await fillSlot(db, slot, [(await insertWaitingStudents(db, 1))[0]?.id as string]);
    const before = await everything();
    const res = await book(student.id, slot, student.cookie);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual(error(message));
    expect(await everything()).toEqual(before);
  });

  it('refuses an unknown slot (404) and a slot id that is not one (400), changing nothing', async () => {
    const student = await waitingStudent();
    const unknown = await book(student.id, '7d3f8a2e-1b4c-4d5e-8f90-123456789abc', student.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(error(INTERVIEW_MESSAGES.slotNotFound));
    const bad = await book(student.id, "1' OR '1'='1", student.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(error(INTERVIEW_MESSAGES.slotIdInvalid));
    expect(await everything()).toEqual({ appointments: [], audit: [], outbox: [] });
  });

  it('refuses booking for another student, and booking when not waiting (appointed by the staff)', async () => {
    const student = await waitingStudent();
    const victim = await waitingStudent();
    const slot = await insertSlot(db, { day: DAY });
    const forOther = await book(victim.id, slot, student.cookie);
    expect(forOther.statusCode).toBe(403);
    expect(forOther.json()).toEqual(error(MESSAGES.forbidden));

    await db.insert(appointments).values({ studentId: student.id, appointedDay: LATER, appointedHour: 12 });
    const before = await everything();
    const byStaff = await book(student.id, slot, student.cookie);
    expect(byStaff.statusCode).toBe(409);
    expect(byStaff.json()).toEqual(error(INTERVIEW_MESSAGES.interviewAppointedByStaff));
    expect(await everything()).toEqual(before);
  });

  it('refuses a student of another college (403) and one whose data is not complete (409)', async () => {
    const slot = await insertSlot(db, { day: DAY });
    const other = await insertStudent(db, { college: 'كلية التجارة', isComplete: true });
    const res = await book(other.id, slot, studentCookie(app, other.id));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(error(INTERVIEW_MESSAGES.interviewSocialWorkOnly));
    const incomplete = await insertStudent(db, { college: SOCIAL_WORK });
    const late = await book(incomplete.id, slot, studentCookie(app, incomplete.id));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual(error(INTERVIEW_MESSAGES.interviewNeedsCompleteData));
    expect(await everything()).toEqual({ appointments: [], audit: [], outbox: [] });
  });

  it('refuses moving once the committee recorded an outcome', async () => {
    const student = await waitingStudent();
    const first = await insertSlot(db, { day: DAY });
    const second = await insertSlot(db, { day: LATER });
    await book(student.id, first, student.cookie);
    await db.insert(interviewOutcomes).values({ studentId: student.id, attended: false });
    const listed = (await slotsOf(student.id, student.cookie)).json<StudentInterviewSlotsResponse>().data;
    expect(listed.booking).toMatchObject({ slotId: first, changeable: false });
    expect(listed.slots).toEqual([]);
    const before = await everything();
    for (const res of [
      await book(student.id, second, student.cookie),
      await cancel(student.id, student.cookie),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(error(INTERVIEW_MESSAGES.interviewOutcomeRecorded));
    }
    expect(await everything()).toEqual(before);
  });
});

describe('POST /students/cancelInterview/{id}', () => {
  it("gives the place back, audited without an actor; the student is waiting again and 'appoint N' may take it", async () => {
    const student = await waitingStudent();
    const slot = await insertSlot(db, { day: DAY, capacity: 1, place: 'قاعة 2' });
    await book(student.id, slot, student.cookie);
    const res = await cancel(student.id, student.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: INTERVIEW_MESSAGES.interviewCancelled });
    expect(await db.select().from(appointments)).toEqual([]);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, 'interviews.cancel'));
    expect(audit).toMatchObject({
      actorId: null,
      targetId: student.id,
      details: { slotId: slot, date: DAY, period: 9, place: 'قاعة 2' },
    });
    const listed = (await slotsOf(student.id, student.cookie)).json<StudentInterviewSlotsResponse>().data;
    expect(listed.booking).toBeNull();
    expect(listed.slots).toEqual([{ id: slot, date: DAY, period: 9, place: 'قاعة 2', free: 1 }]);
  });

  it('refuses cancelling without a booking, or an appointment made by the staff, changing nothing', async () => {
    const student = await waitingStudent();
    const none = await cancel(student.id, student.cookie);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual(error(INTERVIEW_MESSAGES.interviewNoBooking));
    await db.insert(appointments).values({ studentId: student.id, appointedDay: DAY, appointedHour: 9 });
    const before = await everything();
    const byStaff = await cancel(student.id, student.cookie);
    expect(byStaff.statusCode).toBe(409);
    expect(byStaff.json()).toEqual(error(INTERVIEW_MESSAGES.interviewAppointedByStaff));
    expect(await everything()).toEqual(before);
  });
});

describe('the 24-hour rule, on a fixed clock in the university time zone', () => {
  // 9:00 in Cairo on Sunday 2026-11-29 (winter, UTC+2) is 07:00 UTC.
  const day = '2026-11-29';
  const other = '2026-11-30';
  const start = Date.parse('2026-11-29T07:00:00Z');
  const H = 3600 * 1000;

  const serviceAt = (now: number) =>
    interviewsService({
      repository: interviewsRepository(db),
      audit: (entry, tx) => recordAudit(tx ?? db, entry),
      timeZone: TEST_TIME_ZONE,
      weekendDays: TEST_WEEKEND,
      links: createLinkSigner(TEST_SECRET),
      downloadPath: (token) => token,
      now: () => new Date(now),
    });
  const context = { ip: '127.0.0.1' };

  async function bookedStudent() {
    const [student] = await insertWaitingStudents(db, 1);
    const slot = await insertSlot(db, { day, period: 9 });
    await serviceAt(start - 72 * H).book(student?.id as string, slot, context);
    return { id: student?.id as string, slot };
  }

  it('moves and cancels until exactly 24 hours before the start', async () => {
    const moving = await bookedStudent();
    const target = await insertSlot(db, { day: other, period: 12 });
    const moved = await serviceAt(start - 24 * H).book(moving.id, target, context);
    expect(moved).toMatchObject({ moved: true, booking: { slotId: target, date: other } });

    const cancelling = await bookedStudent();
    await serviceAt(start - 24 * H).cancel(cancelling.id, context);
    expect((await appointmentsOf(db, [cancelling.id])).size).toBe(0);
  });

  it('refuses moving or cancelling a millisecond later, and after the start, changing nothing', async () => {
    const student = await bookedStudent();
    const target = await insertSlot(db, { day: other, period: 12 });
    const before = await everything();
    for (const now of [start - 24 * H + 1, start - H, start + H]) {
      await expect(serviceAt(now).book(student.id, target, context)).rejects.toMatchObject({
        statusCode: 409,
        message: INTERVIEW_MESSAGES.interviewChangeTooLate,
      });
      await expect(serviceAt(now).cancel(student.id, context)).rejects.toMatchObject({
        statusCode: 409,
        message: INTERVIEW_MESSAGES.interviewChangeTooLate,
      });
    }
    expect(await everything()).toEqual(before);
  });

  it('shows the booking as no longer changeable, and offers nothing to move to, inside the 24 hours', async () => {
    const student = await bookedStudent();
    await insertSlot(db, { day: other, period: 12 });
    const early = await serviceAt(start - 25 * H).studentSlots(student.id);
    expect(early.booking).toMatchObject({
      changeable: true,
      startsAt: '2026-11-29T07:00:00.000Z',
      changeableUntil: '2026-11-28T07:00:00.000Z',
    });
    expect(early.slots).toHaveLength(1);
    const late = await serviceAt(start - 23 * H).studentSlots(student.id);
    expect(late.booking?.changeable).toBe(false);
    expect(late.slots).toEqual([]);
  });

  it('books a slot starting within 24 hours (only changing it is limited), never one that has started', async () => {
    const [student] = await insertWaitingStudents(db, 1);
    const slot = await insertSlot(db, { day, period: 9 });
    await expect(serviceAt(start).book(student?.id as string, slot, context)).rejects.toMatchObject({
      statusCode: 409,
      message: INTERVIEW_MESSAGES.interviewSlotStarted,
    });
    const booked = await serviceAt(start - H).book(student?.id as string, slot, context);
    expect(booked.booking.changeable).toBe(false);
  });
});
