import { normalizeDigits } from './digits.js';
import { successEnvelope } from './envelope.js';
import { NATIONAL_ID_MAX_LENGTH } from './limits.js';
import { isIsoDate } from './scheduling.js';
import { MAX_FACULTY_NAME_LENGTH } from './staff.js';
import { z } from './zod.js';

/**
 * Arabic messages of the audit screen (issue 20): apart from MESSAGES, so that only the staff screens carry them.
 */
export const AUDIT_MESSAGES = {
  actorInvalid: 'معرف الموظف غير صحيح',
  actionInvalid: 'نوع الإجراء غير معروف',
  nationalIdInvalid: 'الرقم القومي غير صحيح',
  facultyTooLong: 'اسم الكلية طويل جدا',
  dateInvalid: 'التاريخ غير صحيح، الصيغة المطلوبة سنة-شهر-يوم',
  dateRangeInvalid: 'تاريخ البداية يجب ألا يكون بعد تاريخ النهاية',
  cursorInvalid: 'رابط الصفحة التالية غير صحيح، يرجى البحث من جديد',
  filtersInvalid: 'معايير البحث غير صحيحة',
  exportTooLarge:
    'عدد السجلات المطابقة أكبر من الحد المسموح بتصديره، يرجى تضييق معايير البحث (مثل نطاق التاريخ)',
  noEntries: 'لا توجد سجلات مطابقة',
} as const;

/** Rows on one page of the audit screen. */
export const AUDIT_PAGE_SIZE = 50;
/** Rows one export may hold: past it the export is refused with `AUDIT_MESSAGES.exportTooLarge`. */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;

/**
 * Every action the portal writes to the audit log, with its Arabic label. An action missing here still shows on
 * the screen (under `AUDIT_UNKNOWN_ACTION_LABEL`, with its code), but cannot be chosen as a filter.
 */
