import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import { checkXlsxContainer, excelFormatOf, zipEntries } from './excel-file.js';
import { fakeExe, withDeclaredSize, xlsOf, xlsxOf, zipOf } from './testing/spreadsheets.js';

function refusal(work: () => unknown): { statusCode: number; message: string } {
  try {
    work();
  } catch (error) {
    if (error instanceof AppError) return { statusCode: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('not refused');
}

const EXCEL_ONLY = { statusCode: 415, message: 'يجب أن يكون الملف من نوع Excel فقط (xlsx أو xls)' };
const TOO_BIG_UNZIPPED = 413;
const UNREADABLE = {
  statusCode: 400,
  message: 'تعذرت قراءة الملف: الملف تالف أو غير مكتمل، افتحه في Excel واحفظه مرة أخرى',
};

describe('the file type', () => {
  it('is read from the name and the first bytes together', async () => {
    const xlsx = await xlsxOf([['الاسم', 'الرقم القومي']]);
    const xls = xlsOf([['الاسم', 'الرقم القومي']]);
    expect(excelFormatOf('طلاب.xlsx', xlsx)).toBe('xlsx');
    expect(excelFormatOf('LIST.XLS', xls)).toBe('xls');
    // Both Excel formats, named the other: the content decides.
    expect(excelFormatOf('list.xlsx', xls)).toBe('xls');
  });

  it('refuses a program renamed .xlsx, a non-Excel extension and a name without one with 415', async () => {
    const xlsx = await xlsxOf([['x']]);
    expect(refusal(() => excelFormatOf('students.xlsx', fakeExe()))).toEqual(EXCEL_ONLY);
    expect(refusal(() => excelFormatOf('students.csv', Buffer.from('name,nationalID\n')))).toEqual(
      EXCEL_ONLY,
    );
    expect(refusal(() => excelFormatOf('students.pdf', xlsx))).toEqual(EXCEL_ONLY);
    expect(refusal(() => excelFormatOf('students', xlsx))).toEqual(EXCEL_ONLY);
  });
});

describe('the zip check of an .xlsx', () => {
  it('reads the central directory without inflating anything', async () => {
    const xlsx = await xlsxOf([['الاسم', 'الرقم القومي']]);
    const names = zipEntries(xlsx).map((entry) => entry.name);
    expect(names).toContain('xl/workbook.xml');
    expect(names).toContain('xl/worksheets/sheet1.xml');
    expect(() => checkXlsxContainer(xlsx)).not.toThrow();
  });

  it('refuses an entry that declares a huge uncompressed size (zip bomb) with 413', async () => {
    const xlsx = await xlsxOf([['الاسم', 'الرقم القومي']]);
    const bomb = withDeclaredSize(xlsx, 'xl/worksheets/sheet1.xml', 0xfff00000);
    expect(refusal(() => checkXlsxContainer(bomb))).toEqual({
      statusCode: TOO_BIG_UNZIPPED,
      message: 'محتوى الملف بعد فك الضغط أكبر من المسموح (200 ميجابايت)، قسم الملف إلى ملفات أصغر',
    });
  });

  it('refuses a real high-ratio entry (50 MB of spaces in 50 KB) with 413', async () => {
    const spaces = Buffer.alloc(50 * 1024 * 1024, 0x20);
    expect(deflateRawSync(spaces).length).toBeLessThan(spaces.length / 100);
    const bomb = await zipOf([
      { name: '[Content_Types].xml', content: Buffer.from('<Types/>') },
      { name: 'xl/workbook.xml', content: Buffer.from('<workbook/>') },
      { name: 'xl/worksheets/sheet1.xml', content: spaces },
    ]);
    expect(refusal(() => checkXlsxContainer(bomb)).statusCode).toBe(TOO_BIG_UNZIPPED);
  });

  it('refuses a truncated file with 400', async () => {
    const xlsx = await xlsxOf([['الاسم', 'الرقم القومي']]);
    expect(refusal(() => checkXlsxContainer(xlsx.subarray(0, Math.floor(xlsx.length / 2))))).toEqual(
      UNREADABLE,
    );
    expect(refusal(() => checkXlsxContainer(xlsx.subarray(0, 10)))).toEqual(UNREADABLE);
  });

  it('refuses a zip that is not a workbook (a .docx renamed .xlsx) with 415', async () => {
    const docx = await zipOf([{ name: 'word/document.xml', content: Buffer.from('<w:document/>') }]);
    expect(refusal(() => checkXlsxContainer(docx))).toEqual(EXCEL_ONLY);
  });
});
