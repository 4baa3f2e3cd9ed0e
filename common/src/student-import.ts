import { successEnvelope } from './envelope.js';
import { UPLOAD_STATUSES, type UploadStatus } from './limits.js';
import { MESSAGES } from './messages.js';
import { facultyField } from './staff.js';
import { z } from './zod.js';

/**
 * Student lists uploaded by staff (`POST /students/upload`, product decisions 'Student lists (upload)') and the
 * staff downloads (`POST /students/downloadStudentData/{type}`): columns, limits and answers shared by the
 * server and the web client.
 */

/** Arabic labels of the upload status options (spec section 9: regular, affiliated, none). */
export const UPLOAD_STATUS_LABELS: Record<UploadStatus, string> = {
  regular: 'منتظم',
  affiliated: 'منتسب',
  none: 'بدون',
};

export type StudentImportColumnKey =
  | 'name'
  | 'nationalID'
  | 'seatNo'
  | 'phoneNumber'
  | 'gender'
  | 'totalGrade'
  | 'percentage';

export interface StudentImportColumn {
  key: StudentImportColumnKey;
  /** The header the template writes and the report names the column by. */
  label: string;
  /**
   * Headers recognised for the column, Arabic and English. They are compared after normalisation (case,
   * spaces, `_`/`-`, alef and hamza forms, teh marbuta, alef maqsura, tatweel and diacritics are ignored), so
   * 'الرقم القومى', 'National ID' and 'national_id' all name the national ID.
   */
  headers: readonly string[];
  required: boolean;
}

/** The columns of an uploaded list, in the template's order. Other columns are ignored and reported. */
export const STUDENT_IMPORT_COLUMNS: readonly StudentImportColumn[] = [
  { key: 'name', label: 'الاسم', headers: ['الاسم', 'اسم الطالب', 'name', 'studentName'], required: true },
  { key: 'nationalID', label: 'الرقم القومي', headers: ['الرقم القومي', 'nationalID'], required: true },
  { key: 'seatNo', label: 'رقم الجلوس', headers: ['رقم الجلوس', 'seatNo'], required: false },
  {
    key: 'phoneNumber',
    label: 'رقم الموبايل',
    headers: ['رقم الموبايل', 'الموبايل', 'رقم الهاتف', 'phoneNumber', 'phone', 'mobile'],
    required: false,
  },
  { key: 'gender', label: 'النوع', headers: ['النوع', 'الجنس', 'gender'], required: false },
  {
    key: 'totalGrade',
    label: 'المجموع',
    headers: ['المجموع', 'المجموع الكلي', 'totalGrade'],
    required: false,
  },
  {
    key: 'percentage',
    label: 'النسبة',
    headers: ['النسبة', 'النسبة المئوية', 'percentage'],
    required: false,
  },
];

/** The values written in the gender column, and what each is read from (compared without case). */
export const GENDER_VALUES = {
  male: { label: 'ذكر', accepted: ['ذكر', 'ذ', 'male', 'm'] },
  female: { label: 'أنثى', accepted: ['أنثى', 'انثى', 'انثي', 'أنثي', 'ا', 'أ', 'female', 'f'] },
} as const;

/** Files accepted by the upload (spec section 5: 'Excel file only'). */
export const STUDENT_IMPORT_EXTENSIONS = ['xlsx', 'xls'] as const;
/** Largest uploaded file (413 above it). */
export const STUDENT_IMPORT_MAX_FILE_BYTES = 30 * 1024 * 1024;
/** Most student rows in one file (after the header row); a larger list is refused whole. */
export const STUDENT_IMPORT_MAX_ROWS = 150_000;
/** Largest total declared uncompressed size of an .xlsx (a zip): zip bombs are refused before parsing. */
export const STUDENT_IMPORT_MAX_UNCOMPRESSED_BYTES = 200 * 1024 * 1024;
/** Highest compression ratio of any large entry of an .xlsx. */
export const STUDENT_IMPORT_MAX_COMPRESSION_RATIO = 100;
/** Reading a file takes at most this long; the reader is stopped then. */
export const STUDENT_IMPORT_TIME_LIMIT_MS = 60_000;
/** The header row is looked for among the first rows that are not empty (a title may stand above it). */
export const STUDENT_IMPORT_HEADER_SEARCH_ROWS = 10;
/** Digits of an Egyptian national ID. */
export const NATIONAL_ID_DIGITS = 14;
export const STUDENT_IMPORT_NAME_MAX_LENGTH = 200;
export const STUDENT_IMPORT_SEAT_NO_MAX_LENGTH = 20;
/** Rejected rows listed in the upload's answer; the downloadable report lists them all. */
export const STUDENT_IMPORT_REPORT_ROWS_SHOWN = 500;

