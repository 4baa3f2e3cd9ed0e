// Kept whole: one ordered table of hostile multipart cases, read by hostile-input.test.ts: the accepted
// complete-data submit stores the images the own-document and replacement rows then need.
import * as XLSX from '@e965/xlsx';
import { IMAGE_KINDS, type ImageKind, MESSAGES, photoFileName, REVIEW_MESSAGES } from '@portal/common';
import { API_PREFIX } from '../../src/modules/auth/access-policy.js';
import {
  fakeExe,
  fixtureNationalId,
  withDeclaredSize,
  xlsxOf,
  zipOf,
} from '../../src/modules/imports/testing/spreadsheets.js';
import { TEST_FACULTY } from '../auth-helpers.js';
import { COMPLETE_DATA_FIELDS } from '../complete-data-fields.js';
import { tinyPng } from '../images.js';
import type { FilePart } from '../multipart.js';
import type { CaseContext, HostileBody, HostileCase } from './hostile-case.js';
import {
  arabicIndic,
  decompressionBombPng,
  FORMULA_DDE,
  FORMULA_HYPERLINK,
  htmlPage,
  persian,
  SCRIPT_TAG,
  SQL_INJECTION,
  svgWithScript,
  truncatedPng,
} from './payloads.js';

/** The six document images, valid PNGs of different colours; `replace` swaps one kind's file. */
function sixImages(replace: Partial<Record<ImageKind, Omit<FilePart, 'field'>>> = {}): FilePart[] {
  return IMAGE_KINDS.map(
    (kind, index) =>
      replace[kind] ?? {
        filename: photoFileName(`${kind}.png`, kind),
        content: tinyPng([index * 40, 100, 200 - index * 30]),
      },
  );
}

const completeData = (
  fields: Record<string, string> | readonly (readonly [string, string])[],
  files?: FilePart[],
): HostileBody => ({ kind: 'multipart', fields, files: files ?? [] });
const ownForm = (ctx: CaseContext) => `/students/completeStudentData/${ctx.student.id}`;

/** An image of a kind that is not an image at all, under a png name. */
function posingAs(
  kind: ImageKind,
  content: Buffer,
  name = `${kind}.png`,
): Partial<Record<ImageKind, FilePart>> {
  return { [kind]: { filename: photoFileName(name, kind), content } };
}