export const AUDIT_ACTION_LABELS = {
  // Staff sign-in, own account and accounts management.
  'staff.login': 'تسجيل دخول موظف',
  'staff.login_failed': 'محاولة دخول فاشلة',
  'staff.login_challenge': 'كلمة مرور صحيحة بانتظار رمز التحقق',
  'staff.login_challenge_failed': 'رمز تحقق خاطئ عند تسجيل الدخول',
  'staff.change_password': 'تغيير كلمة المرور',
  'staff.change_password_failed': 'كلمة مرور حالية خاطئة عند تغيير كلمة المرور',
  'staff.update_own_account': 'تعديل بيانات الحساب الشخصي',
  'staff.update_own_account_failed': 'كلمة مرور خاطئة عند تعديل الحساب الشخصي',
  'staff.create': 'إضافة حساب موظف',
  'staff.update': 'تعديل حساب موظف',
  'staff.reset_password': 'إعادة تعيين كلمة مرور موظف',
  'staff.delete': 'حذف حساب موظف',
  'staff.two_factor.setup': 'بدء إعداد التحقق بخطوتين',
  'staff.two_factor.enable': 'تفعيل التحقق بخطوتين',
  'staff.two_factor.enable_failed': 'رمز تحقق خاطئ عند تفعيل التحقق بخطوتين',
  'staff.two_factor.disable': 'إيقاف التحقق بخطوتين',
  'staff.two_factor.disable_failed': 'كلمة مرور أو رمز تحقق خاطئ عند إيقاف التحقق بخطوتين',
  'staff.two_factor.reset': 'إلغاء التحقق بخطوتين لحساب موظف',
  'staff.two_factor.recovery_code_used': 'استخدام رمز استرداد',
  'staff.sign_out_everywhere': 'تسجيل الخروج من جميع الأجهزة',
  // Reads of a student's personal data.
  'student.view': 'فتح سجل الطالب',
  'student.document_view': 'عرض مستند الطالب',
  'forms.download': 'تنزيل استمارة الطالب',
  'students.search': 'بحث عن طالب',
  'students.list': 'عرض صفحة من قائمة طلاب كلية',
  'students.review_queue': 'عرض صفحة من قائمة مراجعة المستندات',
  'interviews.day_list': 'عرض كشف طلاب يوم الاختبار الشخصي',
  // Changes to students.
  'student.review': 'مراجعة مستندات الطالب',
  'student.replace_documents': 'استبدال الطالب للمستندات المرفوضة',
  'student.delete': 'حذف طالب',
  'students.delete_faculty': 'حذف طلاب كلية',
  'students.upload': 'رفع قائمة الطلاب',
  // Exports.
  'students.export': 'طلب تصدير بيانات الطلاب',
  'students.export.download': 'تنزيل تصدير بيانات الطلاب',
  'interviews.export': 'طلب تصدير نتائج الاختبار الشخصي',
  'interviews.export_download': 'تنزيل نتائج الاختبار الشخصي',
  'funnel.read': 'عرض مسار القبول',
  'funnel.daily': 'عرض الأعداد اليومية لمسار القبول',
  'funnel.export': 'طلب تصدير مسار القبول',
  'funnel.export_download': 'تنزيل مسار القبول',
  'audit.export': 'طلب تصدير سجل العمليات',
  'audit.export_download': 'تنزيل سجل العمليات',
  // Scheduling and interviews.
  'appointments.schedule': 'تحديد مواعيد الاختبار الشخصي',
  'appointments.print': 'طباعة كشف المواعيد',
  'appointments.print_refused': 'رفض رابط طباعة كشف المواعيد',
  'interviews.slot_create': 'إضافة موعد اختبار شخصي',
  'interviews.slot_update': 'تعديل موعد اختبار شخصي',
  'interviews.book': 'حجز الطالب موعد الاختبار الشخصي',
  'interviews.move': 'تغيير الطالب موعد الاختبار الشخصي',
  'interviews.cancel': 'إلغاء حجز موعد الاختبار الشخصي',
  'interviews.outcome': 'تسجيل نتيجة الاختبار الشخصي',
  // Colleges and messages.
  'college.deadline': 'تعديل موعد انتهاء استكمال البيانات',
  'notifications.send': 'إرسال رسالة للطلاب',
  // Content the university edits (issue 19).
  'college.create': 'إضافة كلية',
  'college.update': 'تعديل بيانات كلية',
  'college.delete': 'حذف كلية',
  'college.program.create': 'إضافة برنامج لكلية',
  'college.program.update': 'تعديل برنامج كلية',
  'college.program.delete': 'حذف برنامج كلية',
  'content.quiz.create': 'إضافة سؤال لبنك أسئلة الاختبار',
  'content.quiz.update': 'تعديل سؤال في بنك أسئلة الاختبار',
  'content.quiz.retire': 'إيقاف سؤال في بنك أسئلة الاختبار',
  'content.quiz.restore': 'إعادة تفعيل سؤال في بنك أسئلة الاختبار',
  'content.questionnaire.create': 'إضافة سؤال للاستبيان',
  'content.questionnaire.update': 'تعديل سؤال في الاستبيان',
  'content.questionnaire.order': 'تغيير ترتيب أسئلة الاستبيان',
  'content.charter.publish': 'نشر نسخة جديدة من ميثاق الطالب',
  // Admission seasons (issue 21).
  'season.open': 'فتح عام دراسي جديد',
  'season.delete': 'حذف عام دراسي مغلق',
  'season.images_retention': 'حذف صور عام دراسي مغلق بانقضاء مدة الاحتفاظ',
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];
export const AUDIT_UNKNOWN_ACTION_LABEL = 'إجراء آخر';

/** The Arabic label of an action code, known or not. */
export function auditActionLabel(action: string): string {
  return Object.hasOwn(AUDIT_ACTION_LABELS, action)
    ? AUDIT_ACTION_LABELS[action as AuditAction]
    : AUDIT_UNKNOWN_ACTION_LABEL;
}

/** Where a page stops: the last row's time (microseconds, UTC) and id. Opaque to the client. */
export interface AuditCursor {
  at: string;
  id: string;
}

const CURSOR_MAX_LENGTH = 200;
const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    return atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
}

export function encodeAuditCursor(cursor: AuditCursor): string {
  return toBase64Url(`${cursor.at}|${cursor.id}`);
}

/** The cursor a client sent back, or null when it is not one this server made (validated, not trusted). */
export function decodeAuditCursor(text: string): AuditCursor | null {
  const decoded = fromBase64Url(text);
  if (decoded === null) return null;
  const [at, id, ...rest] = decoded.split('|');
  if (rest.length > 0 || !at || !id || !CURSOR_TIME.test(at) || !UUID.test(id)) return null;
  if (Number.isNaN(Date.parse(at))) return null;
  return { at, id: id.toLowerCase() };
}

