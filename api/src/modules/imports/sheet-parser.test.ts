import { normalizeDigits as commonNormalizeDigits } from '@portal/common';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import type { ExcelFormat } from './excel-file.js';
import { type ImportLiterals, type ParsedSheet, parseStudentSheet } from './sheet-parser.js';
import { ARABIC_HEADERS, ENGLISH_HEADERS, type FixtureCell, xlsOf, xlsxOf } from './testing/spreadsheets.js';
import { normalizeDigits as workerNormalizeDigits } from './worker/parse-student-sheet.worker.mjs';

/** Reads back a PostgreSQL array literal of the worker (quoted elements or NULL). */
function decodeArray(literal: string): (string | null)[] {
  const values: (string | null)[] = [];
  const pattern = /"((?:[^"\\]|\\.)*)"|NULL/g;
  for (const match of literal.slice(1, -1).matchAll(pattern))
    values.push(match[1] === undefined ? null : match[1].replace(/\\(.)/g, '$1'));
  return values;
}

/** The accepted rows as objects, in file order. */
function rowsOf(parsed: ParsedSheet) {
  const columns = Object.fromEntries(
    Object.entries(parsed.literals).map(([key, literal]) => [key, decodeArray(literal)]),
  ) as Record<keyof ImportLiterals, (string | null)[]>;
  return columns.nationalId.map((_, i) =>
    Object.fromEntries(Object.keys(columns).map((key) => [key, columns[key as keyof ImportLiterals][i]])),
  );
}

async function parseRows(rows: FixtureCell[][], format: ExcelFormat = 'xlsx', options = {}) {
  const file = format === 'xlsx' ? await xlsxOf(rows) : xlsOf(rows as (string | number | null)[][]);
  return parseStudentSheet(file, format, options);
}

async function refusal(work: Promise<unknown>): Promise<{ statusCode: number; message: string }> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return { statusCode: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('not refused');
}

