import { createHash, randomUUID } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import { IMAGE_KINDS, type StaffRole } from '@portal/common';
import { and, desc, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { injectAs, insertStaff, TEST_STAFF_PASSWORD, tokenFor } from '../../../test/auth-helpers.js';
import { insertStudent } from '../../../test/builders.js';
import { createTestApp, TEST_SECRET } from '../../../test/test-app.js';
import { unzip } from '../../../test/zip.js';
import { auditLog, staffUsers, studentImages, students } from '../../db/schema/index.js';
import { createLinkSigner } from '../../lib/signed-link.js';
import { SUPPORT_COLUMNS } from './student-columns.js';

const { app, database } = await createTestApp();
const db = database.db;

const FACULTY = 'كلية الآداب';
const OTHER = 'كلية الحقوق';
const DOWNLOAD = '/api/v1/students/downloadStudentData';

type Student = Awaited<ReturnType<typeof insertStudent>>;
let formulaLike: Student;
let completeHere: Student;
let incompleteHere: Student;
let completeElsewhere: Student;

beforeAll(async () => {
  formulaLike = await insertStudent(db, {
    college: FACULTY,
    name: '=HYPERLINK("http://evil","x")',
    phoneNumber: '+201001234567',
    address: '@SUM(1,2)',
    studentNameEn: '-2+3',
    isComplete: true,
    completedAt: new Date('2026-03-01T10:00:00Z'),
    totalGrade: '385.50',
    isPassed: true,
    documentsStatus: 'accepted',
  });
  completeHere = await insertStudent(db, {
    college: FACULTY,
    name: 'أحمد محمد علي',
    phoneNumber: '01012345678',
    isComplete: true,
    importedPercentage: '91.25',
    documentsStatus: 'needsReupload',
  });
  incompleteHere = await insertStudent(db, { college: FACULTY, name: 'منى غير مكتملة', seatNo: '00123' });
  completeElsewhere = await insertStudent(db, {
    college: OTHER,
    name: 'طالب كلية أخرى',
    isComplete: true,
    documentsStatus: 'pending',
  });
});

function askFor(
  who: StaffRole | Parameters<typeof injectAs>[1],
  type: string,
  faculty: string | null = FACULTY,
) {
  return injectAs(app, who, { method: 'POST', url: `${DOWNLOAD}/${type}`, payload: { faculty } });
}

async function download(who: StaffRole, type: string, faculty: string | null = FACULTY) {
  const res = await askFor(who, type, faculty);
  expect(res.statusCode).toBe(200);
  const { path } = res.json() as { path: string };
  expect(path).toMatch(/^\/api\/v1\/downloads\/[\w-]+\.[\w-]{43}$/);
  const file = await app.inject({ method: 'GET', url: path });
  expect(file.statusCode).toBe(200);
  return { path, file };
}

async function sheetOf(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow((row) => {
    rows.push(row);
  });
  return { sheet, rows, values: rows.map((row) => (row.values as unknown[]).slice(1)) };
}

describe('POST /students/downloadStudentData/:type then GET /downloads/:token', () => {
  it("streams the faculty's complete students as a right-to-left .xlsx with Arabic headers", async () => {
    const { file } = await download('SUPERADMIN', 'complete');
    expect(file.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="students-complete-\d{4}-\d{2}-\d{2}\.xlsx"; filename\*=UTF-8''%D8%A8/,
    );
    expect(decodeURIComponent(String(file.headers['content-disposition']).split("''")[1] ?? '')).toMatch(
      /^بيانات الطلاب المكتملة - كلية الآداب - \d{4}-\d{2}-\d{2}\.xlsx$/,
    );
    expect(file.headers['cache-control']).toBe('no-store');
    const { sheet, values } = await sheetOf(file.rawPayload);
    expect(sheet.views[0]).toMatchObject({ rightToLeft: true, state: 'frozen', ySplit: 1 });
    expect(values[0]?.slice(0, 7)).toEqual([
      'الاسم',
      'الرقم القومي',
      'رقم الجلوس',
      'الكلية',
      'حالة القيد',
      'حالة البيانات',
      'النوع',
    ]);
    const nationalIds = values.slice(1).map((row) => row[1]);
    expect(nationalIds.sort()).toEqual([completeHere.nationalId, formulaLike.nationalId].sort());
    const ahmed = values.find((row) => row[1] === completeHere.nationalId) ?? [];
    expect(ahmed.slice(0, 6)).toEqual([
      'أحمد محمد علي',
      completeHere.nationalId,
      completeHere.seatNo,
      FACULTY,
      'منتظم',
      'مكتملة',
    ]);
    // The imported percentage shows when the student entered none.
    expect(ahmed).toContain(91.25);
  });

  it('writes values that begin with = + - @ as text, never as formulas', async () => {
    const { file } = await download('SUPERADMIN', 'complete');
    const { rows } = await sheetOf(file.rawPayload);
    const row = rows.find((r) => r.getCell(2).value === formulaLike.nationalId) as ExcelJS.Row;
    const cells = [row.getCell(1), row.getCell(8), row.getCell(9), row.getCell(12)];
    expect(cells.map((cell) => cell.text)).toEqual([
      '=HYPERLINK("http://evil","x")',
      '-2+3',
      '+201001234567',
      '@SUM(1,2)',
    ]);
    for (const cell of cells) expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
    // Another reader, looking at the cells themselves: not one formula in the file, and the phone is text.
    const workbook = XLSX.read(file.rawPayload, { type: 'buffer', cellFormula: true, dense: true });
    const sheet = workbook.Sheets[workbook.SheetNames[0] as string] as XLSX.WorkSheet;
    const cellsOfFile = (sheet['!data'] ?? []).flat().filter(Boolean) as XLSX.CellObject[];
    expect(cellsOfFile.filter((cell) => cell.f !== undefined)).toEqual([]);
    const hyperlink = cellsOfFile.find((cell) => cell.v === '=HYPERLINK("http://evil","x")');
    expect(hyperlink?.t).toBe('s');
    // And in the XML: an inline string, no <f> element anywhere.
    const xml = unzip(file.rawPayload).get('xl/worksheets/sheet1.xml')?.toString('utf8') ?? '';
    expect(xml).not.toContain('<f>');
    expect(xml).toMatch(/t="inlineStr"><is><r><t>=HYPERLINK/);
  });

  it('gives the support columns, the incomplete students, and every faculty when none is named', async () => {
    const { file } = await download('SUPERADMIN', 'completeSupport');
    const support = await sheetOf(file.rawPayload);
    expect(support.values[0]).toEqual([...SUPPORT_COLUMNS.map((column) => column.header), 'حالة المستندات']);
    expect(support.values[0]).toEqual([
      'الاسم',
      'الرقم القومي',
      'رقم الموبايل',
      'الكلية',
      'حالة القيد',
      'حالة البيانات',
      'رقم الجلوس',
      'حالة المستندات',
    ]);

    const incomplete = await sheetOf((await download('SUPPORT', 'incompleteSupport')).file.rawPayload);
    expect(incomplete.values[0]).toEqual(SUPPORT_COLUMNS.map((column) => column.header));
    const ids = incomplete.values.slice(1).map((row) => row[1]);
    expect(ids).toContain(incompleteHere.nationalId);
    expect(ids).not.toContain(completeHere.nationalId);
    // Leading zeros of a seat number stay (text).
    expect(incomplete.values.find((row) => row[1] === incompleteHere.nationalId)?.[6]).toBe('00123');
    expect(incomplete.values.find((row) => row[1] === incompleteHere.nationalId)?.[5]).toBe('غير مكتملة');

    const all = await sheetOf((await download('SUPERADMIN', 'complete', null)).file.rawPayload);
    const allIds = all.values.slice(1).map((row) => row[1]);
    expect(allIds).toEqual(expect.arrayContaining([completeHere.nationalId, completeElsewhere.nationalId]));
    expect(allIds).not.toContain(incompleteHere.nationalId);
  });

  it('records who asked for and who downloaded an export', async () => {
    const superAdmin = await insertStaff(db, { role: 'SUPERADMIN' });
    await download(superAdmin.role, 'incomplete');
    const { path } = (await askFor(superAdmin, 'incomplete')).json() as { path: string };
    const file = await app.inject({ method: 'GET', url: path });
    const { rows } = await sheetOf(file.rawPayload);
    const entries = await db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.actorId, superAdmin.id),
          inArray(auditLog.action, ['students.export', 'students.export.download']),
        ),
      )
      .orderBy(desc(auditLog.createdAt));
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      'students.export',
      'students.export.download',
    ]);
    // The download's row says how many students the file holds: the sheet's rows under its header.
    expect(entries[0]?.details).toMatchObject({
      type: 'incomplete',
      faculty: FACULTY,
      rows: rows.length - 1,
    });
  });
});

