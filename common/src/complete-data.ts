import { normalizeDigits } from './digits.js';
import { IMAGE_KINDS, type ImageKind } from './limits.js';
import { MESSAGE_TEMPLATES, MESSAGES } from './messages.js';
import { z } from './zod.js';

/**
 * The complete-data form (spec sections 3 and 5), shared by the screen (before submit) and the server (on
 * `PATCH /students/completeStudentData/{id}`), so both apply the same rules with the same Arabic messages.
 */

/** The form's text fields as sent on the wire, in the order the rules check them (spec section 5, rules 1–7). */
export const COMPLETE_DATA_FIELDS = [
  // 1. English name.
  'studentNameEn',
  // 2. Social-work colleges only: family data.
  'city',
  'brothersNum',
  'brothersMaleNum',
  'brothersFemaleNum',
  'brothersOrder',
  'income',
  'motherName',
  'motherNationality',
  'motherJob',
  'motherMobile',
  'fatherNationality',
  'fatherMobile',
  // 3. Contact data.
  'phoneNumber',
  'homeTel',
  'address',
  'email',
  // 4. Tourism colleges only: three distinct programs.
  'program1',
  'program2',
  'program3',
  // 5. Qualification.
  'qualification',
  'qualificationYear',
  // 6. Grades.
  'totalGrade',
  'percentage',
  // 7. Guardian, then father.
  'masterName',
  'masterJob',
  'masterQualification',
  'fatherName',
  'fatherJob',
  'fatherQualification',
] as const;
export type CompleteDataField = (typeof COMPLETE_DATA_FIELDS)[number];

/** Asked of social-work students only (the college's `socialWork` flag). */
export const SOCIAL_WORK_FIELDS = [
  'city',
  'brothersNum',
  'brothersMaleNum',
  'brothersFemaleNum',
  'brothersOrder',
  'income',
  'motherName',
  'motherNationality',
  'motherJob',
  'motherMobile',
  'fatherNationality',
  'fatherMobile',
] as const satisfies readonly CompleteDataField[];

/** Asked of tourism students only (the college's `tourism` flag). */
export const PROGRAM_FIELDS = [
  'program1',
  'program2',
  'program3',
] as const satisfies readonly CompleteDataField[];

/** Fields typed as numbers: normalised with `normalizeDigits` (spaces removed, Arabic-Indic digits made ASCII). */
export const NUMERIC_FIELDS = [
  'brothersNum',
  'brothersMaleNum',
  'brothersFemaleNum',
  'brothersOrder',
  'income',
  'motherMobile',
  'fatherMobile',
  'phoneNumber',
  'homeTel',
  'qualificationYear',
  'totalGrade',
  'percentage',
] as const satisfies readonly CompleteDataField[];

/** Arabic labels of the fields, for the form and for messages that name a field. */
export const COMPLETE_DATA_LABELS: Record<CompleteDataField, string> = {
  studentNameEn: 'الاسم باللغة الإنجليزية',
  city: 'المدينة',
  brothersNum: 'عدد الإخوة',
  brothersMaleNum: 'عدد الإخوة الذكور',
  brothersFemaleNum: 'عدد الإخوة الإناث',
  brothersOrder: 'ترتيب الطالب بين إخوته',
  income: 'دخل الأسرة الشهري',
  motherName: 'اسم الأم',
  motherNationality: 'جنسية الأم',
  motherJob: 'وظيفة الأم',
  motherMobile: 'رقم موبايل الأم',
  fatherNationality: 'جنسية الأب',
  fatherMobile: 'رقم موبايل الأب',
  phoneNumber: 'رقم الموبايل',
  homeTel: 'رقم التليفون الأرضي',
  address: 'العنوان',
  email: 'البريد الإلكتروني',
  program1: 'البرنامج الأول',
  program2: 'البرنامج الثاني',
  program3: 'البرنامج الثالث',
  qualification: 'المؤهل',
  qualificationYear: 'سنة الحصول على المؤهل',
  totalGrade: 'المجموع الكلي',
  percentage: 'النسبة المئوية',
  masterName: 'اسم ولي الأمر',
  masterJob: 'وظيفة ولي الأمر',
  masterQualification: 'مؤهل ولي الأمر',
  fatherName: 'اسم الأب',
  fatherJob: 'وظيفة الأب',
  fatherQualification: 'مؤهل الأب',
};

