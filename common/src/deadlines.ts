import { successEnvelope } from './envelope.js';
import { z } from './zod.js';

/**
 * Each college's data deadline (issue 17): after it the student's complete-data and document-replacement
 * submits are refused; staff edits and reviews still work. Stored as an instant, entered and shown on the
 * university's clock.
 */

/** The student sees a countdown in the deadline's last days. */
export const DEADLINE_COUNTDOWN_DAYS = 3;
/** Reminders go to the students whose data is not complete, this many days ahead (the later one wins). */
export const DEADLINE_REMINDER_DAYS = [3, 1] as const;
export type DeadlineReminderDays = (typeof DEADLINE_REMINDER_DAYS)[number];

export const DEADLINE_MESSAGES = {
  collegeIdInvalid: 'رقم الكلية غير صحيح',
  collegeNotFound: 'الكلية غير موجودة',
  deadlineInvalid: 'موعد انتهاء استكمال البيانات يجب أن يكون تاريخا ووقتا صحيحين، أو فارغا لإلغائه',
  deadlineSaved: 'تم حفظ موعد انتهاء استكمال البيانات',
  deadlineCleared: 'تم إلغاء موعد انتهاء استكمال البيانات',
} as const;

/** The 403 a student gets after the college's deadline, naming it on the university's clock. */
export function deadlinePassedMessage(formattedDeadline: string): string {
  return `انتهى موعد استكمال البيانات ورفع المستندات في ${formattedDeadline}. للاستفسار تواصل مع الكلية.`;
}

/** `PATCH /colleges/{id}` path. */
export const collegeIdParamsSchema = z.object({ id: z.uuid({ error: DEADLINE_MESSAGES.collegeIdInvalid }) });

/** `PATCH /colleges/{id}` body: an ISO-8601 instant with its offset (`2026-12-01T23:59:00+02:00`), or null. */
export const dataDeadlineSchema = z.iso
  .datetime({ offset: true, error: DEADLINE_MESSAGES.deadlineInvalid })
  .transform((value) => new Date(value).toISOString())
  .nullable();

export const collegeDeadlineRequestSchema = z.strictObject(
  { dataDeadline: dataDeadlineSchema },
  { error: DEADLINE_MESSAGES.deadlineInvalid },
);
export type CollegeDeadlineRequest = z.input<typeof collegeDeadlineRequestSchema>;

/** A college as the settings screen sees it. */
export const collegeEntrySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  socialWork: z.boolean(),
  tourism: z.boolean(),
  /** ISO-8601 instant (UTC), or null when the college sets none. */
  dataDeadline: z.string().nullable(),
  /** Refused for new uploads (issue 19); still listed, since students refer to it. */
  hidden: z.boolean(),
});
export type CollegeEntry = z.infer<typeof collegeEntrySchema>;

/**
 * `GET /colleges`: the spec's `data.data`, the names, unchanged; `data.colleges` carries each college with its
 * deadline beside them.
 */
export const collegesListResponseSchema = successEnvelope({
  data: z.object({ data: z.array(z.string()), colleges: z.array(collegeEntrySchema) }),
});
export type CollegesListResponse = z.infer<typeof collegesListResponseSchema>;

export const collegeDeadlineResponseSchema = successEnvelope({
  message: z.string(),
  data: collegeEntrySchema,
});
export type CollegeDeadlineResponse = z.infer<typeof collegeDeadlineResponseSchema>;

/** Whether the deadline (an ISO instant, or null for none) has passed at `now`. */
export function deadlinePassed(deadline: string | null, now: Date): boolean {
  return deadline !== null && Date.parse(deadline) <= now.getTime();
}

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
}

/** Time left before the deadline in its last three days; null further out, after it, or without one. */
export function deadlineCountdown(deadline: string | null, now: Date): Countdown | null {
  if (deadline === null) return null;
  const left = Date.parse(deadline) - now.getTime();
  if (!(left > 0) || left > DEADLINE_COUNTDOWN_DAYS * 86_400_000) return null;
  const minutes = Math.floor(left / 60_000);
  return {
    days: Math.floor(minutes / 1440),
    hours: Math.floor((minutes % 1440) / 60),
    minutes: minutes % 60,
  };
}

interface CountedNoun {
  one: string;
  two: string;
  /** 3 to 10. */
  few: string;
  /** 11 and more: the singular (accusative where it shows). */
  many: string;
}

const DAYS: CountedNoun = { one: 'يوم واحد', two: 'يومان', few: 'أيام', many: 'يومًا' };
const HOURS: CountedNoun = { one: 'ساعة واحدة', two: 'ساعتان', few: 'ساعات', many: 'ساعة' };
const MINUTES: CountedNoun = { one: 'دقيقة واحدة', two: 'دقيقتان', few: 'دقائق', many: 'دقيقة' };

/** A count with its noun as Arabic agrees them: 'يومان', '5 أيام', '19 ساعة'. */
function counted(count: number, noun: CountedNoun): string {
  if (count === 1) return noun.one;
  if (count === 2) return noun.two;
  return `${count} ${count <= 10 ? noun.few : noun.many}`;
}

/** The countdown in Arabic words with Latin digits, as the staff screens write numbers: 'متبقٍ يومان و5 ساعات'. */
export function countdownText(countdown: Countdown): string {
  const parts: string[] = [];
  if (countdown.days > 0) parts.push(counted(countdown.days, DAYS));
  if (countdown.hours > 0) parts.push(counted(countdown.hours, HOURS));
  if (countdown.days === 0 && (countdown.minutes > 0 || parts.length === 0)) {
    parts.push(counted(countdown.minutes, MINUTES));
  }
  return `متبقٍ ${parts.join(' و')}`;
}

/**
 * Which reminder is due at `now` for a deadline: the one-day reminder inside its last day, else the three-day
 * one inside its last three days; none after it. A reminder is sent once per student, so each is due only
 * while its window is open.
 */
export function deadlineReminderDue(deadline: string, now: Date): DeadlineReminderDays | null {
  const left = Date.parse(deadline) - now.getTime();
  if (!(left > 0)) return null;
  for (const days of [...DEADLINE_REMINDER_DAYS].sort((a, b) => a - b)) {
    if (left <= days * 86_400_000) return days;
  }
  return null;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The deadline on the university's clock, in Arabic with Latin digits: 'الثلاثاء، 1 ديسمبر 2026 في 11:59 م'. */
export function formatDeadline(deadline: string, timeZone: string): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('ar-EG-u-nu-latn', {
      timeZone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter.format(new Date(deadline));
}
