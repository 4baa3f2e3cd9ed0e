// Kept whole: the staff's student lists, search, statistics and counts read one seeded set of students (two
// faculties and a bulk one) on one app and embedded database; split, each file would seed and start its own.
import {
  MESSAGES,
  REVIEW_MESSAGES,
  STUDENT_PAGE_SIZE,
  type StaffRole,
  type StudentRecord,
} from '@portal/common';
import { asc, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  injectAs,
  insertStaff,
  OTHER_FACULTY,
  TEST_FACULTY,
  type TestStaff,
} from '../../../test/auth-helpers.js';
import { insertStudent } from '../../../test/builders.js';
import { createTestApp } from '../../../test/test-app.js';
import { nameSearchKeySql } from '../../db/arabic-search.js';
import { appointments, auditLog, colleges, students } from '../../db/schema/index.js';

const { app, database } = await createTestApp();
const db = database.db;

/** Faculty with 520 students: more than one page of 500; every 4th complete, half of those all accepted. */
const BULK_FACULTY = 'كلية العلوم';
const BULK_COUNT = 520;
const EMPTY_FACULTY = 'كلية الحقوق';

const toArabicIndic = (digits: string) =>
  digits.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

type Who = StaffRole | TestStaff;
function call(who: Who, options: InjectOptions) {
  return injectAs(app, who, options);
}
function list(who: Who, body: object, query = '') {
  return call(who, { method: 'POST', url: `/api/v1/students/getAllStudents${query}`, payload: body });
}
function search(who: Who, body: object) {
  return call(who, { method: 'POST', url: '/api/v1/students/getStudentInfo', payload: body });
}
const names = (records: StudentRecord[]) => records.map((r) => r.studentName);

// Commerce (TEST_FACULTY, the test ADMIN's own): 7 students, 3 complete, whose documents are one of each
// reviewed status (as refreshDocumentsStatus would have left them).
const commerce = {
  ahmad: {
    name: 'أحمد محمد إبراهيم علي',
    isComplete: true,
    phoneNumber: '01012345678',
    documentsStatus: 'pending',
  },
  ahmad2: { name: 'احمد سامي عبد الله', isComplete: false },
  fatima: {
    name: 'فاطمة الزهراء حسن',
    isComplete: true,
    isPassed: true,
    isCompletedAdditionalQuestions: true,
    documentsStatus: 'accepted',
  },
  mona: { name: 'مُنى علي', isComplete: false },
  ali: { name: 'علي حسن محمود', isComplete: true, documentsStatus: 'needsReupload' },
  ibtisam: { name: 'ابتسام محمود', isComplete: false },
  mustafa: { name: 'مصطفى إسلام', isComplete: false, isPassed: true },
} as const;
// Engineering (OTHER_FACULTY): 2 students, 1 complete.
const engineering = {
  ahmad: { name: 'أحمد حسين', isComplete: true, documentsStatus: 'pending' },
  sara: { name: 'سارة يحيى', isComplete: false },
} as const;

const ids: Record<string, { id: string; nationalId: string }> = {};

beforeAll(async () => {
  for (const [key, fields] of Object.entries(commerce))
    ids[`commerce.${key}`] = await insertStudent(db, { ...fields, college: TEST_FACULTY });
  for (const [key, fields] of Object.entries(engineering))
    ids[`engineering.${key}`] = await insertStudent(db, { ...fields, college: OTHER_FACULTY });
  await db.insert(appointments).values({
    studentId: ids['commerce.fatima']?.id as string,
    appointedDay: '2026-09-14',
    appointedHour: 12,
  });
  const [bulk] = await db.select({ id: colleges.id }).from(colleges).where(eq(colleges.name, BULK_FACULTY));
  await db.execute(sql`
    INSERT INTO ${students} (national_id, name, college_id, is_complete, documents_status)
    SELECT '8' || lpad(i::text, 13, '0'), 'طالب رقم ' || lpad(i::text, 4, '0'), ${bulk?.id}, i % 4 = 0,
      CASE WHEN i % 8 = 0 THEN 'accepted' WHEN i % 4 = 0 THEN 'pending' ELSE 'none' END
    FROM generate_series(1, ${BULK_COUNT}) AS i`);
});