const completeDataCases: HostileCase[] = [
  {
    name: 'complete data: a JSON body instead of multipart',
    route: 'PATCH /students/completeStudentData/:id',
    who: 'student',
    request: (ctx) => ({ path: ownForm(ctx), body: { kind: 'json', value: COMPLETE_DATA_FIELDS } }),
    status: 415,
    message: MESSAGES.multipartRequired,
  },
  {
    name: "complete data: another student's id",
    route: 'PATCH /students/completeStudentData/:id',
    who: 'student',
    request: (ctx) => ({
      path: `/students/completeStudentData/${ctx.otherStudent.id}`,
      body: completeData(COMPLETE_DATA_FIELDS, sixImages()),
    }),
    status: 403,
  },
  {
    name: 'complete data: an English name in Arabic letters',
    route: 'PATCH /students/completeStudentData/:id',
    who: 'student',
    request: (ctx) => ({
      path: ownForm(ctx),
      body: completeData({ ...COMPLETE_DATA_FIELDS, studentNameEn: 'أحمد محمد' }, sixImages()),
    }),
    status: 400,
    message: MESSAGES.studentNameEnLatin,
  },
  {
    name: 'complete data: an English name that is a script',
    route: 'PATCH /students/completeStudentData/:id',
    who: 'student',
    request: (ctx) => ({
      path: ownForm(ctx),
      body: completeData({ ...COMPLETE_DATA_FIELDS, studentNameEn: SCRIPT_TAG }, sixImages()),
    }),
    status: 400,
    message: MESSAGES.studentNameEnLatin,
  },
  {
    name: 'complete data: a phone number that is SQL',
    route: 'PATCH /students/completeStudentData/:id',
    who: 'student',
    request: (ctx) => ({
      path: ownForm(ctx),
      body: completeData({ ...COMPLETE_DATA_FIELDS, phoneNumber: SQL_INJECTION }, sixImages()),
    }),
    status: 400,
  },
  {
    name: 'complete data: an HTML page named .png',
    route: 'PATCH /students/completeStudentData/:id',
    who: 'student',
    request: (ctx) => ({
      path: ownForm(ctx),
      body: completeData(COMPLETE_DATA_FIELDS, sixImages(posingAs('personalPhoto', htmlPage()))),
    }),
    status: 415,
    message: MESSAGES.imageNotImage,
  },
  {
    name: 'complete data: an SVG with a script named .png and declared image/png',
    route: 'PATCH /students/completeStudentData/:id',
    who: 'student',
    request: (ctx) => ({
      path: ownForm(ctx),
      body: completeData(COMPLETE_DATA_FIELDS, sixImages(posingAs('frontIdCard', svgWithScript()))),
    }),
    status: 415,
    message: MESSAGES.imageNotImage,
  },
  {
    name: 'complete data: a Windows program named .jpg',
    route: 'PATCH /students/completeStudentData/:id',
    who: 'student',
    request: (ctx) => ({
      path: ownForm(ctx),
      body: completeData(COMPLETE_DATA_FIELDS, sixImages(posingAs('backIdCard', fakeExe(), 'scan.jpg'))),
    }),
    status: 415,
    message: MESSAGES.imageNotImage,
  },
  {
    name: 'complete data: a truncated PNG',
    route: 'PATCH /students/completeStudentData/:id',
    who: 'student',
    request: (ctx) => ({
      path: ownForm(ctx),
      body: completeData(COMPLETE_DATA_FIELDS, sixImages(posingAs('birthCertificate', truncatedPng()))),
    }),
    status: 400,
    message: MESSAGES.imageCorrupt,
  },
  {
    name: 'complete data: a decompression-bomb PNG (50,000 × 50,000 pixels in a few kB)',
    route: 'PATCH /students/completeStudentData/:id',
    who: 'student',
    request: (ctx) => ({
      path: ownForm(ctx),
      body: completeData(COMPLETE_DATA_FIELDS, sixImages(posingAs('personalPhoto', decompressionBombPng()))),
    }),
    status: 413,
    message: MESSAGES.imageTooManyPixels,
  },
  {
    name: 'complete data: an image of 3 MB',
    route: 'PATCH /students/completeStudentData/:id',
    who: 'student',
    request: (ctx) => {
      const big = Buffer.alloc(3 * 1024 * 1024, 1);
      tinyPng().copy(big);
      return {
        path: ownForm(ctx),
        body: completeData(COMPLETE_DATA_FIELDS, sixImages(posingAs('nominationCard', big))),
      };
    },
    status: 413,
    message: MESSAGES.imageTooLarge,
  },
  {
    name: 'complete data: seven files',
    route: 'PATCH /students/completeStudentData/:id',
    who: 'student',
    request: (ctx) => ({
      path: ownForm(ctx),
      body: completeData(COMPLETE_DATA_FIELDS, [
        ...sixImages(),
        { filename: photoFileName('extra.png', 'personalPhoto'), content: tinyPng() },
      ]),
    }),
    status: 400,
    message: MESSAGES.photosTooMany,
  },
  {
    name: 'complete data: 500 form fields',
    route: 'PATCH /students/completeStudentData/:id',
    who: 'student',
    request: (ctx) => ({
      path: ownForm(ctx),
      body: completeData(Array.from({ length: 500 }, (_, i) => [`field${i}`, 'x'] as const)),
    }),
    status: 413,
    message: MESSAGES.formTooLarge,
  },
  {
    name: 'complete data: a field sent twice',
    route: 'PATCH /students/completeStudentData/:id',
    who: 'student',
    request: (ctx) => ({
      path: ownForm(ctx),
      body: completeData(
        [...Object.entries(COMPLETE_DATA_FIELDS), ['email', 'other@example.com']],
        sixImages(),
      ),
    }),
    status: 400,
    message: MESSAGES.fieldRepeated,
  },
  {
    name: 'complete data: __proto__ and constructor fields',
    route: 'PATCH /students/completeStudentData/:id',
    who: 'student',
    request: (ctx) => ({
      path: ownForm(ctx),
      body: completeData([
        ['__proto__', '{"polluted":"yes"}'],
        ['constructor', 'x'],
        ...Object.entries(COMPLETE_DATA_FIELDS),
      ]),
    }),
    status: 400,
  },
  {
    name: 'complete data: a file in a field other than photos',
    route: 'PATCH /students/completeStudentData/:id',
    who: 'student',
    request: (ctx) => ({
      path: ownForm(ctx),
      body: completeData(COMPLETE_DATA_FIELDS, [
        { field: 'avatar', filename: photoFileName('a.png', 'personalPhoto'), content: tinyPng() },
      ]),
    }),
    status: 400,
    message: MESSAGES.photoFieldUnknown,
  },
  {
    name: 'complete data: a file whose name names no image kind',
    route: 'PATCH /students/completeStudentData/:id',
    who: 'student',
    request: (ctx) => ({
      path: ownForm(ctx),
      body: completeData(COMPLETE_DATA_FIELDS, [{ filename: '../../etc/passwd.png', content: tinyPng() }]),
    }),
    status: 400,
    message: MESSAGES.photoKindUnknown,
  },
  {
    name: 'complete data: a multipart body with no boundary',
    route: 'PATCH /students/completeStudentData/:id',
    who: 'student',
    request: (ctx) => ({
      path: ownForm(ctx),
      body: { kind: 'raw', payload: 'garbage', contentType: 'multipart/form-data' },
    }),
    status: 400,
  },
  {
    name:
      'complete data: ACCEPTS Arabic-Indic and Persian digits, SQL and script text as plain text, and a ' +
      'traversal in a file name (stored under its own key)',
    route: 'PATCH /students/completeStudentData/:id',
    who: 'student',
    request: (ctx) => ({
      path: ownForm(ctx),
      body: completeData(
        {
          ...COMPLETE_DATA_FIELDS,
          phoneNumber: arabicIndic('01012345678'),
          homeTel: persian('0502212345'),
          totalGrade: '٣٨٥٫٥',
          percentage: arabicIndic('93.75'),
          qualificationYear: `${arabicIndic('2024')}/${persian('2025')}`,
          masterName: SQL_INJECTION,
          masterJob: SCRIPT_TAG,
          address: FORMULA_HYPERLINK,
        },
        sixImages({
          personalPhoto: {
            filename: photoFileName('../../../../etc/passwd.png', 'personalPhoto'),
            content: tinyPng([1, 2, 3]),
          },
        }),
      ),
    }),
    status: 200,
    accepted: {
      mayChange: ['students', 'student_images', 'audit_log', 'notifications'],
      verify: async (ctx) => {
        const [row] = await ctx.query<Record<string, unknown>>(
          'SELECT phone_number, home_tel, total_grade, percentage, qualification_year, master_name, master_job, address FROM students WHERE id = $1',
          [ctx.student.id],
        );
        const expected = {
          phone_number: '01012345678',
          home_tel: '0502212345',
          qualification_year: '2024/2025',
          master_name: SQL_INJECTION,
          master_job: SCRIPT_TAG,
          address: FORMULA_HYPERLINK,
        };
        for (const [column, value] of Object.entries(expected)) {
          if (row?.[column] !== value) throw new Error(`${column}: ${String(row?.[column])} ≠ ${value}`);
        }
        if (Number(row?.total_grade) !== 385.5 || Number(row?.percentage) !== 93.75)
          throw new Error(`grades not normalised: ${row?.total_grade} ${row?.percentage}`);
        const keys = await ctx.query<{ key: string }>(
          'SELECT storage_key AS key FROM student_images WHERE student_id = $1',
          [ctx.student.id],
        );
        if (keys.length !== 6 || keys.some(({ key }) => key.includes('..') || key.includes('passwd')))
          throw new Error(`image keys: ${JSON.stringify(keys)}`);
      },
    },
  },
];

