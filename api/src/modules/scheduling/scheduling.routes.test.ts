import {
  type AppointStudentsResponse,
  addDays,
  MESSAGES,
  nextSchedulingDay,
  type StaffRole,
  type StudentLookupResponse,
} from '@portal/common';
import { count, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { injectAs, insertStaff, type TestStaff } from '../../../test/auth-helpers.js';
import { bothChannels, outboxRows } from '../../../test/outbox.js';
import { createTestApp } from '../../../test/test-app.js';
import { appointments, auditLog, notifications, students } from '../../db/schema/index.js';
import { pickForAppointment, universityToday } from './scheduling.rules.js';
import { insertWaitingStudents } from './testing/waiting-students.js';

const { app, database } = await createTestApp();
const db = database.db;

const FRI_SAT = [5, 6];
const today = universityToday(new Date(), 'Africa/Cairo');
/** The next working day after today, and the one after it. */
const DAY = nextSchedulingDay(addDays(today, 1), FRI_SAT);
const LATER_DAY = nextSchedulingDay(addDays(DAY, 1), FRI_SAT);
/** The next Friday after today. */
const FRIDAY = Array.from({ length: 7 }, (_, i) => addDays(today, i + 1)).find(
  (day) => new Date(`${day}T12:00:00Z`).getUTCDay() === 5,
) as string;

let social: TestStaff;

beforeEach(async () => {
  await db.delete(appointments);
  await db.delete(students);
  await db.execute(sql`TRUNCATE audit_log`);
  social ??= await insertStaff(db, { role: 'SOCIAL_ADMIN', faculty: 'كلية الخدمة الاجتماعية' });
});

function countsOf(date: string, who: StaffRole | TestStaff = social) {
  return injectAs(app, who, {
    method: 'POST',
    url: '/api/v1/users/getAppointedStudentsNumber',
    payload: { date },
  });
}
function appoint(body: object, who: StaffRole | TestStaff = social) {
  return injectAs(app, who, { method: 'PATCH', url: '/api/v1/users/appointStudents', payload: body });
}
async function appointmentRows() {
  return db
    .select({
      studentId: appointments.studentId,
      day: appointments.appointedDay,
      hour: appointments.appointedHour,
      by: appointments.appointedBy,
    })
    .from(appointments);
}
async function outboxCount() {
  const [row] = await db.select({ n: count() }).from(notifications);
  return row?.n ?? 0;
}
async function auditRows() {
  return db.select().from(auditLog).where(sql`${auditLog.action} LIKE 'appointments.%'`);
}

describe('POST /users/getAppointedStudentsNumber', () => {
  it('counts the day per period, and waiting social-work students with complete data only', async () => {
    const waiting = await insertWaitingStudents(db, 5);
    await insertWaitingStudents(db, 2, { isComplete: false });
    await insertWaitingStudents(db, 3, { college: 'كلية التجارة' });
    await db.insert(appointments).values([
      { studentId: waiting[0]?.id as string, appointedDay: DAY, appointedHour: 9 },
      { studentId: waiting[1]?.id as string, appointedDay: DAY, appointedHour: 12 },
      { studentId: waiting[2]?.id as string, appointedDay: DAY, appointedHour: 12 },
      { studentId: waiting[3]?.id as string, appointedDay: LATER_DAY, appointedHour: 9 },
    ]);

    const res = await countsOf(DAY);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      data: {
        students9: 1,
        students12: 2,
        studentsWaiting: 1,
        date: DAY,
        today,
        weekendDays: FRI_SAT,
      },
    });
    expect((await countsOf(LATER_DAY)).json().data).toMatchObject({ students9: 1, students12: 0 });
    // Past days can still be looked at.
    expect((await countsOf('2020-01-01')).json().data).toMatchObject({ students9: 0, students12: 0 });
  });

  it.each([
    [{}, MESSAGES.scheduleDateRequired],
    [{ date: '' }, MESSAGES.scheduleDateRequired],
    [{ date: '15/09/2026' }, MESSAGES.scheduleDateInvalid],
    [{ date: '2026-02-30' }, MESSAGES.scheduleDateInvalid],
    [{ date: 20260915 }, MESSAGES.scheduleDateInvalid],
    [{ date: "2026-09-15'; DROP TABLE students; --" }, MESSAGES.scheduleDateInvalid],
  ])('refuses %o with 400 and an Arabic message', async (body, message) => {
    const res = await injectAs(app, social, {
      method: 'POST',
      url: '/api/v1/users/getAppointedStudentsNumber',
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message });
  });
});

