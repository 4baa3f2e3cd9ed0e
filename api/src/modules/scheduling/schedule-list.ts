import { formatScheduleDate, PERIOD_LABELS, type Period, WEEKDAY_NAMES, weekdayOf } from '@portal/common';
import type { FastifyReply } from 'fastify';
import { attachment } from '../../lib/attachment.js';
import { sourcePath } from '../../lib/source-path.js';
import type { ScheduledStudent } from './scheduling.repository.js';

/** The Typst template of the printed list; it reads what `scheduleListData` gives from /data.json. */
export const SCHEDULE_LIST_TEMPLATE = sourcePath(import.meta.url, './schedule-list.typ');

export const SCHEDULE_LIST_TITLE = 'كشف مواعيد الاختبار الشخصي';
export const SCHEDULE_LIST_COLUMNS = [
  'م',
  'الاسم',
  'الرقم القومي',
  'رقم الموبايل',
  'المكان',
  'التوقيع',
] as const;

/**
 * What the template prints: the college(s), the day, the period and one row per student in the given order,
 * with the place of the slot the student booked (empty for one appointed by 'appoint N').
 */
export function scheduleListData(students: readonly ScheduledStudent[], date: string, period: Period) {
  return {
    schedule: {
      title: SCHEDULE_LIST_TITLE,
      college: [...new Set(students.map((s) => s.college))].join('، '),
      day: WEEKDAY_NAMES[weekdayOf(date)] ?? '',
      date: formatScheduleDate(date),
      period: PERIOD_LABELS[period],
      columns: [...SCHEDULE_LIST_COLUMNS],
      students: students.map((s) => ({
        name: s.name,
        nationalId: s.nationalId,
        phone: s.phoneNumber ?? '',
        place: s.place ?? '',
      })),
    },
  };
}

/**
 * `Content-Disposition` of the list: shown in the browser (the staff prints it from there), with an Arabic file
 * name and an ASCII one, e.g. `interview-schedule-2026-09-17-9.pdf`.
 */
export function scheduleListDisposition(date: string, period: Period): string {
  const arabic = `${SCHEDULE_LIST_TITLE} ${formatScheduleDate(date).replaceAll('/', '-')} ${PERIOD_LABELS[period]}`;
  return attachment(`${arabic}.pdf`, `interview-schedule-${date}-${period}.pdf`).replace(
    /^attachment/,
    'inline',
  );
}

/** Sends the rendered list: shown in the browser, never cached, and no Referer (the link carries a token). */
export function sendScheduleList(
  reply: FastifyReply,
  pdf: Buffer,
  date: string,
  period: Period,
): FastifyReply {
  return reply
    .type('application/pdf')
    .header('cache-control', 'private, no-store')
    .header('referrer-policy', 'no-referrer')
    .header('content-disposition', scheduleListDisposition(date, period))
    .send(pdf);
}