describe('POST /students/getAllStudents', () => {
  it("answers a faculty's students ordered by name with the faculty's counts", async () => {
    const res = await list('SUPERADMIN', { faculty: TEST_FACULTY });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.faculty).toBe(TEST_FACULTY);
    expect(body.studentsNumber).toBe(7);
    expect(body.completedStudentsNumber).toBe(3);
    // Ordered by the normalised name: أحمد and احمد sort together, as do إ/ا.
    expect(names(body.data)).toEqual([
      'ابتسام محمود',
      'احمد سامي عبد الله',
      'أحمد محمد إبراهيم علي',
      'علي حسن محمود',
      'فاطمة الزهراء حسن',
      'مصطفى إسلام',
      'مُنى علي',
    ]);
    const fatima = body.data.find((r: StudentRecord) => r.studentName === commerce.fatima.name);
    expect(fatima).toEqual({
      _id: ids['commerce.fatima']?.id,
      studentName: 'فاطمة الزهراء حسن',
      nationalID: ids['commerce.fatima']?.nationalId,
      phoneNumber: null,
      college: TEST_FACULTY,
      info: 'مكتملة',
      isComplete: true,
      isPassed: true,
      isCompletedAdditionalQuestions: true,
      appointed: true,
      appointedDay: '2026-09-14',
      appointedHour: 12,
      documentsStatus: 'accepted',
    });
    const ahmad = body.data.find((r: StudentRecord) => r.studentName === commerce.ahmad2.name);
    expect(ahmad).toMatchObject({
      info: 'غير مكتملة',
      isComplete: false,
      appointed: false,
      appointedDay: null,
      appointedHour: null,
      documentsStatus: 'none',
    });
    // Without a documents filter the answer is as it always was.
    expect(body).not.toHaveProperty('filteredStudentsNumber');
  });

  it('lets support choose any faculty', async () => {
    const res = await list('SUPPORT', { faculty: OTHER_FACULTY });
    expect(res.statusCode).toBe(200);
    expect(names(res.json().data)).toEqual(['أحمد حسين', 'سارة يحيى']);
    expect(res.json()).toMatchObject({ studentsNumber: 2, completedStudentsNumber: 1 });
  });

  it('asks a super admin or support to choose a faculty, and refuses an unknown one', async () => {
    for (const role of ['SUPERADMIN', 'SUPPORT'] as const) {
      for (const body of [{}, { faculty: null }, { faculty: '  ' }]) {
        const res = await list(role, body);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ status: 'error', message: MESSAGES.facultyRequired });
      }
    }
    const res = await list('SUPERADMIN', { faculty: 'كلية غير موجودة' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: MESSAGES.collegeNotFound });
  });

  it('confines a faculty ADMIN to its own faculty', async () => {
    for (const body of [{}, { faculty: null }, { faculty: TEST_FACULTY }]) {
      const res = await list('ADMIN', body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ faculty: TEST_FACULTY, studentsNumber: 7 });
    }
    const other = await list('ADMIN', { faculty: OTHER_FACULTY });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ status: 'error', message: MESSAGES.otherFacultyForbidden });
    // An ADMIN of another faculty sees that one only.
    const engineer = await insertStaff(db, { role: 'ADMIN', faculty: OTHER_FACULTY });
    const own = await list(engineer, {});
    expect(names(own.json().data)).toEqual(['أحمد حسين', 'سارة يحيى']);
    expect((await list(engineer, { faculty: TEST_FACULTY })).statusCode).toBe(403);
  });

  it('refuses a social-service admin', async () => {
    const res = await list('SOCIAL_ADMIN', { faculty: TEST_FACULTY });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'error', message: MESSAGES.forbidden });
  });

  it('pages with page and limit, and an empty page after the last', async () => {
    const all = names((await list('SUPERADMIN', { faculty: TEST_FACULTY })).json().data);
    const pages: string[][] = [];
    for (let page = 1; page <= 4; page++) {
      const res = await list('SUPERADMIN', { faculty: TEST_FACULTY }, `?page=${page}&limit=2`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ studentsNumber: 7, completedStudentsNumber: 3 });
      pages.push(names(res.json().data));
    }
    expect(pages.map((p) => p.length)).toEqual([2, 2, 2, 1]);
    expect(pages.flat()).toEqual(all);
    const after = await list('SUPERADMIN', { faculty: TEST_FACULTY }, '?page=5&limit=2');
    expect(after.json().data).toEqual([]);
  });

  it('audits each page read: who, the faculty, the filters and the page, and how many students it showed', async () => {
    const reader = await insertStaff(db, { role: 'ADMIN' });
    expect((await list(reader, { faculty: null }, '?page=2&limit=3')).statusCode).toBe(200);
    expect(
      (await list(reader, { faculty: null, isComplete: true, documentsStatus: 'pending' })).statusCode,
    ).toBe(200);
    // A refused read showed nothing: no row.
    expect((await list(reader, { faculty: OTHER_FACULTY })).statusCode).toBe(403);
    const rows = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorId, reader.id))
      .orderBy(asc(auditLog.createdAt));
    expect(
      rows.map((row) => [row.action, row.actorUserName, row.faculty, row.targetType, row.details]),
    ).toEqual([
      [
        'students.list',
        reader.userName,
        TEST_FACULTY,
        'college',
        { faculty: TEST_FACULTY, page: 2, limit: 3, rows: 3 },
      ],
      [
        'students.list',
        reader.userName,
        TEST_FACULTY,
        'college',
        { faculty: TEST_FACULTY, isComplete: true, documentsStatus: 'pending', page: 1, limit: 500, rows: 1 },
      ],
    ]);
  });

  it('uses pages of 500 by default and never more', async () => {
    const first = await list('SUPERADMIN', { faculty: BULK_FACULTY });
    expect(first.json().data).toHaveLength(STUDENT_PAGE_SIZE);
    expect(first.json()).toMatchObject({
      studentsNumber: BULK_COUNT,
      completedStudentsNumber: BULK_COUNT / 4,
    });
    expect(first.json().data[0].studentName).toBe('طالب رقم 0001');
    const capped = await list('SUPERADMIN', { faculty: BULK_FACULTY }, '?page=1&limit=100000');
    expect(capped.json().data).toHaveLength(STUDENT_PAGE_SIZE);
    const second = await list('SUPERADMIN', { faculty: BULK_FACULTY }, '?page=2&limit=500');
    expect(names(second.json().data)).toEqual(
      Array.from({ length: 20 }, (_, i) => `طالب رقم ${String(501 + i).padStart(4, '0')}`),
    );
  });

  it('refuses a page or limit that is not a positive whole number', async () => {
    for (const [query, message] of [
      ['?page=0', MESSAGES.pageInvalid],
      ['?page=abc', MESSAGES.pageInvalid],
      ['?page=1.5', MESSAGES.pageInvalid],
      ['?limit=0', MESSAGES.pageSizeInvalid],
      ['?limit=-3', MESSAGES.pageSizeInvalid],
    ] as const) {
      const res = await list('SUPERADMIN', { faculty: TEST_FACULTY }, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toEqual({ status: 'error', message });
    }
  });

  it('filters on isComplete when asked, keeping the faculty counts', async () => {
    const complete = await list('SUPERADMIN', { faculty: TEST_FACULTY, isComplete: true });
    expect(names(complete.json().data)).toEqual([
      'أحمد محمد إبراهيم علي',
      'علي حسن محمود',
      'فاطمة الزهراء حسن',
    ]);
    expect(complete.json()).toMatchObject({ studentsNumber: 7, completedStudentsNumber: 3 });
    const incomplete = await list('SUPERADMIN', { faculty: TEST_FACULTY, isComplete: false });
    expect(incomplete.json().data).toHaveLength(4);
  });

  it('filters on the documents status, counting the rows it keeps for the page count', async () => {
    const statuses = async (documentsStatus: string | null, extra: object = {}) => {
      const res = await list('SUPERADMIN', { faculty: TEST_FACULTY, documentsStatus, ...extra });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ studentsNumber: 7, completedStudentsNumber: 3 });
      for (const row of body.data) expect(row.documentsStatus).toBe(documentsStatus ?? row.documentsStatus);
      return { names: names(body.data), filtered: body.filteredStudentsNumber };
    };
    expect(await statuses('pending')).toEqual({ names: ['أحمد محمد إبراهيم علي'], filtered: 1 });
    expect(await statuses('needsReupload')).toEqual({ names: ['علي حسن محمود'], filtered: 1 });
    expect(await statuses('accepted')).toEqual({ names: ['فاطمة الزهراء حسن'], filtered: 1 });
    expect((await statuses('none')).filtered).toBe(4);
    expect((await statuses(null)).names).toHaveLength(7);
    expect(await statuses('pending', { isComplete: true })).toEqual({
      names: ['أحمد محمد إبراهيم علي'],
      filtered: 1,
    });
    expect(await statuses('pending', { isComplete: false })).toEqual({ names: [], filtered: 0 });
  });

  it('pages a documents-filtered list in name order', async () => {
    const pending = Array.from({ length: BULK_COUNT / 8 }, (_, i) => 8 * i + 4).map(
      (i) => `طالب رقم ${String(i).padStart(4, '0')}`,
    );
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await list(
        'SUPERADMIN',
        { faculty: BULK_FACULTY, documentsStatus: 'pending' },
        `?page=${page}&limit=30`,
      );
      expect(res.json()).toMatchObject({
        studentsNumber: BULK_COUNT,
        filteredStudentsNumber: pending.length,
      });
      seen.push(...names(res.json().data));
    }
    expect(seen).toEqual(pending);
  });

  it("confines a faculty ADMIN's documents filter to its own faculty", async () => {
    const res = await list('ADMIN', { documentsStatus: 'pending' });
    expect(res.json()).toMatchObject({ faculty: TEST_FACULTY, filteredStudentsNumber: 1 });
    expect(names(res.json().data)).toEqual(['أحمد محمد إبراهيم علي']);
  });

  it.each([
    ['an unknown status', 'approved'],
    ['a number', 2],
    ['an array', ['pending']],
    ['the Arabic label', 'مقبولة'],
  ])('refuses %s as the documents filter with 400 in Arabic', async (_, documentsStatus) => {
    const res = await list('SUPERADMIN', { faculty: TEST_FACULTY, documentsStatus });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: REVIEW_MESSAGES.documentsStatusInvalid });
  });
});