/** Why a row was not imported (Arabic, for the report); templates name the value or the column. */
export const STUDENT_IMPORT_REASONS = {
  nameRequired: 'الاسم مطلوب',
  nameTooLong: `الاسم أطول من ${STUDENT_IMPORT_NAME_MAX_LENGTH} حرف`,
  nationalIdRequired: 'الرقم القومي مطلوب',
  nationalIdInvalid: `الرقم القومي يجب أن يتكون من ${NATIONAL_ID_DIGITS} رقما`,
  nationalIdScientific:
    'الرقم القومي مكتوب بالصيغة العلمية (مثل 2.9E+13) وفقد بعض أرقامه؛ اجعل تنسيق العمود نصا وأعد كتابته',
  nationalIdDuplicate: 'الرقم القومي مكرر في الملف، وقد ورد أولا في الصف',
  seatNoInvalid: `رقم الجلوس يجب أن يتكون من أرقام وحروف فقط بحد أقصى ${STUDENT_IMPORT_SEAT_NO_MAX_LENGTH} حرفا`,
  phoneInvalid: 'رقم الموبايل يجب أن يتكون من 8 إلى 15 رقما',
  genderInvalid: 'النوع يجب أن يكون ذكر أو أنثى',
  totalGradeInvalid: 'المجموع يجب أن يكون رقما من 0 إلى 99999.99',
  percentageInvalid: 'النسبة يجب أن تكون رقما من 0 إلى 100',
  formulaWithoutValue: 'معادلة بدون قيمة محسوبة في عمود',
  formulaHint: 'انسخ العمود والصقه كقيم فقط',
} as const;
export type StudentImportReason = keyof typeof STUDENT_IMPORT_REASONS;

/** Form fields of the upload (multipart): the file comes in the field `file`. */
export const studentUploadFieldsSchema = z.object({
  faculty: facultyField.refine((faculty) => faculty !== null, { error: MESSAGES.facultyRequired }),
  status: z.enum(UPLOAD_STATUSES, { error: MESSAGES.uploadStatusInvalid }),
});
export type StudentUploadFields = z.infer<typeof studentUploadFieldsSchema>;

/** One rejected row of an upload: the sheet's row number (as Excel shows it) and why. */
export const importRejectionSchema = z.object({
  row: z.number().int(),
  nationalID: z.string(),
  name: z.string(),
  reason: z.string(),
});
export type ImportRejection = z.infer<typeof importRejectionSchema>;

/** Answer of `POST /students/upload`. */
export const studentUploadResponseSchema = successEnvelope({
  message: z.string(),
  added: z.number().int(),
  updated: z.number().int(),
  rejected: z.number().int(),
  /** Headers of the columns that were not read. */
  ignoredColumns: z.array(z.string()),
  /** The first rejected rows (at most STUDENT_IMPORT_REPORT_ROWS_SHOWN); the report at `reportPath` has all. */
  report: z.array(importRejectionSchema),
  /** A 10-minute link to the rejection report (.xlsx); null when no row was rejected. */
  reportPath: z.string().nullable(),
});
export type StudentUploadResponse = z.infer<typeof studentUploadResponseSchema>;

/** Kinds of `POST /students/downloadStudentData/{type}` (spec section 7); the client's default is 'complete'. */
export const STUDENT_DOWNLOAD_TYPES = [
  'incomplete',
  'complete',
  'incompleteSupport',
  'completeSupport',
  'completePhotos',
] as const;
export type StudentDownloadType = (typeof STUDENT_DOWNLOAD_TYPES)[number];
export const DEFAULT_STUDENT_DOWNLOAD_TYPE: StudentDownloadType = 'complete';

/** Who may download which kind (spec section 2: support and super admin get incompleteSupport only). */
export const STUDENT_DOWNLOAD_ROLES: Record<StudentDownloadType, readonly ('SUPERADMIN' | 'SUPPORT')[]> = {
  incompleteSupport: ['SUPERADMIN', 'SUPPORT'],
  completeSupport: ['SUPERADMIN'],
  incomplete: ['SUPERADMIN'],
  complete: ['SUPERADMIN'],
  completePhotos: ['SUPERADMIN'],
};

/** How long a download link (`path`) works. */
export const DOWNLOAD_LINK_LIFETIME_MS = 10 * 60 * 1000;

export const studentDownloadParamsSchema = z.object({
  type: z.enum(STUDENT_DOWNLOAD_TYPES, { error: MESSAGES.downloadTypeInvalid }),
});
/** Body of the download call: the faculty; blank means every faculty. */
export const studentDownloadRequestSchema = z.object(
  { faculty: facultyField },
  { error: MESSAGES.invalidInput },
);
export type StudentDownloadRequest = z.input<typeof studentDownloadRequestSchema>;

/** Answer of the download call: a link the browser navigates to. */
export const studentDownloadResponseSchema = successEnvelope({ path: z.string() });
export type StudentDownloadResponse = z.infer<typeof studentDownloadResponseSchema>;