describe('PATCH /users/appointStudents', () => {
  it('appoints the N earliest to complete their data, audits it, and the counts follow', async () => {
    // Inserted latest-first, so that insertion order and completion order differ.
    const waiting = await insertWaitingStudents(db, 8, {
      firstCompletedAt: new Date('2026-07-10T08:00:00Z'),
      stepMs: -3_600_000,
    });
    const undated = await insertWaitingStudents(db, 2, { withoutCompletedAt: true });
    const expected = pickForAppointment([...undated, ...waiting], 3).map((s) => s.id);

    const res = await appoint({ date: DAY, period: 9, NumOfStudents: 3 });
    expect(res.statusCode).toBe(200);
    const body = res.json<AppointStudentsResponse>();
    expect(body.message).toMatch(/^تمت جدولة 3 طلاب يوم \d{2}\/\d{2}\/\d{4} في الفترة الصباحية \(9:00\)$/);
    expect(body.data).toEqual({
      students9: 3,
      students12: 0,
      studentsWaiting: 7,
      date: DAY,
      period: 9,
      requested: 3,
      appointed: 3,
    });

    const rows = await appointmentRows();
    expect(rows.map((r) => r.studentId).sort()).toEqual([...expected].sort());
    expect(rows.every((r) => r.day === DAY && r.hour === 9 && r.by === social.id)).toBe(true);
    // The earliest three are the last three inserted.
    expect([...expected].sort()).toEqual(
      waiting
        .slice(-3)
        .map((s) => s.id)
        .sort(),
    );

    const [audit] = await auditRows();
    expect(audit).toMatchObject({
      actorId: social.id,
      actorUserName: social.userName,
      action: 'appointments.schedule',
      targetType: 'appointment_day',
      targetId: `${DAY}@9`,
      details: { date: DAY, period: 9, requested: 3, appointed: 3 },
    });
    const { studentIds } = (audit?.details ?? { studentIds: [] }) as { studentIds: string[] };
    expect([...studentIds].sort()).toEqual([...expected].sort());

    expect((await countsOf(DAY)).json().data).toMatchObject({
      students9: 3,
      students12: 0,
      studentsWaiting: 7,
    });

    // The evening of the same day takes the next ones; students without a completion time come last.
    const evening = await appoint({ date: DAY, period: '12', NumOfStudents: '٧' });
    expect(evening.json().data).toMatchObject({
      students9: 3,
      students12: 7,
      studentsWaiting: 0,
      appointed: 7,
    });
    const eveningIds = (await appointmentRows()).filter((r) => r.hour === 12).map((r) => r.studentId);
    expect(eveningIds).toEqual(expect.arrayContaining(undated.map((s) => s.id)));
  });

  it('appoints those there are when fewer are waiting, and says so', async () => {
    await insertWaitingStudents(db, 2);
    const res = await appoint({ date: LATER_DAY, period: 12, NumOfStudents: 5 });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(
      /^عدد الطلاب المنتظرين أقل من العدد المطلوب \(5\): تمت جدولة طالبين فقط يوم .+ في الفترة المسائية \(12:00\)$/,
    );
    expect(res.json().data).toMatchObject({ requested: 5, appointed: 2, students12: 2, studentsWaiting: 0 });
    expect(await appointmentRows()).toHaveLength(2);
  });

  it('answers 409 when nobody is waiting, changing nothing', async () => {
    await insertWaitingStudents(db, 2, { isComplete: false });
    await insertWaitingStudents(db, 2, { college: 'كلية التجارة' });
    const res = await appoint({ date: DAY, period: 9, NumOfStudents: 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 'error', message: MESSAGES.noStudentsWaiting });
    expect(await appointmentRows()).toHaveLength(0);
    expect(await auditRows()).toHaveLength(0);
  });

  it('queues interviewAppointed for each appointed student only, in one set (issue 17)', async () => {
    const waiting = await insertWaitingStudents(db, 4);
    const res = await appoint({ date: DAY, period: 12, NumOfStudents: 3 });
    expect(res.statusCode).toBe(200);
    const appointed = new Set((await appointmentRows()).map((row) => row.studentId));
    const message = bothChannels('interviewAppointed', `interviewAppointed:${DAY}:12`, {
      day: DAY,
      hour: 12,
      place: null,
    });
    for (const student of waiting)
      expect(await outboxRows(db, student.id)).toEqual(appointed.has(student.id) ? message : []);
    expect(await outboxCount()).toBe(6);
  });

  it('queues nothing when nothing is appointed', async () => {
    await insertWaitingStudents(db, 2, { isComplete: false });
    expect((await appoint({ date: DAY, period: 9, NumOfStudents: 2 })).statusCode).toBe(409);
    expect((await appoint({ date: FRIDAY, period: 9, NumOfStudents: 2 })).statusCode).toBe(400);
    expect(await outboxCount()).toBe(0);
  });

  it('never appoints a student twice', async () => {
    await insertWaitingStudents(db, 3);
    await appoint({ date: DAY, period: 9, NumOfStudents: 3 });
    const again = await appoint({ date: LATER_DAY, period: 9, NumOfStudents: 3 });
    expect(again.statusCode).toBe(409);
    expect(await appointmentRows()).toHaveLength(3);
  });

  it('lets a super admin schedule too', async () => {
    await insertWaitingStudents(db, 1);
    const res = await appoint({ date: DAY, period: 9, NumOfStudents: 1 }, 'SUPERADMIN');
    expect(res.statusCode).toBe(200);
  });

  it.each([
    [
      'a past day',
      () => ({ date: addDays(today, -1), period: 9, NumOfStudents: 1 }),
      MESSAGES.scheduleDateInPast,
    ],
    ['a Friday', () => ({ date: FRIDAY, period: 9, NumOfStudents: 1 }), 'يوم الجمعة عطلة، اختر يوما آخر'],
    [
      'a Saturday',
      () => ({ date: addDays(FRIDAY, 1), period: 9, NumOfStudents: 1 }),
      'يوم السبت عطلة، اختر يوما آخر',
    ],
    ['no date', () => ({ period: 9, NumOfStudents: 1 }), MESSAGES.scheduleDateRequired],
    [
      'a malformed date',
      () => ({ date: '2026/09/17', period: 9, NumOfStudents: 1 }),
      MESSAGES.scheduleDateInvalid,
    ],
    [
      'an impossible date',
      () => ({ date: '2027-02-29', period: 9, NumOfStudents: 1 }),
      MESSAGES.scheduleDateInvalid,
    ],
    ['no period', () => ({ date: DAY, NumOfStudents: 1 }), MESSAGES.schedulePeriodRequired],
    ['period 10', () => ({ date: DAY, period: 10, NumOfStudents: 1 }), MESSAGES.schedulePeriodInvalid],
    ['period 0', () => ({ date: DAY, period: 0, NumOfStudents: 1 }), MESSAGES.schedulePeriodInvalid],
    ['no number', () => ({ date: DAY, period: 9 }), MESSAGES.numOfStudentsRequired],
    ['an empty number', () => ({ date: DAY, period: 9, NumOfStudents: '' }), MESSAGES.numOfStudentsRequired],
    ['zero students', () => ({ date: DAY, period: 9, NumOfStudents: 0 }), MESSAGES.numOfStudentsInvalid],
    ['a negative number', () => ({ date: DAY, period: 9, NumOfStudents: -3 }), MESSAGES.numOfStudentsInvalid],
    ['a fraction', () => ({ date: DAY, period: 9, NumOfStudents: 1.5 }), MESSAGES.numOfStudentsInvalid],
    ['2001 students', () => ({ date: DAY, period: 9, NumOfStudents: 2001 }), MESSAGES.numOfStudentsInvalid],
    ['a huge number', () => ({ date: DAY, period: 9, NumOfStudents: 9e15 }), MESSAGES.numOfStudentsInvalid],
    ['text', () => ({ date: DAY, period: 9, NumOfStudents: 'خمسة' }), MESSAGES.numOfStudentsInvalid],
  ])('refuses %s with 400 and an Arabic message, changing nothing', async (_, body, message) => {
    await insertWaitingStudents(db, 3);
    const res = await appoint(body());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message });
    expect(await appointmentRows()).toHaveLength(0);
    expect(await auditRows()).toHaveLength(0);
  });

  it.each([
    ['SUPPORT', 403],
    ['ADMIN', 403],
  ] as const)('refuses %s with %i, changing nothing', async (role, status) => {
    await insertWaitingStudents(db, 3);
    const res = await appoint({ date: DAY, period: 9, NumOfStudents: 3 }, role);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ status: 'error', message: MESSAGES.forbidden });
    expect((await countsOf(DAY, role)).statusCode).toBe(403);
    expect(await appointmentRows()).toHaveLength(0);
  });

  it('refuses a request without a token with 401', async () => {
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/v1/users/appointStudents',
      payload: { date: DAY, period: 9, NumOfStudents: 3 },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MESSAGES.unauthorized);
  });

  it("shows the appointment in the student's own data at once", async () => {
    const [student] = await insertWaitingStudents(db, 1);
    await appoint({ date: DAY, period: 12, NumOfStudents: 1 });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/students/getStudent',
      payload: { nationalID: student?.nationalId },
    });
    const lines = res.json<StudentLookupResponse>().result;
    const [year, month, day] = DAY.split('-');
    expect(lines).toContainEqual({
      name: 'موعد الاختبار الشخصي',
      value: `${day}/${month}/${year} - الفترة المسائية (12:00)`,
    });
  });
});

