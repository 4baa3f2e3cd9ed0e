// Kept whole: one route (POST /students/upload and its template) case by case, on one app and one embedded
// database; another file would start another database.
import type { StaffRole } from '@portal/common';
import { and, count, desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { injectAs } from '../../../test/auth-helpers.js';
import { insertStudent } from '../../../test/builders.js';
import { multipartBody } from '../../../test/multipart.js';
import { createTestApp } from '../../../test/test-app.js';
import { recordAudit } from '../../db/audit-trail.js';
import { auditLog, colleges, students } from '../../db/schema/index.js';
import { createLinkSigner } from '../../lib/signed-link.js';
import { importsRepository } from './imports.repository.js';
import { importsService } from './imports.service.js';
import { parseStudentSheet } from './sheet-parser.js';
import {
  ARABIC_HEADERS,
  ENGLISH_HEADERS,
  type FixtureCell,
  fakeExe,
  fixtureNationalId,
  longXlsx,
  withDeclaredSize,
  xlsOf,
  xlsxOf,
} from './testing/spreadsheets.js';

const { app, database } = await createTestApp();
const db = database.db;

const FACULTY = 'كلية التجارة';
const OTHER = 'كلية الهندسة';
const UPLOAD = '/api/v1/students/upload';

/** The uploaded file: its name and bytes (sent in the form field `file`). */
interface FormFile {
  name: string;
  content: Buffer;
}

function upload(who: StaffRole, fields: Record<string, string>, file?: FormFile) {
  const files = file
    ? [{ field: 'file', filename: file.name, content: file.content, contentType: 'application/octet-stream' }]
    : [];
  return injectAs(app, who, { method: 'POST', url: UPLOAD, ...multipartBody(fields, files) });
}

async function uploadRows(rows: FixtureCell[][], fields = { faculty: FACULTY, status: 'regular' }) {
  return upload('SUPERADMIN', fields, { name: 'طلاب.xlsx', content: await xlsxOf(rows) });
}

async function studentCount(): Promise<number> {
  const [row] = await db.select({ n: count() }).from(students);
  return row?.n ?? 0;
}

async function studentWith(nationalId: string) {
  const [row] = await db
    .select({ student: students, college: colleges.name })
    .from(students)
    .innerJoin(colleges, eq(colleges.id, students.collegeId))
    .where(eq(students.nationalId, nationalId));
  return row ? { ...row.student, college: row.college } : undefined;
}

async function expectHealthy() {
  const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
  expect(res.statusCode).toBe(200);
}

async function readWorkbook(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook;
}

function sheetValues(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

describe('POST /students/upload: importing', () => {
  it('adds the students of an .xlsx with Arabic headers to the chosen faculty and status', async () => {
    const [a, b] = [fixtureNationalId(), fixtureNationalId()];
    const res = await uploadRows([
      ARABIC_HEADERS,
      ['أحمد محمد علي', a, '١٠٠٢٠٠', '01012345678', 'ذكر', 385.5, 92.75],
      ['منى سعيد', b, null, null, 'أنثى', null, null],
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      message: 'تم استيراد الملف. عدد الطلاب المضافين: 2، عدد الطلاب المحدثين: 0، عدد الصفوف المرفوضة: 0',
      added: 2,
      updated: 0,
      rejected: 0,
      ignoredColumns: [],
      report: [],
      reportPath: null,
    });
    expect(await studentWith(a)).toMatchObject({
      name: 'أحمد محمد علي',
      seatNo: '100200',
      phoneNumber: '01012345678',
      gender: 'ذكر',
      college: FACULTY,
      enrollmentStatus: 'regular',
      importedTotalGrade: '385.50',
      importedPercentage: '92.75',
      isComplete: false,
    });
    expect(await studentWith(b)).toMatchObject({ name: 'منى سعيد', seatNo: null, gender: 'أنثى' });
  });

  it('reads an .xls with English headers, and mixed headers in any order', async () => {
    const [a, b] = [fixtureNationalId(), fixtureNationalId()];
    const xls = xlsOf([ENGLISH_HEADERS, ['طالب اكس ال اس', a, '5', '01112345678', 'male', '300', '75']]);
    const first = await upload(
      'SUPPORT',
      { faculty: OTHER, status: 'affiliated' },
      { name: 'list.xls', content: xls },
    );
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ added: 1, updated: 0, rejected: 0 });
    expect(await studentWith(a)).toMatchObject({
      college: OTHER,
      enrollmentStatus: 'affiliated',
      seatNo: '5',
    });

    const mixed = await uploadRows(
      [
        ['phoneNumber', 'الرقم القومي', 'Name', 'ملاحظات'],
        ['01234567890', b, 'طالب مختلط', 'تجربة'],
      ],
      { faculty: FACULTY, status: 'none' },
    );
    expect(mixed.json()).toMatchObject({ added: 1, ignoredColumns: ['ملاحظات'] });
    expect(await studentWith(b)).toMatchObject({ name: 'طالب مختلط', enrollmentStatus: 'none' });
  });

  it('updates a national ID already present without touching what the student completed', async () => {
    const complete = await insertStudent(db, {
      college: OTHER,
      name: 'اسم قديم',
      seatNo: '1',
      phoneNumber: '01000000001',
      studentNameEn: 'Old Name',
      address: 'العنوان الذي أدخله الطالب',
      totalGrade: '390.00',
      isComplete: true,
      enrollmentStatus: 'none',
    });
    const incomplete = await insertStudent(db, { college: OTHER, phoneNumber: '01000000002', seatNo: '2' });
    const res = await uploadRows([
      ['الاسم', 'الرقم القومي', 'رقم الجلوس', 'رقم الموبايل'],
      ['اسم جديد', complete.nationalId, '777', '01099999999'],
      ['اسم جديد آخر', incomplete.nationalId, null, '01088888888'],
    ]);
    expect(res.json()).toMatchObject({ added: 0, updated: 2, rejected: 0 });
    expect(await studentWith(complete.nationalId)).toMatchObject({
      id: complete.id,
      name: 'اسم جديد',
      seatNo: '777',
      college: FACULTY,
      enrollmentStatus: 'regular',
      // Entered by the student: kept.
      phoneNumber: '01000000001',
      studentNameEn: 'Old Name',
      address: 'العنوان الذي أدخله الطالب',
      totalGrade: '390.00',
      isComplete: true,
    });
    // Not complete: the list's phone is taken; an empty seat number cell keeps the stored one.
    expect(await studentWith(incomplete.nationalId)).toMatchObject({
      phoneNumber: '01088888888',
      seatNo: '2',
    });

    // The same list again: both count as updated, and rows it does not change are not rewritten.
    const written = (await studentWith(complete.nationalId))?.updatedAt;
    const again = await uploadRows([
      ['الاسم', 'الرقم القومي', 'رقم الجلوس', 'رقم الموبايل'],
      ['اسم جديد', complete.nationalId, '777', '01099999999'],
      ['اسم جديد آخر', incomplete.nationalId, null, '01088888888'],
    ]);
    expect(again.json()).toMatchObject({ added: 0, updated: 2, rejected: 0 });
    expect((await studentWith(complete.nationalId))?.updatedAt).toEqual(written);
  });

  it('writes an audit entry of who imported what', async () => {
    const res = await uploadRows([
      ['الاسم', 'الرقم القومي'],
      ['طالب للتدقيق', fixtureNationalId()],
    ]);
    expect(res.statusCode).toBe(200);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'students.upload'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(entry).toMatchObject({
      actorUserName: expect.stringMatching(/^superadmin_/),
      targetType: 'college',
    });
    expect(entry?.details).toMatchObject({ faculty: FACULTY, status: 'regular', added: 1, rejected: 0 });
  });
});

