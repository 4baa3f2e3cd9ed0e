import { normalizeDigits } from './digits.js';
import { successEnvelope } from './envelope.js';
import { STUDENT_IMPORT_SEAT_NO_MAX_LENGTH } from './student-import.js';
import { normalizeSeatNo } from './student-login-form.js';
import { z } from './zod.js';

/**
 * The student's step-up (issue 33): before the own-data zip and the own document images, a second proof beside
 * the national ID, a one-time code sent to the contacts on record or the seat number of the imported list.
 */

export const STEP_UP_METHODS = ['code', 'seatNo', 'off'] as const;
export type StepUpMethod = (typeof STEP_UP_METHODS)[number];

export const STEP_UP_CODE_LENGTH = 6;
/** A code is valid this long after it was sent. */
export const STEP_UP_CODE_TTL_MS = 10 * 60_000;
/** Tries at one code (or at the seat number, per session). */
export const STEP_UP_MAX_TRIES = 5;
/** A new code no sooner than this after the last one. */
export const STEP_UP_RESEND_MS = 60_000;
/** A passed step-up opens the protected reads this long, on its session only. */
export const STEP_UP_PASSED_MS = 15 * 60_000;

export const STEP_UP_MESSAGES = {
  required: 'لحماية مستنداتك يلزم التحقق من هويتك أولا: أدخل رمز التحقق المرسل إليك',
  codeWrong: 'رمز التحقق غير صحيح',
  codeExpired: 'انتهت صلاحية رمز التحقق أو استخدم من قبل، اطلب رمزا جديدا',
  tooManyTries: 'تجاوزت عدد المحاولات المسموح، اطلب رمزا جديدا بعد قليل',
  resendTooSoon: 'يمكنك طلب رمز جديد بعد دقيقة من الرمز السابق',
  seatNoWrong: 'رقم الجلوس غير صحيح',
  codeInvalid: 'رمز التحقق من 6 أرقام',
  answerRequired: 'أدخل رمز التحقق أو رقم الجلوس',
  off: 'لا يلزم التحقق',
  verified: 'تم التحقق بنجاح',
  loggedOut: 'تم تسجيل الخروج',
  notLoggedIn: 'لا توجد جلسة مفتوحة لتسجيل الخروج منها',
  codeSent: 'أرسلنا رمز التحقق',
  dialogTitle: 'التحقق من الهوية',
  codeLabel: 'رمز التحقق',
  seatNoLabel: 'رقم الجلوس',
  sentTo: 'أرسل الرمز إلى',
  seatNoHint: 'أدخل رقم الجلوس كما في كشوف القبول',
  verify: 'تحقق',
  resend: 'إعادة إرسال الرمز',
  resendIn: 'إعادة الإرسال بعد',
  seconds: 'ثانية',
} as const;

/** `010••••1234`: the first three and last four digits of a phone number. */
export function maskPhone(phone: string): string {
  const digits = phone.trim();
  if (digits.length <= 7) return `${digits.slice(0, 1)}${'•'.repeat(Math.max(digits.length - 1, 0))}`;
  return `${digits.slice(0, 3)}${'•'.repeat(4)}${digits.slice(-4)}`;
}

/** `a•••@example.com`: the first letter of the mailbox, its domain whole. */
export function maskEmail(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${trimmed.slice(0, 1)}•••${trimmed.slice(at)}`;
}

/** `POST /students/stepUp/{id}`: how this student proves it, and for a code where it went (masked). */
export const stepUpStartResponseSchema = successEnvelope({
  data: z.object({
    method: z.enum(STEP_UP_METHODS),
    sentTo: z.array(z.string()).optional(),
  }),
});
export type StepUpStartResponse = z.infer<typeof stepUpStartResponseSchema>;

/** `POST /students/stepUp/{id}/verify`: `{code}` or `{seatNo}`, Arabic-Indic digits accepted. */
export const stepUpVerifyRequestSchema = z
  .object(
    {
      code: z
        .string({ error: STEP_UP_MESSAGES.codeInvalid })
        .max(64, { error: STEP_UP_MESSAGES.codeInvalid })
        .transform(normalizeDigits)
        .pipe(z.string().regex(/^\d{6}$/, { error: STEP_UP_MESSAGES.codeInvalid }))
        .optional(),
      seatNo: z
        .string({ error: STEP_UP_MESSAGES.seatNoWrong })
        .max(256, { error: STEP_UP_MESSAGES.seatNoWrong })
        .transform(normalizeSeatNo)
        .pipe(
          z
            .string()
            .min(1, { error: STEP_UP_MESSAGES.seatNoWrong })
            .max(STUDENT_IMPORT_SEAT_NO_MAX_LENGTH, { error: STEP_UP_MESSAGES.seatNoWrong }),
        )
        .optional(),
    },
    { error: STEP_UP_MESSAGES.answerRequired },
  )
  .refine((body) => (body.code === undefined) !== (body.seatNo === undefined), {
    error: STEP_UP_MESSAGES.answerRequired,
  });
export type StepUpVerifyRequest = z.input<typeof stepUpVerifyRequestSchema>;

export const stepUpMessageResponseSchema = successEnvelope({ message: z.string() });
