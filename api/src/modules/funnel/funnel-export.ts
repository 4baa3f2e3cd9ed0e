import type { Readable } from 'node:stream';
import {
  FUNNEL_SERIES,
  FUNNEL_SERIES_LABELS,
  FUNNEL_STATE_LABELS,
  FUNNEL_STATES,
  type FunnelDaily,
  type FunnelData,
  IMAGE_KIND_LABELS,
  PROGRESS_STEP_LABELS,
  REFUSAL_REASON_LABELS,
} from '@portal/common';
import { fileDate } from '../../lib/attachment.js';
import { type DownloadFile, XLSX_CONTENT_TYPE } from '../../lib/send-download.js';
import { type SheetColumn, xlsxStream } from '../../lib/xlsx-stream.js';

const ALL_FACULTIES = 'كل الكليات';

const FUNNEL_COLUMNS: readonly SheetColumn[] = [
  { header: 'الكلية', width: 34 },
  { header: 'الخطوة', width: 24 },
  ...FUNNEL_STATES.map((state) => ({ header: FUNNEL_STATE_LABELS[state], width: 20 })),
  { header: 'عدد الطلاب', width: 14 },
];

const DAILY_COLUMNS: readonly SheetColumn[] = [
  { header: 'اليوم', width: 14 },
  ...FUNNEL_SERIES.map((series) => ({ header: FUNNEL_SERIES_LABELS[series], width: 22 })),
];

const REFUSAL_COLUMNS: readonly SheetColumn[] = [
  { header: 'الكلية', width: 34 },
  { header: 'المستند', width: 28 },
  { header: 'سبب الرفض', width: 28 },
  { header: 'العدد', width: 10 },
];

/** The file as the browser saves it, e.g. 'مسار القبول - 2026/2027 - 2026-10-01.xlsx'. */
export function funnelExportFile(daily: FunnelDaily): DownloadFile {
  const date = fileDate();
  const faculty = daily.faculty ? ` - ${daily.faculty}` : '';
  return {
    contentType: XLSX_CONTENT_TYPE,
    arabicName: `مسار القبول${faculty} - ${daily.season.name.replace('/', '-')} - ${date}.xlsx`,
    asciiName: `admission-funnel-${date}.xlsx`,
  };
}

/**
 * The funnel's workbook (right to left, Arabic headers): the funnel (a row per faculty and step, then the
 * total), the daily series with the medians under it, and the refusals. A few hundred rows: written at once.
 */
export function funnelSheets(
  funnel: FunnelData,
  daily: FunnelDaily,
): { body: Readable; produce: () => Promise<void> } {
  const book = xlsxStream('مسار القبول', FUNNEL_COLUMNS);
  const produce = async () => {
    for (const row of [...funnel.faculties, funnel.total]) {
      for (const step of row.steps) {
        book.addRow([
          row.faculty ?? ALL_FACULTIES,
          PROGRESS_STEP_LABELS[step.step],
          step.done,
          step.current,
          step.blocked,
          row.students,
        ]);
      }
    }
    book.addSheet('الأعداد اليومية', DAILY_COLUMNS);
    for (const day of daily.days) book.addRow([day.day, ...FUNNEL_SERIES.map((series) => day[series])]);
    book.addRow([]);
    book.addRow(['الوسيط (أيام): من الإضافة إلى استكمال البيانات', daily.medianDays.importToComplete]);
    book.addRow([
      'الوسيط (أيام): من استكمال البيانات إلى قبول كل المستندات',
      daily.medianDays.completeToAccepted,
    ]);
    book.addSheet('المستندات المرفوضة', REFUSAL_COLUMNS);
    for (const refusal of funnel.refusals) {
      book.addRow([
        refusal.faculty,
        IMAGE_KIND_LABELS[refusal.kind],
        refusal.reason ? REFUSAL_REASON_LABELS[refusal.reason] : null,
        refusal.count,
      ]);
    }
    await book.finish();
  };
  return { body: book.output, produce };
}
