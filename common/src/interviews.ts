import { normalizeDigits } from './digits.js';
import { successEnvelope } from './envelope.js';
import { INTERVIEW_DECISIONS } from './interview-decisions.js';
import { INTERVIEW_MESSAGES } from './interview-messages.js';
import { PERIODS } from './limits.js';
import { MESSAGE_TEMPLATES, MESSAGES } from './messages.js';
import { scheduleDateField, schedulePeriodField } from './scheduling.js';
import { z } from './zod.js';

/**
 * Interviews run inside the portal (issue 18): slots the social-work staff publish, the student's own booking,
 * the committee's outcome on the six criteria of the personal-test form, statistics and the export. Shared by
 * the server (validation, OpenAPI, the printed form) and the web client. The day rules (past days, weekend
 * days) are scheduling's (`schedulingDayProblem`).
 */

/** The staff who publish slots, keep the day's list and outcomes, and read the statistics and the export. */
export const INTERVIEW_STAFF_ROLES = ['SUPERADMIN', 'SOCIAL_ADMIN'] as const;

/** Most students one slot may take. */
export const SLOT_CAPACITY_MAX = 500;
/** Longest place of a slot ('قاعة 3، الدور الثاني'), in characters after trimming. */
export const SLOT_PLACE_MAX_LENGTH = 100;
/** Longest committee notes on an outcome, in characters after trimming. */
export const INTERVIEW_NOTES_MAX_LENGTH = 1000;
/** A booked appointment may be moved or cancelled by the student until this many hours before its start. */
export const BOOKING_CHANGE_CUTOFF_HOURS = 24;

/**
 * THE criteria of the final personal-test form, in its order: the key the API stores, the Arabic label the
 * screens and the PDF print, and the highest score. Validation, the day list, the export and the form all read
 * this one list.
 */
export const INTERVIEW_CRITERIA = [
  { key: 'appearance', label: 'المظهر العام', max: 10 },
  { key: 'expression', label: 'التعبير والحوار', max: 20 },
  { key: 'culture', label: 'الثقافة العامة والقضايا الاجتماعية', max: 15 },
  { key: 'motivation', label: 'الدافعية للعمل الاجتماعي', max: 20 },
  { key: 'balance', label: 'الاتزان الانفعالي والثقة بالنفس', max: 15 },
  { key: 'communication', label: 'التواصل والعلاقات الإنسانية', max: 20 },
] as const;
export type InterviewCriterion = (typeof INTERVIEW_CRITERIA)[number]['key'];
export const INTERVIEW_CRITERION_KEYS = INTERVIEW_CRITERIA.map((criterion) => criterion.key) as [
  InterviewCriterion,
  ...InterviewCriterion[],
];
/** The form's total: the sum of the maxima (100). */
export const INTERVIEW_TOTAL_MAX = INTERVIEW_CRITERIA.reduce((sum, criterion) => sum + criterion.max, 0);

export type InterviewScores = Partial<Record<InterviewCriterion, number>>;

/** The total of a scored interview, or null until every criterion has its score (a partial sum would mislead). */
export function interviewTotal(scores: InterviewScores): number | null {
  let total = 0;
  for (const { key } of INTERVIEW_CRITERIA) {
    const score = scores[key];
    if (score === undefined) return null;
    total += score;
  }
  return total;
}

const isMissing = (input: unknown) => input === undefined || input === null;

/**
 * A whole number from `min` to `max`, as a number or as typed (Arabic-Indic digits and spaces allowed), with
 * `message` for anything else and `required` when it is missing.
 */
function wholeNumberField(min: number, max: number, message: string, required = message) {
  return z
    .union([z.number(), z.string().max(32, { error: message })], {
      error: (issue) => (isMissing(issue.input) ? required : message),
    })
    .transform((value, ctx) => {
      const text = typeof value === 'number' ? String(value) : normalizeDigits(value);
      const number = /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
      if (!(number >= min && number <= max)) {
        ctx.addIssue({ code: 'custom', message: text === '' ? required : message });
        return z.NEVER;
      }
      return number;
    });
}

