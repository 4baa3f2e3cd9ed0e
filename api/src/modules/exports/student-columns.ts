import {
  DOCUMENTS_STATUS_LABELS,
  isDocumentsStatus,
  STUDENT_DATA_STATUS,
  type StudentDownloadType,
  UPLOAD_STATUS_LABELS,
} from '@portal/common';
import { type SQL, sql } from 'drizzle-orm';
import type { CellValue, SheetColumn } from '../../lib/xlsx-stream.js';

/**
 * The columns of the staff student exports. A column is its Arabic header, the SQL that reads it (tables `s`
 * students, `c` colleges, `a` appointments) and how the value is shown.
 *
 * - 'complete' / 'incomplete': the student's full record for the admission office: identity and enrollment,
 *   contact, qualification and grades (the entered ones, else the imported ones), programs, guardian and
 *   parents, the family section, progress flags and the interview appointment.
 * - 'completeSupport' / 'incompleteSupport': what technical support needs to help a student sign in and finish
 *   (spec section 2 gives support only this kind): name, national ID, phone, college, enrollment status, data
 *   status, seat number. No family or income data, no images.
 * - The complete kinds end with the documents review status (issue 16), after the columns they always had, so
 *   that a sheet read by column position still reads; an incomplete student's documents are never reviewed.
 */
export interface ExportColumn extends SheetColumn {
  select: SQL;
  show?: (value: unknown) => CellValue;
}

const yesNo = (value: unknown): CellValue => (value ? 'نعم' : 'لا');
const number = (value: unknown): CellValue => (value === null || value === undefined ? null : Number(value));
const enrollment = (value: unknown): CellValue =>
  UPLOAD_STATUS_LABELS[value as keyof typeof UPLOAD_STATUS_LABELS] ?? String(value ?? '');
const dataStatus = (value: unknown): CellValue =>
  value ? STUDENT_DATA_STATUS.complete : STUDENT_DATA_STATUS.incomplete;
const documentsStatus = (value: unknown): CellValue =>
  isDocumentsStatus(value) ? DOCUMENTS_STATUS_LABELS[value] : String(value ?? '');
const period = (value: unknown): CellValue =>
  value === null || value === undefined ? null : value === 9 ? 'صباحية (9:00)' : `مسائية (${value}:00)`;

const name: ExportColumn = { header: 'الاسم', width: 36, select: sql`s.name` };
const nationalId: ExportColumn = {
  header: 'الرقم القومي',
  width: 18,
  text: true,
  select: sql`s.national_id`,
};
const seatNo: ExportColumn = { header: 'رقم الجلوس', width: 12, text: true, select: sql`s.seat_no` };
const college: ExportColumn = { header: 'الكلية', width: 30, select: sql`c.name` };
const status: ExportColumn = {
  header: 'حالة القيد',
  width: 12,
  select: sql`s.enrollment_status`,
  show: enrollment,
};
const phone: ExportColumn = { header: 'رقم الموبايل', width: 16, text: true, select: sql`s.phone_number` };
const info: ExportColumn = {
  header: 'حالة البيانات',
  width: 14,
  select: sql`s.is_complete`,
  show: dataStatus,
};
const text = (header: string, column: string, width = 20): ExportColumn => ({
  header,
  width,
  select: sql.raw(`s.${column}`),
});
const digits = (header: string, column: string): ExportColumn => ({
  header,
  width: 16,
  text: true,
  select: sql.raw(`s.${column}`),
});
const count = (header: string, column: string): ExportColumn => ({
  header,
  width: 12,
  select: sql.raw(`s.${column}`),
  show: number,
});

const documents: ExportColumn = {
  header: 'حالة المستندات',
  width: 18,
  select: sql`s.documents_status`,
  show: documentsStatus,
};

export const SUPPORT_COLUMNS: readonly ExportColumn[] = [
  name,
  nationalId,
  phone,
  college,
  status,
  info,
  seatNo,
];

export const FULL_COLUMNS: readonly ExportColumn[] = [
  name,
  nationalId,
  seatNo,
  college,
  status,
  info,
  text('النوع', 'gender', 10),
  text('الاسم باللغة الإنجليزية', 'student_name_en', 36),
  phone,
  digits('التليفون الأرضي', 'home_tel'),
  text('البريد الإلكتروني', 'email', 30),
  text('العنوان', 'address', 40),
  text('المدينة', 'city'),
  text('المؤهل', 'qualification', 24),
  text('سنة الحصول على المؤهل', 'qualification_year', 14),
  {
    header: 'المجموع الكلي',
    width: 12,
    select: sql`COALESCE(s.total_grade, s.imported_total_grade)`,
    show: number,
  },
  {
    header: 'النسبة المئوية',
    width: 12,
    select: sql`COALESCE(s.percentage, s.imported_percentage)`,
    show: number,
  },
  text('البرنامج الأول', 'program1', 24),
  text('البرنامج الثاني', 'program2', 24),
  text('البرنامج الثالث', 'program3', 24),
  text('اسم ولي الأمر', 'master_name', 30),
  text('وظيفة ولي الأمر', 'master_job'),
  text('مؤهل ولي الأمر', 'master_qualification'),
  text('اسم الأب', 'father_name', 30),
  text('وظيفة الأب', 'father_job'),
  text('مؤهل الأب', 'father_qualification'),
  text('جنسية الأب', 'father_nationality', 14),
  digits('موبايل الأب', 'father_mobile'),
  text('اسم الأم', 'mother_name', 30),
  text('جنسية الأم', 'mother_nationality', 14),
  text('وظيفة الأم', 'mother_job'),
  digits('موبايل الأم', 'mother_mobile'),
  count('عدد الإخوة', 'brothers_num'),
  count('عدد الإخوة الذكور', 'brothers_male_num'),
  count('عدد الإخوة الإناث', 'brothers_female_num'),
  count('ترتيب الطالب بين إخوته', 'brothers_order'),
  count('دخل الأسرة الشهري', 'income'),
  { header: 'اجتاز اختبار الميثاق', width: 12, select: sql`s.is_passed`, show: yesNo },
  {
    header: 'أجاب الأسئلة الإضافية',
    width: 12,
    select: sql`s.is_completed_additional_questions`,
    show: yesNo,
  },
  { header: 'تاريخ اكتمال البيانات', width: 14, select: sql`to_char(s.completed_at, 'DD/MM/YYYY')` },
  { header: 'موعد الاختبار الشخصي', width: 14, select: sql`to_char(a.appointed_day, 'DD/MM/YYYY')` },
  { header: 'فترة الاختبار الشخصي', width: 14, select: sql`a.appointed_hour`, show: period },
];

/** The sheet kinds (every kind but the photos zip), by download type. */
export const SHEET_KINDS = {
  complete: { complete: true, columns: [...FULL_COLUMNS, documents] },
  incomplete: { complete: false, columns: FULL_COLUMNS },
  completeSupport: { complete: true, columns: [...SUPPORT_COLUMNS, documents] },
  incompleteSupport: { complete: false, columns: SUPPORT_COLUMNS },
} as const satisfies Partial<
  Record<StudentDownloadType, { complete: boolean; columns: readonly ExportColumn[] }>
>;

export type SheetDownloadType = keyof typeof SHEET_KINDS;

export function isSheetDownload(type: StudentDownloadType): type is SheetDownloadType {
  return type in SHEET_KINDS;
}