describe('the documents status column (issue 16)', () => {
  it.each(['complete', 'completeSupport'])(
    "ends the %s sheet with each student's status in Arabic",
    async (type) => {
      const { values } = await sheetOf((await download('SUPERADMIN', type, null)).file.rawPayload);
      const header = values[0] ?? [];
      expect(header.at(-1)).toBe('حالة المستندات');
      const statusOf = (nationalId: string) =>
        values.find((row) => row[1] === nationalId)?.[header.length - 1];
      expect(statusOf(completeHere.nationalId)).toBe('مطلوب إعادة الرفع');
      expect(statusOf(formulaLike.nationalId)).toBe('مقبولة');
      expect(statusOf(completeElsewhere.nationalId)).toBe('بانتظار المراجعة');
    },
  );

  it.each(['incomplete', 'incompleteSupport'])('leaves it out of the %s sheet', async (type) => {
    const { values } = await sheetOf((await download('SUPERADMIN', type)).file.rawPayload);
    expect(values[0]).not.toContain('حالة المستندات');
  });
});

describe('who may download what', () => {
  it.each(['complete', 'incomplete', 'completeSupport', 'completePhotos'])(
    'refuses %s to support (403)',
    async (type) => {
      const res = await askFor('SUPPORT', type);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: 'error', message: 'غير مسموح لك بالقيام بهذا الإجراء' });
    },
  );

  it.each(['ADMIN', 'SOCIAL_ADMIN'] as const)('refuses every kind to %s (403)', async (role) => {
    expect((await askFor(role, 'incompleteSupport')).statusCode).toBe(403);
  });

  it('refuses an unknown kind and an unknown faculty (400)', async () => {
    const kind = await askFor('SUPERADMIN', 'everything');
    expect(kind.statusCode).toBe(400);
    expect(kind.json()).toEqual({ status: 'error', message: 'نوع التنزيل غير صحيح' });
    const faculty = await askFor('SUPERADMIN', 'complete', 'كلية غير موجودة');
    expect(faculty.statusCode).toBe(400);
    expect(faculty.json()).toEqual({ status: 'error', message: 'الكلية غير موجودة' });
  });
});

