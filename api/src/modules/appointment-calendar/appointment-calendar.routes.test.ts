import { MESSAGES } from '@portal/common';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { insertStudent, loginStudent } from '../../../test/builders.js';
import { createTestApp } from '../../../test/test-app.js';
import { appointments, interviewSlots } from '../../db/schema/index.js';

const { app, database } = await createTestApp({ STUDENT_LOOKUP_RATE_LIMIT: '10000' });
const url = (id: string) => `/api/v1/students/appointment/${id}.ics`;

async function appointedStudent(hour: 9 | 12 = 9) {
  const student = await insertStudent(database.db, { college: 'كلية الخدمة الاجتماعية', isComplete: true });
  await database.db
    .insert(appointments)
    .values({ studentId: student.id, appointedDay: '2026-08-15', appointedHour: hour });
  return student;
}

describe('GET /students/appointment/{id}.ics', () => {
  it("answers the logged-in student's appointment as a calendar file to save", async () => {
    const student = await appointedStudent(12);
    const cookie = await loginStudent(app, student.nationalId);
    const res = await app.inject({ method: 'GET', url: url(student.id), headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="personal-interview-appointment.ics"',
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const lines = res.body.replace(/\r\n /g, '').split('\r\n');
    // 12:00 in Cairo (UNIVERSITY_TIMEZONE's default) in August is 09:00 UTC.
    expect(lines).toContain('DTSTART:20260815T090000Z');
    expect(lines).toContain(`UID:appointment-${student.id}@stAdmission`);
    expect(lines).toContain('LOCATION:كلية الخدمة الاجتماعية');
  });

  it("is at the booked slot's place, parsed by ical.js, at the start on the university clock", async () => {
    const student = await insertStudent(database.db, { college: 'كلية الخدمة الاجتماعية', isComplete: true });
    const [slot] = await database.db
      .insert(interviewSlots)
      .values({ day: '2026-12-15', period: 9, capacity: 10, place: 'قاعة 3، الدور الثاني' })
      .returning();
    await database.db.insert(appointments).values({
      studentId: student.id,
      appointedDay: '2026-12-15',
      appointedHour: 9,
      slotId: slot?.id,
    });
    const cookie = await loginStudent(app, student.nationalId);
    const res = await app.inject({ method: 'GET', url: url(student.id), headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const vevent = new ICAL.Component(ICAL.parse(res.body)).getFirstSubcomponent('vevent');
    if (!vevent) throw new Error('no event in the calendar file');
    const event = new ICAL.Event(vevent);
    expect(event.location).toBe('قاعة 3، الدور الثاني');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-15T07:00:00.000Z');
  });

  it('answers 404 with an Arabic message while no appointment is set', async () => {
    const student = await insertStudent(database.db, { college: 'كلية الخدمة الاجتماعية', isComplete: true });
    const cookie = await loginStudent(app, student.nationalId);
    const res = await app.inject({ method: 'GET', url: url(student.id), headers: { cookie } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: MESSAGES.appointmentNotSet });
  });

  it('answers 401 without a session, whatever the path', async () => {
    const student = await appointedStudent();
    for (const id of [student.id, 'not-a-uuid']) {
      const res = await app.inject({ method: 'GET', url: url(id) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 'error', message: MESSAGES.studentSessionExpired });
    }
  });

  it("answers 403 for another student's appointment", async () => {
    const mine = await insertStudent(database.db);
    const theirs = await appointedStudent();
    const cookie = await loginStudent(app, mine.nationalId);
    const res = await app.inject({ method: 'GET', url: url(theirs.id), headers: { cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'error', message: MESSAGES.forbidden });
  });

  it('answers 400 for a path that names no student id', async () => {
    const student = await insertStudent(database.db);
    const cookie = await loginStudent(app, student.nationalId);
    const res = await app.inject({ method: 'GET', url: url('42'), headers: { cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: MESSAGES.studentIdInvalid });
  });

  it('is documented in the OpenAPI document', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(res.json().paths)).toContain('/api/v1/students/appointment/{id}.ics');
  });
});
