import {
  COMPLETE_DATA_LABELS,
  COMPLETE_DATA_MAX_LENGTH,
  type CompleteDataField,
  MAX_MONTHLY_INCOME,
  MAX_SIBLINGS,
  PROGRAM_FIELDS,
} from './complete-data-fields.js';
import { normalizeDigits } from './digits.js';
import { IMAGE_KIND_LABELS } from './image-kinds.js';
import { IMAGE_KINDS, type ImageKind } from './limits.js';
import { MESSAGE_TEMPLATES, MESSAGES } from './messages.js';
import { splitQualificationYear } from './qualification-year.js';

/**
 * The complete-data form's rules (spec sections 3 and 5), shared by the screen (before submit) and the server (on
 * `PATCH /students/completeStudentData/{id}`), so both apply the same rules with the same Arabic messages.
 */

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
