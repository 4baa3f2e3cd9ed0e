import {
  addDays,
  INTERVIEW_MESSAGES,
  MESSAGE_TEMPLATES,
  MESSAGES,
  type SlotResponse,
  type SlotsResponse,
  weekdayOf,
} from '@portal/common';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { injectAs, insertStaff, type TestStaff, tokenFor } from '../../../test/auth-helpers.js';
import { insertStudent } from '../../../test/builders.js';
import { fillSlot, insertSlot, insertWaitingStudents, workingDay } from '../../../test/interviews.js';
import { pdfLayoutText, pdfText } from '../../../test/pdf-text.js';
import { createTestApp } from '../../../test/test-app.js';
import { appointments, auditLog, interviewSlots, students } from '../../db/schema/index.js';
import { universityToday } from '../scheduling/index.js';

/** Issue 18, slots: publish, edit (never below the bookings), close, list with the bookings. */
const { app, database } = await createTestApp();
const db = database.db;
const DAY = workingDay(3);
const URL = '/api/v1/interviews/slots';

let social: TestStaff;

beforeEach(async () => {
  await db.delete(appointments);
  await db.delete(students);
  await db.delete(interviewSlots);
  await db.execute(sql`TRUNCATE audit_log`);
  social ??= await insertStaff(db, { role: 'SOCIAL_ADMIN' });
});

const as = (options: InjectOptions) => injectAs(app, social, options);
const create = (payload: unknown) =>
  as({ method: 'POST', url: URL, payload: payload as InjectOptions['payload'] });
const update = (id: string, payload: unknown) =>
  as({ method: 'PATCH', url: `${URL}/${id}`, payload: payload as InjectOptions['payload'] });

const slotRows = () => db.select().from(interviewSlots);
const audits = (action: string) => db.select().from(auditLog).where(eq(auditLog.action, action));

describe('POST /interviews/slots', () => {
  it('publishes a slot with its place trimmed, and audits it', async () => {
    const res = await create({ date: DAY, period: 12, capacity: '٣٠', place: '  قاعة 3، الدور الثاني ' });
    expect(res.statusCode).toBe(200);
    const body = res.json<SlotResponse>();
    expect(body).toEqual({
      status: 'success',
      message: INTERVIEW_MESSAGES.slotCreated,
      data: {
        id: expect.any(String),
        date: DAY,
        period: 12,
        place: 'قاعة 3، الدور الثاني',
        capacity: 30,
        booked: 0,
        free: 30,
        closed: false,
      },
    });
    const [row] = await slotRows();
    expect(row).toMatchObject({ id: body.data.id, day: DAY, period: 12, capacity: 30, createdBy: social.id });
    const [audit] = await audits('interviews.slot_create');
    expect(audit).toMatchObject({
      actorId: social.id,
      actorUserName: social.userName,
      targetType: 'interview_slot',
      targetId: body.data.id,
      details: { date: DAY, period: 12, capacity: 30, place: 'قاعة 3، الدور الثاني' },
    });
  });

  const today = universityToday(new Date(), 'Africa/Cairo');
  const friday = (() => {
    let day = addDays(today, 1);
    while (weekdayOf(day) !== 5) day = addDays(day, 1);
    return day;
  })();
  it.each([
    ['a past day', { date: addDays(today, -1) }, MESSAGES.scheduleDateInPast],
    ['a weekend day', { date: friday }, MESSAGE_TEMPLATES.scheduleWeekend('الجمعة')],
    ['capacity 0', { capacity: 0 }, INTERVIEW_MESSAGES.slotCapacityInvalid],
    ['capacity 501', { capacity: 501 }, INTERVIEW_MESSAGES.slotCapacityInvalid],
    ['capacity 1.5', { capacity: 1.5 }, INTERVIEW_MESSAGES.slotCapacityInvalid],
    ['no place', { place: ' ' }, INTERVIEW_MESSAGES.slotPlaceRequired],
    ['a place of 101 characters', { place: 'م'.repeat(101) }, INTERVIEW_MESSAGES.slotPlaceTooLong],
    ['period 10', { period: 10 }, MESSAGES.schedulePeriodInvalid],
  ])('refuses %s with 400 and publishes nothing', async (_, change, message) => {
    const res = await create({ date: DAY, period: 9, capacity: 10, place: 'قاعة 1', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message });
    expect(await slotRows()).toHaveLength(0);
    expect(await db.select().from(auditLog)).toHaveLength(0);
  });

  it('refuses the same place twice on one day and period with 409, and allows it in the other period', async () => {
    expect((await create({ date: DAY, period: 9, capacity: 10, place: 'قاعة 1' })).statusCode).toBe(200);
    const again = await create({ date: DAY, period: 9, capacity: 20, place: ' قاعة 1' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: 'error', message: INTERVIEW_MESSAGES.slotDuplicate });
    expect((await create({ date: DAY, period: 12, capacity: 10, place: 'قاعة 1' })).statusCode).toBe(200);
    expect(await slotRows()).toHaveLength(2);
    expect(await audits('interviews.slot_create')).toHaveLength(2);
  });
});

