import { addDays, MESSAGES, nextSchedulingDay } from '@portal/common';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  expiredTokenFor,
  insertStaff,
  type TestStaff,
  tamperedTokenFor,
  tokenFor,
} from '../../../test/auth-helpers.js';
import { insertStudent } from '../../../test/builders.js';
import { pdfPageCount, pdfText } from '../../../test/pdf-text.js';
import { createTestApp } from '../../../test/test-app.js';
import { appointments, auditLog, students } from '../../db/schema.js';
import { PdfRenderError } from '../../pdf/pdf-renderer.js';
import { universityToday } from './scheduling.rules.js';
import { insertWaitingStudents, SOCIAL_WORK } from './testing/waiting-students.js';

const { app, database } = await createTestApp({ UNIVERSITY_NAME: 'جامعة الاختبار' });
const db = database.db;
const DAY = nextSchedulingDay(addDays(universityToday(new Date(), 'Africa/Cairo'), 1), [5, 6]);
const SHOWN = DAY.split('-').reverse().join('/');

let social: TestStaff;

beforeEach(async () => {
  await db.delete(appointments);
  await db.delete(students);
  await db.execute(sql`TRUNCATE audit_log`);
  social ??= await insertStaff(db, { role: 'SOCIAL_ADMIN' });
});

const printUrl = (date: string, period: string | number, token: string) =>
  `/api/v1/users/exportsAppointedStudents/${date}/${period}/${encodeURIComponent(token)}`;
const print = async (date: string, period: string | number, token?: string) =>
  app.inject({ method: 'GET', url: printUrl(date, period, token ?? (await tokenFor(app, social))) });

async function appoint(period: 9 | 12, count: number) {
  const res = await app.inject({
    method: 'PATCH',
    url: '/api/v1/users/appointStudents',
    headers: { authorization: `Bearer ${await tokenFor(app, social)}` },
    payload: { date: DAY, period, NumOfStudents: count },
  });
  expect(res.statusCode).toBe(200);
}

async function printAudits() {
  return db.select().from(auditLog).where(sql`${auditLog.action} = 'appointments.print'`);
}

/** Names chosen without the lam-alef ligature, which pdftotext splits. */
const NAMES = ['يوسف سامح عادل', 'إيمان محمد حسن', 'احمد سمير فؤاد', 'بسمة عمر نبيه', 'أحمد رضا منير'];

