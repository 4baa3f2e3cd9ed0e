import { normalizeDigits } from './digits.js';
import { successEnvelope } from './envelope.js';
import { z } from './zod.js';

/**
 * Admission seasons (issue 21): every student belongs to one academic year's intake. One season is current:
 * imports, logins, scheduling, the review queue and reminders work on it. Opening a new season closes the current
 * one; a closed season stays read-only and searchable (lists, statistics, the staff record and exports take a
 * `season` id), its images are deleted RETENTION_DAYS after it closed, and a super admin may delete it entirely.
 */

export const SEASON_MESSAGES = {
  nameInvalid: 'اكتب العام الدراسي بالشكل 2027/2028: سنتان متتاليتان',
  nameNotLater: 'العام الدراسي الجديد يجب أن يكون بعد العام الحالي',
  nameTaken: 'يوجد عام دراسي بهذا الاسم',
  idInvalid: 'رقم العام الدراسي غير صحيح',
  notFound: 'العام الدراسي غير موجود',
  closed: 'هذا الطالب من عام دراسي مغلق: بياناته للاطلاع فقط ولا يمكن تعديلها',
  currentCannotBeDeleted: 'لا يمكن حذف العام الدراسي الحالي',
  confirmCountInvalid: 'اكتب عدد الطلاب الذي يظهر في رسالة التأكيد',
  confirmCountMismatch: 'عدد الطلاب المكتوب لا يطابق عدد طلاب العام الدراسي؛ لم يحذف شيء',
  opened: 'تم فتح العام الدراسي الجديد',
  deleted: 'تم حذف العام الدراسي وكل بيانات طلابه وصورهم',
} as const;

const SEASON_NAME = /^(\d{4})\/(\d{4})$/;

/** The first year of a season name ('2026/2027' → 2026); undefined for a malformed name. */
export function seasonStartYear(name: string): number | undefined {
  const match = SEASON_NAME.exec(name);
  if (!match) return undefined;
  const start = Number(match[1]);
  return Number(match[2]) === start + 1 ? start : undefined;
}

/** A season name as typed (Arabic-Indic digits, spaces around the slash) → '2027/2028'; two consecutive years. */
export const seasonNameSchema = z
  .string({ error: SEASON_MESSAGES.nameInvalid })
  .transform((value) => normalizeDigits(value).replace(/\s+/g, ''))
  .refine((value) => seasonStartYear(value) !== undefined, { error: SEASON_MESSAGES.nameInvalid });

export const seasonIdSchema = z.uuid({ error: SEASON_MESSAGES.idInvalid });

/** `?season=<id>` on the staff lists, statistics and exports; without it, the current season. */
export const seasonQuerySchema = z.object({ season: seasonIdSchema.optional() });
export type SeasonQuery = z.infer<typeof seasonQuerySchema>;

export const seasonSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  current: z.boolean(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  /** When the retention job deleted the season's images; null while they are kept. */
  imagesDeletedAt: z.string().nullable(),
  students: z.number().int(),
});
export type Season = z.infer<typeof seasonSchema>;

/** GET /seasons: newest first; the current one is first. */
export const seasonsResponseSchema = successEnvelope({ seasons: z.array(seasonSchema) });
export type SeasonsResponse = z.infer<typeof seasonsResponseSchema>;

/** POST /seasons: closes the current season and opens this one. */
export const openSeasonBodySchema = z.object({ name: seasonNameSchema });
export type OpenSeasonBody = z.input<typeof openSeasonBodySchema>;
export const openSeasonResponseSchema = successEnvelope({ message: z.string(), season: seasonSchema });

/** DELETE /seasons/{id}: the student count shown in the confirmation, typed back. */
export const deleteSeasonBodySchema = z.object({
  confirmCount: z.number({ error: SEASON_MESSAGES.confirmCountInvalid }).int().min(0),
});
export type DeleteSeasonBody = z.infer<typeof deleteSeasonBodySchema>;
export const deleteSeasonResponseSchema = successEnvelope({
  message: z.string(),
  deletedStudents: z.number().int(),
});

/** The staff record's season, and the same national ID's records in every season (newest first, this one too). */
export const recordSeasonSchema = z.object({ id: z.uuid(), name: z.string(), current: z.boolean() });
export const seasonRecordLinkSchema = z.object({
  studentId: z.uuid(),
  seasonId: z.uuid(),
  seasonName: z.string(),
});
export type SeasonRecordLink = z.infer<typeof seasonRecordLinkSchema>;