/** Control characters (line breaks, tabs) have no place in a one-line place name printed in a table cell. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** A slot's place: a short one-line text, trimmed. */
export const slotPlaceField = z
  .string({
    error: (issue) =>
      isMissing(issue.input) ? INTERVIEW_MESSAGES.slotPlaceRequired : INTERVIEW_MESSAGES.slotPlaceInvalid,
  })
  .trim()
  .min(1, { error: INTERVIEW_MESSAGES.slotPlaceRequired, abort: true })
  .max(SLOT_PLACE_MAX_LENGTH, { error: INTERVIEW_MESSAGES.slotPlaceTooLong, abort: true })
  .refine((value) => !CONTROL.test(value), { error: INTERVIEW_MESSAGES.slotPlaceInvalid });

/** How many students a slot takes: 1…500. */
export const slotCapacityField = wholeNumberField(
  1,
  SLOT_CAPACITY_MAX,
  INTERVIEW_MESSAGES.slotCapacityInvalid,
  INTERVIEW_MESSAGES.slotCapacityRequired,
);

const slotClosedField = z.boolean({ error: INTERVIEW_MESSAGES.slotClosedInvalid });

/** The `{id}` of the slot calls. */
export const slotIdParamsSchema = z.object({ id: z.uuid({ error: INTERVIEW_MESSAGES.slotIdInvalid }) });

/** Body of `POST /interviews/slots`. */
export const createSlotRequestSchema = z.object(
  {
    date: scheduleDateField,
    period: schedulePeriodField,
    capacity: slotCapacityField,
    place: slotPlaceField,
  },
  { error: MESSAGES.invalidInput },
);
export type CreateSlotRequest = z.input<typeof createSlotRequestSchema>;

/** Body of `PATCH /interviews/slots/{id}`: at least one of the three. */
export const updateSlotRequestSchema = z
  .object(
    {
      capacity: slotCapacityField.optional(),
      place: slotPlaceField.optional(),
      closed: slotClosedField.optional(),
    },
    { error: MESSAGES.invalidInput },
  )
  .refine(
    (value) => value.capacity !== undefined || value.place !== undefined || value.closed !== undefined,
    { error: INTERVIEW_MESSAGES.slotChangeRequired },
  );
export type UpdateSlotRequest = z.input<typeof updateSlotRequestSchema>;

/** `?from=&to=` (both `YYYY-MM-DD`, both optional, `from` not after `to`). */
export const dateRangeQuerySchema = z
  .object({ from: scheduleDateField.optional(), to: scheduleDateField.optional() })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    error: INTERVIEW_MESSAGES.dateRangeInvalid,
  });
export type DateRangeQuery = z.input<typeof dateRangeQuerySchema>;

const periodSchema = z.union([z.literal(PERIODS[0]), z.literal(PERIODS[1])]);

/** One slot as the staff see it. */
export const interviewSlotSchema = z.object({
  id: z.uuid(),
  /** `YYYY-MM-DD`. */
  date: z.string(),
  period: periodSchema,
  place: z.string(),
  capacity: z.number().int(),
  /** Students who booked this slot (students appointed by 'appoint N' belong to no slot). */
  booked: z.number().int(),
  /** `capacity - booked`, never below 0. */
  free: z.number().int(),
  /** A closed slot takes no new bookings; those it has stay. */
  closed: z.boolean(),
});
export type InterviewSlot = z.infer<typeof interviewSlotSchema>;

/** Answer of `POST /interviews/slots` and `PATCH /interviews/slots/{id}`. */
export const slotResponseSchema = successEnvelope({ message: z.string(), data: interviewSlotSchema });
export type SlotResponse = z.infer<typeof slotResponseSchema>;

/** Answer of `GET /interviews/slots`: by day, period and place. */
export const slotsResponseSchema = successEnvelope({ data: z.array(interviewSlotSchema) });
export type SlotsResponse = z.infer<typeof slotsResponseSchema>;

/** One slot a student may book: open, not started, with free places. */
export const studentSlotSchema = z.object({
  id: z.uuid(),
  date: z.string(),
  period: periodSchema,
  place: z.string(),
  free: z.number().int(),
});
export type StudentSlot = z.infer<typeof studentSlotSchema>;