describe('GET /users/exportsAppointedStudents/{date}/{period}/{token}', () => {
  it('prints the period list sorted by name, with the college, day and period, and audits it', async () => {
    const inserted: { nationalId: string }[] = [];
    for (const [i, name] of NAMES.entries())
      inserted.push(
        await insertStudent(db, {
          name,
          college: SOCIAL_WORK,
          isComplete: true,
          completedAt: new Date(Date.UTC(2026, 6, 1, 8, 10 - i)),
          phoneNumber: `0100000000${i}`,
        }),
      );
    await appoint(9, 4);
    await appoint(12, 1);

    const res = await print(DAY, 9);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^inline; filename="interview-schedule-${DAY}-9.pdf"; filename\\*=UTF-8''`),
    );
    const text = pdfText(res.rawPayload);
    // The four earliest to complete (the last four inserted), by name; hamza spellings of أحمد/احمد/إيمان sort as
    // one letter: أحمد رضا, احمد سمير, إيمان, بسمة.
    const byName = [4, 2, 1, 3].map((i) => inserted[i]?.nationalId as string);
    const order = inserted
      .map((s) => s.nationalId)
      .filter((id) => text.includes(id))
      .sort((a, b) => text.indexOf(a) - text.indexOf(b));
    expect(order).toEqual(byName);
    for (const i of [1, 2, 3, 4]) expect(text).toContain(`0100000000${i}`);
    expect(text).not.toContain(inserted[0]?.nationalId);
    // pdftotext splits the lam-alef ligature, so words without it are checked.
    for (const words of ['جامعة', 'كشف مواعيد', 'كلية الخدمة', SHOWN, 'الفترة الصباحية', '9:00', 'التوقيع'])
      expect(text).toContain(words);

    const [audit] = await printAudits();
    expect(audit).toMatchObject({
      actorId: social.id,
      action: 'appointments.print',
      targetId: `${DAY}@9`,
      details: { date: DAY, period: 9, students: 4 },
    });
  });

  it('runs to several pages and repeats the heading of the table on each', async () => {
    await insertWaitingStudents(db, 90);
    await appoint(12, 90);
    const res = await print(DAY, '12');
    expect(res.statusCode).toBe(200);
    const pages = pdfPageCount(res.rawPayload);
    expect(pages).toBeGreaterThanOrEqual(3);
    const text = pdfText(res.rawPayload);
    expect(text.split('رقم الموبايل').length - 1).toBe(pages);
    expect(text.split('المسائية').length - 1).toBeGreaterThanOrEqual(pages);
    expect(text.split('صفحة').length - 1).toBe(pages);
  });

  it('answers 503 with Retry-After when the renderer fails, and prints again afterwards', async () => {
    await insertStudent(db, {
      name: NAMES[0],
      college: SOCIAL_WORK,
      isComplete: true,
      completedAt: new Date(),
    });
    await appoint(9, 1);
    vi.spyOn(app.pdf, 'render').mockRejectedValueOnce(new PdfRenderError('compiler crashed'));
    const failed = await print(DAY, 9);
    expect(failed.statusCode).toBe(503);
    expect(failed.headers['retry-after']).toBe('5');
    expect(failed.json()).toEqual({ status: 'error', message: MESSAGES.serviceUnavailable });
    expect((await print(DAY, 9)).statusCode).toBe(200);
  });

  it('refuses a day without students, and a period without any, with the spec messages', async () => {
    await insertWaitingStudents(db, 2);
    const empty = await print(DAY, 9);
    expect(empty.statusCode).toBe(404);
    expect(empty.json()).toEqual({ status: 'error', message: MESSAGES.noStudentsScheduledDay });

    await appoint(9, 2);
    const evening = await print(DAY, 12);
    expect(evening.statusCode).toBe(404);
    expect(evening.json()).toEqual({
      status: 'error',
      message: 'لا يوجد طلاب مجدولين في الفترة المسائية (12:00) من هذا اليوم',
    });
    expect(await printAudits()).toHaveLength(0);
  });

  it.each([
    ['a malformed date', '17-09-2026', 9, MESSAGES.scheduleDateInvalid],
    ['an impossible date', '2026-02-30', 9, MESSAGES.scheduleDateInvalid],
    ['period 10', DAY, 10, MESSAGES.schedulePeriodInvalid],
    ['period text', DAY, 'morning', MESSAGES.schedulePeriodInvalid],
  ])('refuses %s with 400', async (_, date, period, message) => {
    const res = await print(date, period);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message });
  });

  it('refuses an expired, tampered, forged or missing token, and another role, printing nothing', async () => {
    await insertWaitingStudents(db, 2);
    await appoint(9, 2);
    const support = await insertStaff(db, { role: 'SUPPORT' });
    const admin = await insertStaff(db, { role: 'ADMIN' });
    const cases: [string, number, string][] = [
      [
        await expiredTokenFor(app, await insertStaff(db, { role: 'SOCIAL_ADMIN' })),
        401,
        MESSAGES.sessionInvalid,
      ],
      [await tamperedTokenFor(app, support, social.id), 401, MESSAGES.sessionInvalid],
      ['not.a.token', 401, MESSAGES.sessionInvalid],
      [await tokenFor(app, support), 403, MESSAGES.forbidden],
      [await tokenFor(app, admin), 403, MESSAGES.forbidden],
    ];
    for (const [token, status, message] of cases) {
      const res = await print(DAY, 9, token);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ status: 'error', message });
    }
    // The token is only read from the path, never from the Authorization header.
    const header = await app.inject({
      method: 'GET',
      url: printUrl(DAY, 9, 'x'),
      headers: { authorization: `Bearer ${await tokenFor(app, social)}` },
    });
    expect(header.statusCode).toBe(401);
    expect(await printAudits()).toHaveLength(0);
  });
});