describe('PATCH /interviews/slots/{id}', () => {
  it('never lowers the capacity below the students booked: 409, nothing changed', async () => {
    const id = await insertSlot(db, { day: DAY, capacity: 10 });
    const waiting = await insertWaitingStudents(db, 6);
    await fillSlot(
      db,
      id,
      waiting.map((s) => s.id),
    );
    const res = await update(id, { capacity: 5, place: 'قاعة أخرى' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 'error', message: MESSAGE_TEMPLATES.slotCapacityBelowBooked(6) });
    const [row] = await slotRows();
    expect(row).toMatchObject({ capacity: 10 });
    expect(row?.place).not.toBe('قاعة أخرى');
    expect(await audits('interviews.slot_update')).toHaveLength(0);

    const exact = await update(id, { capacity: 6 });
    expect(exact.statusCode).toBe(200);
    expect(exact.json<SlotResponse>().data).toMatchObject({ capacity: 6, booked: 6, free: 0 });
  });

  it('closes a slot keeping its bookings, reopens it, edits the place, and audits before and after', async () => {
    const id = await insertSlot(db, { day: DAY, capacity: 10, place: 'قاعة 1' });
    const waiting = await insertWaitingStudents(db, 2);
    await fillSlot(
      db,
      id,
      waiting.map((s) => s.id),
    );
    const closed = await update(id, { closed: true });
    expect(closed.statusCode).toBe(200);
    expect(closed.json<SlotResponse>()).toMatchObject({
      message: INTERVIEW_MESSAGES.slotUpdated,
      data: { id, closed: true, booked: 2, capacity: 10, place: 'قاعة 1' },
    });
    expect(await db.select().from(appointments)).toHaveLength(2);

    const reopened = await update(id, { closed: false, place: 'المدرج الكبير', capacity: 12 });
    expect(reopened.json<SlotResponse>().data).toMatchObject({
      closed: false,
      place: 'المدرج الكبير',
      capacity: 12,
      free: 10,
    });
    const rows = await audits('interviews.slot_update');
    expect(rows.map((row) => row.details)).toEqual(
      expect.arrayContaining([
        {
          date: DAY,
          period: 9,
          before: { capacity: 10, place: 'قاعة 1', closed: false },
          after: { capacity: 10, place: 'قاعة 1', closed: true },
        },
        {
          date: DAY,
          period: 9,
          before: { capacity: 10, place: 'قاعة 1', closed: true },
          after: { capacity: 12, place: 'المدرج الكبير', closed: false },
        },
      ]),
    );
    expect(rows.every((row) => row.actorId === social.id && row.targetId === id)).toBe(true);
  });

  it('refuses a place already published that day and period (409), an unknown slot (404), an empty change (400)', async () => {
    const first = await insertSlot(db, { day: DAY, place: 'قاعة 1' });
    const second = await insertSlot(db, { day: DAY, place: 'قاعة 2' });
    const taken = await update(second, { place: 'قاعة 1' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ status: 'error', message: INTERVIEW_MESSAGES.slotDuplicate });
    const unknown = await update('7d3f8a2e-1b4c-4d5e-8f90-123456789abc', { closed: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 'error', message: INTERVIEW_MESSAGES.slotNotFound });
    const empty = await update(first, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ status: 'error', message: INTERVIEW_MESSAGES.slotChangeRequired });
    const badId = await update('42', { closed: true });
    expect(badId.json()).toEqual({ status: 'error', message: INTERVIEW_MESSAGES.slotIdInvalid });
    expect((await slotRows()).map((row) => row.place).sort()).toEqual(['قاعة 1', 'قاعة 2']);
    expect(await audits('interviews.slot_update')).toHaveLength(0);
  });
});

