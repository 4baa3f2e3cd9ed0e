import { successEnvelope } from './envelope.js';
import { FUNNEL_STATES, type ProgressFilter, progressFilterSchema } from './funnel-filter.js';
import { PROGRESS_STEPS } from './progress.js';
import { isIsoDate } from './scheduling.js';
import { facultyField } from './staff.js';
import { z } from './zod.js';

/**
 * Notifications to students by e-mail and SMS (issue 17): what happened (the event), how it is sent (the
 * channel), and where each message stands. Shared by the server (outbox, delivery, the staff calls) and the web
 * client (the notifications screen, the staff record).
 */

export const NOTIFICATION_EVENTS = [
  'dataCompleted',
  'documentRefused',
  'documentsAccepted',
  'interviewAppointed',
  'deadlineReminder',
  'staffMessage',
  // Issue 33: a step-up code, and the notice of a changed phone number or e-mail to the ones before it.
  'student.step_up',
  'student.contact_changed',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export const NOTIFICATION_CHANNELS = ['email', 'sms'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * `queued` until a worker takes it; `sending` while one hands it over; `retrying` after a failed try with tries
 * left; `sent`; `failed` after the last try; `skipped` when the channel is not configured or the student has no
 * address for it.
 */
export const NOTIFICATION_STATES = ['queued', 'sending', 'retrying', 'sent', 'failed', 'skipped'] as const;
export type NotificationState = (typeof NOTIFICATION_STATES)[number];

/** Tries of one message before it is `failed`: the first and seven retries, over about a day. */
export const NOTIFICATION_MAX_TRIES = 8;
/** Longest staff message, in characters. */
export const STAFF_MESSAGE_MAX_LENGTH = 600;

export const NOTIFICATION_EVENT_LABELS: Record<NotificationEvent, string> = {
  dataCompleted: 'اكتمال البيانات',
  documentRefused: 'رفض مستند',
  documentsAccepted: 'قبول المستندات',
  interviewAppointed: 'تحديد موعد الاختبار الشخصي',
  deadlineReminder: 'تذكير بموعد انتهاء استكمال البيانات',
  staffMessage: 'رسالة من الكلية',
  'student.step_up': 'رمز التحقق',
  'student.contact_changed': 'تغيير بيانات الاتصال',
};

export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationChannel, string> = {
  email: 'البريد الإلكتروني',
  sms: 'رسالة نصية',
};

export const NOTIFICATION_STATE_LABELS: Record<NotificationState, string> = {
  queued: 'في الانتظار',
  sending: 'جار الإرسال',
  retrying: 'ستعاد المحاولة',
  sent: 'أرسلت',
  failed: 'فشلت',
  skipped: 'لم ترسل',
};

/** The students a staff message goes to. */
export const MESSAGE_AUDIENCES = [
  'all',
  'dataIncomplete',
  'needsReupload',
  'appointedOn',
  // Issue 36: the students of one funnel count (a tracker step in a state), as the student list filtered them.
  'progress',
] as const;
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number];

export const MESSAGE_AUDIENCE_LABELS: Record<MessageAudience, string> = {
  all: 'كل طلاب الكلية',
  dataIncomplete: 'من لم يستكمل بياناته',
  needsReupload: 'من عليه إعادة رفع مستندات',
  appointedOn: 'من موعد اختباره الشخصي في يوم محدد',
  progress: 'من هم عند خطوة محددة من خطوات المتابعة',
};

export const NOTIFICATION_MESSAGES = {
  audienceInvalid: 'اختر الطلاب المرسل إليهم من القائمة',
  dayRequired: 'يجب اختيار يوم الاختبار الشخصي',
  dayInvalid: 'يوم الاختبار الشخصي يجب أن يكون تاريخا صحيحا',
  channelsRequired: 'اختر طريقة إرسال واحدة على الأقل: البريد الإلكتروني أو الرسالة النصية',
  channelsInvalid: 'طريقة الإرسال يجب أن تكون البريد الإلكتروني أو الرسالة النصية',
  textRequired: 'يجب كتابة نص الرسالة',
  textTooLong: `نص الرسالة يجب ألا يزيد عن ${STAFF_MESSAGE_MAX_LENGTH} حرف`,
  textInvalid: 'نص الرسالة يجب أن يكون نصا',
  facultyRequired: 'يجب اختيار الكلية',
  noRecipients: 'لا يوجد طلاب في هذه الكلية بهذه الحالة',
  messageQueued: 'تم وضع الرسالة في قائمة الإرسال',
} as const;

const isMissing = (input: unknown) => input === undefined || input === null;

/** Whom a staff message goes to: a state, and the interview day when the state is `appointedOn`. */
export const messageFilterSchema = z
  .object(
    {
      audience: z.enum(MESSAGE_AUDIENCES, { error: NOTIFICATION_MESSAGES.audienceInvalid }),
      day: z
        .string({ error: NOTIFICATION_MESSAGES.dayInvalid })
        .max(10, { error: NOTIFICATION_MESSAGES.dayInvalid })
        .optional(),
      progress: z.unknown().optional(),
    },
    { error: NOTIFICATION_MESSAGES.audienceInvalid },
  )
  .superRefine((filter, ctx) => {
    if (filter.audience === 'progress') {
      const parsed = progressFilterSchema.safeParse(filter.progress);
      if (!parsed.success)
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: 'custom', path: ['progress', ...issue.path], message: issue.message });
      return;
    }
    if (filter.audience !== 'appointedOn') return;
    if (isMissing(filter.day) || filter.day === '') {
      ctx.addIssue({ code: 'custom', path: ['day'], message: NOTIFICATION_MESSAGES.dayRequired });
    } else if (!isIsoDate(filter.day)) {
      // A day the calendar lacks (30 February) must be refused here: PostgreSQL's date cast would fail on it.
      ctx.addIssue({ code: 'custom', path: ['day'], message: NOTIFICATION_MESSAGES.dayInvalid });
    }
  })
  .transform((filter): MessageFilter => {
    if (filter.audience === 'appointedOn') return { audience: filter.audience, day: filter.day as string };
    if (filter.audience === 'progress')
      return { audience: filter.audience, progress: progressFilterSchema.parse(filter.progress) };
    return { audience: filter.audience };
  });
