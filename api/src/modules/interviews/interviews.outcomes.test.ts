// Kept whole: the committee's side after booking (day list, outcomes, statistics, export, the final form) on
// one app and one embedded database with the same appointed students; another file would start another database.
import {
  INTERVIEW_CRITERIA,
  INTERVIEW_MESSAGES,
  type InterviewDayResponse,
  type InterviewOutcomeResponse,
  type InterviewStatisticsResponse,
  MESSAGE_TEMPLATES,
  MESSAGES,
} from '@portal/common';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { InjectOptions } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { injectAs, insertStaff, type TestStaff } from '../../../test/auth-helpers.js';
import { insertStudent } from '../../../test/builders.js';
import { fillSlot, insertSlot, SOCIAL_WORK, workingDay } from '../../../test/interviews.js';
import { asExtracted, pdfLayoutText, pdfText } from '../../../test/pdf-text.js';
import { studentCookie } from '../../../test/student-access.js';
import { createTestApp, TEST_SECRET } from '../../../test/test-app.js';
import {
  appointments,
  auditLog,
  interviewOutcomes,
  interviewSlots,
  staffUsers,
  students,
} from '../../db/schema/index.js';
import { createLinkSigner } from '../../lib/signed-link.js';
import { EXPORT_LINK_PURPOSE } from '../exports/index.js';
import { INTERVIEW_EXPORT_LINK_PURPOSE } from './export-link.service.js';
import { INTERVIEW_EXPORT_COLUMNS } from './interview-export.js';

/** Issue 18, the outcome: the day's list, attendance and the six scores, statistics, the export, the form. */
const { app, database } = await createTestApp({ STUDENT_LOOKUP_RATE_LIMIT: '10000' });
const db = database.db;
const DAY = workingDay(3);
const NEXT = workingDay(1, new Date(`${DAY}T12:00:00Z`));
const links = createLinkSigner(TEST_SECRET);

const SCORES = { appearance: 9, expression: 17, culture: 12, motivation: 18, balance: 13, communication: 19 };

let social: TestStaff;
let superAdmin: TestStaff;

beforeAll(async () => {
  social = await insertStaff(db, { role: 'SOCIAL_ADMIN' });
  superAdmin = await insertStaff(db, { role: 'SUPERADMIN' });
});

beforeEach(async () => {
  await db.delete(appointments);
  await db.delete(interviewOutcomes);
  await db.delete(students);
  await db.delete(interviewSlots);
  await db.execute(sql`TRUNCATE audit_log`);
});

/** A complete social-work student, appointed by 'appoint N' (no slot) or booked in `slot`. */
async function appointed(name: string, day = DAY, period: 9 | 12 = 9, slot?: string) {
  const student = await insertStudent(db, {
    college: SOCIAL_WORK,
    isComplete: true,
    name,
    phoneNumber: '01011112222',
  });
  if (slot) await fillSlot(db, slot, [student.id]);
  else
    await db.insert(appointments).values({ studentId: student.id, appointedDay: day, appointedHour: period });
  return student;
}

const as = (options: InjectOptions, who: TestStaff = social) => injectAs(app, who, options);
const save = (studentId: string, payload: unknown, who?: TestStaff) =>
  as({ method: 'PUT', url: `/api/v1/interviews/outcome/${studentId}`, payload: payload as never }, who);
const dayList = (query: string) => as({ method: 'GET', url: `/api/v1/interviews/day?${query}` });
const outcomeRows = () => db.select().from(interviewOutcomes);
const outcomeAudits = () => db.select().from(auditLog).where(eq(auditLog.action, 'interviews.outcome'));