/** The student's own images, once the accepted submit above has stored them. */
const ownDocumentCases: HostileCase[] = [
  {
    name: "document: ACCEPTS the student's own session reading its stored image, a traversal in the query ignored",
    route: 'GET /students/document/:id/:kind',
    who: 'student',
    request: (ctx) => ({
      path: `/students/document/${ctx.student.id}/personalPhoto?key=..%2F..%2F..%2Fetc%2Fpasswd`,
    }),
    status: 200,
    // A student reading its own documents is not audited (only staff reads of personal data are).
    accepted: {
      verify: (_ctx, body) => {
        // The PNG signature (its first byte, 0x89, is not UTF-8 and reads as a replacement character).
        if (body.slice(1, 4) !== 'PNG') throw new Error(`not the stored PNG: ${body.slice(0, 40)}`);
      },
    },
  },
  {
    name: "document: the student's own session asking for an unknown kind",
    route: 'GET /students/document/:id/:kind',
    who: 'student',
    request: (ctx) => ({ path: `/students/document/${ctx.student.id}/${encodeURIComponent(SQL_INJECTION)}` }),
    status: 400,
    message: MESSAGES.photoKindUnknown,
  },
];

/** A replacement of refused documents: files only (every case below is refused before anything is stored). */
const replacement = (
  files: FilePart[],
  fields: readonly (readonly [string, string])[] = [],
): HostileBody => ({
  kind: 'multipart',
  fields,
  files,
});
const ownReplacement = (ctx: CaseContext) => `/students/replaceDocuments/${ctx.student.id}`;
const oneImage = (kind: ImageKind = 'personalPhoto', content = tinyPng([9, 9, 9])): FilePart[] => [
  { filename: photoFileName(`${kind}.png`, kind), content },
];