describe('a configured weekend', () => {
  it('follows INTERVIEW_WEEKEND_DAYS', async () => {
    const other = await createTestApp({ INTERVIEW_WEEKEND_DAYS: '0' });
    await insertWaitingStudents(other.database.db, 2);
    const sunday = addDays(FRIDAY, 2);
    const run = (date: string) =>
      injectAs(other.app, 'SOCIAL_ADMIN', {
        method: 'PATCH',
        url: '/api/v1/users/appointStudents',
        payload: { date, period: 9, NumOfStudents: 1 },
      });
    expect((await run(FRIDAY)).statusCode).toBe(200);
    const refused = await run(sunday);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('يوم الأحد عطلة، اختر يوما آخر');
    const [{ value } = { value: -1 }] = await other.database.db.select({ value: count() }).from(appointments);
    expect(value).toBe(1);
    expect(
      (
        await injectAs(other.app, 'SOCIAL_ADMIN', {
          method: 'POST',
          url: '/api/v1/users/getAppointedStudentsNumber',
          payload: { date: FRIDAY },
        })
      ).json().data.weekendDays,
    ).toEqual([0]);
  });
});

describe('deleting a student', () => {
  it('removes its appointment with it', async () => {
    const [student] = await insertWaitingStudents(db, 1);
    await appoint({ date: DAY, period: 9, NumOfStudents: 1 });
    await db.delete(students).where(eq(students.id, student?.id as string));
    expect((await countsOf(DAY)).json().data).toMatchObject({ students9: 0 });
  });
});