/** Arabic labels of the six document images. */
export const IMAGE_KIND_LABELS: Record<ImageKind, string> = {
  frontIdCard: 'صورة بطاقة الرقم القومي (الوجه الأمامي)',
  backIdCard: 'صورة بطاقة الرقم القومي (الوجه الخلفي)',
  birthCertificate: 'صورة شهادة الميلاد',
  personalPhoto: 'الصورة الشخصية',
  secondarySchoolCertificate: 'صورة شهادة الثانوية العامة أو ما يعادلها',
  nominationCard: 'صورة بطاقة الترشيح',
};

export function isImageKind(value: unknown): value is ImageKind {
  return typeof value === 'string' && (IMAGE_KINDS as readonly string[]).includes(value);
}

/** Longest accepted value of each kind of text field, in characters. */
export const COMPLETE_DATA_MAX_LENGTH = { text: 100, qualification: 150, address: 300, email: 254 } as const;
/** Longest value of any one field on the wire (UTF-8 bytes); the server refuses longer ones. */
export const COMPLETE_DATA_WIRE_MAX_BYTES = 2048;
export const MAX_SIBLINGS = 30;
export const MAX_MONTHLY_INCOME = 100_000_000;

// ---------------------------------------------------------------------------------------------------------
// Photos on the wire: each is a multipart file in the field 'photos' whose file name is the URI-encoded
// original name, the separator and the kind, e.g. `scan%20front.jpg__frontIdCard`.

export const PHOTOS_FIELD = 'photos';
export const PHOTO_NAME_SEPARATOR = '__';

/** The file name to send an image under: `encodeURIComponent(original) + '__' + kind`. */
export function photoFileName(originalName: string, kind: ImageKind): string {
  return `${encodeURIComponent(originalName)}${PHOTO_NAME_SEPARATOR}${kind}`;
}

/** The kind named after the last separator of a sent file name, or null when it names none. */
export function photoKindOf(fileName: string): ImageKind | null {
  const at = fileName.lastIndexOf(PHOTO_NAME_SEPARATOR);
  if (at < 0) return null;
  const kind = fileName.slice(at + PHOTO_NAME_SEPARATOR.length);
  return isImageKind(kind) ? kind : null;
}

// ---------------------------------------------------------------------------------------------------------
// Image content: png or jpeg, recognised by the first bytes (never by name or declared type).

export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg'] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
/** How many leading bytes `sniffImageType` needs. */
export const IMAGE_SNIFF_BYTES = PNG_SIGNATURE.length;

/** 'image/png' or 'image/jpeg' from the file's first bytes (at least `IMAGE_SNIFF_BYTES`), else null. */
export function sniffImageType(head: Uint8Array): ImageContentType | null {
  const startsWith = (signature: number[]) =>
    head.length >= signature.length && signature.every((byte, i) => head[i] === byte);
  if (startsWith(PNG_SIGNATURE)) return 'image/png';
  if (startsWith(JPEG_SIGNATURE)) return 'image/jpeg';
  return null;
}

/** Bytes `imageIntegrityProblem` needs from the start of a file (PNG signature and IHDR chunk) and its end. */
export const IMAGE_HEAD_BYTES = 33;
export const IMAGE_TAIL_BYTES = 12;
/**
 * Largest picture the server takes, in pixels: the screen sends at most 1920 px on the longest side, and a PNG
 * declaring more would be a decompression bomb for whatever decodes it later (the forms' photo).
 */
export const SERVER_IMAGE_MAX_PIXELS = 40_000_000;

const PNG_END = [0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];

/**
 * What is wrong with the bytes of a PNG beyond its signature: 'corrupt' when its header is not an IHDR of
 * non-zero size or it does not end with IEND (a cut-off upload), 'tooManyPixels' past `SERVER_IMAGE_MAX_PIXELS`.
 * JPEGs are not checked here: phones append data after the image's end, and the forms embed JPEGs undecoded.
 */
export function imageIntegrityProblem(
  type: ImageContentType,
  head: Uint8Array,
  tail: Uint8Array,
): 'corrupt' | 'tooManyPixels' | null {
  if (type !== 'image/png') return null;
  if (head.length < IMAGE_HEAD_BYTES || tail.length < PNG_END.length) return 'corrupt';
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const isHeader = view.getUint32(8) === 13 && String.fromCharCode(...head.subarray(12, 16)) === 'IHDR';
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const ends = PNG_END.every((byte, i) => tail[tail.length - PNG_END.length + i] === byte);
  if (!isHeader || width === 0 || height === 0 || !ends) return 'corrupt';
  return width * height > SERVER_IMAGE_MAX_PIXELS ? 'tooManyPixels' : null;
}