describe('GET /interviews/day', () => {
  it("lists the day's students however appointed, by period, place and name, with place and outcome", async () => {
    const hall = await insertSlot(db, { day: DAY, period: 9, place: 'قاعة ب' });
    const room = await insertSlot(db, { day: DAY, period: 9, place: 'قاعة أ' });
    const sara = await appointed('سارة علي حسن', DAY, 9, hall);
    const omar = await appointed('عمر خالد يوسف', DAY, 9, room);
    const badr = await appointed('بدر سامي نبيل', DAY, 9);
    const evening = await appointed('آمنة طارق منير', DAY, 12);
    await appointed('طالب يوم آخر', NEXT, 9);
    await db
      .insert(interviewOutcomes)
      .values({ studentId: omar.id, attended: false, recordedByUserName: 'x' });

    const res = await dayList(`date=${DAY}&period=9`);
    expect(res.statusCode).toBe(200);
    const data = res.json<InterviewDayResponse>().data;
    expect(data.date).toBe(DAY);
    expect(data.period).toBe(9);
    expect(data.students.map((s) => s.studentId)).toEqual([omar.id, sara.id, badr.id]);
    expect(data.students[0]).toMatchObject({
      name: 'عمر خالد يوسف',
      nationalId: omar.nationalId,
      phoneNumber: '01011112222',
      date: DAY,
      period: 9,
      place: 'قاعة أ',
      slotId: room,
      source: 'booking',
      outcome: { attended: false, scores: {}, total: null, decision: null, notes: null, recordedBy: 'x' },
    });
    expect(data.students[2]).toMatchObject({ place: null, slotId: null, source: 'staff', outcome: null });

    const both = (await dayList(`date=${DAY}`)).json<InterviewDayResponse>().data;
    expect(both.period).toBeNull();
    expect(both.students.map((s) => s.studentId)).toEqual([omar.id, sara.id, badr.id, evening.id]);
  });

  it('audits each read of the list: who, the day and period asked for, and how many students it showed', async () => {
    await appointed('سارة علي حسن', DAY, 9);
    await appointed('آمنة طارق منير', DAY, 12);
    expect((await dayList(`date=${DAY}&period=12`)).statusCode).toBe(200);
    expect((await dayList(`date=${DAY}`)).statusCode).toBe(200);
    expect((await dayList('date=2030-02-30')).statusCode).toBe(400);
    const rows = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'interviews.day_list'))
      .orderBy(auditLog.createdAt);
    expect(rows.map((row) => [row.actorId, row.actorUserName, row.targetId, row.details])).toEqual([
      [social.id, social.userName, `${DAY}@12`, { date: DAY, period: 12, rows: 1 }],
      [social.id, social.userName, DAY, { date: DAY, rows: 2 }],
    ]);
  });

  it('refuses a date that is not one and a period that is not 9 or 12', async () => {
    const bad = await dayList('date=2030-02-30');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status: 'error', message: MESSAGES.scheduleDateInvalid });
    const period = await dayList(`date=${DAY}&period=10`);
    expect(period.json()).toEqual({ status: 'error', message: MESSAGES.schedulePeriodInvalid });
  });
});