describe('reading a student list in the worker', () => {
  it('reads Arabic headers, normalises digits and keeps identifiers as text', async () => {
    const parsed = await parseRows([
      ARABIC_HEADERS,
      ['  محمد   أحمد  علي ', '٣٠٥٠١٠١١٢٣٤٥٦٧', '١٢٣٤٥', '٠١٠ ١٢٣٤ ٥٦٧٨', 'ذكر', '٣٨٥٫٥', '٩٥٪'],
      ['منى محمود', '30501011234568', 98765, 1012345678, 'انثى', 390.25, '88.5'],
      ['سارة علي', '30501011234569', null, '+201001234567', 'F', null, 0.91],
    ]);
    expect(parsed.rejections).toEqual([]);
    expect(parsed.ignoredColumns).toEqual([]);
    expect(parsed.headerRow).toBe(1);
    expect(rowsOf(parsed)).toEqual([
      {
        nationalId: '30501011234567',
        name: 'محمد أحمد علي',
        seatNo: '12345',
        phoneNumber: '01012345678',
        gender: 'ذكر',
        totalGrade: '385.5',
        percentage: '95',
      },
      {
        nationalId: '30501011234568',
        name: 'منى محمود',
        seatNo: '98765',
        // A number cell lost the mobile's leading zero; it is put back.
        phoneNumber: '01012345678',
        gender: 'أنثى',
        totalGrade: '390.25',
        percentage: '88.5',
      },
      {
        nationalId: '30501011234569',
        name: 'سارة علي',
        seatNo: null,
        phoneNumber: '+201001234567',
        gender: 'أنثى',
        totalGrade: null,
        percentage: '0.91',
      },
    ]);
  });

  it('reads English headers in any order and reports the columns it ignores', async () => {
    const parsed = await parseRows([
      ['Notes', 'nationalID', 'percentage', 'Name', 'seat_no', 'Address'],
      ['ملاحظة', '30501011234567', 80, 'طالب أول', 'A12', 'القاهرة'],
    ]);
    expect(parsed.ignoredColumns).toEqual(['Notes', 'Address']);
    expect(rowsOf(parsed)).toEqual([
      expect.objectContaining({
        nationalId: '30501011234567',
        name: 'طالب أول',
        seatNo: 'A12',
        percentage: '80',
      }),
    ]);
  });

  it('reads mixed headers, spelling variants, and a title row above the header', async () => {
    const parsed = await parseRows([
      ['كشف طلاب كلية التجارة 2026'],
      [],
      ['م', 'الإسم', 'National ID', 'رقم الجلوس', 'الرقم القومى'],
      [1, 'طالب ثان', '30501011234570', 555, '99999999999999'],
    ]);
    expect(parsed.headerRow).toBe(3);
    // The first column naming the national ID is read; a second one is ignored.
    expect(parsed.ignoredColumns).toEqual(['م', 'الرقم القومى']);
    expect(rowsOf(parsed)).toEqual([
      expect.objectContaining({ nationalId: '30501011234570', name: 'طالب ثان', seatNo: '555' }),
    ]);
  });

  it('reads an Excel 97-2003 .xls file the same way', async () => {
    const parsed = await parseRows(
      [ENGLISH_HEADERS, ['طالب اكس ال اس', '30501011234571', '777', '01112345678', 'male', '400', '97.5']],
      'xls',
    );
    expect(rowsOf(parsed)).toEqual([
      {
        nationalId: '30501011234571',
        name: 'طالب اكس ال اس',
        seatNo: '777',
        phoneNumber: '01112345678',
        gender: 'ذكر',
        totalGrade: '400',
        percentage: '97.5',
      },
    ]);
  });

  it('turns a number cell in scientific notation into its exact digits, and refuses IDs that lost digits', async () => {
    const parsed = await parseRows([
      ['الاسم', 'الرقم القومي'],
      ['رقم علمي سليم', 2.9e13],
      ['رقم فقد أرقامه', 2.98010112345678e17],
      ['نص بصيغة علمية', '2.98E+13'],
      ['رقم قصير', 12345],
    ]);
    expect(rowsOf(parsed).map((row) => row.nationalId)).toEqual(['29000000000000']);
    expect(parsed.rejections).toEqual([
      [3, expect.any(String), 'رقم فقد أرقامه', expect.stringContaining('بالصيغة العلمية')],
      [4, '2.98E+13', 'نص بصيغة علمية', expect.stringContaining('بالصيغة العلمية')],
      [5, '12345', 'رقم قصير', 'الرقم القومي يجب أن يتكون من 14 رقما'],
    ]);
  });

  it('keeps the first of duplicate national IDs and rejects the later ones, naming the first row', async () => {
    const parsed = await parseRows([
      ['الاسم', 'الرقم القومي'],
      ['الأول', '30501011234567'],
      ['الثاني', '30501011234568'],
      ['مكرر', '30501011234567'],
      ['مكرر مرة أخرى', '٣٠٥٠١٠١١٢٣٤٥٦٧'],
    ]);
    expect(rowsOf(parsed).map((row) => row.name)).toEqual(['الأول', 'الثاني']);
    expect(parsed.rejections).toEqual([
      [4, '30501011234567', 'مكرر', 'الرقم القومي مكرر في الملف، وقد ورد أولا في الصف 2'],
      [5, '30501011234567', 'مكرر مرة أخرى', 'الرقم القومي مكرر في الملف، وقد ورد أولا في الصف 2'],
    ]);
  });

  it('reads a formula by its computed value and rejects one without a value', async () => {
    const parsed = await parseRows([
      ['الاسم', 'الرقم القومي', 'المجموع'],
      [
        { formula: 'CONCATENATE("أحمد"," ","سعيد")', result: 'أحمد سعيد' },
        '30501011234567',
        { formula: '1+1', result: 2 },
      ],
      ['بدون قيمة', { formula: 'A1&"x"' }, 300],
    ]);
    expect(rowsOf(parsed)).toEqual([expect.objectContaining({ name: 'أحمد سعيد', totalGrade: '2' })]);
    expect(parsed.rejections).toEqual([
      [3, '', 'بدون قيمة', 'معادلة بدون قيمة محسوبة في عمود الرقم القومي (انسخ العمود والصقه كقيم فقط)'],
    ]);
  });

  it('skips empty rows, numbers rows as Excel does, and gives every reason of a bad row', async () => {
    const parsed = await parseRows([
      ['الاسم', 'الرقم القومي', 'رقم الموبايل', 'النوع', 'النسبة'],
      [],
      ['صالح', '30501011234567', null, null, null],
      [null, '   ', null, null, null],
      ['', '30501011234568', '123', 'غير معروف', 140],
    ]);
    expect(rowsOf(parsed)).toHaveLength(1);
    expect(parsed.rejections).toEqual([
      [
        5,
        '30501011234568',
        '',
        'الاسم مطلوب؛ رقم الموبايل يجب أن يتكون من 8 إلى 15 رقما؛ النوع يجب أن يكون ذكر أو أنثى؛ النسبة يجب أن تكون رقما من 0 إلى 100',
      ],
    ]);
  });

  it('refuses a sheet without a header row, and one with a header but no students', async () => {
    expect(await refusal(parseRows([['طالب', '30501011234567']]))).toEqual({
      statusCode: 400,
      message: 'لم يتم العثور على صف العناوين: يجب أن يحتوي أول صف على عمودي الاسم والرقم القومي',
    });
    expect(await refusal(parseRows([['الاسم', 'الرقم القومي'], [], []]))).toEqual({
      statusCode: 400,
      message: 'الملف لا يحتوي على بيانات طلاب تحت صف العناوين',
    });
  });

  it('refuses a list over the row limit as a whole', async () => {
    const rows: FixtureCell[][] = [['الاسم', 'الرقم القومي']];
    for (let i = 0; i < 4; i++) rows.push([`طالب ${i}`, String(30501011234560 + i)]);
    expect((await parseRows(rows, 'xlsx', { maxRows: 4 })).accepted).toBe(4);
    rows.push(['طالب زائد', '30501011234599']);
    expect(await refusal(parseRows(rows, 'xlsx', { maxRows: 4 }))).toEqual({
      statusCode: 413,
      message: 'عدد صفوف الملف أكبر من الحد المسموح (4 صف)، قسمه إلى ملفات أصغر',
    });
  });

  it('stops a reader that takes longer than the time limit', async () => {
    const file = await xlsxOf([
      ['الاسم', 'الرقم القومي'],
      ['طالب', '30501011234567'],
    ]);
    expect(await refusal(parseStudentSheet(file, 'xlsx', { timeoutMs: 1 }))).toEqual({
      statusCode: 422,
      message: 'استغرقت قراءة الملف وقتا أطول من المسموح (60 ثانية)، قسم الملف إلى ملفات أصغر',
    });
  });

  it('refuses a truncated .xls with 400', async () => {
    const xls = xlsOf([
      ['الاسم', 'الرقم القومي'],
      ['طالب', '30501011234567'],
    ]);
    expect((await refusal(parseStudentSheet(xls.subarray(0, 700), 'xls'))).statusCode).toBe(400);
  });

  it('normalises digits exactly as @portal/common does', () => {
    for (const input of [
      ' ٠١٢٣٤٥٦٧٨٩ ',
      '۰۱۲۳۴۵۶۷۸۹',
      '010 1234\t5678',
      'abc٣',
      '',
      '\u200f٣٠٥\u061c01011\u2060234567\u202c',
      '\ufeff\u00ad\u2066305\u2069',
    ])
      expect(workerNormalizeDigits(input)).toBe(commonNormalizeDigits(input));
  });
});