/** The student's own booking. */
export const studentBookingSchema = z.object({
  slotId: z.uuid(),
  date: z.string(),
  period: periodSchema,
  place: z.string(),
  /** The start in the university's time zone, as an instant (ISO-8601, UTC). */
  startsAt: z.string(),
  /** Until when it may be moved or cancelled (ISO-8601, UTC): 24 hours before the start. */
  changeableUntil: z.string(),
  changeable: z.boolean(),
});
export type StudentBooking = z.infer<typeof studentBookingSchema>;

/** Answer of `GET /students/interviewSlots/{id}`. */
export const studentInterviewSlotsResponseSchema = successEnvelope({
  data: z.object({
    /** Slots the student may book now (the current one left out); empty while a booking can no longer change. */
    slots: z.array(studentSlotSchema),
    booking: studentBookingSchema.nullable(),
    changeCutoffHours: z.number().int(),
  }),
});
export type StudentInterviewSlotsResponse = z.infer<typeof studentInterviewSlotsResponseSchema>;

/** Body of `POST /students/bookInterview/{id}`. */
export const bookInterviewRequestSchema = z.object(
  { slotId: z.uuid({ error: INTERVIEW_MESSAGES.slotIdInvalid }) },
  { error: MESSAGES.invalidInput },
);
export type BookInterviewRequest = z.input<typeof bookInterviewRequestSchema>;

export const bookInterviewResponseSchema = successEnvelope({
  message: z.string(),
  data: z.object({ booking: studentBookingSchema }),
});
export type BookInterviewResponse = z.infer<typeof bookInterviewResponseSchema>;

export const cancelInterviewResponseSchema = successEnvelope({ message: z.string() });

const scoreShape = Object.fromEntries(
  INTERVIEW_CRITERIA.map(({ key, label, max }) => [
    key,
    wholeNumberField(0, max, MESSAGE_TEMPLATES.interviewScoreInvalid(label, max)).optional(),
  ]),
) as Record<InterviewCriterion, z.ZodOptional<ReturnType<typeof wholeNumberField>>>;

/** Scores by criterion key; a key the form does not have is refused, naming it. */
export const interviewScoresField = z.strictObject(scoreShape, {
  error: (issue) =>
    issue.code === 'unrecognized_keys'
      ? MESSAGE_TEMPLATES.interviewCriterionUnknown(String(issue.keys[0] ?? ''))
      : INTERVIEW_MESSAGES.interviewScoresInvalid,
});

const notesField = z
  .string({ error: INTERVIEW_MESSAGES.interviewNotesInvalid })
  .trim()
  .max(INTERVIEW_NOTES_MAX_LENGTH, { error: INTERVIEW_MESSAGES.interviewNotesTooLong })
  .nullish()
  .transform((value) => value || null);

/**
 * Body of `PUT /interviews/outcome/{studentId}`. An absent student has no scores and no decision; a decision
 * needs attendance and all six scores; scores alone (an interview being scored) may be partial.
 */
export const interviewOutcomeRequestSchema = z
  .object(
    {
      attended: z.boolean({ error: INTERVIEW_MESSAGES.interviewAttendedRequired }),
      scores: interviewScoresField.nullish(),
      decision: z.enum(INTERVIEW_DECISIONS, { error: INTERVIEW_MESSAGES.interviewDecisionInvalid }).nullish(),
      notes: notesField,
    },
    { error: MESSAGES.invalidInput },
  )
  .transform((value, ctx) => {
    const scores = Object.fromEntries(
      Object.entries(value.scores ?? {}).filter(([, score]) => score !== undefined),
    ) as InterviewScores;
    const decision = value.decision ?? null;
    const scored = Object.keys(scores).length > 0;
    const problem = !value.attended
      ? decision
        ? INTERVIEW_MESSAGES.interviewDecisionWithoutAttendance
        : scored
          ? INTERVIEW_MESSAGES.interviewScoresWithoutAttendance
          : undefined
      : decision && interviewTotal(scores) === null
        ? INTERVIEW_MESSAGES.interviewDecisionNeedsAllScores
        : undefined;
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return { attended: value.attended, scores, decision, notes: value.notes };
  });
