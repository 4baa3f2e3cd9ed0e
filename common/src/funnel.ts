import { REFUSAL_REASONS } from './document-review.js';
import { successEnvelope } from './envelope.js';
import { FUNNEL_MAX_DAYS, FUNNEL_MESSAGES } from './funnel-filter.js';
import { IMAGE_KINDS } from './limits.js';
import { PROGRESS_STEPS } from './progress.js';
import { isIsoDate } from './scheduling.js';
import { seasonIdSchema } from './seasons.js';
import { facultyField } from './staff.js';
import { z } from './zod.js';

/**
 * The admission funnel's calls (issue 36): how many students are done, current or blocked at each step of the
 * student's tracker (funnel-filter.ts), per faculty and in total; the daily series; the refusals.
 */

/** `GET /funnel?faculty=&season=`: no faculty is every faculty in scope (a faculty ADMIN: its own). */
export const funnelQuerySchema = z.object({
  faculty: facultyField,
  season: seasonIdSchema.optional(),
});
export type FunnelQuery = z.input<typeof funnelQuerySchema>;

const isoDateField = z
  .string({ error: FUNNEL_MESSAGES.dateInvalid })
  .max(10, { error: FUNNEL_MESSAGES.dateInvalid })
  .refine(isIsoDate, { error: FUNNEL_MESSAGES.dateInvalid })
  .optional();

/** Whole days from `from` to `to`, both counted ('2026-01-01'..'2026-01-01' is 1). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** `GET /funnel/daily?faculty=&season=&from=&to=`: without dates, the season's last days up to today. */
export const funnelDailyQuerySchema = funnelQuerySchema
  .extend({ from: isoDateField, to: isoDateField })
  .superRefine((query, ctx) => {
    if (!query.from || !query.to) return;
    const days = daysInRange(query.from, query.to);
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['from'], message: FUNNEL_MESSAGES.rangeBackwards });
    else if (days > FUNNEL_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: FUNNEL_MESSAGES.rangeTooLong });
  });
export type FunnelDailyQuery = z.input<typeof funnelDailyQuerySchema>;

const stepCountsSchema = z.object({
  step: z.enum(PROGRESS_STEPS),
  done: z.number().int(),
  current: z.number().int(),
  blocked: z.number().int(),
});
export type FunnelStepCounts = z.infer<typeof stepCountsSchema>;

const funnelRowSchema = z.object({
  /** The faculty's name; null for the total. */
  faculty: z.string().nullable(),
  students: z.number().int(),
  steps: z.array(stepCountsSchema),
});
export type FunnelRow = z.infer<typeof funnelRowSchema>;

const refusalSchema = z.object({
  faculty: z.string(),
  kind: z.enum(IMAGE_KINDS),
  reason: z.enum(REFUSAL_REASONS).nullable(),
  count: z.number().int(),
});
export type FunnelRefusal = z.infer<typeof refusalSchema>;

const seasonRefSchema = z.object({ id: z.uuid(), name: z.string(), current: z.boolean() });

export const funnelResponseSchema = successEnvelope({
  data: z.object({
    season: seasonRefSchema,
    /** One row per faculty in scope, in the colleges' order. */
    faculties: z.array(funnelRowSchema),
    total: funnelRowSchema,
    /** Documents refused now, per faculty, kind and reason, most first. */
    refusals: z.array(refusalSchema),
  }),
});
export type FunnelResponse = z.infer<typeof funnelResponseSchema>;
export type FunnelData = FunnelResponse['data'];

export const FUNNEL_SERIES = [
  'imported',
  'firstLogin',
  'dataCompleted',
  'documentsAccepted',
  'interviewed',
] as const;
export type FunnelSeries = (typeof FUNNEL_SERIES)[number];

export const FUNNEL_SERIES_LABELS: Record<FunnelSeries, string> = {
  imported: 'أضيفوا',
  firstLogin: 'دخلوا أول مرة',
  dataCompleted: 'استكملوا البيانات',
  documentsAccepted: 'قبلت كل مستنداتهم',
  interviewed: 'أجروا الاختبار الشخصي',
};

const dayCountsSchema = z.object({
  day: z.string(),
  ...(Object.fromEntries(FUNNEL_SERIES.map((series) => [series, z.number().int()])) as Record<
    FunnelSeries,
    z.ZodNumber
  >),
});
export type FunnelDay = z.infer<typeof dayCountsSchema>;

export const funnelDailyResponseSchema = successEnvelope({
  data: z.object({
    season: seasonRefSchema,
    faculty: z.string().nullable(),
    from: z.string(),
    to: z.string(),
    /** The faculty's data deadline (the latest of the faculties in scope for all), as an ISO instant. */
    deadline: z.string().nullable(),
    days: z.array(dayCountsSchema),
    /** Medians over the season's students in scope, in days (one decimal); null without any. */
    medianDays: z.object({
      importToComplete: z.number().nullable(),
      completeToAccepted: z.number().nullable(),
    }),
  }),
});
export type FunnelDailyResponse = z.infer<typeof funnelDailyResponseSchema>;
export type FunnelDaily = FunnelDailyResponse['data'];

/** `POST /funnel/export`: the same filters as the daily series. */
export const funnelExportResponseSchema = successEnvelope({ path: z.string() });
