import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import yazl from 'yazl';

/**
 * Spreadsheets and zips made inside the tests (nothing is read from disk): student lists in .xlsx (exceljs) and
 * .xls (SheetJS, BIFF8), a 150,000-row list written with the streaming writer, and hostile zips.
 */

export type FixtureCell = string | number | null | { formula: string; result?: string | number };

export const ARABIC_HEADERS = [
  'الاسم',
  'الرقم القومي',
  'رقم الجلوس',
  'رقم الموبايل',
  'النوع',
  'المجموع',
  'النسبة',
];
export const ENGLISH_HEADERS = [
  'name',
  'nationalID',
  'seatNo',
  'phoneNumber',
  'gender',
  'totalGrade',
  'percentage',
];

/** A 14-digit national ID unlikely to collide inside one test database. */
export function fixtureNationalId(): string {
  const digits = BigInt(`0x${randomBytes(6).toString('hex')}`) % 10n ** 13n;
  return `3${digits.toString().padStart(13, '0')}`;
}

export async function xlsxOf(rows: FixtureCell[][], sheetName = 'الطلاب'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  // Row i of the array is row i + 1 of the sheet, empty rows included.
  rows.forEach((row, index) => {
    row.forEach((cell, column) => {
      if (cell !== null) sheet.getRow(index + 1).getCell(column + 1).value = cell;
    });
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** An Excel 97-2003 (.xls, BIFF8 in an OLE compound file) list. */
export function xlsOf(rows: (string | number | null)[][]): Buffer {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return XLSX.write(workbook, { bookType: 'xls', type: 'buffer' }) as Buffer;
}

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A long list (streamed, so 150,000 rows take a few seconds): national IDs from `firstId` upward. */
export async function longXlsx(count: number, firstId = 30001010000000): Promise<Buffer> {
  const output = new PassThrough();
  const done = collect(output);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useSharedStrings: false });
  const sheet = workbook.addWorksheet('الطلاب');
  sheet.addRow(['الاسم', 'الرقم القومي']).commit();
  for (let i = 0; i < count; i++) sheet.addRow([`طالب ${i}`, String(firstId + i)]).commit();
  sheet.commit();
  await workbook.commit();
  return done;
}

/** A zip of the given entries (deflated), as an .xlsx container would be. */
export async function zipOf(entries: { name: string; content: Buffer }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) zip.addBuffer(entry.content, entry.name);
  zip.end();
  return collect(zip.outputStream);
}

/**
 * Rewrites the declared uncompressed size of one entry in a zip's central directory (the bytes stay as they
 * are): what a zip bomb looks like to a reader that trusts the directory.
 */
export function withDeclaredSize(zip: Buffer, entryName: string, size: number): Buffer {
  const copy = Buffer.from(zip);
  for (let at = 0; at + 46 <= copy.length; at++) {
    if (copy.readUInt32LE(at) !== 0x02014b50) continue;
    const nameLength = copy.readUInt16LE(at + 28);
    if (copy.toString('utf8', at + 46, at + 46 + nameLength) === entryName) {
      copy.writeUInt32LE(size, at + 24);
      return copy;
    }
  }
  throw new Error(`no entry ${entryName}`);
}

/** A Windows program: what a renamed .exe starts with. */
export function fakeExe(): Buffer {
  const exe = Buffer.alloc(4096);
  exe.write('MZ', 0, 'latin1');
  exe.write('This program cannot be run in DOS mode.', 78, 'latin1');
  return exe;
}