export type MessageFilter =
  | { audience: 'all' | 'dataIncomplete' | 'needsReupload' }
  | { audience: 'appointedOn'; day: string }
  | { audience: 'progress'; progress: ProgressFilter };

const channelsField = z
  .array(z.enum(NOTIFICATION_CHANNELS, { error: NOTIFICATION_MESSAGES.channelsInvalid }), {
    error: (issue) =>
      isMissing(issue.input) ? NOTIFICATION_MESSAGES.channelsRequired : NOTIFICATION_MESSAGES.channelsInvalid,
  })
  .max(NOTIFICATION_CHANNELS.length, { error: NOTIFICATION_MESSAGES.channelsInvalid })
  .min(1, { error: NOTIFICATION_MESSAGES.channelsRequired })
  .transform((channels) => [...new Set(channels)]);

const messageTextField = z
  .string({
    error: (issue) =>
      isMissing(issue.input) ? NOTIFICATION_MESSAGES.textRequired : NOTIFICATION_MESSAGES.textInvalid,
  })
  .trim()
  .min(1, { error: NOTIFICATION_MESSAGES.textRequired, abort: true })
  .max(STAFF_MESSAGE_MAX_LENGTH, { error: NOTIFICATION_MESSAGES.textTooLong });

/** `POST /notifications/preview`: the same body as the send; `text` may still be empty while it is written. */
export const messagePreviewRequestSchema = z.object(
  {
    faculty: facultyField,
    filter: messageFilterSchema,
    channels: channelsField,
    text: z.string().max(STAFF_MESSAGE_MAX_LENGTH, { error: NOTIFICATION_MESSAGES.textTooLong }).optional(),
  },
  { error: NOTIFICATION_MESSAGES.audienceInvalid },
);
export type MessagePreviewRequest = z.input<typeof messagePreviewRequestSchema>;

/** `POST /notifications/send`: `{faculty, filter, channels, text}`. */
export const messageSendRequestSchema = z.object(
  { faculty: facultyField, filter: messageFilterSchema, channels: channelsField, text: messageTextField },
  { error: NOTIFICATION_MESSAGES.audienceInvalid },
);
export type MessageSendRequest = z.input<typeof messageSendRequestSchema>;
export type MessageSendRequestParsed = z.output<typeof messageSendRequestSchema>;

export const messagePreviewResponseSchema = successEnvelope({
  data: z.object({
    faculty: z.string(),
    /** Students the filter selects. */
    students: z.number().int(),
    /** Of them, those with an e-mail address and those with a mobile number. */
    withEmail: z.number().int(),
    withPhone: z.number().int(),
  }),
});
export type MessagePreviewResponse = z.infer<typeof messagePreviewResponseSchema>;

export const messageSendResponseSchema = successEnvelope({
  message: z.string(),
  data: z.object({ campaignId: z.uuid(), students: z.number().int(), messages: z.number().int() }),
});
export type MessageSendResponse = z.infer<typeof messageSendResponseSchema>;

const stateCountsSchema = z.object(
  Object.fromEntries(NOTIFICATION_STATES.map((state) => [state, z.number().int()])) as Record<
    NotificationState,
    z.ZodNumber
  >,
);
export type StateCounts = z.infer<typeof stateCountsSchema>;

/** A staff message and how far its sending has got. */
export const campaignSchema = z.object({
  id: z.uuid(),
  faculty: z.string(),
  filter: z.object({
    audience: z.enum(MESSAGE_AUDIENCES),
    day: z.string().optional(),
    progress: z.object({ step: z.enum(PROGRESS_STEPS), state: z.enum(FUNNEL_STATES) }).optional(),
  }),
  channels: z.array(z.enum(NOTIFICATION_CHANNELS)),
  text: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  counts: stateCountsSchema,
});
export type Campaign = z.infer<typeof campaignSchema>;

/** A message that failed, with the reason its last try gave. */
export const notificationFailureSchema = z.object({
  id: z.uuid(),
  studentId: z.uuid(),
  studentName: z.string(),
  event: z.enum(NOTIFICATION_EVENTS),
  channel: z.enum(NOTIFICATION_CHANNELS),
  tries: z.number().int(),
  error: z.string().nullable(),
  at: z.string(),
});

/** `GET /notifications/stats?faculty=`: totals per state and per channel, the latest failures and messages. */
export const notificationStatsQuerySchema = z.object({ faculty: facultyField });
export const notificationStatsResponseSchema = successEnvelope({
  data: z.object({
    /** The faculty the figures cover, or null for the whole university. */
    faculty: z.string().nullable(),
    byState: stateCountsSchema,
    byChannel: z.object({ email: stateCountsSchema, sms: stateCountsSchema }),
    failures: z.array(notificationFailureSchema),
    campaigns: z.array(campaignSchema),
  }),
});
export type NotificationStatsResponse = z.infer<typeof notificationStatsResponseSchema>;

/** One message as the staff student record lists it. */
export const studentNotificationSchema = z.object({
  id: z.uuid(),
  event: z.enum(NOTIFICATION_EVENTS),
  channel: z.enum(NOTIFICATION_CHANNELS),
  state: z.enum(NOTIFICATION_STATES),
  tries: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type StudentNotification = z.infer<typeof studentNotificationSchema>;