export type InterviewOutcomeRequest = z.input<typeof interviewOutcomeRequestSchema>;
export type InterviewOutcomeInput = z.output<typeof interviewOutcomeRequestSchema>;

/** A saved outcome. */
export const interviewOutcomeSchema = z.object({
  attended: z.boolean(),
  scores: z.partialRecord(z.enum(INTERVIEW_CRITERION_KEYS), z.number().int()),
  /** The sum once all six are scored, else null. */
  total: z.number().int().nullable(),
  decision: z.enum(INTERVIEW_DECISIONS).nullable(),
  notes: z.string().nullable(),
  /** The staff user name as it was when saved. */
  recordedBy: z.string().nullable(),
  /** First saved (ISO-8601). */
  recordedAt: z.string(),
  /** Last corrected (ISO-8601). */
  updatedAt: z.string(),
});
export type InterviewOutcome = z.infer<typeof interviewOutcomeSchema>;

export const interviewOutcomeResponseSchema = successEnvelope({
  message: z.string(),
  data: interviewOutcomeSchema,
});
export type InterviewOutcomeResponse = z.infer<typeof interviewOutcomeResponseSchema>;

/** `?date=&period=` of the day list; without a period, both periods. */
export const interviewDayQuerySchema = z.object({
  date: scheduleDateField,
  period: schedulePeriodField.optional(),
});
export type InterviewDayQuery = z.input<typeof interviewDayQuerySchema>;

/** How a student came by the appointment: its own booking of a slot, or the staff's 'appoint N'. */
export const APPOINTMENT_SOURCES = ['booking', 'staff'] as const;

/** One student of the day list. */
export const interviewDayStudentSchema = z.object({
  studentId: z.uuid(),
  name: z.string(),
  nationalId: z.string(),
  phoneNumber: z.string().nullable(),
  date: z.string(),
  period: periodSchema,
  /** The booked slot's place, or null for a student appointed by 'appoint N'. */
  place: z.string().nullable(),
  slotId: z.uuid().nullable(),
  source: z.enum(APPOINTMENT_SOURCES),
  outcome: interviewOutcomeSchema.nullable(),
});
export type InterviewDayStudent = z.infer<typeof interviewDayStudentSchema>;

/** Answer of `GET /interviews/day`: by period, place, then name. */
export const interviewDayResponseSchema = successEnvelope({
  data: z.object({
    date: z.string(),
    period: periodSchema.nullable(),
    students: z.array(interviewDayStudentSchema),
  }),
});
export type InterviewDayResponse = z.infer<typeof interviewDayResponseSchema>;

/** The counts of the statistics, for one day or in total. */
export const interviewCountsSchema = z.object({
  appointed: z.number().int(),
  attended: z.number().int(),
  absent: z.number().int(),
  suitable: z.number().int(),
  notSuitable: z.number().int(),
  /** Appointed without an outcome yet. */
  notRecorded: z.number().int(),
});
export type InterviewCounts = z.infer<typeof interviewCountsSchema>;

/** Answer of `GET /interviews/statistics`: every day with appointments in the range, and the total. */
export const interviewStatisticsResponseSchema = successEnvelope({
  data: z.object({
    days: z.array(interviewCountsSchema.extend({ date: z.string() })),
    total: interviewCountsSchema,
  }),
});
export type InterviewStatisticsResponse = z.infer<typeof interviewStatisticsResponseSchema>;

/** Body of `POST /interviews/export`: the days to cover (absent: every day). */
export const interviewExportRequestSchema = z
  .object(
    { from: scheduleDateField.optional(), to: scheduleDateField.optional() },
    { error: MESSAGES.invalidInput },
  )
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    error: INTERVIEW_MESSAGES.dateRangeInvalid,
  });
export type InterviewExportRequest = z.input<typeof interviewExportRequestSchema>;

/** Answer of `POST /interviews/export`: a 10-minute signed link to the .xlsx, as the other exports. */
export const interviewExportResponseSchema = successEnvelope({ path: z.string() });
