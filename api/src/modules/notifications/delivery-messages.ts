/**
 * Why a message was not delivered, as the staff read it on the notifications screen and the student record
 * (`last_error`). Technical details from the mail server or the gateway follow the Arabic sentence.
 */
export const DELIVERY_MESSAGES = {
  emailNotConfigured: 'لم يضبط إرسال البريد الإلكتروني في البوابة (SMTP_URL)',
  smsNotConfigured: 'لم يضبط إرسال الرسائل النصية في البوابة (SMS_URL)',
  noEmail: 'لا يوجد بريد إلكتروني مسجل للطالب',
  noPhone: 'لا يوجد رقم هاتف محمول مسجل للطالب',
  expired: 'انتهت صلاحية الرسالة قبل إرسالها (رمز تحقق لا يرسل بعد 10 دقائق)',
  badContent: 'تعذر إنشاء نص الرسالة من بياناتها',
  outOfTime: 'انتهى وقت المحاولة قبل إتمام الإرسال',
  smsNoSlot: 'انتهى وقت المحاولة في انتظار دور الإرسال (الحد الأقصى للرسائل النصية في الثانية)',
  smsTimeout: 'لم ترد بوابة الرسائل النصية في الوقت المحدد',
  smsUnreachable: (detail: string) => `تعذر الاتصال ببوابة الرسائل النصية: ${detail}`,
  smsRefused: (status: number, answer: string) =>
    `ردت بوابة الرسائل النصية بالحالة ${status}${answer ? `: ${answer}` : ''}`,
  emailFailed: (detail: string) => `تعذر الإرسال عبر خادم البريد: ${detail}`,
} as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters (NUL above all) are what it removes.
const CONTROL_OR_SPACE = /[\u0000-\u001f\u007f\s]+/g;

/**
 * A server's words made fit for `last_error` and a screen: on one line, without control characters (PostgreSQL
 * text cannot hold NUL), at most `length` characters.
 */
export function storableText(text: string, length: number): string {
  return text.replace(CONTROL_OR_SPACE, ' ').trim().slice(0, length).trimEnd();
}

/** A try that did not deliver, with the reason staff will read. */
export class DeliveryError extends Error {
  override name = 'DeliveryError';

  constructor(reason: string) {
    super(storableText(reason, 1000));
  }
}
