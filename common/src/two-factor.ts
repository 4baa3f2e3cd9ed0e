import { normalizeDigits } from './digits.js';
import { successEnvelope } from './envelope.js';
import { MESSAGES } from './messages.js';
import { staffUserSchema } from './staff.js';
import { z } from './zod.js';

/** Longer inputs are refused before any normalising work. */
const RAW_INPUT_MAX = 256;

/**
 * Arabic messages of the staff second factor and staff sessions (issue 20): apart from MESSAGES, so that only the
 * staff screens carry them, not the student login's first download.
 */
export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'يجب إدخال رمز التحقق',
  codeInvalidFormat: 'رمز التحقق يتكون من 6 أرقام، أو رمز استرداد من 10 حروف وأرقام',
  codeWrong: 'رمز التحقق غير صحيح',
  challengeRequired: 'انتهت جلسة التحقق، يرجى تسجيل الدخول مرة أخرى',
  challengeEnded: 'انتهت صلاحية جلسة التحقق أو استخدمت من قبل، يرجى تسجيل الدخول مرة أخرى',
  enterCode: 'أدخل رمز التحقق من تطبيق المصادقة لإكمال تسجيل الدخول',
  setupFirst: 'يجب بدء إعداد التحقق بخطوتين أولا',
  alreadyEnabled: 'التحقق بخطوتين مفعل بالفعل لهذا الحساب',
  notEnabled: 'التحقق بخطوتين غير مفعل لهذا الحساب',
  enabled: 'تم تفعيل التحقق بخطوتين، احتفظ برموز الاسترداد في مكان آمن فلن تظهر مرة أخرى',
  disabled: 'تم إيقاف التحقق بخطوتين',
  /** Turning the factor off: one answer whether the password, the code or both were wrong. */
  disableProofWrong: 'كلمة المرور أو رمز التحقق غير صحيح',
  reset: 'تم إلغاء التحقق بخطوتين لهذا الحساب، وسيطلب منه إعداده من جديد عند الحاجة',
  enrolmentRequired: 'يجب تفعيل التحقق بخطوتين لحسابك قبل استخدام لوحة التحكم',
  signedOutEverywhere: 'تم تسجيل الخروج من جميع الأجهزة',
  staffIdInvalid: 'معرف الحساب غير صحيح',
} as const;

/** Six digits from an authenticator app (Arabic-Indic digits accepted), or one of the ten recovery codes. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
export const RECOVERY_CODE_PATTERN = /^[A-Z0-9]{10}$/;
export const RECOVERY_CODE_COUNT = 10;
/** How long a sign-in waits for its second factor, and how many wrong codes end it. */
export const LOGIN_CHALLENGE_SECONDS = 5 * 60;
export const LOGIN_CHALLENGE_MAX_FAILURES = 5;

/** A code as typed: spaces and dashes dropped, digits made ASCII, letters upper-cased. */
export const twoFactorCodeField = z
  .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
  .max(RAW_INPUT_MAX, TWO_FACTOR_MESSAGES.codeInvalidFormat)
  .transform((value) => normalizeDigits(value).replace(/[\s-]/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(1, TWO_FACTOR_MESSAGES.codeRequired)
      .refine(
        (code) => TOTP_CODE_PATTERN.test(code) || RECOVERY_CODE_PATTERN.test(code),
        TWO_FACTOR_MESSAGES.codeInvalidFormat,
      ),
  );

/** `POST /users/login` when the account has a second factor: no token yet, a challenge for the code. */
export const loginChallengeResponseSchema = successEnvelope({
  message: z.string(),
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
});
export type LoginChallengeResponse = z.infer<typeof loginChallengeResponseSchema>;

/** `POST /users/login/verify`: answers the spec's login result. */
export const loginVerifyRequestSchema = z.object(
  {
    challenge: z.uuid({ error: TWO_FACTOR_MESSAGES.challengeEnded }),
    code: twoFactorCodeField,
  },
  { error: MESSAGES.invalidInput },
);
export type LoginVerifyRequest = z.input<typeof loginVerifyRequestSchema>;

/** `POST /users/twoFactor/setup`: a new secret, not in force until a code confirms it. */
export const twoFactorSetupResponseSchema = successEnvelope({
  data: z.object({
    secret: z.string(),
    otpauthUrl: z.string(),
    /** An SVG data URL of the otpauth URL's QR code. */
    qr: z.string(),
  }),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

/** `POST /users/twoFactor/enable` */
export const twoFactorEnableRequestSchema = z.object(
  { code: twoFactorCodeField },
  { error: MESSAGES.invalidInput },
);
export const twoFactorEnableResponseSchema = successEnvelope({
  message: z.string(),
  data: z.object({ recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT) }),
});
export type TwoFactorEnableResponse = z.infer<typeof twoFactorEnableResponseSchema>;

/** `POST /users/twoFactor/disable` */
export const twoFactorDisableRequestSchema = z.object(
  {
    password: z
      .string({ error: MESSAGES.passwordRequired })
      .max(RAW_INPUT_MAX, MESSAGES.passwordRequired)
      .min(1, MESSAGES.passwordRequired),
    code: twoFactorCodeField,
  },
  { error: MESSAGES.invalidInput },
);

/** `PATCH /users/resetTwoFactor` (SUPERADMIN) and `POST /users/signOutEverywhere` (own account, or `id`). */
const staffIdField = z.uuid({ error: TWO_FACTOR_MESSAGES.staffIdInvalid });
export const resetTwoFactorRequestSchema = z.object({ id: staffIdField }, { error: MESSAGES.invalidInput });
export const signOutEverywhereRequestSchema = z
  .object({ id: staffIdField.optional() }, { error: MESSAGES.invalidInput })
  .optional();

/** `GET /users/getMe` with the second factor's state: the spec's user plus `twoFactorEnabled`. */
export const staffMeSchema = staffUserSchema.extend({
  twoFactorEnabled: z.boolean(),
  /** The account's role must enrol (STAFF_2FA_REQUIRED) and has not yet: every other screen waits. */
  twoFactorRequired: z.boolean(),
});
export type StaffMe = z.infer<typeof staffMeSchema>;
export const staffMeResponseSchema = successEnvelope({ data: z.object({ user: staffMeSchema }) });