describe('the download link', () => {
  const signer = createLinkSigner(TEST_SECRET);

  it('is refused when tampered with (403), expired (410) or not a link (400)', async () => {
    const { path } = (await askFor('SUPPORT', 'incompleteSupport')).json() as { path: string };
    const token = path.split('/').pop() as string;
    const [payload, signature] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const upgraded = Buffer.from(JSON.stringify({ ...claims, d: { ...claims.d, t: 'complete' } })).toString(
      'base64url',
    );
    const tampered = await app.inject({ method: 'GET', url: `/api/v1/downloads/${upgraded}.${signature}` });
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json()).toEqual({ status: 'error', message: 'رابط التنزيل غير صالح' });

    const expired = signer.sign('student-export', claims.d, 1000, Date.now() - 11 * 60 * 1000);
    const old = await app.inject({ method: 'GET', url: `/api/v1/downloads/${expired}` });
    expect(old.statusCode).toBe(410);
    expect(old.json()).toEqual({
      status: 'error',
      message: 'انتهت صلاحية رابط التنزيل، اطلب التنزيل مرة أخرى',
    });

    const garbage = await app.inject({ method: 'GET', url: '/api/v1/downloads/not-a-link' });
    expect(garbage.statusCode).toBe(400);
  });

  it('dies with its account, its role or a password change (403)', async () => {
    const staff = await insertStaff(db, { role: 'SUPERADMIN' });
    const pathOf = async () => ((await askFor(staff, 'complete')).json() as { path: string }).path;

    const demoted = await pathOf();
    await db.update(staffUsers).set({ role: 'SUPPORT' }).where(eq(staffUsers.id, staff.id));
    expect((await app.inject({ method: 'GET', url: demoted })).statusCode).toBe(403);
    await db.update(staffUsers).set({ role: 'SUPERADMIN' }).where(eq(staffUsers.id, staff.id));

    const beforeChange = await pathOf();
    await db
      .update(staffUsers)
      .set({ credentialsChangedAt: new Date(Date.now() + 1000) })
      .where(eq(staffUsers.id, staff.id));
    expect((await app.inject({ method: 'GET', url: beforeChange })).statusCode).toBe(403);

    const other = await insertStaff(db, { role: 'SUPERADMIN', password: TEST_STAFF_PASSWORD });
    const res = await app.inject({
      method: 'POST',
      url: `${DOWNLOAD}/complete`,
      headers: { authorization: `Bearer ${await tokenFor(app, other)}` },
      payload: { faculty: FACULTY },
    });
    const orphan = (res.json() as { path: string }).path;
    await db.delete(staffUsers).where(eq(staffUsers.id, other.id));
    const gone = await app.inject({ method: 'GET', url: orphan });
    expect(gone.statusCode).toBe(403);
    expect(gone.json()).toEqual({ status: 'error', message: 'رابط التنزيل غير صالح' });
  });
});