/**
 * Replacement cases run after the complete-data cases: by then `student` has completed the data, and its
 * documents await review (none is refused, so a well-formed replacement is refused too).
 */
const replaceDocumentsCases: HostileCase[] = [
  {
    name: 'replace documents: a JSON body instead of multipart',
    route: 'PATCH /students/replaceDocuments/:id',
    who: 'student',
    request: (ctx) => ({ path: ownReplacement(ctx), body: { kind: 'json', value: { photos: ['x'] } } }),
    status: 415,
    message: MESSAGES.multipartRequired,
  },
  {
    name: "replace documents: another student's id",
    route: 'PATCH /students/replaceDocuments/:id',
    who: 'student',
    request: (ctx) => ({
      path: `/students/replaceDocuments/${ctx.otherStudent.id}`,
      body: replacement(oneImage()),
    }),
    status: 403,
  },
  {
    name: 'replace documents: a student whose data is not complete',
    route: 'PATCH /students/replaceDocuments/:id',
    who: 'passedStudent',
    request: (ctx) => ({
      path: `/students/replaceDocuments/${ctx.passedStudent.id}`,
      body: replacement(oneImage()),
    }),
    status: 409,
    message: REVIEW_MESSAGES.replaceNotComplete,
  },
  {
    name: 'replace documents: a document that was not refused',
    route: 'PATCH /students/replaceDocuments/:id',
    who: 'student',
    request: (ctx) => ({ path: ownReplacement(ctx), body: replacement(oneImage('frontIdCard')) }),
    status: 409,
    message: REVIEW_MESSAGES.replaceNotRefused,
  },
  {
    name: 'replace documents: no image at all',
    route: 'PATCH /students/replaceDocuments/:id',
    who: 'student',
    request: (ctx) => ({ path: ownReplacement(ctx), body: replacement([]) }),
    status: 400,
    message: REVIEW_MESSAGES.replaceNothingSent,
  },
  {
    name: 'replace documents: a form field sent along (the English name)',
    route: 'PATCH /students/replaceDocuments/:id',
    who: 'student',
    request: (ctx) => ({
      path: ownReplacement(ctx),
      body: replacement(oneImage(), [['studentNameEn', 'Someone Else']]),
    }),
    status: 400,
    message: REVIEW_MESSAGES.replaceFieldsRefused,
  },
  {
    name: 'replace documents: __proto__ and constructor fields',
    route: 'PATCH /students/replaceDocuments/:id',
    who: 'student',
    request: (ctx) => ({
      path: ownReplacement(ctx),
      body: replacement(oneImage(), [
        ['__proto__', '{"polluted":"yes"}'],
        ['constructor', 'x'],
      ]),
    }),
    status: 400,
  },
  {
    name: 'replace documents: an SVG with a script named .png',
    route: 'PATCH /students/replaceDocuments/:id',
    who: 'student',
    request: (ctx) => ({
      path: ownReplacement(ctx),
      body: replacement(oneImage('personalPhoto', svgWithScript())),
    }),
    status: 415,
    message: MESSAGES.imageNotImage,
  },
  {
    name: 'replace documents: a decompression-bomb PNG',
    route: 'PATCH /students/replaceDocuments/:id',
    who: 'student',
    request: (ctx) => ({
      path: ownReplacement(ctx),
      body: replacement(oneImage('personalPhoto', decompressionBombPng())),
    }),
    status: 413,
    message: MESSAGES.imageTooManyPixels,
  },
  {
    name: 'replace documents: a truncated PNG',
    route: 'PATCH /students/replaceDocuments/:id',
    who: 'student',
    request: (ctx) => ({
      path: ownReplacement(ctx),
      body: replacement(oneImage('backIdCard', truncatedPng())),
    }),
    status: 400,
    message: MESSAGES.imageCorrupt,
  },
  {
    name: 'replace documents: a file name with a traversal and no kind',
    route: 'PATCH /students/replaceDocuments/:id',
    who: 'student',
    request: (ctx) => ({
      path: ownReplacement(ctx),
      body: replacement([{ filename: '../../etc/passwd.png', content: tinyPng() }]),
    }),
    status: 400,
    message: MESSAGES.photoKindUnknown,
  },
  {
    name: 'replace documents: seven files',
    route: 'PATCH /students/replaceDocuments/:id',
    who: 'student',
    request: (ctx) => ({ path: ownReplacement(ctx), body: replacement([...sixImages(), ...oneImage()]) }),
    status: 400,
    message: MESSAGES.photosTooMany,
  },
  {
    name: 'replace documents: a multipart body with no boundary',
    route: 'PATCH /students/replaceDocuments/:id',
    who: 'student',
    request: (ctx) => ({
      path: ownReplacement(ctx),
      body: { kind: 'raw', payload: 'garbage', contentType: 'multipart/form-data' },
    }),
    status: 400,
  },
];

