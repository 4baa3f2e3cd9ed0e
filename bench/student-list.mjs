// The staff's student list (.xlsx) as the benchmarks upload it: generated with exceljs' streaming writer, sent
// to POST /api/v1/students/upload.

import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

/** A list of `count` students; national IDs from `firstId` upward. */
export async function studentListXlsx(count, firstId) {
  const output = new PassThrough();
  const chunks = [];
  output.on('data', (chunk) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useSharedStrings: false });
  const sheet = workbook.addWorksheet('الطلاب');
  sheet
    .addRow(['الاسم', 'الرقم القومي', 'رقم الجلوس', 'رقم الموبايل', 'النوع', 'المجموع', 'النسبة'])
    .commit();
  for (let i = 0; i < count; i++) {
    sheet
      .addRow([
        `طالب تجريبي رقم ${i} محمد أحمد`,
        String(firstId + i),
        String(100_000 + i),
        `010${String(i).padStart(8, '0')}`,
        i % 2 ? 'ذكر' : 'أنثى',
        300 + (i % 100),
        75 + (i % 25),
      ])
      .commit();
  }
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

/** Uploads `file` into `faculty` as regular students with the staff `token`; answers the import's summary. */
export async function uploadStudentList(
  portalUrl,
  token,
  file,
  { faculty, name, timeoutMs = 5 * 60 * 1000 },
) {
  const form = new FormData();
  form.set('faculty', faculty);
  form.set('status', 'regular');
  form.set(
    'file',
    new Blob([file], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    name,
  );
  const res = await fetch(new URL('/api/v1/students/upload', portalUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${body.message}`);
  return body;
}