/** The declared type check the screen does before compressing a chosen file (the server sniffs instead). */
export function isAcceptedImageType(mimeType: string): boolean {
  return (IMAGE_CONTENT_TYPES as readonly string[]).includes(mimeType.toLowerCase());
}

// ---------------------------------------------------------------------------------------------------------
// Qualification year: two years joined as 'first/second', e.g. '2025/2026'.

/** Joins the two qualification-year inputs into the wire value 'first/second' (digits normalised). */
export function joinQualificationYear(first: string, second: string): string {
  return `${normalizeDigits(first)}/${normalizeDigits(second)}`;
}

/** Splits a stored or typed 'first/second' into its two parts ('' for a missing part). */
export function splitQualificationYear(value: string | null | undefined): [string, string] {
  const [first = '', second = ''] = normalizeDigits(value ?? '').split('/');
  return [first, second];
}

// ---------------------------------------------------------------------------------------------------------
// The rules.

/** The form's values as typed (or as received): strings, numbers tolerated, missing fields allowed. */
export type CompleteDataValues = Partial<Record<CompleteDataField, string | number | null | undefined>>;

/** What the rules need to know of the student's college (its flags and, for tourism, its program list). */
export interface CompleteDataCollege {
  socialWork: boolean;
  tourism: boolean;
  /** The college's programs; when given, each chosen program must be one of them. */
  programs?: readonly string[];
}

/** The values after every rule passed: trimmed, digits normalised, numbers parsed; fields not asked are null. */
export interface CompleteData {
  studentNameEn: string;
  city: string | null;
  brothersNum: number | null;
  brothersMaleNum: number | null;
  brothersFemaleNum: number | null;
  brothersOrder: number | null;
  income: number | null;
  motherName: string | null;
  motherNationality: string | null;
  motherJob: string | null;
  motherMobile: string | null;
  fatherNationality: string | null;
  fatherMobile: string | null;
  phoneNumber: string;
  homeTel: string;
  address: string;
  email: string;
  program1: string | null;
  program2: string | null;
  program3: string | null;
  qualification: string;
  qualificationYear: string;
  totalGrade: number;
  percentage: number;
  masterName: string;
  masterJob: string;
  masterQualification: string;
  fatherName: string;
  fatherJob: string;
  fatherQualification: string;
}

export type CompleteDataResult =
  | { ok: true; data: CompleteData }
  | { ok: false; field: CompleteDataField; message: string };

export type ImageSetResult = { ok: true } | { ok: false; field: ImageKind; message: string };

class RuleFailure extends Error {
  constructor(
    readonly field: CompleteDataField,
    message: string,
  ) {
    super(message);
  }
}

