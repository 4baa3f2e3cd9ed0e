import {
  DEADLINE_REMINDER_DAYS,
  formatDeadline,
  IMAGE_KIND_LABELS,
  IMAGE_KINDS,
  isIsoDate,
  type NotificationEvent,
  PERIOD_LABELS,
  PERIODS,
  PROGRESS_STEP_LABELS,
  REFUSAL_REASON_LABELS,
  REFUSAL_REASONS,
} from '@portal/common';
import { z } from 'zod';
import { appointmentIcs } from '../appointment-calendar/index.js';

/**
 * What a notification says, by e-mail (an Arabic right-to-left HTML part and a plain-text part) and by SMS (one
 * short text), for every event of the outbox (issue 17). Pure: the delivery worker hands it the outbox row, the
 * student and the settings. Every value that came from a person (the student's name, a refusal note, a staff
 * message, a place) is escaped in the HTML.
 */

export interface ContentStudent {
  id: string;
  name: string;
  college: string;
  /** The social-work college interviews its students: their next step after the documents is the interview. */
  socialWork: boolean;
}

export interface ContentSettings {
  /** `config.branding.universityName`: the header band. */
  universityName: string;
  /** `config.notifications.publicUrl`, without a trailing slash. */
  publicUrl: string;
  /** The university's IANA time zone: deadlines and appointments are said on its clock. */
  timeZone: string;
  /** When the message is made (the calendar file's stamp). */
  now: Date;
}

export interface OutboxContentInput {
  event: NotificationEvent;
  payload: unknown;
  /** The staff message's text (its campaign's), for `staffMessage`; null for the other events. */
  campaignText: string | null;
}

export interface MessageAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export interface MessageContent {
  subject: string;
  text: string;
  html: string;
  sms: string;
  attachments: MessageAttachment[];
}

/** A row whose payload does not fit its event: no try can succeed, so it fails at once. */
export class ContentError extends Error {
  override name = 'ContentError';
}

const documentRefusedPayload = z.object({
  documents: z
    .array(
      z.object({
        kind: z.enum(IMAGE_KINDS),
        reason: z.enum(REFUSAL_REASONS),
        note: z.string().nullish(),
      }),
    )
    .min(1),
});

const interviewAppointedPayload = z.object({
  day: z.string().refine(isIsoDate),
  hour: z.literal(PERIODS),
  place: z.string().nullish(),
});

const deadlineReminderPayload = z.object({
  deadline: z.iso.datetime({ offset: true }),
  days: z.literal(DEADLINE_REMINDER_DAYS),
});

/** A paragraph, a bulleted list, or a link: one structure, so the HTML and the plain text say the same. */
type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'link'; label: string; url: string };

interface Message {
  subject: string;
  blocks: Block[];
  sms: string;
  attachments?: MessageAttachment[];
}

const paragraph = (text: string): Block => ({ kind: 'paragraph', text });

function parsePayload<T>(schema: z.ZodType<T>, event: NotificationEvent, payload: unknown): T {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new ContentError(`the payload of ${event} is not valid`);
  return parsed.data;
}

const dayFormatter = new Intl.DateTimeFormat('ar-EG-u-nu-latn', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** 'السبت، 15 أغسطس 2026': the calendar day as such, whatever the zone. */
function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return dayFormatter.format(new Date(Date.UTC(year, month - 1, date)));
}

function portalLink(settings: ContentSettings): Block {
  return { kind: 'link', label: 'بوابة القبول', url: `${settings.publicUrl}/stAdmission/` };
}

/** What is left after the documents: the interview for the social-work college, then the forms. */
function stepsAfterDocuments(student: ContentStudent): string[] {
  return [...(student.socialWork ? [PROGRESS_STEP_LABELS.interview] : []), PROGRESS_STEP_LABELS.forms];
}

function dataCompleted(student: ContentStudent, settings: ContentSettings): Message {
  return {
    subject: 'تم استكمال بياناتك في بوابة القبول',
    blocks: [
      paragraph(`تم استلام بياناتك ومستنداتك في ${student.college} بنجاح.`),
      paragraph(
        `الخطوة التالية: ${PROGRESS_STEP_LABELS.documents}. ستراجع الكلية مستنداتك الست، وتصلك رسالة إذا ` +
          'طلب منك إعادة رفع أحدها أو عند قبولها كلها.',
      ),
      paragraph('الخطوات الباقية بعد ذلك:'),
      { kind: 'list', items: stepsAfterDocuments(student) },
      portalLink(settings),
    ],
    sms: `تم استكمال بياناتك في ${student.college}. الخطوة التالية: ${PROGRESS_STEP_LABELS.documents}.`,
  };
}

