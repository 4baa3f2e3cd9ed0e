import { normalizeDigits } from './digits.js';
import { successEnvelope } from './envelope.js';
import type { Period } from './limits.js';
import { MESSAGE_TEMPLATES, MESSAGES } from './messages.js';
import { z } from './zod.js';

/**
 * Interview scheduling of the social-work students (spec sections 2 'schedule', 5 'Scheduling', 7 and 9): the
 * requests and answers of `POST /users/getAppointedStudentsNumber`, `PATCH /users/appointStudents` and the print
 * link `GET /users/exportsAppointedStudents/{date}/{period}/{token}`, with the day rules both sides apply.
 * Dates travel as `YYYY-MM-DD`; people read them as dd/MM/yyyy.
 */

/** Most students one scheduling call may appoint (a day's interviews are far fewer). */
export const SCHEDULING_MAX_STUDENTS = 2000;
/** Dates outside these years are typing mistakes, not interview days. */
export const SCHEDULE_MIN_YEAR = 2000;
export const SCHEDULE_MAX_YEAR = 2100;
/** The weekend when `INTERVIEW_WEEKEND_DAYS` is not set: Friday and Saturday (0 = Sunday … 6 = Saturday). */
export const DEFAULT_INTERVIEW_WEEKEND_DAYS: readonly number[] = [5, 6];

/** How each period reads (spec section 4: 9:00 is the morning, otherwise the evening, with its start hour). */
export const PERIOD_LABELS: Record<Period, string> = {
  9: 'الفترة الصباحية (9:00)',
  12: 'الفترة المسائية (12:00)',
};

/** Day names, 0 = Sunday … 6 = Saturday (the numbering of `Date.prototype.getDay`). */
export const WEEKDAY_NAMES = [
  'الأحد',
  'الاثنين',
  'الثلاثاء',
  'الأربعاء',
  'الخميس',
  'الجمعة',
  'السبت',
] as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether the text is a real calendar day written `YYYY-MM-DD` within the accepted years. */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < SCHEDULE_MIN_YEAR || year > SCHEDULE_MAX_YEAR) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** `YYYY-MM-DD` as people read it: dd/MM/yyyy (spec section 9). */
export function formatScheduleDate(isoDate: string): string {
  const match = ISO_DATE.exec(isoDate);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : isoDate;
}

/** The day of the week of a `YYYY-MM-DD` date, 0 = Sunday … 6 = Saturday, whatever the machine's time zone. */
export function weekdayOf(isoDate: string): number {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** `YYYY-MM-DD` dates compare as text; `days` later (or earlier when negative). */
export function addDays(isoDate: string, days: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/**
 * Why students cannot be appointed on this day, or `undefined` when they can: a day before `today` (the
 * university's today, `YYYY-MM-DD`) or a weekend day. Viewing counts and printing have no such rule.
 */
export function schedulingDayProblem(
  isoDate: string,
  today: string,
  weekendDays: readonly number[],
): string | undefined {
  if (isoDate < today) return MESSAGES.scheduleDateInPast;
  const weekday = weekdayOf(isoDate);
  if (weekendDays.includes(weekday)) return MESSAGE_TEMPLATES.scheduleWeekend(WEEKDAY_NAMES[weekday] ?? '');
  return undefined;
}

/** The first day from `today` on (today included) on which students can be appointed. */
export function nextSchedulingDay(today: string, weekendDays: readonly number[]): string {
  let day = today;
  for (let i = 0; i < 7 && weekendDays.includes(weekdayOf(day)); i++) day = addDays(day, 1);
  return day;
}

/** The answer's message after scheduling `appointed` of the `requested` students. */
export function appointedMessage(
  appointed: number,
  requested: number,
  isoDate: string,
  period: Period,
): string {
  const day = formatScheduleDate(isoDate);
  return appointed < requested
    ? MESSAGE_TEMPLATES.studentsAppointedFewer(appointed, requested, day, PERIOD_LABELS[period])
    : MESSAGE_TEMPLATES.studentsAppointed(appointed, day, PERIOD_LABELS[period]);
}

const isMissing = (input: unknown) => input === undefined || input === null;

/** A `YYYY-MM-DD` day. */
export const scheduleDateField = z
  .string({
    error: (issue) => (isMissing(issue.input) ? MESSAGES.scheduleDateRequired : MESSAGES.scheduleDateInvalid),
  })
  .min(1, { error: MESSAGES.scheduleDateRequired, abort: true })
  .max(10, { error: MESSAGES.scheduleDateInvalid, abort: true })
  .refine(isIsoDate, { error: MESSAGES.scheduleDateInvalid });

/** 9 (morning) or 12 (evening); the text '9' or '12' too (a path parameter, a select's value). */
export const schedulePeriodField = z
  .union([z.literal(9), z.literal(12), z.literal('9'), z.literal('12')], {
    error: (issue) =>
      isMissing(issue.input) || issue.input === ''
        ? MESSAGES.schedulePeriodRequired
        : MESSAGES.schedulePeriodInvalid,
  })
  .transform((value) => Number(value) as Period);

/**
 * How many students to appoint: a whole number 1…2000, as a number or as typed (Arabic-Indic digits and spaces
 * allowed). Empty is 'must enter number of students' (spec section 5).
 */
export const numOfStudentsField = z
  .union([z.number(), z.string().max(32)], {
    error: (issue) =>
      isMissing(issue.input) ? MESSAGES.numOfStudentsRequired : MESSAGES.numOfStudentsInvalid,
  })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : normalizeDigits(value);
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: MESSAGES.numOfStudentsRequired });
      return z.NEVER;
    }
    const count = /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
    if (!(count >= 1 && count <= SCHEDULING_MAX_STUDENTS)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.numOfStudentsInvalid });
      return z.NEVER;
    }
    return count;
  });

