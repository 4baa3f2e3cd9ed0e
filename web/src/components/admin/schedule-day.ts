import { formatScheduleDate, WEEKDAY_NAMES, weekdayOf } from '@portal/common';

/** Today on this computer, `YYYY-MM-DD`; a server's answer then gives the university's where it has one. */
export function localToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** `YYYY-MM-DD` as a person reads it: the weekday and dd/MM/yyyy. */
export function dayLabel(date: string): string {
  return `${WEEKDAY_NAMES[weekdayOf(date)]} ${formatScheduleDate(date)}`;
}