const upload = (fields: Record<string, string>, file?: FilePart): HostileBody => ({
  kind: 'multipart',
  fields,
  files: file ? [{ ...file, field: file.field ?? 'file' }] : [],
});
const xlsxFile = (content: Buffer, filename = 'students.xlsx'): FilePart => ({
  filename,
  content,
  contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
});
const GOOD_FIELDS = { faculty: TEST_FACULTY, status: 'regular' };

/** Lists are built once, when the table first asks for them (building is async). */
export interface Spreadsheets {
  valid: Buffer;
  wrongHeaders: Buffer;
  formulaCells: Buffer;
  formulaText: Buffer;
  zipBombDeclared: Buffer;
  zipBombReal: Buffer;
  notWorkbook: Buffer;
  formulaTextIds: string[];
}

export async function buildSpreadsheets(): Promise<Spreadsheets> {
  const header = ['الاسم', 'الرقم القومي'];
  const formulaTextIds = [fixtureNationalId(), fixtureNationalId(), fixtureNationalId()];
  const valid = await xlsxOf([header, ['طالب سليم', fixtureNationalId()]]);
  return {
    valid,
    wrongHeaders: await xlsxOf([
      ['first', 'second', 'third'],
      ['a', 'b', 'c'],
    ]),
    // Formula cells without a computed value: the reader must not run them nor take them as names.
    formulaCells: await xlsxOf([
      header,
      [{ formula: 'HYPERLINK("http://evil.example","اضغط")' }, { formula: "cmd|' /C calc'!A0" }],
      [{ formula: 'WEBSERVICE("http://evil.example")' }, { formula: '1+1' }],
    ]),
    // Text that looks like formulas (CSV injection): stored as text, written as text in exports.
    formulaText: await xlsxOf([
      header,
      [FORMULA_HYPERLINK, formulaTextIds[0] as string],
      [FORMULA_DDE, formulaTextIds[1] as string],
      [`@SUM(1+1)*cmd|' /C calc'!A0`, formulaTextIds[2] as string],
    ]),
    zipBombDeclared: withDeclaredSize(valid, 'xl/worksheets/sheet1.xml', 0xfff00000),
    zipBombReal: await zipOf([
      { name: '[Content_Types].xml', content: Buffer.from('<Types/>') },
      { name: 'xl/worksheets/sheet1.xml', content: Buffer.alloc(300 * 1024 * 1024, 0x20) },
    ]),
    notWorkbook: await zipOf([{ name: 'word/document.xml', content: Buffer.from('<w:document/>') }]),
    formulaTextIds,
  };
}