function documentRefused(payload: unknown, settings: ContentSettings): Message {
  const { documents } = parsePayload(documentRefusedPayload, 'documentRefused', payload);
  const items = documents.map((document) => {
    const reason = REFUSAL_REASON_LABELS[document.reason];
    const note = document.note?.trim();
    return `${IMAGE_KIND_LABELS[document.kind]}: ${reason}${note ? `. ملاحظة الكلية: ${note}` : ''}`;
  });
  const link = `${settings.publicUrl}/stAdmission/`;
  const only = documents.length === 1 ? documents[0] : undefined;
  return {
    subject: only
      ? `مطلوب إعادة رفع مستند: ${IMAGE_KIND_LABELS[only.kind]}`
      : `مطلوب إعادة رفع ${documents.length} من مستنداتك`,
    blocks: [
      paragraph('راجعت الكلية مستنداتك ولم تقبل ما يلي:'),
      { kind: 'list', items },
      paragraph(
        'ادخل إلى بوابة القبول برقمك القومي وأعد رفع هذه المستندات وحدها، ثم تراجعها الكلية من جديد.',
      ),
      portalLink(settings),
    ],
    sms: only
      ? `لم تقبل الكلية ${IMAGE_KIND_LABELS[only.kind]}. أعد رفعه من ${link}`
      : `لم تقبل الكلية ${documents.length} من مستنداتك. أعد رفعها من ${link}`,
  };
}

function documentsAccepted(student: ContentStudent, settings: ContentSettings): Message {
  const [next] = stepsAfterDocuments(student);
  return {
    subject: 'تم قبول جميع مستنداتك',
    blocks: [
      paragraph(`راجعت ${student.college} مستنداتك وقبلتها كلها.`),
      paragraph(
        student.socialWork
          ? `الخطوة التالية: ${next}. تصلك رسالة بموعدك عند تحديده، ويمكنك حجزه من البوابة إذا أتاحت الكلية مواعيد.`
          : `الخطوة التالية: ${next} من البوابة وطباعتها.`,
      ),
      portalLink(settings),
    ],
    sms: `تم قبول جميع مستنداتك في ${student.college}. الخطوة التالية: ${next}.`,
  };
}

function interviewAppointed(payload: unknown, student: ContentStudent, settings: ContentSettings): Message {
  const { day, hour, place } = parsePayload(interviewAppointedPayload, 'interviewAppointed', payload);
  const where = place?.trim() || student.college;
  const when = `${formatDay(day)}، ${PERIOD_LABELS[hour]}`;
  return {
    subject: `موعد الاختبار الشخصي: ${formatDay(day)}`,
    blocks: [
      paragraph('تم تحديد موعد الاختبار الشخصي لك:'),
      {
        kind: 'list',
        items: [`اليوم: ${formatDay(day)}`, `الفترة: ${PERIOD_LABELS[hour]}`, `المكان: ${where}`],
      },
      paragraph('احضر قبل بداية الفترة ومعك بطاقة الرقم القومي. الموعد مرفق بهذه الرسالة لتضيفه إلى تقويمك.'),
      portalLink(settings),
    ],
    sms: `موعد اختبارك الشخصي: ${when}، ${where}.`,
    attachments: [
      {
        filename: 'interview.ics',
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: appointmentIcs({
          studentId: student.id,
          college: student.college,
          day,
          hour,
          place: place?.trim() || null,
          timeZone: settings.timeZone,
          now: settings.now,
        }),
      },
    ],
  };
}

function deadlineReminder(payload: unknown, settings: ContentSettings): Message {
  const { deadline, days } = parsePayload(deadlineReminderPayload, 'deadlineReminder', payload);
  const left = days === 1 ? 'يوم واحد' : `${days} أيام`;
  const when = formatDeadline(deadline, settings.timeZone);
  return {
    subject: `تذكير: باقي ${left} على انتهاء موعد استكمال البيانات`,
    blocks: [
      paragraph(`ينتهي موعد استكمال البيانات ورفع المستندات في ${when}، ولم تستكمل بياناتك بعد.`),
      paragraph(
        'بعد هذا الموعد لا تقبل البوابة بياناتك ولا مستنداتك. ادخل إليها برقمك القومي واستكملها الآن.',
      ),
      portalLink(settings),
    ],
    sms: `تذكير: ينتهي موعد استكمال البيانات في ${when}. استكملها من ${settings.publicUrl}/stAdmission/`,
  };
}

function staffMessage(
  campaignText: string | null,
  student: ContentStudent,
  settings: ContentSettings,
): Message {
  const text = campaignText?.trim();
  if (!text) throw new ContentError('the staff message has no text');
  return {
    subject: `رسالة من ${student.college}`,
    blocks: [paragraph(text), portalLink(settings)],
    // One line: a phone shows an SMS as one run of text.
    sms: `${student.college}: ${text.replace(/\s+/g, ' ')}`,
  };
}

const stepUpPayload = z.object({ code: z.string().regex(/^\d{6}$/) });