/** An optional filter: absent, empty or blank means no filter. */
function optional<T extends z.ZodType>(field: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    field.optional(),
  );
}

const dayField = z
  .string({ error: AUDIT_MESSAGES.dateInvalid })
  .max(10, AUDIT_MESSAGES.dateInvalid)
  .refine(isIsoDate, AUDIT_MESSAGES.dateInvalid);

/** The filters of the audit screen, shared by the list (query string) and the export (body). */
const auditFilterShape = {
  actor: optional(z.uuid({ error: AUDIT_MESSAGES.actorInvalid }).transform((id) => id.toLowerCase())),
  action: optional(
    z.enum(AUDIT_ACTIONS as [AuditAction, ...AuditAction[]], { error: AUDIT_MESSAGES.actionInvalid }),
  ),
  /** Normalised like the student login: spaces dropped, Arabic-Indic and Persian digits made ASCII. */
  nationalID: optional(
    z
      .string({ error: AUDIT_MESSAGES.nationalIdInvalid })
      .max(NATIONAL_ID_MAX_LENGTH * 4, AUDIT_MESSAGES.nationalIdInvalid)
      .transform(normalizeDigits)
      .pipe(z.string().min(1).max(NATIONAL_ID_MAX_LENGTH, AUDIT_MESSAGES.nationalIdInvalid)),
  ),
  faculty: optional(
    z
      .string({ error: AUDIT_MESSAGES.filtersInvalid })
      .max(MAX_FACULTY_NAME_LENGTH, AUDIT_MESSAGES.facultyTooLong)
      .transform((value) => value.trim()),
  ),
  /** Days `YYYY-MM-DD` in the university's time zone, both inclusive. */
  from: optional(dayField),
  to: optional(dayField),
};

function rangeInOrder(filters: { from?: string | undefined; to?: string | undefined }): boolean {
  return !filters.from || !filters.to || filters.from <= filters.to;
}

/** Query of `GET /audit`: the filters and the cursor a previous page answered. */
export const auditListQuerySchema = z
  .object(
    {
      ...auditFilterShape,
      cursor: optional(
        z
          .string({ error: AUDIT_MESSAGES.cursorInvalid })
          .max(CURSOR_MAX_LENGTH, AUDIT_MESSAGES.cursorInvalid)
          .transform((text, context) => {
            const cursor = decodeAuditCursor(text);
            if (!cursor) {
              context.addIssue({ code: 'custom', message: AUDIT_MESSAGES.cursorInvalid });
              return z.NEVER;
            }
            return cursor;
          }),
      ),
    },
    { error: AUDIT_MESSAGES.filtersInvalid },
  )
  .refine(rangeInOrder, { error: AUDIT_MESSAGES.dateRangeInvalid, path: ['to'] });
export type AuditListQuery = z.input<typeof auditListQuerySchema>;
export type AuditListQueryParsed = z.output<typeof auditListQuerySchema>;

/** Body of `POST /audit/export`: the same filters, no cursor (the export starts at the newest row). */
export const auditExportRequestSchema = z
  .object(auditFilterShape, { error: AUDIT_MESSAGES.filtersInvalid })
  .refine(rangeInOrder, { error: AUDIT_MESSAGES.dateRangeInvalid, path: ['to'] });
export type AuditExportRequest = z.input<typeof auditExportRequestSchema>;
export type AuditFilters = z.output<typeof auditExportRequestSchema>;

export const auditEntrySchema = z.object({
  id: z.uuid(),
  /** ISO 8601 instant. */
  at: z.string(),
  /** The account that acted, as it was named then; null for a failed sign-in. */
  actor: z.object({ id: z.string().nullable(), userName: z.string().nullable() }).nullable(),
  action: z.string(),
  /** Arabic. */
  label: z.string(),
  target: z.object({ type: z.string(), id: z.string().nullable() }).nullable(),
  student: z.object({ nationalID: z.string(), name: z.string().nullable() }).nullable(),
  faculty: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

/** Answer of `GET /audit`: a page, newest first, and the cursor of the next one (null on the last page). */
export const auditListResponseSchema = successEnvelope({
  data: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

/** Answer of `POST /audit/export`: a 10-minute signed link to the .xlsx, as the other exports. */
export const auditExportResponseSchema = successEnvelope({ path: z.string() });
export type AuditExportResponse = z.infer<typeof auditExportResponseSchema>;
