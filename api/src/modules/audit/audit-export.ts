import type { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { type AuditCursor, type AuditFilters, auditActionLabel } from '@portal/common';
import { fileDate } from '../../lib/attachment.js';
import { DownloadAbortedError, type DownloadFile, XLSX_CONTENT_TYPE } from '../../lib/send-download.js';
import { type CellValue, type SheetColumn, xlsxStream } from '../../lib/xlsx-stream.js';
import type { AuditRepository, AuditRow } from './audit.repository.js';

export const AUDIT_EXPORT_COLUMNS: readonly SheetColumn[] = [
  { header: 'التاريخ والوقت', width: 20 },
  { header: 'الموظف', width: 18 },
  { header: 'الإجراء', width: 34 },
  { header: 'رمز الإجراء', width: 26 },
  { header: 'الرقم القومي', width: 18, text: true },
  { header: 'اسم الطالب', width: 32 },
  { header: 'الكلية', width: 24 },
  { header: 'نوع الهدف', width: 14 },
  { header: 'معرف الهدف', width: 38 },
  { header: 'التفاصيل', width: 60 },
  { header: 'عنوان IP', width: 16 },
];

/** Rows written between two turns of the event loop. */
const YIELD_EVERY_ROWS = 250;

/** 'YYYY-MM-DD HH:mm:ss' on the university's clock: a sheet has no time zone, its reader has the university's. */
export function wallClockFormatter(timeZone: string): (iso: string) => string {
  const format = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return (iso) => format.format(new Date(iso));
}

/** One row, in `AUDIT_EXPORT_COLUMNS` order. */
export function auditCells(row: AuditRow, wallClock: (iso: string) => string): CellValue[] {
  return [
    wallClock(row.cursorAt),
    row.actorUserName,
    auditActionLabel(row.action),
    row.action,
    row.studentNationalId,
    row.studentName,
    row.faculty,
    row.targetType,
    row.targetId,
    row.details ? JSON.stringify(row.details) : null,
    row.ip,
  ];
}

export function auditExportFile(): DownloadFile {
  const date = fileDate();
  return {
    contentType: XLSX_CONTENT_TYPE,
    arabicName: `سجل العمليات - ${date}.xlsx`,
    asciiName: `audit-log-${date}.xlsx`,
  };
}

/** The sheet of the rows a link stands for (right-to-left, Arabic headers): the body, and the work that fills it. */
export function auditSheet(
  repository: AuditRepository,
  opened: { filters: AuditFilters; bound: AuditCursor | null },
  timeZone: string,
): { body: Readable; produce: () => Promise<void> } {
  const sheet = xlsxStream('سجل العمليات', AUDIT_EXPORT_COLUMNS);
  const wallClock = wallClockFormatter(timeZone);
  const produce = async () => {
    if (opened.bound)
      await repository.stream(opened.filters, opened.bound, async (rows) => {
        for (let index = 0; index < rows.length; index++) {
          sheet.addRow(auditCells(rows[index] as AuditRow, wallClock));
          if (index % YIELD_EVERY_ROWS === YIELD_EVERY_ROWS - 1) await setImmediate();
        }
        await sheet.drained();
        if (sheet.output.destroyed) throw new DownloadAbortedError();
      });
    await sheet.finish();
  };
  return { body: sheet.output, produce };
}