describe('POST /students/getStudentInfo', () => {
  async function found(who: Who, body: object): Promise<string[]> {
    const res = await search(who, body);
    if (res.statusCode === 404) return [];
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().studentsNumber).toBe(res.json().data.length);
    return names(res.json().data);
  }
  const byName = (studentName: string, extra: object = {}) => ({
    nationalID: null,
    studentName,
    isComplete: null,
    faculty: TEST_FACULTY,
    ...extra,
  });

  it('finds names whatever the alef, hamza, teh marbuta or alef maqsura spelling', async () => {
    expect(await found('SUPERADMIN', byName('احمد'))).toEqual([
      'احمد سامي عبد الله',
      'أحمد محمد إبراهيم علي',
    ]);
    expect(await found('SUPERADMIN', byName('أحمد'))).toEqual([
      'احمد سامي عبد الله',
      'أحمد محمد إبراهيم علي',
    ]);
    expect(await found('SUPERADMIN', byName('إحمد'))).toHaveLength(2);
    expect(await found('SUPERADMIN', byName('ابراهيم'))).toEqual(['أحمد محمد إبراهيم علي']);
    expect(await found('SUPERADMIN', byName('فاطمه'))).toEqual(['فاطمة الزهراء حسن']);
    expect(await found('SUPERADMIN', byName('مصطفي اسلام'))).toEqual(['مصطفى إسلام']);
    expect(await found('SUPPORT', byName('يحيي', { faculty: OTHER_FACULTY }))).toEqual(['سارة يحيى']);
  });

  it('matches inside the name, ignores harakat and extra spaces, and lists names that start with it first', async () => {
    expect(await found('SUPERADMIN', byName('محمد  ابر'))).toEqual(['أحمد محمد إبراهيم علي']);
    expect(await found('SUPERADMIN', byName('منى'))).toEqual(['مُنى علي']);
    expect(await found('SUPERADMIN', byName('عَلِي'))).toEqual([
      'علي حسن محمود',
      'أحمد محمد إبراهيم علي',
      'مُنى علي',
    ]);
    expect(await found('SUPERADMIN', byName('محمود'))).toEqual(['ابتسام محمود', 'علي حسن محمود']);
  });

  it('treats typed % _ and \\ as themselves and Latin letters as Latin', async () => {
    for (const text of ['%', '_', 'a%', '\\', 'abc', 'ALI'])
      expect(await found('SUPERADMIN', byName(text)), text).toEqual([]);
  });

  it('finds a national ID exactly, typed with Arabic-Indic digits and spaces', async () => {
    const { nationalId } = ids['commerce.ahmad'] as { nationalId: string };
    const typed = `${toArabicIndic(nationalId.slice(0, 7))} ${toArabicIndic(nationalId.slice(7))}`;
    const res = await search('SUPERADMIN', {
      nationalID: typed,
      studentName: null,
      isComplete: null,
      faculty: TEST_FACULTY,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(1);
    expect(res.json().data[0]).toMatchObject({
      _id: ids['commerce.ahmad']?.id,
      nationalID: nationalId,
      phoneNumber: '01012345678',
      info: 'مكتملة',
    });
    const partial = await search('SUPERADMIN', {
      nationalID: nationalId.slice(0, 10),
      faculty: TEST_FACULTY,
    });
    expect(partial.statusCode).toBe(404);
  });

  it('filters on isComplete', async () => {
    expect(await found('SUPERADMIN', byName('احمد', { isComplete: true }))).toEqual([
      'أحمد محمد إبراهيم علي',
    ]);
    expect(await found('SUPERADMIN', byName('احمد', { isComplete: false }))).toEqual(['احمد سامي عبد الله']);
    expect(await found('SUPERADMIN', byName('مصطفى', { isComplete: true }))).toEqual([]);
  });

  it('filters on the documents status', async () => {
    expect(await found('SUPERADMIN', byName('علي', { documentsStatus: 'needsReupload' }))).toEqual([
      'علي حسن محمود',
    ]);
    expect(await found('SUPERADMIN', byName('احمد', { documentsStatus: 'pending', faculty: null }))).toEqual([
      'أحمد حسين',
      'أحمد محمد إبراهيم علي',
    ]);
    expect(await found('SUPERADMIN', byName('احمد', { documentsStatus: 'none' }))).toEqual([
      'احمد سامي عبد الله',
    ]);
    expect(await found('SUPERADMIN', byName('احمد', { documentsStatus: 'accepted' }))).toEqual([]);
    expect(await found('ADMIN', byName('احمد', { documentsStatus: 'pending', faculty: null }))).toEqual([
      'أحمد محمد إبراهيم علي',
    ]);
    const { nationalId } = ids['commerce.fatima'] as { nationalId: string };
    expect(await found('SUPERADMIN', { nationalID: nationalId, documentsStatus: 'accepted' })).toEqual([
      'فاطمة الزهراء حسن',
    ]);
    const bad = await search('SUPERADMIN', byName('احمد', { documentsStatus: 'rejected' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status: 'error', message: REVIEW_MESSAGES.documentsStatusInvalid });
  });

  it('audits a search that finds students with what was sought and how many matched, naming the one it found', async () => {
    const { id, nationalId } = ids['commerce.fatima'] as { id: string; nationalId: string };
    const searcher = await insertStaff(db, { role: 'SUPPORT' });
    expect(await found(searcher, { nationalID: toArabicIndic(nationalId) })).toEqual(['فاطمة الزهراء حسن']);
    expect(await found(searcher, byName('احمد'))).toHaveLength(2);
    // A search that finds nobody read nothing: no row.
    expect(await found(searcher, byName('لا أحد بهذا الاسم'))).toEqual([]);
    const rows = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorId, searcher.id))
      .orderBy(asc(auditLog.createdAt));
    expect(
      rows.map((row) => [row.action, row.targetId, row.studentNationalId, row.studentName, row.details]),
    ).toEqual([
      ['students.search', id, nationalId, 'فاطمة الزهراء حسن', { nationalID: nationalId, results: 1 }],
      ['students.search', null, null, null, { studentName: 'احمد', faculty: TEST_FACULTY, results: 2 }],
    ]);
  });

  it('answers 404 with an Arabic message when nothing matches', async () => {
    const res = await search('SUPERADMIN', byName('لا يوجد اسم كهذا'));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: MESSAGES.noStudentData });
  });

  it('asks for a name or a national ID', async () => {
    for (const body of [
      {},
      { nationalID: null, studentName: null, isComplete: null, faculty: TEST_FACULTY },
      { nationalID: '', studentName: '   ', faculty: TEST_FACULTY },
      { nationalID: ' ', faculty: TEST_FACULTY },
    ]) {
      const res = await search('SUPERADMIN', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 'error', message: MESSAGES.studentSearchRequired });
    }
    const long = await search('SUPERADMIN', byName('ا'.repeat(101)));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ status: 'error', message: MESSAGES.studentSearchTooLong });
  });

  it('searches every faculty for a super admin or support who names none', async () => {
    expect(await found('SUPERADMIN', byName('احمد', { faculty: null }))).toEqual([
      'أحمد حسين',
      'احمد سامي عبد الله',
      'أحمد محمد إبراهيم علي',
    ]);
    const { nationalId } = ids['engineering.sara'] as { nationalId: string };
    expect(await found('SUPPORT', { nationalID: nationalId })).toEqual(['سارة يحيى']);
  });

  it("confines a faculty ADMIN to its own faculty's students", async () => {
    expect(await found('ADMIN', byName('احمد', { faculty: null }))).toEqual([
      'احمد سامي عبد الله',
      'أحمد محمد إبراهيم علي',
    ]);
    expect(await found('ADMIN', byName('حسين', { faculty: null }))).toEqual([]);
    const { nationalId } = ids['engineering.sara'] as { nationalId: string };
    expect(await found('ADMIN', { nationalID: nationalId })).toEqual([]);
    const other = await search('ADMIN', byName('احمد', { faculty: OTHER_FACULTY }));
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ status: 'error', message: MESSAGES.otherFacultyForbidden });
  });

  it('refuses a social-service admin', async () => {
    const res = await search('SOCIAL_ADMIN', byName('احمد'));
    expect(res.statusCode).toBe(403);
  });

  it('answers at most 500 matches and counts them all', async () => {
    const res = await search('SUPERADMIN', byName('طالب رقم', { faculty: BULK_FACULTY }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(STUDENT_PAGE_SIZE);
    expect(res.json().studentsNumber).toBe(BULK_COUNT);
  });
});

