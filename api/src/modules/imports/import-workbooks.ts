import { STUDENT_IMPORT_COLUMNS, type StudentImportColumnKey } from '@portal/common';
import { type CellValue, type XlsxStream, xlsxStream } from '../../lib/xlsx-stream.js';
import type { StoredImportReport } from './imports.repository.js';

/** Identifier columns are formatted as text in the template, so a typed ID keeps its digits and zeros. */
const TEXT_COLUMNS: ReadonlySet<StudentImportColumnKey> = new Set(['nationalID', 'seatNo', 'phoneNumber']);

const EXAMPLE_ROW: Record<StudentImportColumnKey, CellValue> = {
  name: 'محمد أحمد علي حسن',
  nationalID: '30501011234567',
  seatNo: '123456',
  phoneNumber: '01012345678',
  gender: 'ذكر',
  totalGrade: 385.5,
  percentage: 94.03,
};

/** The upload template: the Arabic headers the upload reads and one example row, on a right-to-left sheet. */
export function templateWorkbook(): XlsxStream {
  return xlsxStream(
    'الطلاب',
    STUDENT_IMPORT_COLUMNS.map((column) => ({
      header: column.label,
      width: column.key === 'name' ? 36 : 18,
      text: TEXT_COLUMNS.has(column.key),
    })),
  );
}

export async function fillTemplate(sheet: XlsxStream): Promise<void> {
  sheet.addRow(STUDENT_IMPORT_COLUMNS.map((column) => EXAMPLE_ROW[column.key]));
  await sheet.finish();
}

/** The rejection report of an upload: row number, national ID, name and reason; ignored columns apart. */
export function reportWorkbook(): XlsxStream {
  return xlsxStream('الصفوف المرفوضة', [
    { header: 'رقم الصف', width: 10 },
    { header: 'الرقم القومي', width: 18, text: true },
    { header: 'الاسم', width: 36 },
    { header: 'سبب الرفض', width: 70 },
  ]);
}

export async function fillReport(sheet: XlsxStream, report: StoredImportReport): Promise<void> {
  let written = 0;
  for (const rejection of report.rejections) {
    sheet.addRow(rejection);
    if (++written % 1000 === 0) await sheet.drained();
  }
  if (report.ignoredColumns.length > 0) {
    sheet.addSheet('أعمدة لم تتم قراءتها', [{ header: 'عنوان العمود', width: 40 }]);
    for (const header of report.ignoredColumns) sheet.addRow([header]);
  }
  await sheet.finish();
}