describe('PUT /interviews/outcome/{studentId}', () => {
  it('records attendance, the six scores, the total, the decision and notes, and audits it', async () => {
    const student = await appointed('سارة علي حسن');
    const res = await save(student.id, {
      attended: true,
      scores: SCORES,
      decision: 'suitable',
      notes: ' متحدثة جيدة ',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<InterviewOutcomeResponse>();
    expect(body).toMatchObject({
      status: 'success',
      message: INTERVIEW_MESSAGES.interviewOutcomeSaved,
      data: {
        attended: true,
        scores: SCORES,
        total: 88,
        decision: 'suitable',
        notes: 'متحدثة جيدة',
        recordedBy: social.userName,
      },
    });
    const [row] = await outcomeRows();
    expect(row).toMatchObject({
      studentId: student.id,
      total: 88,
      recordedBy: social.id,
      decision: 'suitable',
    });
    const [audit] = await outcomeAudits();
    expect(audit).toMatchObject({
      actorId: social.id,
      actorUserName: social.userName,
      targetType: 'student',
      targetId: student.id,
      details: {
        before: null,
        after: { attended: true, scores: SCORES, total: 88, decision: 'suitable', notes: 'متحدثة جيدة' },
      },
    });
  });

  it('corrects a saved outcome, keeping when it was first recorded, audited with what it replaced', async () => {
    const student = await appointed('سارة علي حسن');
    const first = (
      await save(student.id, { attended: true, scores: { appearance: 5 } })
    ).json<InterviewOutcomeResponse>();
    expect(first.data).toMatchObject({ scores: { appearance: 5 }, total: null, decision: null });
    const corrected = await save(
      student.id,
      { attended: true, scores: { ...SCORES, balance: 3 }, decision: 'notSuitable' },
      superAdmin,
    );
    expect(corrected.statusCode).toBe(200);
    const data = corrected.json<InterviewOutcomeResponse>().data;
    expect(data).toMatchObject({ total: 78, decision: 'notSuitable', recordedBy: superAdmin.userName });
    expect(data.recordedAt).toBe(first.data.recordedAt);
    expect(new Date(data.updatedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(first.data.updatedAt).getTime(),
    );
    expect(await outcomeRows()).toHaveLength(1);
    const audits = await outcomeAudits();
    expect(audits).toHaveLength(2);
    expect(audits.find((row) => row.actorId === superAdmin.id)?.details).toEqual({
      before: { attended: true, scores: { appearance: 5 }, total: null, decision: null, notes: null },
      after: {
        attended: true,
        scores: { ...SCORES, balance: 3 },
        total: 78,
        decision: 'notSuitable',
        notes: null,
      },
    });

    const absent = await save(student.id, { attended: false });
    expect(absent.json<InterviewOutcomeResponse>().data).toMatchObject({
      attended: false,
      scores: {},
      total: null,
      decision: null,
    });
  });

  it.each([
    [
      'a score above its maximum',
      { attended: true, scores: { ...SCORES, appearance: 11 } },
      MESSAGE_TEMPLATES.interviewScoreInvalid('المظهر العام', 10),
    ],
    [
      'a negative score',
      { attended: true, scores: { balance: -1 } },
      MESSAGE_TEMPLATES.interviewScoreInvalid('الاتزان الانفعالي والثقة بالنفس', 15),
    ],
    [
      'a score that is not whole',
      { attended: true, scores: { culture: 7.5 } },
      MESSAGE_TEMPLATES.interviewScoreInvalid('الثقافة العامة والقضايا الاجتماعية', 15),
    ],
    [
      'a decision without attendance',
      { attended: false, decision: 'suitable' },
      INTERVIEW_MESSAGES.interviewDecisionWithoutAttendance,
    ],
    [
      'scores without attendance',
      { attended: false, scores: SCORES },
      INTERVIEW_MESSAGES.interviewScoresWithoutAttendance,
    ],
    [
      'an unknown criterion',
      { attended: true, scores: { ...SCORES, height: 5 } },
      MESSAGE_TEMPLATES.interviewCriterionUnknown('height'),
    ],
    [
      'a decision missing a score',
      { attended: true, scores: { ...SCORES, motivation: undefined }, decision: 'suitable' },
      INTERVIEW_MESSAGES.interviewDecisionNeedsAllScores,
    ],
    ['no attendance', { scores: SCORES }, INTERVIEW_MESSAGES.interviewAttendedRequired],
    [
      'notes of 1001 characters',
      { attended: true, notes: 'ن'.repeat(1001) },
      INTERVIEW_MESSAGES.interviewNotesTooLong,
    ],
  ])('refuses %s with 400 and an Arabic message, changing nothing', async (_, payload, message) => {
    const student = await appointed('سارة علي حسن');
    await save(student.id, { attended: true, scores: { appearance: 4 } });
    const before = { outcomes: await outcomeRows(), audits: await db.select().from(auditLog) };
    const res = await save(student.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message });
    expect({ outcomes: await outcomeRows(), audits: await db.select().from(auditLog) }).toEqual(before);
  });

  it('refuses a student without an appointment (409) and one who does not exist (404)', async () => {
    const student = await insertStudent(db, { college: SOCIAL_WORK, isComplete: true });
    const res = await save(student.id, { attended: false });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 'error', message: INTERVIEW_MESSAGES.interviewNotAppointed });
    const gone = await save('7d3f8a2e-1b4c-4d5e-8f90-123456789abc', { attended: false });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ status: 'error', message: MESSAGES.studentRecordNotFound });
    expect(await outcomeRows()).toEqual([]);
    expect(await outcomeAudits()).toEqual([]);
  });
});

describe('GET /interviews/statistics', () => {
  it('counts per day and in total: appointed, attended, absent, suitable, not suitable, not recorded', async () => {
    const a = await appointed('أ أ أ');
    const b = await appointed('ب ب ب');
    const c = await appointed('ج ج ج', DAY, 12);
    await appointed('د د د');
    const e = await appointed('هـ هـ هـ', NEXT);
    await appointed('و و و', NEXT);
    await save(a.id, { attended: true, scores: SCORES, decision: 'suitable' });
    await save(b.id, { attended: true, scores: SCORES, decision: 'notSuitable' });
    await save(c.id, { attended: false });
    await save(e.id, { attended: true, scores: { appearance: 4 } });

    const res = await as({ method: 'GET', url: '/api/v1/interviews/statistics' });
    expect(res.statusCode).toBe(200);
    const zero = { appointed: 0, attended: 0, absent: 0, suitable: 0, notSuitable: 0, notRecorded: 0 };
    expect(res.json<InterviewStatisticsResponse>().data).toEqual({
      days: [
        {
          ...zero,
          date: DAY,
          appointed: 4,
          attended: 2,
          absent: 1,
          suitable: 1,
          notSuitable: 1,
          notRecorded: 1,
        },
        { ...zero, date: NEXT, appointed: 2, attended: 1, notRecorded: 1 },
      ],
      total: { appointed: 6, attended: 3, absent: 1, suitable: 1, notSuitable: 1, notRecorded: 2 },
    });
    const one = await as({ method: 'GET', url: `/api/v1/interviews/statistics?from=${NEXT}&to=${NEXT}` });
    expect(one.json<InterviewStatisticsResponse>().data.total).toEqual({
      ...zero,
      appointed: 2,
      attended: 1,
      notRecorded: 1,
    });
    const bad = await as({ method: 'GET', url: `/api/v1/interviews/statistics?from=${NEXT}&to=${DAY}` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status: 'error', message: INTERVIEW_MESSAGES.dateRangeInvalid });
  });
});