describe('GET /interviews/slots', () => {
  it('lists the range by day, period and place with the students booked in each', async () => {
    const later = workingDay(1, new Date(`${DAY}T12:00:00Z`));
    const a = await insertSlot(db, { day: DAY, period: 12, place: 'ب', capacity: 5 });
    const b = await insertSlot(db, { day: DAY, period: 9, place: 'ب', capacity: 5 });
    const c = await insertSlot(db, { day: DAY, period: 9, place: 'أ', capacity: 5, closed: true });
    const d = await insertSlot(db, { day: later, period: 9, place: 'أ', capacity: 5 });
    const waiting = await insertWaitingStudents(db, 3);
    await fillSlot(
      db,
      b,
      waiting.map((s) => s.id),
    );
    // A student appointed by 'appoint N' on the same day belongs to no slot.
    const other = await insertStudent(db, { college: 'كلية الخدمة الاجتماعية', isComplete: true });
    await db.insert(appointments).values({ studentId: other.id, appointedDay: DAY, appointedHour: 9 });

    const all = await as({ method: 'GET', url: URL });
    expect(all.statusCode).toBe(200);
    const slots = all.json<SlotsResponse>().data;
    expect(slots.map((slot) => slot.id)).toEqual([c, b, a, d]);
    expect(slots[1]).toMatchObject({ booked: 3, free: 2, capacity: 5 });
    expect(slots[0]).toMatchObject({ booked: 0, closed: true });

    const one = await as({ method: 'GET', url: `${URL}?from=${DAY}&to=${DAY}` });
    expect(one.json<SlotsResponse>().data.map((slot) => slot.id)).toEqual([c, b, a]);
    const after = await as({ method: 'GET', url: `${URL}?from=${later}` });
    expect(after.json<SlotsResponse>().data.map((slot) => slot.id)).toEqual([d]);
    const reversed = await as({ method: 'GET', url: `${URL}?from=${later}&to=${DAY}` });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({ status: 'error', message: INTERVIEW_MESSAGES.dateRangeInvalid });
  });
});

describe('the printed schedule', () => {
  it("lists everyone appointed that day and period, however appointed, with the booked slot's place", async () => {
    const id = await insertSlot(db, { day: DAY, period: 9, place: 'قاعة الندوات' });
    const [booked] = await insertWaitingStudents(db, 1);
    await fillSlot(db, id, [booked?.id as string]);
    const [byStaff] = await insertWaitingStudents(db, 1);
    await db
      .insert(appointments)
      .values({ studentId: byStaff?.id as string, appointedDay: DAY, appointedHour: 9 });
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/users/exportsAppointedStudents/${DAY}/9/${encodeURIComponent(await tokenFor(app, social))}`,
    });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('المكان');
    expect(text).toContain('قاعة الندوات');
    expect(text).toContain(booked?.nationalId);
    expect(text).toContain(byStaff?.nationalId);
    // The place sits on the booked student's row, none on the other's.
    const rows = pdfLayoutText(res.rawPayload).split('\n');
    const line = (nationalId: string | undefined) => rows.find((row) => row.includes(nationalId ?? '-'));
    expect(line(booked?.nationalId)).toContain('قاعة الندوات');
    expect(line(byStaff?.nationalId)).not.toContain('قاعة');
    const [count] = await db
      .execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM appointments`)
      .then((r) => r.rows);
    expect(count?.n).toBe(2);
  });
});
