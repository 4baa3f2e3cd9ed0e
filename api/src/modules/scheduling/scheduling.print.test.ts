import { addDays, MESSAGES, nextSchedulingDay } from '@portal/common';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  expiredTokenFor,
  insertStaff,
  type TestStaff,
  tamperedTokenFor,
  tokenFor,
} from '../../../test/auth-helpers.js';
import { insertStudent } from '../../../test/builders.js';
import { pdfPageCount, pdfText } from '../../../test/pdf-text.js';
import { createTestApp, TEST_SECRET } from '../../../test/test-app.js';
import { appointments, auditLog, students } from '../../db/schema/index.js';
import { createLinkSigner } from '../../lib/signed-link.js';
import { PdfRenderError } from '../../pdf/pdf-renderer.js';
import { SCHEDULE_PRINT_LINK, signPathLink } from '../auth/index.js';
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

describe('POST /users/exportsAppointedStudents/link (issue 33: no session token in a URL)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const askLink = async (date: string, period: number | string, as: TestStaff = social) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/users/exportsAppointedStudents/link',
      headers: { authorization: `Bearer ${await tokenFor(app, as)}` },
      payload: { date, period },
    });
  const linkOf = async (date: string, period: number | string, as?: TestStaff) => {
    const res = await askLink(date, period, as);
    expect(res.statusCode).toBe(200);
    return (res.json() as { path: string }).path;
  };
  const refusals = () =>
    db.select().from(auditLog).where(sql`${auditLog.action} = 'appointments.print_refused'`);

  it("answers the spec's print path with a print token in place of the staff token, which prints", async () => {
    await insertWaitingStudents(db, 2);
    await appoint(9, 2);
    const token = await tokenFor(app, social);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/users/exportsAppointedStudents/link',
      headers: { authorization: `Bearer ${token}` },
      payload: { date: DAY, period: '9' },
    });
    expect(res.statusCode).toBe(200);
    const { path } = res.json() as { path: string };
    expect(path).toMatch(
      new RegExp(`^/api/v1/users/exportsAppointedStudents/${DAY}/9/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]{43}$`),
    );
    expect(path).not.toContain(token);
    expect(path).not.toContain(token.split('.')[1]);

    const printed = await app.inject({ method: 'GET', url: path });
    expect(printed.statusCode).toBe(200);
    expect(printed.headers['content-type']).toBe('application/pdf');
    expect(await printAudits()).toMatchObject([
      { actorId: social.id, targetId: `${DAY}@9`, details: { date: DAY, period: 9, students: 2 } },
    ]);
    expect(await refusals()).toEqual([]);
  });

  it('refuses a print token for another day or period, in Arabic, prints nothing and audits what was tried', async () => {
    await insertWaitingStudents(db, 2);
    await appoint(9, 2);
    const path = await linkOf(DAY, 12);
    const token = path.split('/').pop() as string;
    const otherDay = nextSchedulingDay(addDays(DAY, 1), [5, 6]);
    for (const [date, period] of [
      [DAY, 9],
      [otherDay, 12],
    ] as const) {
      const res = await print(date, period, decodeURIComponent(token));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: 'error', message: MESSAGES.printLinkOtherDay });
    }
    expect(await printAudits()).toEqual([]);
    const refused = await refusals();
    expect(refused).toHaveLength(2);
    expect(refused[0]).toMatchObject({
      actorId: social.id,
      actorUserName: social.userName,
      details: {
        reason: 'otherPath',
        asked: { date: DAY, period: '9' },
        linkFor: { date: DAY, period: '12' },
      },
    });
    expect(JSON.stringify(refused)).not.toContain(decodeURIComponent(token));
  });

  it('refuses a print token past its 10 minutes with 410, audited', async () => {
    await insertWaitingStudents(db, 1);
    await appoint(9, 1);
    const path = await linkOf(DAY, 9);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * 60 * 1000);
    const res = await app.inject({ method: 'GET', url: path });
    vi.useRealTimers();
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ status: 'error', message: MESSAGES.printLinkExpired });
    expect(await printAudits()).toEqual([]);
    expect(await refusals()).toMatchObject([{ actorId: social.id, details: { reason: 'expired' } }]);
  });

  it('stops a print token once its account signs out everywhere, or is deleted', async () => {
    await insertWaitingStudents(db, 1);
    await appoint(9, 1);
    const other = await insertStaff(db, { role: 'SOCIAL_ADMIN' });
    const path = await linkOf(DAY, 9, other);
    expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    const signOut = await app.inject({
      method: 'POST',
      url: '/api/v1/users/signOutEverywhere',
      headers: { authorization: `Bearer ${await tokenFor(app, other)}` },
    });
    expect(signOut.statusCode).toBe(200);
    const res = await app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'error', message: MESSAGES.printLinkInvalid });

    const deleted = await insertStaff(db, { role: 'SOCIAL_ADMIN' });
    const deletedPath = await linkOf(DAY, 9, deleted);
    await db.execute(sql`DELETE FROM staff_users WHERE id = ${deleted.id}`);
    expect((await app.inject({ method: 'GET', url: deletedPath })).statusCode).toBe(403);
    expect(
      (await refusals()).map((row) => [row.actorId, (row.details as { reason: string }).reason]),
    ).toEqual([
      [other.id, 'account'],
      [null, 'account'],
    ]);
  });

  it('refuses a forged print token, or a link made for something else, without writing to the audit log', async () => {
    await insertWaitingStudents(db, 1);
    await appoint(9, 1);
    const forger = createLinkSigner('another-secret-of-sufficient-length-000000');
    const issued = { id: social.id, credentialsChangedAt: social.credentialsChangedAt };
    const forged = signPathLink(forger, SCHEDULE_PRINT_LINK, issued, { date: DAY, period: '9' });
    const exportLink = createLinkSigner(TEST_SECRET).sign('student-export', { s: social.id }, 60_000);
    for (const token of [forged, exportLink]) {
      const res = await print(DAY, 9, token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: 'error', message: MESSAGES.printLinkInvalid });
    }
    expect(await printAudits()).toEqual([]);
    expect(await refusals()).toEqual([]);
  });

  it('validates the day and period it is asked for', async () => {
    const res = await askLink('2026-02-30', 9);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: MESSAGES.scheduleDateInvalid });
    expect((await askLink(DAY, 10)).json()).toEqual({
      status: 'error',
      message: MESSAGES.schedulePeriodInvalid,
    });
  });
});