function stepUp(payload: unknown, settings: ContentSettings): Message {
  const { code } = parsePayload(stepUpPayload, 'student.step_up', payload);
  const warning = 'إن لم تطلبه أنت فلا تعطه لأحد، ولا تفعل شيئا.';
  return {
    subject: `رمز التحقق: ${code}`,
    blocks: [
      paragraph(`رمز التحقق لفتح بياناتك ومستنداتك في بوابة القبول: ${code}`),
      paragraph(`صالح لمدة 10 دقائق ولمرة واحدة. ${warning}`),
      portalLink(settings),
    ],
    sms: `رمز التحقق في بوابة القبول: ${code}، صالح 10 دقائق. لا تعطه لأحد.`,
  };
}

function contactChanged(student: ContentStudent, settings: ContentSettings): Message {
  const notYou =
    'إن لم تكن أنت من غيرها فراجع شؤون الطلاب بكليتك فورا: خلال 24 ساعة من التغيير ترسل رموز التحقق إلى ' +
    'بيانات الاتصال السابقة هذه.';
  return {
    subject: 'تم تغيير رقم الهاتف أو البريد الإلكتروني في بوابة القبول',
    blocks: [
      paragraph(`تم تغيير رقم الهاتف أو البريد الإلكتروني المسجل لطالب ${student.college} في بوابة القبول.`),
      paragraph(notYou),
      portalLink(settings),
    ],
    sms: 'تم تغيير الهاتف أو البريد المسجل في بوابة القبول. إن لم تكن أنت فراجع شؤون الطلاب بكليتك فورا.',
  };
}

function message(input: OutboxContentInput, student: ContentStudent, settings: ContentSettings): Message {
  switch (input.event) {
    case 'dataCompleted':
      return dataCompleted(student, settings);
    case 'documentRefused':
      return documentRefused(input.payload, settings);
    case 'documentsAccepted':
      return documentsAccepted(student, settings);
    case 'interviewAppointed':
      return interviewAppointed(input.payload, student, settings);
    case 'deadlineReminder':
      return deadlineReminder(input.payload, settings);
    case 'staffMessage':
      return staffMessage(input.campaignText, student, settings);
    case 'student.step_up':
      return stepUp(input.payload, settings);
    case 'student.contact_changed':
      return contactChanged(student, settings);
  }
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Escaped, with the writer's line breaks kept. */
const htmlText = (value: string) => escapeHtml(value).replace(/\r\n|\r|\n/g, '<br>');

const FOOTER = 'رسالة آلية من بوابة القبول، لا ترد عليها. للاستفسار تواصل مع كليتك.';
const FONT = 'font-family:Tahoma,Arial,sans-serif;font-size:15px;line-height:1.7;color:#1a1a1a';

function blockHtml(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="margin:0 0 12px">${htmlText(block.text)}</p>`;
    case 'list':
      return `<ul style="margin:0 0 12px;padding-right:20px;padding-left:0">${block.items
        .map((item) => `<li>${htmlText(item)}</li>`)
        .join('')}</ul>`;
    case 'link':
      return `<p style="margin:0 0 12px"><a href="${escapeHtml(block.url)}" style="color:#0b5394">${htmlText(block.label)}</a></p>`;
  }
}

function blockText(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'list':
      return block.items.map((item) => `- ${item}`).join('\n');
    case 'link':
      return `${block.label}: ${block.url}`;
  }
}

function html(
  greeting: string,
  blocks: readonly Block[],
  settings: ContentSettings,
  subject: string,
): string {
  return [
    '<!doctype html>',
    '<html lang="ar" dir="rtl">',
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body dir="rtl" style="margin:0;padding:0;background:#f4f4f4;text-align:right;${FONT}">`,
    '<div dir="rtl" style="max-width:600px;margin:0 auto;background:#ffffff;text-align:right">',
    `<div style="background:#0b5394;color:#ffffff;padding:16px 20px;font-size:18px;font-weight:bold">${escapeHtml(settings.universityName)}</div>`,
    '<div style="padding:20px">',
    `<p style="margin:0 0 12px">${htmlText(greeting)}</p>`,
    ...blocks.map(blockHtml),
    '</div>',
    `<div style="border-top:1px solid #dddddd;padding:12px 20px;font-size:12px;color:#666666">${escapeHtml(FOOTER)}</div>`,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
}

/** The e-mail (subject, HTML, plain text, attachments) and the SMS text of one outbox row. */
export function messageContent(
  input: OutboxContentInput,
  student: ContentStudent,
  settings: ContentSettings,
): MessageContent {
  const built = message(input, student, settings);
  const greeting = `مرحبا ${student.name}،`;
  return {
    subject: built.subject,
    text: [settings.universityName, greeting, built.blocks.map(blockText).join('\n\n'), `--\n${FOOTER}`].join(
      '\n\n',
    ),
    html: html(greeting, built.blocks, settings, built.subject),
    sms: built.sms,
    attachments: built.attachments ?? [],
  };
}