describe('completePhotos', () => {
  it('streams a zip with one folder per complete student, named by national ID, holding the images', async () => {
    const pngOf = (label: string) =>
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(label)]);
    const stored = new Map<string, Buffer>();
    for (const student of [completeHere, formulaLike, incompleteHere]) {
      for (const kind of IMAGE_KINDS) {
        const key = `students/${student.id}/${kind}-${randomUUID()}.png`;
        const content = pngOf(`${student.nationalId}-${kind}`);
        // One image of one student is in the database but missing from the storage.
        if (!(student.id === formulaLike.id && kind === 'nominationCard'))
          await app.storage.put(key, content);
        stored.set(`${student.nationalId}/${kind}.png`, content);
        await db.insert(studentImages).values({
          studentId: student.id,
          kind,
          storageKey: key,
          contentType: 'image/png',
          sizeBytes: content.length,
          sha256: createHash('sha256').update(content).digest('hex'),
        });
      }
    }

    const { file } = await download('SUPERADMIN', 'completePhotos');
    expect(file.headers['content-type']).toBe('application/zip');
    expect(file.headers['content-disposition']).toMatch(/filename="students-complete-photos-[\d-]+\.zip"/);
    const entries = unzip(file.rawPayload);
    const expected = [completeHere, formulaLike].flatMap((student) =>
      IMAGE_KINDS.map((kind) => `${student.nationalId}/${kind}.png`),
    );
    const missing = `${formulaLike.nationalId}/nominationCard.png`;
    expect([...entries.keys()].sort()).toEqual(
      [...expected.filter((name) => name !== missing), 'صور غير موجودة.txt'].sort(),
    );
    for (const name of expected.filter((n) => n !== missing))
      expect(entries.get(name)).toEqual(stored.get(name));
    expect(entries.get('صور غير موجودة.txt')?.toString('utf8')).toContain(
      `${formulaLike.nationalId}: nominationCard`,
    );
    // An incomplete student's images are not in it.
    expect([...entries.keys()].some((name) => name.startsWith(incompleteHere.nationalId))).toBe(false);
  });

  it('is an empty zip when no complete student has images', async () => {
    const { file } = await download('SUPERADMIN', 'completePhotos', OTHER);
    expect(unzip(file.rawPayload).size).toBe(0);
    const [none] = await db.select().from(students).where(eq(students.id, completeElsewhere.id));
    expect(none?.isComplete).toBe(true);
  });
});