describe('GET /students/getStatistics', () => {
  it('counts every college, zero counts included, and the totals, in one answer', async () => {
    const res = await call('SUPERADMIN', { method: 'GET', url: '/api/v1/students/getStatistics' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const allColleges = await db.select({ name: colleges.name }).from(colleges);
    expect(body.results).toHaveLength(allColleges.length);
    const byFaculty = new Map(body.results.map((r: { faculty: string }) => [r.faculty, r] as const));
    expect(byFaculty.get(TEST_FACULTY)).toEqual({
      faculty: TEST_FACULTY,
      studentsNumber: 7,
      studentsNumberCompleted: 3,
      documentsAwaiting: 1,
      documentsNeedReupload: 1,
      documentsAccepted: 1,
    });
    expect(byFaculty.get(OTHER_FACULTY)).toEqual({
      faculty: OTHER_FACULTY,
      studentsNumber: 2,
      studentsNumberCompleted: 1,
      documentsAwaiting: 1,
      documentsNeedReupload: 0,
      documentsAccepted: 0,
    });
    expect(byFaculty.get(BULK_FACULTY)).toEqual({
      faculty: BULK_FACULTY,
      studentsNumber: BULK_COUNT,
      studentsNumberCompleted: BULK_COUNT / 4,
      documentsAwaiting: BULK_COUNT / 8,
      documentsNeedReupload: 0,
      documentsAccepted: BULK_COUNT / 8,
    });
    expect(byFaculty.get(EMPTY_FACULTY)).toEqual({
      faculty: EMPTY_FACULTY,
      studentsNumber: 0,
      studentsNumberCompleted: 0,
      documentsAwaiting: 0,
      documentsNeedReupload: 0,
      documentsAccepted: 0,
    });
    expect(body.allStudentsNumber).toBe(7 + 2 + BULK_COUNT);
    expect(body.allStudentsNumberCompleted).toBe(3 + 1 + BULK_COUNT / 4);
  });

  it('is for the super admin only', async () => {
    for (const role of ['SUPPORT', 'ADMIN', 'SOCIAL_ADMIN'] as const) {
      const res = await call(role, { method: 'GET', url: '/api/v1/students/getStatistics' });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('GET /users/getAllStudentsNumber', () => {
  const get = (who: Who) => call(who, { method: 'GET', url: '/api/v1/users/getAllStudentsNumber' });

  it('counts every student for a super admin and support', async () => {
    for (const role of ['SUPERADMIN', 'SUPPORT'] as const) {
      const res = await get(role);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 'success',
        data: { allStudentsNumber: 7 + 2 + BULK_COUNT, allStudentsNumberCompleted: 3 + 1 + BULK_COUNT / 4 },
      });
    }
  });

  it("counts a faculty ADMIN's own faculty only", async () => {
    const res = await get('ADMIN');
    expect(res.json()).toEqual({
      status: 'success',
      data: { allStudentsNumber: 7, allStudentsNumberCompleted: 3 },
    });
    const engineer = await insertStaff(db, { role: 'ADMIN', faculty: OTHER_FACULTY });
    expect((await get(engineer)).json().data).toEqual({
      allStudentsNumber: 2,
      allStudentsNumberCompleted: 1,
    });
  });

  it('refuses a social-service admin', async () => {
    expect((await get('SOCIAL_ADMIN')).statusCode).toBe(403);
  });
});

describe('POST /students/countFaculty', () => {
  const count = (who: Who, body: object) =>
    call(who, { method: 'POST', url: '/api/v1/students/countFaculty', payload: body });

  it("answers the faculty's counts for the delete confirmation", async () => {
    const res = await count('SUPERADMIN', { faculty: TEST_FACULTY });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      data: { faculty: TEST_FACULTY, studentsNumber: 7, studentsNumberCompleted: 3 },
    });
    expect((await count('SUPERADMIN', { faculty: EMPTY_FACULTY })).json().data.studentsNumber).toBe(0);
  });

  it('needs a known faculty', async () => {
    const missing = await count('SUPERADMIN', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ status: 'error', message: MESSAGES.facultyRequired });
    const unknown = await count('SUPERADMIN', { faculty: 'كلية غير موجودة' });
    expect(unknown.json()).toEqual({ status: 'error', message: MESSAGES.collegeNotFound });
  });

  it('is for the super admin only', async () => {
    for (const role of ['SUPPORT', 'ADMIN', 'SOCIAL_ADMIN'] as const)
      expect((await count(role, { faculty: TEST_FACULTY })).statusCode).toBe(403);
  });
});

describe('the name search index', () => {
  it('has trigrams for Arabic names under the database locale (the embedded cluster runs with C)', async () => {
    const result = await db.execute<{ trigrams: number | null }>(
      sql`SELECT array_length(show_trgm(${students.nameSearchKey}), 1) AS trigrams FROM ${students}
          WHERE ${students.name} = ${commerce.ahmad.name}`,
    );
    expect(result.rows[0]?.trigrams).toBeGreaterThan(10);
  });

  it('is what a name search uses', async () => {
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const typed = sql`${'احمد'}::text`;
      const result = await tx.execute<{ 'QUERY PLAN': string }>(
        sql`EXPLAIN SELECT ${students.id} FROM ${students}
            WHERE ${students.nameSearchKey} LIKE '%' || ${nameSearchKeySql(typed)} || '%'`,
      );
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('students_name_search_key_trgm_idx');
  });
});

describe('the documents filter index', () => {
  it("gives a status's page already in name order, even under a prepared statement's generic plan", async () => {
    const [bulk] = await db.select({ id: colleges.id }).from(colleges).where(eq(colleges.name, BULK_FACULTY));
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL plan_cache_mode = force_generic_plan`);
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
      // A few hundred rows would be sorted whatever the indexes; the plan must be able to do without.
      await tx.execute(sql`SET LOCAL enable_sort = off`);
      await tx.execute(sql`PREPARE documents_page(uuid, text) AS
        SELECT ${students.id} FROM ${students}
        WHERE ${students.collegeId} = $1 AND ${students.seasonId} = admission_current_season()
          AND ${students.documentsStatus} = $2
        ORDER BY ${students.nameSearch}, ${students.id} LIMIT 500`);
      const result = await tx.execute<{ 'QUERY PLAN': string }>(
        sql`EXPLAIN EXECUTE documents_page(${sql.raw(`'${bulk?.id}'`)}, 'needsReupload')`,
      );
      await tx.execute(sql`DEALLOCATE documents_page`);
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('students_college_documents_status_idx');
    expect(plan).not.toContain('Sort');
  });
});
