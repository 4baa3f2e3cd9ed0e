import type { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import {
  formatScheduleDate,
  INTERVIEW_CRITERIA,
  INTERVIEW_DECISION_LABELS,
  INTERVIEW_TOTAL_MAX,
  PERIOD_LABELS,
} from '@portal/common';
import { fileDate } from '../../lib/attachment.js';
import { DownloadAbortedError, type DownloadFile, XLSX_CONTENT_TYPE } from '../../lib/send-download.js';
import { type CellValue, type SheetColumn, xlsxStream } from '../../lib/xlsx-stream.js';
import type { DateRange, InterviewsRepository } from './interviews.repository.js';
import type { ExportRow } from './outcomes.repository.js';

/** The outcomes sheet: who, when and where, attendance, the six scores, the total, the decision and notes. */
export const INTERVIEW_EXPORT_COLUMNS: readonly SheetColumn[] = [
  { header: 'الاسم', width: 36 },
  { header: 'الرقم القومي', width: 18, text: true },
  { header: 'رقم الموبايل', width: 16, text: true },
  { header: 'اليوم', width: 12 },
  { header: 'الفترة', width: 22 },
  { header: 'المكان', width: 20 },
  { header: 'الحضور', width: 12 },
  ...INTERVIEW_CRITERIA.map(({ label, max }) => ({ header: `${label} (${max})`, width: 16 })),
  { header: `المجموع (${INTERVIEW_TOTAL_MAX})`, width: 12 },
  { header: 'القرار', width: 12 },
  { header: 'ملاحظات اللجنة', width: 40 },
  { header: 'سجلها', width: 16 },
  { header: 'آخر تعديل', width: 18 },
];

const ATTENDANCE = { attended: 'حضر', absent: 'لم يحضر', notRecorded: 'لم تسجل النتيجة' } as const;

/** Rows written between two turns of the event loop. */
const YIELD_EVERY_ROWS = 250;

/** One student's row, in `INTERVIEW_EXPORT_COLUMNS` order. */
export function exportCells(row: ExportRow): CellValue[] {
  const recorded = row.attended !== null;
  const updatedAt = row.updatedAt === null ? null : new Date(row.updatedAt);
  return [
    row.name,
    row.nationalId,
    row.phoneNumber,
    formatScheduleDate(row.day),
    PERIOD_LABELS[row.period] ?? String(row.period),
    row.place,
    !recorded ? ATTENDANCE.notRecorded : row.attended ? ATTENDANCE.attended : ATTENDANCE.absent,
    ...INTERVIEW_CRITERIA.map(({ key }) => row.scores?.[key] ?? null),
    row.total,
    row.decision ? INTERVIEW_DECISION_LABELS[row.decision] : null,
    row.notes,
    row.recordedBy,
    updatedAt,
  ];
}

/** The file as the browser saves it, e.g. 'نتائج الاختبار الشخصي - 2026-09-01 - 2026-09-30 - 2026-10-01.xlsx'. */
export function exportFile(range: DateRange): DownloadFile {
  const date = fileDate();
  const days = [range.from ?? '', range.to ?? ''].some(Boolean)
    ? ` - ${range.from ?? '…'} - ${range.to ?? '…'}`
    : '';
  return {
    contentType: XLSX_CONTENT_TYPE,
    arabicName: `نتائج الاختبار الشخصي${days} - ${date}.xlsx`,
    asciiName: `interview-outcomes-${date}.xlsx`,
  };
}

/**
 * The outcomes sheet of the range (right-to-left, Arabic headers, text cells never formulas): the body to send
 * at once, and the work that fills it batch by batch from a database cursor.
 */
export function outcomesSheet(
  repository: InterviewsRepository,
  range: DateRange,
): { body: Readable; produce: () => Promise<void> } {
  const sheet = xlsxStream('نتائج الاختبار الشخصي', INTERVIEW_EXPORT_COLUMNS);
  const produce = async () => {
    await repository.streamOutcomes(range, async (rows) => {
      for (let index = 0; index < rows.length; index++) {
        sheet.addRow(exportCells(rows[index] as ExportRow));
        if (index % YIELD_EVERY_ROWS === YIELD_EVERY_ROWS - 1) await setImmediate();
      }
      await sheet.drained();
      if (sheet.output.destroyed) throw new DownloadAbortedError();
    });
    await sheet.finish();
  };
  return { body: sheet.output, produce };
}