const LATIN_NAME = /^[A-Za-z][A-Za-z .'-]*$/;
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const MOBILE = /^\+?\d{8,15}$/;
const HOME_TEL = /^\+?\d{6,15}$/;
const WHOLE = /^\d{1,9}$/;
const GRADE = /^\d{1,5}(\.\d{1,2})?$/;
const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;
const YEAR = /^\d{4}$/;
const MIN_YEAR = 1950;
const MAX_YEAR = 2100;

const isControl = (char: string) => {
  const code = char.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
};

/** Text as stored: control characters and runs of white space made one space, trimmed. */
function cleanText(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = Array.from(String(value), (char) => (isControl(char) ? ' ' : char)).join('');
  return text.replace(/\s+/g, ' ').trim();
}

/** A number as typed: digits normalised, the Arabic decimal separator (٫) made a dot. */
function cleanNumber(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return normalizeDigits(String(value)).replace(/\u066b/g, '.');
}

/** A phone number as typed: digits normalised, dashes removed. */
function cleanPhone(value: string | number | null | undefined): string {
  return cleanNumber(value).replace(/-/g, '');
}

function fail(field: CompleteDataField, message: string): never {
  throw new RuleFailure(field, message);
}

function text(
  values: CompleteDataValues,
  field: CompleteDataField,
  required: string,
  max: number = COMPLETE_DATA_MAX_LENGTH.text,
): string {
  const value = cleanText(values[field]);
  if (value === '') fail(field, required);
  if (value.length > max) fail(field, MESSAGE_TEMPLATES.fieldTooLong(COMPLETE_DATA_LABELS[field]));
  return value;
}

function phone(
  values: CompleteDataValues,
  field: CompleteDataField,
  required: string,
  invalid: string,
): string {
  const value = cleanPhone(values[field]);
  if (value === '') fail(field, required);
  if (!(field === 'homeTel' ? HOME_TEL : MOBILE).test(value)) fail(field, invalid);
  return value;
}

function whole(values: CompleteDataValues, field: CompleteDataField, required: string, max: number): number {
  const value = cleanNumber(values[field]);
  if (value === '') fail(field, required);
  if (!WHOLE.test(value) || Number(value) > max) {
    fail(field, MESSAGE_TEMPLATES.wholeNumberInvalid(COMPLETE_DATA_LABELS[field]));
  }
  return Number(value);
}

/** A grade: required, a non-negative number with at most two decimals, not 0 (rule 6). */
function grade(
  values: CompleteDataValues,
  field: 'totalGrade' | 'percentage',
  messages: { required: string; zero: string; invalid: string },
): number {
  const value = cleanNumber(values[field]);
  if (value === '') fail(field, messages.required);
  if (!(field === 'totalGrade' ? GRADE : PERCENT).test(value)) fail(field, messages.invalid);
  const number = Number(value);
  if (number === 0) fail(field, messages.zero);
  if (field === 'percentage' && number > 100) fail(field, messages.invalid);
  return number;
}

function qualificationYear(values: CompleteDataValues): string {
  const [first, second] = splitQualificationYear(cleanNumber(values.qualificationYear));
  if (first === '' || second === '') fail('qualificationYear', MESSAGES.qualificationYearRequired);
  const valid =
    YEAR.test(first) &&
    YEAR.test(second) &&
    Number(first) >= MIN_YEAR &&
    Number(second) <= MAX_YEAR &&
    Number(second) === Number(first) + 1;
  if (!valid) fail('qualificationYear', MESSAGES.qualificationYearInvalid);
  return `${first}/${second}`;
}

/** Rule 2: the family data of a social-work student. */
function familyData(values: CompleteDataValues) {
  const city = text(values, 'city', MESSAGES.cityRequired);
  const brothersNum = whole(values, 'brothersNum', MESSAGES.brothersNumRequired, MAX_SIBLINGS);
  const brothersMaleNum = whole(values, 'brothersMaleNum', MESSAGES.brothersMaleNumRequired, MAX_SIBLINGS);
  const brothersFemaleNum = whole(
    values,
    'brothersFemaleNum',
    MESSAGES.brothersFemaleNumRequired,
    MAX_SIBLINGS,
  );
  if (brothersMaleNum + brothersFemaleNum !== brothersNum) {
    fail('brothersFemaleNum', MESSAGES.brothersSumMismatch);
  }
  const brothersOrder = whole(values, 'brothersOrder', MESSAGES.brothersOrderRequired, MAX_SIBLINGS + 1);
  if (brothersOrder < 1 || brothersOrder > brothersNum + 1)
    fail('brothersOrder', MESSAGES.brothersOrderInvalid);
  return {
    city,
    brothersNum,
    brothersMaleNum,
    brothersFemaleNum,
    brothersOrder,
    income: whole(values, 'income', MESSAGES.incomeRequired, MAX_MONTHLY_INCOME),
    motherName: text(values, 'motherName', MESSAGES.motherNameRequired),
    motherNationality: text(values, 'motherNationality', MESSAGES.motherNationalityRequired),
    motherJob: text(values, 'motherJob', MESSAGES.motherJobRequired),
    motherMobile: phone(
      values,
      'motherMobile',
      MESSAGES.motherMobileRequired,
      MESSAGE_TEMPLATES.mobileInvalid(COMPLETE_DATA_LABELS.motherMobile),
    ),
    fatherNationality: text(values, 'fatherNationality', MESSAGES.fatherNationalityRequired),
    fatherMobile: phone(
      values,
      'fatherMobile',
      MESSAGES.fatherMobileRequired,
      MESSAGE_TEMPLATES.mobileInvalid(COMPLETE_DATA_LABELS.fatherMobile),
    ),
  };
}

const NO_FAMILY_DATA = {
  city: null,
  brothersNum: null,
  brothersMaleNum: null,
  brothersFemaleNum: null,
  brothersOrder: null,
  income: null,
  motherName: null,
  motherNationality: null,
  motherJob: null,
  motherMobile: null,
  fatherNationality: null,
  fatherMobile: null,
} as const;

/** Rule 4: three chosen programs, all different, each offered by the college (when its list is known). */
function programs(values: CompleteDataValues, college: CompleteDataCollege) {
  const required = [MESSAGES.program1Required, MESSAGES.program2Required, MESSAGES.program3Required];
  const chosen = PROGRAM_FIELDS.map((field, i) => text(values, field, required[i] ?? ''));
  const offered = college.programs ? new Set(college.programs) : null;
  chosen.forEach((program, i) => {
    const field = PROGRAM_FIELDS[i] ?? 'program1';
    if (offered && !offered.has(program)) fail(field, MESSAGES.programNotOffered);
    if (chosen.indexOf(program) < i) fail(field, MESSAGES.programRepeated);
  });
  const [program1 = null, program2 = null, program3 = null] = chosen;
  return { program1, program2, program3 };
}

function checkAll(values: CompleteDataValues, college: CompleteDataCollege): CompleteData {
  // 1. English full name.
  const studentNameEn = text(values, 'studentNameEn', MESSAGES.studentNameEnRequired);
  if (!LATIN_NAME.test(studentNameEn)) fail('studentNameEn', MESSAGES.studentNameEnLatin);
  // 2. Social-work family data.
  const family = college.socialWork ? familyData(values) : NO_FAMILY_DATA;
  // 3. Mobile, home phone, address, e-mail.
  const phoneNumber = phone(values, 'phoneNumber', MESSAGES.phoneRequired, MESSAGES.phoneInvalid);
  const homeTel = phone(values, 'homeTel', MESSAGES.homeTelRequired, MESSAGES.homeTelInvalid);
  const address = text(values, 'address', MESSAGES.addressRequired, COMPLETE_DATA_MAX_LENGTH.address);
  const email = text(values, 'email', MESSAGES.emailRequired, COMPLETE_DATA_MAX_LENGTH.email);
  if (!EMAIL.test(email)) fail('email', MESSAGES.emailInvalid);
  // 4. Tourism programs.
  const chosenPrograms = college.tourism
    ? programs(values, college)
    : { program1: null, program2: null, program3: null };
  // 5. Qualification and its year.
  const qualification = text(
    values,
    'qualification',
    MESSAGES.qualificationRequired,
    COMPLETE_DATA_MAX_LENGTH.qualification,
  );
  const year = qualificationYear(values);
  // 6. Grades not 0.
  const totalGrade = grade(values, 'totalGrade', {
    required: MESSAGES.totalGradeRequired,
    zero: MESSAGES.totalGradeZero,
    invalid: MESSAGES.totalGradeInvalid,
  });
  const percentage = grade(values, 'percentage', {
    required: MESSAGES.percentageRequired,
    zero: MESSAGES.percentageZero,
    invalid: MESSAGES.percentageInvalid,
  });
  // 7. Guardian, then father.
  return {
    studentNameEn,
    ...family,
    phoneNumber,
    homeTel,
    address,
    email,
    ...chosenPrograms,
    qualification,
    qualificationYear: year,
    totalGrade,
    percentage,
    masterName: text(values, 'masterName', MESSAGES.masterNameRequired),
    masterJob: text(values, 'masterJob', MESSAGES.masterJobRequired),
    masterQualification: text(values, 'masterQualification', MESSAGES.masterQualificationRequired),
    fatherName: text(values, 'fatherName', MESSAGES.fatherNameRequired),
    fatherJob: text(values, 'fatherJob', MESSAGES.fatherJobRequired),
    fatherQualification: text(values, 'fatherQualification', MESSAGES.fatherQualificationRequired),
  };
}

/**
 * Rules 1–7 of the complete-data form (spec section 5), in the spec's order: answers the first broken rule's
 * Arabic message and the field to highlight, or the cleaned values. Social-work fields are checked (and kept)
 * only for a `socialWork` college, programs only for a `tourism` one. Never throws.
 */
export function validateCompleteData(
  values: CompleteDataValues,
  college: CompleteDataCollege,
): CompleteDataResult {
  try {
    return { ok: true, data: checkAll(values, college) };
  } catch (error) {
    if (error instanceof RuleFailure) return { ok: false, field: error.field, message: error.message };
    throw error;
  }
}

/**
 * Rule 8: all six images present. `presentKinds` are the kinds chosen on the screen, or on the server the kinds
 * already stored plus those sent. Answers the first missing kind in `IMAGE_KINDS` order.
 */
export function validateImageSet(presentKinds: Iterable<string>): ImageSetResult {
  const present = new Set(presentKinds);
  const missing = IMAGE_KINDS.find((kind) => !present.has(kind));
  return missing === undefined
    ? { ok: true }
    : { ok: false, field: missing, message: MESSAGE_TEMPLATES.imageRequired(IMAGE_KIND_LABELS[missing]) };
}

// ---------------------------------------------------------------------------------------------------------
// Wire schemas.

const wireText = (field: CompleteDataField) =>
  z.string().optional().meta({ description: COMPLETE_DATA_LABELS[field] });
const wireNumber = (field: CompleteDataField, example: string) =>
  z
    .string()
    .optional()
    .transform((value) => (value === undefined ? undefined : normalizeDigits(value)))
    .meta({
      description: `${COMPLETE_DATA_LABELS[field]} (Arabic-Indic digits accepted)`,
      examples: [example],
    });

/**
 * The text fields of the multipart body (every value is a string on the wire; number fields come out with
 * their digits normalised). Unknown fields are dropped. The rules are `validateCompleteData`'s, not this
 * schema's, so the messages are the screen's.
 */
export const completeDataWireSchema = z.object({
  studentNameEn: wireText('studentNameEn'),
  city: wireText('city'),
  brothersNum: wireNumber('brothersNum', '3'),
  brothersMaleNum: wireNumber('brothersMaleNum', '2'),
  brothersFemaleNum: wireNumber('brothersFemaleNum', '1'),
  brothersOrder: wireNumber('brothersOrder', '2'),
  income: wireNumber('income', '6000'),
  motherName: wireText('motherName'),
  motherNationality: wireText('motherNationality'),
  motherJob: wireText('motherJob'),
  motherMobile: wireNumber('motherMobile', '01012345678'),
  fatherNationality: wireText('fatherNationality'),
  fatherMobile: wireNumber('fatherMobile', '01112345678'),
  phoneNumber: wireNumber('phoneNumber', '01212345678'),
  homeTel: wireNumber('homeTel', '0502212345'),
  address: wireText('address'),
  email: wireText('email'),
  program1: wireText('program1'),
  program2: wireText('program2'),
  program3: wireText('program3'),
  qualification: wireText('qualification'),
  qualificationYear: wireNumber('qualificationYear', '2025/2026'),
  totalGrade: wireNumber('totalGrade', '385.5'),
  percentage: wireNumber('percentage', '93.75'),
  masterName: wireText('masterName'),
  masterJob: wireText('masterJob'),
  masterQualification: wireText('masterQualification'),
  fatherName: wireText('fatherName'),
  fatherJob: wireText('fatherJob'),
  fatherQualification: wireText('fatherQualification'),
} satisfies Record<CompleteDataField, z.ZodType>);
export type CompleteDataWire = z.input<typeof completeDataWireSchema>;

/** The stored values as the edit form shows them (strings; '' for a value never entered). */
export type CompleteDataFormValues = Record<CompleteDataField, string>;

export const storedPhotoSchema = z.object({
  kind: z.enum(IMAGE_KINDS),
  contentType: z.enum(IMAGE_CONTENT_TYPES),
  sizeBytes: z.number().int(),
  reviewStatus: z.enum(['pending', 'accepted', 'rejected']),
  /** Staff's reason when a document was rejected (documents review comes after the spec). */
  reviewNote: z.string().nullable(),
  uploadedAt: z.string(),
});
export type StoredPhoto = z.infer<typeof storedPhotoSchema>;

/** Answer of `GET /students/completeStudentData/{id}`: the stored values and images, to fill the edit form. */
export const completeDataStoredResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({
    isComplete: z.boolean(),
    values: z.object(
      Object.fromEntries(COMPLETE_DATA_FIELDS.map((field) => [field, z.string()])) as Record<
        CompleteDataField,
        z.ZodString
      >,
    ),
    photos: z.array(storedPhotoSchema),
  }),
});
export type CompleteDataStoredResponse = z.infer<typeof completeDataStoredResponseSchema>;