describe('POST /students/upload: rejected rows and the report', () => {
  it('skips bad rows, reports them in Arabic, and offers the full report as .xlsx for 10 minutes', async () => {
    const good = fixtureNationalId();
    const res = await uploadRows([
      ['الاسم', 'الرقم القومي', 'الجنس', 'عمود زائد'],
      ['صالح', good, 'ذكر', 'x'],
      [],
      ['مكرر', good, null, null],
      ['علمي', 2.98010112345678e17, null, null],
      ['نص علمي', '2.98E+13', null, null],
      [{ formula: 'B2&"x"' }, fixtureNationalId(), null, null],
      ['=HYPERLINK("http://evil")', '123', null, null],
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      message: 'تم استيراد الملف. عدد الطلاب المضافين: 1، عدد الطلاب المحدثين: 0، عدد الصفوف المرفوضة: 5',
      added: 1,
      rejected: 5,
      ignoredColumns: ['عمود زائد'],
    });
    expect(body.report).toEqual([
      {
        row: 4,
        nationalID: good,
        name: 'مكرر',
        reason: 'الرقم القومي مكرر في الملف، وقد ورد أولا في الصف 2',
      },
      {
        row: 5,
        nationalID: expect.any(String),
        name: 'علمي',
        reason: expect.stringContaining('بالصيغة العلمية'),
      },
      { row: 6, nationalID: '2.98E+13', name: 'نص علمي', reason: expect.stringContaining('بالصيغة العلمية') },
      {
        row: 7,
        nationalID: expect.any(String),
        name: '',
        reason: expect.stringContaining('معادلة بدون قيمة'),
      },
      {
        row: 8,
        nationalID: '123',
        name: '=HYPERLINK("http://evil")',
        reason: 'الرقم القومي يجب أن يتكون من 14 رقما',
      },
    ]);
    expect(body.reportPath).toMatch(/^\/api\/v1\/students\/uploadReport\/[\w-]+\.[\w-]+$/);

    // The browser opens the link itself: no token needed.
    const report = await app.inject({ method: 'GET', url: body.reportPath });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(report.headers['content-disposition']).toMatch(
      /^attachment; filename="upload-rejections-\d{4}-\d{2}-\d{2}\.xlsx"; filename\*=UTF-8''%D8%AA/,
    );
    const workbook = await readWorkbook(report.rawPayload);
    const [rejections, ignored] = workbook.worksheets;
    expect(rejections?.views[0]?.rightToLeft).toBe(true);
    const rows = sheetValues(rejections as ExcelJS.Worksheet);
    expect(rows[0]).toEqual(['رقم الصف', 'الرقم القومي', 'الاسم', 'سبب الرفض']);
    expect(rows.slice(1).map((row) => row[0])).toEqual([4, 5, 6, 7, 8]);
    // A name that looks like a formula is text in the report, never a formula.
    expect((rejections as ExcelJS.Worksheet).getCell('C6').type).not.toBe(ExcelJS.ValueType.Formula);
    expect((rejections as ExcelJS.Worksheet).getCell('C6').text).toBe('=HYPERLINK("http://evil")');
    expect(sheetValues(ignored as ExcelJS.Worksheet)).toEqual([['عنوان العمود'], ['عمود زائد']]);

    const [payload, signature] = (body.reportPath as string).split('/').pop()?.split('.') ?? [];
    const tampered = await app.inject({
      method: 'GET',
      url: `/api/v1/students/uploadReport/${payload}x.${signature}`,
    });
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json()).toEqual({ status: 'error', message: 'رابط التنزيل غير صالح' });
    const garbage = await app.inject({ method: 'GET', url: '/api/v1/students/uploadReport/garbage' });
    expect(garbage.statusCode).toBe(400);
  });

  it('answers an expired report link with 410', async () => {
    const signer = createLinkSigner('test-secret-that-is-long-enough-for-hmac-signing');
    const token = signer.sign('import-report', { r: crypto.randomUUID() }, 1000, Date.now() - 60_000);
    const res = await app.inject({ method: 'GET', url: `/api/v1/students/uploadReport/${token}` });
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({
      status: 'error',
      message: 'انتهت صلاحية رابط التنزيل، اطلب التنزيل مرة أخرى',
    });
  });
});

