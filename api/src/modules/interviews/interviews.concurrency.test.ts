import { INTERVIEW_MESSAGES, MESSAGE_TEMPLATES } from '@portal/common';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { injectAs, insertStaff } from '../../../test/auth-helpers.js';
import {
  fillSlot,
  insertSlot,
  insertWaitingStudents,
  waitingStudentsWithSessions,
  workingDay,
} from '../../../test/interviews.js';
import { createTestApp } from '../../../test/test-app.js';
import { appointments, auditLog, interviewSlots, students } from '../../db/schema/index.js';

/**
 * Issue 18, item 3: a slot never takes more than its capacity and a student never holds two appointments,
 * however many ask at once. Over HTTP, each request a distinct student with its own session.
 */
const { app, database } = await createTestApp();
const db = database.db;
const DAY = workingDay(3);
const LATER = workingDay(1, new Date(`${DAY}T12:00:00Z`));

beforeEach(async () => {
  await db.delete(appointments);
  await db.delete(students);
  await db.delete(interviewSlots);
  await db.execute(sql`TRUNCATE audit_log`);
});

const bookingsOf = async (slotId: string) =>
  (await db.select().from(appointments).where(eq(appointments.slotId, slotId))).map((row) => row.studentId);

describe('300 students booking the last 10 places of a slot at the same moment', () => {
  it('give exactly 10 bookings and 290 refusals (409, Arabic), one appointment each, 10 audit rows', async () => {
    const slot = await insertSlot(db, { day: DAY, capacity: 40 });
    // 30 places already taken: 10 are left.
    await fillSlot(
      db,
      slot,
      (await insertWaitingStudents(db, 30)).map((s) => s.id),
    );
    const crowd = await waitingStudentsWithSessions(app, 300);

    const responses = await Promise.all(
      crowd.map((student) =>
        app.inject({
          method: 'POST',
          url: `/api/v1/students/bookInterview/${student.id}`,
          headers: { cookie: student.cookie },
          payload: { slotId: slot },
        }),
      ),
    );

    const statuses = responses.map((res) => res.statusCode);
    // Anything but a booking or 'slot full' would be an error (a 503, a 500): named in the failure.
    const others = responses.filter((res) => res.statusCode !== 200 && res.statusCode !== 409);
    expect(others.map((res) => `${res.statusCode} ${res.body}`)).toEqual([]);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(290);
    for (const res of responses.filter((r) => r.statusCode === 409))
      expect(res.json()).toEqual({ status: 'error', message: INTERVIEW_MESSAGES.interviewSlotFull });

    const winners = crowd.filter((_, i) => statuses[i] === 200).map((s) => s.id);
    const booked = await bookingsOf(slot);
    expect(booked).toHaveLength(40);
    expect(booked).toEqual(expect.arrayContaining(winners));
    const all = await db.select({ id: appointments.studentId }).from(appointments);
    expect(new Set(all.map((row) => row.id)).size).toBe(all.length);
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, 'interviews.book'));
    expect(audits.map((row) => row.targetId).sort()).toEqual([...winners].sort());
  });
});

describe('one student asking for two slots at once', () => {
  it('ends with one appointment, in one of them', async () => {
    const [student] = await waitingStudentsWithSessions(app, 1);
    if (!student) throw new Error('no student');
    const slots = [await insertSlot(db, { day: DAY }), await insertSlot(db, { day: LATER })];
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: `/api/v1/students/bookInterview/${student.id}`,
          headers: { cookie: student.cookie },
          payload: { slotId: slots[i % 2] },
        }),
      ),
    );
    expect(responses.every((res) => res.statusCode === 200)).toBe(true);
    const rows = await db.select().from(appointments);
    expect(rows).toHaveLength(1);
    expect(slots).toContain(rows[0]?.slotId);
  });
});

describe('lowering the capacity while students book', () => {
  it('never leaves more bookings than the capacity', async () => {
    const slot = await insertSlot(db, { day: DAY, capacity: 30 });
    const crowd = await waitingStudentsWithSessions(app, 40);
    const social = await insertStaff(db, { role: 'SOCIAL_ADMIN' });
    const bookings = crowd.map((student) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/students/bookInterview/${student.id}`,
        headers: { cookie: student.cookie },
        payload: { slotId: slot },
      }),
    );
    const edits = [12, 8, 15].map((capacity) =>
      injectAs(app, social, {
        method: 'PATCH',
        url: `/api/v1/interviews/slots/${slot}`,
        payload: { capacity },
      }),
    );
    const [booked, edited] = await Promise.all([Promise.all(bookings), Promise.all(edits)]);
    for (const res of edited) {
      if (res.statusCode === 409)
        expect(res.json().message).toMatch(
          /^لا يمكن أن يقل عدد الطلاب في الموعد عن عدد الطلاب المحجوزين فيه/,
        );
      else expect(res.statusCode).toBe(200);
    }
    const [row] = await db.select().from(interviewSlots).where(eq(interviewSlots.id, slot));
    const count = (await bookingsOf(slot)).length;
    expect(count).toBeLessThanOrEqual(row?.capacity ?? 0);
    expect(booked.filter((res) => res.statusCode === 200)).toHaveLength(count);
    // A refused edit named the bookings it would have gone below.
    const refused = edited.find((res) => res.statusCode === 409);
    if (refused) expect(refused.json().message).not.toBe(MESSAGE_TEMPLATES.slotCapacityBelowBooked(0));
    const [{ n } = { n: -1 }] = (
      await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM appointments`)
    ).rows;
    expect(n).toBe(count);
  });
});