/** Body of `POST /users/getAppointedStudentsNumber`. */
export const appointedStudentsNumberRequestSchema = z.object(
  { date: scheduleDateField },
  { error: MESSAGES.invalidInput },
);
export type AppointedStudentsNumberRequest = z.input<typeof appointedStudentsNumberRequestSchema>;

/** The schedule screen's counts: appointed on the day at 9:00 and at 12:00, and still waiting (any day). */
export const scheduleCountsSchema = z.object({
  students9: z.number().int(),
  students12: z.number().int(),
  /** Social-work students with complete data and no appointment. */
  studentsWaiting: z.number().int(),
});
export type ScheduleCounts = z.infer<typeof scheduleCountsSchema>;

export const appointedStudentsNumberResponseSchema = successEnvelope({
  data: scheduleCountsSchema.extend({
    /** The day asked about. */
    date: z.string(),
    /** The university's today (`YYYY-MM-DD`, its time zone): appointing before it is refused. */
    today: z.string(),
    /** Days on which no interviews are held, 0 = Sunday … 6 = Saturday. */
    weekendDays: z.array(z.number().int()),
  }),
});
export type AppointedStudentsNumberResponse = z.infer<typeof appointedStudentsNumberResponseSchema>;

/** The scheduling form's fields (the day comes from the date picker). */
export const appointFormSchema = z.object(
  { period: schedulePeriodField, NumOfStudents: numOfStudentsField },
  { error: MESSAGES.invalidInput },
);
export type AppointFormValues = z.input<typeof appointFormSchema>;

/** Body of `PATCH /users/appointStudents` (spec section 3: date, period, NumOfStudents). */
export const appointStudentsRequestSchema = appointFormSchema.extend({ date: scheduleDateField });
export type AppointStudentsRequest = z.input<typeof appointStudentsRequestSchema>;

export const appointStudentsResponseSchema = successEnvelope({
  message: z.string(),
  data: scheduleCountsSchema.extend({
    date: z.string(),
    period: z.union([z.literal(9), z.literal(12)]),
    requested: z.number().int(),
    /** Fewer than `requested` when fewer students were waiting. */
    appointed: z.number().int(),
  }),
});
export type AppointStudentsResponse = z.infer<typeof appointStudentsResponseSchema>;

/** Path of the print link: the staff token rides in the path because the browser opens the link itself. */
export const exportAppointedStudentsParamsSchema = z.object({
  date: scheduleDateField,
  period: schedulePeriodField,
  token: z.string(),
});

/**
 * Body of `POST /users/exportsAppointedStudents/link` (issue 33): the day and period whose print link the schedule
 * screen opens, with a 10-minute print token in place of the staff token.
 */
export const printLinkRequestSchema = z.object(
  { date: scheduleDateField, period: schedulePeriodField },
  { error: MESSAGES.invalidInput },
);
export type PrintLinkRequest = z.input<typeof printLinkRequestSchema>;

/** Answer of `POST /users/exportsAppointedStudents/link`: the print path under the API prefix, as the exports. */
export const printLinkResponseSchema = successEnvelope({ path: z.string() });
export type PrintLinkResponse = z.infer<typeof printLinkResponseSchema>;

/** The print link of a day and period, under the API prefix (`/api/v1`). */
export function appointedStudentsPrintPath(isoDate: string, period: Period, token: string): string {
  return `/users/exportsAppointedStudents/${encodeURIComponent(isoDate)}/${period}/${encodeURIComponent(token)}`;
}
