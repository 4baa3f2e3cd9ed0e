import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Download } from '@playwright/test';
import ExcelJS from 'exceljs';

// Spreadsheets as staff handle them: a student list to upload, and the rows of a downloaded export.

/** A student list as staff would make it in Excel: Arabic headers, IDs as text, and a column the upload ignores. */
export async function writeStudentList(
  rows: { name: string; nationalID: string; phone: string }[],
): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('الطلاب');
  sheet.addRow(['الاسم', 'الرقم القومي', 'رقم الموبايل', 'النوع', 'ملاحظات']);
  for (const row of rows) sheet.addRow([row.name, row.nationalID, row.phone, 'ذكر', 'للاختبار']);
  for (const column of [2, 3]) sheet.getColumn(column).numFmt = '@';
  const file = path.join(tmpdir(), `students-${Date.now()}-${Math.random().toString(36).slice(2)}.xlsx`);
  await workbook.xlsx.writeFile(file);
  return file;
}

/** The rows of a downloaded sheet, header first, as text. */
export async function sheetRows(download: Download): Promise<string[][]> {
  const file = await download.path();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the workbook has no sheet');
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const values = row.values as unknown[];
    rows.push(values.slice(1).map((value) => (value === null || value === undefined ? '' : String(value))));
  });
  return rows;
}