describe('POST /interviews/export', () => {
  async function sheetOf(body: Buffer) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    return { sheet, rows };
  }

  it('links to a right-to-left sheet of the range, one row per student with the six scores, total, decision, notes', async () => {
    const hall = await insertSlot(db, { day: DAY, period: 12, place: 'قاعة الندوات' });
    const scored = await appointed('سارة علي حسن', DAY, 12, hall);
    const absent = await appointed('=HYPERLINK("http://x")', DAY, 9);
    const waiting = await appointed('بدر سامي نبيل', DAY, 9);
    await appointed('خارج المدى', NEXT, 9);
    await save(scored.id, { attended: true, scores: SCORES, decision: 'suitable', notes: '+ملاحظة' });
    await save(absent.id, { attended: false });

    const link = await as({
      method: 'POST',
      url: '/api/v1/interviews/export',
      payload: { from: DAY, to: DAY },
    });
    expect(link.statusCode).toBe(200);
    const { path } = link.json<{ path: string }>();
    expect(path).toMatch(/^\/api\/v1\/interviews\/export\/[\w-]+\.[\w-]+$/);
    const res = await app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="interview-outcomes-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );

    const { sheet, rows } = await sheetOf(res.rawPayload);
    expect(sheet.views[0]?.rightToLeft).toBe(true);
    expect(rows[0]).toEqual(INTERVIEW_EXPORT_COLUMNS.map((c) => c.header));
    expect(rows[0]).toEqual(expect.arrayContaining(INTERVIEW_CRITERIA.map((c) => `${c.label} (${c.max})`)));
    expect(rows).toHaveLength(4);
    const [, second, first, third] = rows;
    // By period, then place, then name (Latin before Arabic): the two morning students, then the evening one.
    expect(first?.slice(0, 7)).toEqual([
      'بدر سامي نبيل',
      waiting.nationalId,
      '01011112222',
      DAY.split('-').reverse().join('/'),
      'الفترة الصباحية (9:00)',
      undefined,
      'لم تسجل النتيجة',
    ]);
    // A name that looks like a formula is written as text, never as a formula.
    expect(second?.[0]).toEqual({ richText: [{ text: '=HYPERLINK("http://x")' }] });
    expect(second?.[6]).toBe('لم يحضر');
    expect(third).toEqual([
      'سارة علي حسن',
      scored.nationalId,
      '01011112222',
      DAY.split('-').reverse().join('/'),
      'الفترة المسائية (12:00)',
      'قاعة الندوات',
      'حضر',
      9,
      17,
      12,
      18,
      13,
      19,
      88,
      'لائق',
      { richText: [{ text: '+ملاحظة' }] },
      social.userName,
      expect.any(Date),
    ]);

    const audit = await db.select().from(auditLog).where(eq(auditLog.action, 'interviews.export'));
    expect(audit[0]).toMatchObject({ actorId: social.id, details: { from: DAY, to: DAY } });
    const download = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'interviews.export_download'));
    // The download's row says how many students the file holds: the sheet's rows under its header.
    expect(download[0]).toMatchObject({ actorId: social.id, details: { from: DAY, to: DAY, rows: 3 } });
  });

  it('refuses a reversed range (400), an export link of another kind (403), an expired link (410) and a link of a lost role (403)', async () => {
    const reversed = await as({
      method: 'POST',
      url: '/api/v1/interviews/export',
      payload: { from: NEXT, to: DAY },
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({ status: 'error', message: INTERVIEW_MESSAGES.dateRangeInvalid });

    const studentsLink = links.sign(
      EXPORT_LINK_PURPOSE,
      { s: superAdmin.id, t: 'complete', c: null, i: Date.now() },
      60_000,
    );
    const other = await app.inject({ method: 'GET', url: `/api/v1/interviews/export/${studentsLink}` });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ status: 'error', message: MESSAGES.downloadLinkInvalid });

    const data = { s: social.id, i: Date.now() - 20 * 60_000, f: null, t: null };
    const expired = links.sign(INTERVIEW_EXPORT_LINK_PURPOSE, data, 60_000, data.i);
    const late = await app.inject({ method: 'GET', url: `/api/v1/interviews/export/${expired}` });
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual({ status: 'error', message: MESSAGES.downloadLinkExpired });

    const demoted = await insertStaff(db, { role: 'SOCIAL_ADMIN' });
    const { path } = (
      await as({ method: 'POST', url: '/api/v1/interviews/export', payload: {} }, demoted)
    ).json<{ path: string }>();
    await db.update(staffUsers).set({ role: 'SUPPORT' }).where(eq(staffUsers.id, demoted.id));
    const lost = await app.inject({ method: 'GET', url: path });
    expect(lost.statusCode).toBe(403);
    expect(lost.json()).toEqual({ status: 'error', message: MESSAGES.downloadLinkInvalid });
    expect(await db.select().from(auditLog).where(eq(auditLog.action, 'interviews.export_download'))).toEqual(
      [],
    );
  });
});