export function uploadCases(sheets: () => Spreadsheets): HostileCase[] {
  return [
    {
      name: 'upload: a JSON body',
      route: 'POST /students/upload',
      who: 'SUPPORT',
      request: () => ({ body: { kind: 'json', value: GOOD_FIELDS } }),
      status: 400,
      message: MESSAGES.uploadFieldsInvalid,
    },
    {
      name: 'upload: no faculty',
      route: 'POST /students/upload',
      who: 'SUPPORT',
      request: () => ({ body: upload({ status: 'regular' }, xlsxFile(sheets().valid)) }),
      status: 400,
      message: MESSAGES.facultyRequired,
    },
    {
      name: 'upload: a faculty that is SQL',
      route: 'POST /students/upload',
      who: 'SUPPORT',
      request: () => ({
        body: upload({ faculty: `${TEST_FACULTY}' OR '1'='1`, status: 'regular' }, xlsxFile(sheets().valid)),
      }),
      status: 400,
      message: MESSAGES.collegeNotFound,
    },
    {
      name: 'upload: the status "__proto__"',
      route: 'POST /students/upload',
      who: 'SUPPORT',
      request: () => ({
        body: upload({ faculty: TEST_FACULTY, status: '__proto__' }, xlsxFile(sheets().valid)),
      }),
      status: 400,
      message: MESSAGES.uploadStatusInvalid,
    },
    {
      name: 'upload: a Windows program named .xlsx',
      route: 'POST /students/upload',
      who: 'SUPPORT',
      request: () => ({ body: upload(GOOD_FIELDS, xlsxFile(fakeExe())) }),
      status: 415,
      message: MESSAGES.excelFileOnly,
    },
    {
      name: 'upload: text that is not a zip, named .xlsx',
      route: 'POST /students/upload',
      who: 'SUPPORT',
      request: () => ({ body: upload(GOOD_FIELDS, xlsxFile(Buffer.from('name,nationalID\nx,1\n'))) }),
      status: 415,
    },
    {
      name: 'upload: a zip that is not a workbook (a .docx renamed .xlsx)',
      route: 'POST /students/upload',
      who: 'SUPPORT',
      request: () => ({ body: upload(GOOD_FIELDS, xlsxFile(sheets().notWorkbook)) }),
      status: 415,
    },
    {
      name: 'upload: a zip bomb (an entry declaring 4 GB)',
      route: 'POST /students/upload',
      who: 'SUPPORT',
      request: () => ({ body: upload(GOOD_FIELDS, xlsxFile(sheets().zipBombDeclared)) }),
      status: 413,
      message: MESSAGES.uploadFileExpandsTooMuch,
    },
    {
      name: 'upload: a real zip bomb (300 MB of spaces in a few hundred kB)',
      route: 'POST /students/upload',
      who: 'SUPPORT',
      request: () => ({ body: upload(GOOD_FIELDS, xlsxFile(sheets().zipBombReal)) }),
      status: 413,
      message: MESSAGES.uploadFileExpandsTooMuch,
    },
    {
      name: 'upload: a truncated workbook',
      route: 'POST /students/upload',
      who: 'SUPPORT',
      request: () => ({
        body: upload(
          GOOD_FIELDS,
          xlsxFile(sheets().valid.subarray(0, Math.floor(sheets().valid.length / 2))),
        ),
      }),
      status: 400,
      message: MESSAGES.uploadFileUnreadable,
    },
    {
      name: 'upload: a sheet with the wrong headers',
      route: 'POST /students/upload',
      who: 'SUPPORT',
      request: () => ({ body: upload(GOOD_FIELDS, xlsxFile(sheets().wrongHeaders)) }),
      status: 400,
      message: MESSAGES.uploadNoHeader,
    },
    {
      name: 'upload: formula cells (HYPERLINK, DDE) without values are neither run nor imported',
      route: 'POST /students/upload',
      who: 'SUPPORT',
      request: () => ({ body: upload(GOOD_FIELDS, xlsxFile(sheets().formulaCells)) }),
      status: 200,
      accepted: {
        // The import itself is audited; no student is added.
        mayChange: ['audit_log'],
        verify: (_ctx, body) => {
          const answer = JSON.parse(body) as {
            added: number;
            rejected: number;
            report: { reason: string }[];
          };
          const reasons = answer.report.map((row) => row.reason);
          if (answer.added !== 0 || answer.rejected !== 2 || !reasons.every((r) => r.includes('معادلة')))
            throw new Error(`formula rows not rejected: ${body.slice(0, 400)}`);
        },
      },
    },
    {
      name: 'upload: two files',
      route: 'POST /students/upload',
      who: 'SUPPORT',
      request: () => ({
        body: {
          kind: 'multipart',
          fields: GOOD_FIELDS,
          files: [
            { ...xlsxFile(sheets().valid), field: 'file' },
            { ...xlsxFile(sheets().valid, 'again.xlsx'), field: 'file' },
          ],
        },
      }),
      status: 413,
      message: MESSAGES.bodyTooLarge,
    },
    {
      name: 'upload: 50 form fields',
      route: 'POST /students/upload',
      who: 'SUPPORT',
      request: () => ({
        body: upload(
          Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, 'x'])),
          xlsxFile(sheets().valid),
        ),
      }),
      status: 413,
      message: MESSAGES.bodyTooLarge,
    },
    {
      name: 'upload: a faculty ADMIN may not upload',
      route: 'POST /students/upload',
      who: 'ADMIN',
      request: () => ({ body: upload(GOOD_FIELDS, xlsxFile(sheets().valid)) }),
      status: 403,
    },
    {
      name: 'upload template: ignores its query string',
      route: 'GET /students/uploadTemplate',
      who: 'SUPPORT',
      request: () => ({ path: '/students/uploadTemplate?name=..%2F..%2Fetc%2Fpasswd&__proto__[x]=1' }),
      status: 200,
      accepted: {},
    },
    ...['not-a-link', encodeURIComponent('../../etc/passwd'), 'e30.c2ln'].map(
      (token): HostileCase => ({
        name: `upload report: the link ${decodeURIComponent(token)}`,
        route: 'GET /students/uploadReport/:token',
        who: 'anonymous',
        request: () => ({ path: `/students/uploadReport/${token}` }),
        status: 400,
        message: MESSAGES.downloadLinkInvalid,
      }),
    ),
    {
      name:
        'upload: ACCEPTS names that look like formulas (=HYPERLINK, =cmd|, @SUM) as text, under a file name ' +
        'with a traversal',
      route: 'POST /students/upload',
      who: 'SUPPORT',
      request: () => ({
        body: upload(GOOD_FIELDS, xlsxFile(sheets().formulaText, '../../../etc/passwd.xlsx')),
      }),
      status: 200,
      accepted: {
        mayChange: ['students', 'audit_log'],
        verify: async (ctx) => {
          const rows = await ctx.query<{ name: string }>(
            'SELECT name FROM students WHERE national_id = ANY($1) ORDER BY name',
            [sheets().formulaTextIds],
          );
          const names = rows.map((row) => row.name).sort();
          const expected = [FORMULA_HYPERLINK, FORMULA_DDE, `@SUM(1+1)*cmd|' /C calc'!A0`].sort();
          if (JSON.stringify(names) !== JSON.stringify(expected))
            throw new Error(`names not stored as text: ${JSON.stringify(names)}`);
        },
      },
    },
    {
      name: 'export: the formula-like names of the upload above are text cells, not formulas',
      route: 'POST /students/downloadStudentData/:type',
      who: 'SUPPORT',
      request: () => ({
        path: '/students/downloadStudentData/incompleteSupport',
        body: { kind: 'json', value: { faculty: TEST_FACULTY } },
      }),
      status: 200,
      accepted: {
        mayChange: ['audit_log'],
        verify: async (ctx, body) => {
          const file = await ctx.inject((JSON.parse(body) as { path: string }).path.replace(API_PREFIX, ''));
          const workbook = XLSX.read(file.rawPayload, { type: 'buffer', cellFormula: true, dense: true });
          const sheet = workbook.Sheets[workbook.SheetNames[0] as string] as XLSX.WorkSheet;
          const cells = (sheet['!data'] ?? []).flat().filter(Boolean) as XLSX.CellObject[];
          const formulas = cells.filter((cell) => cell.f !== undefined);
          if (formulas.length > 0) throw new Error(`formulas in the export: ${JSON.stringify(formulas)}`);
          for (const name of [FORMULA_HYPERLINK, FORMULA_DDE]) {
            if (cells.find((cell) => cell.v === name)?.t !== 's')
              throw new Error(`${name} is not a text cell`);
          }
        },
      },
    },
  ];
}

/**
 * The complete-data cases first: their accepted submit completes the student, and stores the images, that the
 * own-document and replacement cases need.
 */
export const FILE_CASES: readonly HostileCase[] = [
  ...completeDataCases,
  ...ownDocumentCases,
  ...replaceDocumentsCases,
];