describe('POST /students/upload: bad input leaves nothing behind', () => {
  const cases: [
    string,
    () => Promise<{ fields: Record<string, string>; file?: FormFile }>,
    number,
    string,
  ][] = [
    [
      'a zip bomb (an entry declaring 4 GB uncompressed)',
      async () => ({
        fields: { faculty: FACULTY, status: 'regular' },
        file: {
          name: 'bomb.xlsx',
          content: withDeclaredSize(
            await xlsxOf([ARABIC_HEADERS, ['طالب', fixtureNationalId()]]),
            'xl/worksheets/sheet1.xml',
            0xfff00000,
          ),
        },
      }),
      413,
      'محتوى الملف بعد فك الضغط أكبر من المسموح (200 ميجابايت)، قسم الملف إلى ملفات أصغر',
    ],
    [
      'a truncated .xlsx',
      async () => {
        const xlsx = await xlsxOf([ARABIC_HEADERS, ['طالب', fixtureNationalId()]]);
        return {
          fields: { faculty: FACULTY, status: 'regular' },
          file: { name: 'cut.xlsx', content: xlsx.subarray(0, xlsx.length - 200) },
        };
      },
      400,
      'تعذرت قراءة الملف: الملف تالف أو غير مكتمل، افتحه في Excel واحفظه مرة أخرى',
    ],
    [
      'a program renamed .xlsx',
      async () => ({
        fields: { faculty: FACULTY, status: 'regular' },
        file: { name: 'students.xlsx', content: fakeExe() },
      }),
      415,
      'يجب أن يكون الملف من نوع Excel فقط (xlsx أو xls)',
    ],
    [
      'a non-Excel extension',
      async () => ({
        fields: { faculty: FACULTY, status: 'regular' },
        file: {
          name: 'students.csv',
          content: Buffer.from(`name,nationalID\nطالب,${fixtureNationalId()}\n`),
        },
      }),
      415,
      'يجب أن يكون الملف من نوع Excel فقط (xlsx أو xls)',
    ],
    [
      'a sheet without a header row',
      async () => ({
        fields: { faculty: FACULTY, status: 'regular' },
        file: { name: 'x.xlsx', content: await xlsxOf([['طالب بلا عناوين', fixtureNationalId()]]) },
      }),
      400,
      'لم يتم العثور على صف العناوين: يجب أن يحتوي أول صف على عمودي الاسم والرقم القومي',
    ],
    [
      'a missing faculty',
      async () => ({
        fields: { status: 'regular' },
        file: { name: 'x.xlsx', content: await xlsxOf([ARABIC_HEADERS, ['طالب', fixtureNationalId()]]) },
      }),
      400,
      'يجب اختيار الكلية',
    ],
    [
      'an unknown faculty',
      async () => ({
        fields: { faculty: 'كلية غير موجودة', status: 'regular' },
        file: { name: 'x.xlsx', content: await xlsxOf([ARABIC_HEADERS, ['طالب', fixtureNationalId()]]) },
      }),
      400,
      'الكلية غير موجودة',
    ],
    [
      'a missing status',
      async () => ({
        fields: { faculty: FACULTY },
        file: { name: 'x.xlsx', content: await xlsxOf([ARABIC_HEADERS, ['طالب', fixtureNationalId()]]) },
      }),
      400,
      'يجب اختيار حالة القيد: منتظم أو منتسب أو بدون',
    ],
    [
      'an unknown status',
      async () => ({
        fields: { faculty: FACULTY, status: 'vip' },
        file: { name: 'x.xlsx', content: await xlsxOf([ARABIC_HEADERS, ['طالب', fixtureNationalId()]]) },
      }),
      400,
      'يجب اختيار حالة القيد: منتظم أو منتسب أو بدون',
    ],
    [
      'a missing file',
      async () => ({ fields: { faculty: FACULTY, status: 'regular' } }),
      400,
      'يجب اختيار الملف',
    ],
    [
      'a file over 30 MB',
      async () => ({
        fields: { faculty: FACULTY, status: 'regular' },
        file: { name: 'big.xlsx', content: Buffer.alloc(30 * 1024 * 1024 + 1, 0x50) },
      }),
      413,
      'حجم الملف أكبر من المسموح (30 ميجابايت)',
    ],
  ];

  it.each(cases)('%s → %i', async (_, build, status, message) => {
    const before = await studentCount();
    const { fields, file } = await build();
    const res = await upload('SUPERADMIN', fields, file);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ status: 'error', message });
    expect(await studentCount()).toBe(before);
    await expectHealthy();
  });

  it('refuses a list over 150,000 rows as a whole (413)', { timeout: 120_000 }, async () => {
    const before = await studentCount();
    const file = await longXlsx(150_001, 31001010000000);
    const res = await upload(
      'SUPERADMIN',
      { faculty: FACULTY, status: 'regular' },
      { name: 'long.xlsx', content: file },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      status: 'error',
      message: 'عدد صفوف الملف أكبر من الحد المسموح (150000 صف)، قسمه إلى ملفات أصغر',
    });
    expect(await studentCount()).toBe(before);
    await expectHealthy();
  });

  it('refuses a JSON body (400)', async () => {
    const res = await injectAs(app, 'SUPERADMIN', {
      method: 'POST',
      url: UPLOAD,
      payload: { faculty: FACULTY },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'error',
      message: 'يجب إرسال الكلية وحالة القيد والملف في صورة نموذج (multipart/form-data)',
    });
  });

  it.each(['ADMIN', 'SOCIAL_ADMIN'] as const)('refuses %s (403) before reading the file', async (role) => {
    const before = await studentCount();
    const res = await upload(
      role,
      { faculty: FACULTY, status: 'regular' },
      {
        name: 'x.xlsx',
        content: await xlsxOf([ARABIC_HEADERS, ['طالب', fixtureNationalId()]]),
      },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'error', message: 'غير مسموح لك بالقيام بهذا الإجراء' });
    expect(await studentCount()).toBe(before);
  });

  it('writes no row at all when the write fails half-way (one transaction)', async () => {
    const service = importsService({
      repository: importsRepository(db),
      audit: async (entry, tx) => {
        await recordAudit(tx ?? db, entry);
        throw new Error('disk full');
      },
      parse: parseStudentSheet,
      links: createLinkSigner('x'.repeat(40)),
      reportPath: (token) => token,
    });
    const before = await studentCount();
    const content = await xlsxOf([
      ARABIC_HEADERS,
      ['طالب أول', fixtureNationalId()],
      ['طالب ثان', fixtureNationalId()],
    ]);
    const staff = { id: crypto.randomUUID(), userName: 'tester' } as Parameters<typeof service.upload>[0];
    await expect(
      service.upload(
        staff,
        { faculty: FACULTY, status: 'regular' },
        { fileName: 'x.xlsx', content },
        { ip: '::1' },
      ),
    ).rejects.toThrow('disk full');
    expect(await studentCount()).toBe(before);
    const audits = await db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'students.upload'), eq(auditLog.actorUserName, 'tester')));
    expect(audits[0]?.n).toBe(0);
  });

  it('keeps answering other requests while a long list is read', { timeout: 60_000 }, async () => {
    const file = await longXlsx(30_000, 32001010000000);
    let finished = false;
    const pending = upload(
      'SUPERADMIN',
      { faculty: FACULTY, status: 'regular' },
      { name: 'l.xlsx', content: file },
    );
    void pending.then(() => {
      finished = true;
    });
    let answeredDuring = 0;
    while (!finished) {
      await expectHealthy();
      if (!finished) answeredDuring++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const res = await pending;
    expect(res.json()).toMatchObject({ added: 30_000, rejected: 0 });
    expect(answeredDuring).toBeGreaterThan(3);
  });
});

describe('GET /students/uploadTemplate', () => {
  it('gives the Arabic headers and one example row on a right-to-left sheet', async () => {
    const res = await injectAs(app, 'SUPPORT', { method: 'GET', url: '/api/v1/students/uploadTemplate' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="students-upload-template.xlsx"; filename*=UTF-8''${encodeURIComponent('نموذج رفع بيانات الطلاب.xlsx')}`,
    );
    const workbook = await readWorkbook(res.rawPayload);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.views[0]?.rightToLeft).toBe(true);
    const rows = sheetValues(sheet);
    expect(rows[0]).toEqual(ARABIC_HEADERS);
    expect(rows).toHaveLength(2);
    // The template itself is a valid upload.
    const again = await upload(
      'SUPERADMIN',
      { faculty: FACULTY, status: 'regular' },
      { name: 'template.xlsx', content: res.rawPayload },
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ rejected: 0 });
  });

  it('is refused to a faculty ADMIN', async () => {
    const res = await injectAs(app, 'ADMIN', { method: 'GET', url: '/api/v1/students/uploadTemplate' });
    expect(res.statusCode).toBe(403);
  });
});
