import { normalizeDigits } from './digits.js';
import { DOCUMENT_STATES, DOCUMENTS_STATUSES } from './documents-status.js';
import { successEnvelope } from './envelope.js';
import { INTERVIEW_DECISIONS } from './interview-decisions.js';
import { IMAGE_KINDS, NATIONAL_ID_MAX_LENGTH } from './limits.js';
import { MESSAGES } from './messages.js';
import { progressStepSchema } from './progress.js';
import { STUDENT_IMPORT_SEAT_NO_MAX_LENGTH } from './student-import.js';
import { LOOKUP_PROOF_FIELD, normalizeSeatNo, SEAT_NO_MESSAGES } from './student-login-form.js';
import { z } from './zod.js';

/** Longer input is refused before any normalising work. */
const SEAT_NO_RAW_MAX_LENGTH = 256;
/** A solved challenge is under 1 kB of base64; anything much longer is not one. */
export const LOOKUP_PROOF_MAX_LENGTH = 2048;

/**
 * Body of `POST /students/getStudent`. The national ID is normalised (spaces removed, Arabic-Indic and Persian
 * digits made ASCII) before its length is checked, the seat number as the import normalises it; the parsed values
 * are the normalised ones.
 */
export const studentLookupRequestSchema = z.object(
  {
    nationalID: z
      .string({ error: MESSAGES.nationalIdRequired })
      .transform(normalizeDigits)
      .pipe(
        z
          .string()
          .min(1, { error: MESSAGES.nationalIdRequired })
          .max(NATIONAL_ID_MAX_LENGTH, { error: MESSAGES.nationalIdInvalid }),
      ),
    /**
     * The seat number of the imported list, asked only with `STUDENT_SECOND_FACTOR=seatNo` (ignored otherwise).
     * Optional here: a missing one is answered as a wrong pair, not as a malformed request.
     */
    seatNo: z
      .string({ error: SEAT_NO_MESSAGES.invalid })
      .max(SEAT_NO_RAW_MAX_LENGTH, { error: SEAT_NO_MESSAGES.invalid })
      .transform(normalizeSeatNo)
      .pipe(z.string().max(STUDENT_IMPORT_SEAT_NO_MAX_LENGTH, { error: SEAT_NO_MESSAGES.invalid }))
      .optional(),
    /**
     * A solved proof-of-work (an ALTCHA payload: base64 of the challenge and its solution), needed only while the
     * portal-wide enumeration guard is on (decision 18); ignored otherwise.
     */
    [LOOKUP_PROOF_FIELD]: z
      .string({ error: MESSAGES.lookupProofRequired })
      .max(LOOKUP_PROOF_MAX_LENGTH, { error: MESSAGES.lookupProofRequired })
      .optional(),
  },
  { error: MESSAGES.invalidInput },
);
export type StudentLookupRequest = z.input<typeof studentLookupRequestSchema>;
export type StudentLookupRequestParsed = z.output<typeof studentLookupRequestSchema>;

/** One `{name, value}` line of the student's data, in Arabic, for display. */
export const studentResultEntrySchema = z.object({ name: z.string(), value: z.string() });
export type StudentResultEntry = z.infer<typeof studentResultEntrySchema>;

/** A personal-interview day as the server stores it: 'YYYY-MM-DD'. */
export const appointedDaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** One stored document as the student sees it: reason (Arabic) and note only when refused (issue 16). */
export const studentDocumentSchema = z.object({
  kind: z.enum(IMAGE_KINDS),
  state: z.enum(DOCUMENT_STATES),
  /** The refusal reason in Arabic (`REFUSAL_REASON_LABELS`), or null unless refused. */
  reason: z.string().nullable(),
  note: z.string().nullable(),
});
export type StudentDocument = z.infer<typeof studentDocumentSchema>;

/**
 * The student's flags. The spec's four come first; the college flags (`socialWork`: family sections, three
 * forms, interview; `tourism`: three program choices) and the personal-interview appointment were added later,
 * with defaults so that an answer without them still parses.
 */
export const studentDataSchema = z.object({
  isPassed: z.boolean(),
  isCompletedAdditionalQuestions: z.boolean(),
  isComplete: z.boolean(),
  college: z.string(),
  socialWork: z.boolean().default(false),
  tourism: z.boolean().default(false),
  appointed: z.boolean().default(false),
  /** 'YYYY-MM-DD', or null when no appointment is set. */
  appointedDay: appointedDaySchema.nullable().default(null),
  /** The period's start hour: 9 (morning) or 12 (evening), or null when no appointment is set. */
  appointedHour: z
    .union([z.literal(9), z.literal(12)])
    .nullable()
    .default(null),
  /** The documents review as a whole (issue 16). */
  documentsStatus: z.enum(DOCUMENTS_STATUSES).default('none'),
  /** Each stored document's review state (issue 16); empty before the first submit. */
  documents: z.array(studentDocumentSchema).default([]),
  /** The booked interview slot's place (issue 18), or null (no booking, or appointed by the staff). */
  appointmentPlace: z.string().nullable().default(null),
  /**
   * The committee's decision once saved (issue 18), or null: always null while the university keeps results
   * hidden (`INTERVIEW_RESULT_VISIBLE` off).
   */
  interviewDecision: z.enum(INTERVIEW_DECISIONS).nullable().default(null),
  /** Whether the student has downloaded its forms once (issue 17: the tracker's last step). */
  formsDownloaded: z.boolean().default(false),
  /** The college's data deadline (issue 17), an ISO instant, or null when it sets none. */
  dataDeadline: z.string().nullable().default(null),
  /** The tracker's steps in order (issue 17), computed by `studentProgress`. */
  progress: z.array(progressStepSchema).default([]),
});
export type StudentData = z.infer<typeof studentDataSchema>;

/** Answer of `POST /students/getStudent` (spec section 3 and the product decisions). */
export const studentLookupResponseSchema = successEnvelope({
  _id: z.uuid(),
  result: z.array(studentResultEntrySchema),
  studentData: studentDataSchema,
});
export type StudentLookupResponse = z.infer<typeof studentLookupResponseSchema>;