describe('the final personal-test form', () => {
  const formOf = async (studentId: string) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/students/getFinalPersonalTestForm/${studentId}`,
      headers: { cookie: studentCookie(app, studentId) },
    });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  };

  it('prints the recorded scores per criterion, the total, the decision, the notes and the date', async () => {
    const student = await appointed('سارة علي حسن');
    await save(student.id, {
      attended: true,
      scores: SCORES,
      decision: 'notSuitable',
      notes: 'تحتاج إلى مقابلة ثانية',
    });
    const pdf = await formOf(student.id);
    const text = pdfText(pdf);
    const rows = pdfLayoutText(pdf).split('\n');
    // Each criterion's row: its label (from the common definition), its maximum, then the recorded score.
    for (const { label, key, max } of INTERVIEW_CRITERIA) {
      const row = rows.find((line) => line.includes(asExtracted(label)));
      expect(row, label).toBeDefined();
      expect(row?.trim(), label).toMatch(new RegExp(`^${SCORES[key]}\\s+${max}\\s`));
    }
    expect(rows.find((line) => line.includes('المجموع'))?.trim()).toMatch(/^88\s+100\s/);
    expect(text).toContain(asExtracted('غير لائق'));
    expect(text).not.toContain(asExtracted('لائق للالتحاق'));
    expect(text).toContain('تحتاج إلى مقابلة ثانية');
    expect(text).toContain('تاريخ تسجيل النتيجة');
    const [row] = await outcomeRows();
    const recorded = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Cairo' }).format(row?.recordedAt);
    expect(text).toContain(recorded);
  });

  it('prints an absent student as absent, and stays blank for hand filling without an outcome', async () => {
    const absent = await appointed('غائب عن الاختبار');
    await save(absent.id, { attended: false });
    expect(pdfText(await formOf(absent.id))).toContain(asExtracted('لم يحضر الطالب الاختبار الشخصي'));

    const blankPdf = await formOf((await appointed('لم يختبر بعد')).id);
    const blank = pdfText(blankPdf);
    expect(blank).toContain(asExtracted('لائق للالتحاق بالكلية'));
    expect(blank).toContain(asExtracted('غير لائق'));
    expect(blank).not.toContain('تاريخ تسجيل النتيجة');
    // No score printed: each criterion's row ends with its maximum, the box left to fill in by hand.
    const rows = pdfLayoutText(blankPdf).split('\n');
    for (const { label, max } of INTERVIEW_CRITERIA)
      expect(rows.find((line) => line.includes(asExtracted(label)))?.trim(), label).toMatch(
        new RegExp(`^${max}\\s`),
      );
  });
});

describe('getStudent while results are hidden (INTERVIEW_RESULT_VISIBLE off, the default)', () => {
  it('never carries the decision', async () => {
    const student = await appointed('سارة علي حسن');
    await save(student.id, { attended: true, scores: SCORES, decision: 'suitable' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/students/getStudent',
      payload: { nationalID: student.nationalId },
    });
    expect(res.json().studentData.interviewDecision).toBeNull();
    expect(JSON.stringify(res.json().result)).not.toContain('نتيجة الاختبار الشخصي');
  });
});
