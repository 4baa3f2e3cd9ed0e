import {
  COMPLETE_DATA_FIELDS,
  type CompleteData,
  type CompleteDataField,
  type CompleteDataFormValues,
  type CompleteDataValues,
  type ImageKind,
  joinQualificationYear,
  PROGRAM_FIELDS,
  SOCIAL_WORK_FIELDS,
  splitQualificationYear,
} from '@portal/common';

/**
 * The form's text inputs: the wire fields, with the qualification year typed as two years (spec section 3:
 * 'two numbers joined as first/second').
 */
export const FORM_FIELDS = [
  ...COMPLETE_DATA_FIELDS.filter((field) => field !== 'qualificationYear'),
  'qualificationYearFirst',
  'qualificationYearSecond',
] as const;
export type FormField = (typeof FORM_FIELDS)[number];
export type CompleteDataForm = Record<FormField, string>;

/** What the form asks depends on the college (its flags from the student lookup). */
export interface CollegeFlags {
  socialWork: boolean;
  tourism: boolean;
}

const socialWorkFields: readonly CompleteDataField[] = SOCIAL_WORK_FIELDS;
const programFields: readonly CompleteDataField[] = PROGRAM_FIELDS;

/** The wire fields this student is asked, in the rules' order. */
export function askedFields(college: CollegeFlags): CompleteDataField[] {
  return COMPLETE_DATA_FIELDS.filter(
    (field) =>
      (college.socialWork || !socialWorkFields.includes(field)) &&
      (college.tourism || !programFields.includes(field)),
  );
}

export function emptyForm(): CompleteDataForm {
  return Object.fromEntries(FORM_FIELDS.map((field) => [field, ''])) as CompleteDataForm;
}

/** The stored values (GET completeStudentData) as the form's inputs. */
export function formFromStored(values: CompleteDataFormValues): CompleteDataForm {
  const [first, second] = splitQualificationYear(values.qualificationYear);
  const form = emptyForm();
  for (const field of FORM_FIELDS) {
    if (field === 'qualificationYearFirst') form[field] = first;
    else if (field === 'qualificationYearSecond') form[field] = second;
    else form[field] = values[field] ?? '';
  }
  return form;
}

/** The inputs as the shared rules read them; two empty years stay empty, so 'required' is the message. */
export function valuesOf(form: CompleteDataForm): CompleteDataValues {
  const { qualificationYearFirst: first, qualificationYearSecond: second, ...rest } = form;
  const bothEmpty = first.trim() === '' && second.trim() === '';
  return { ...rest, qualificationYear: bothEmpty ? '' : joinQualificationYear(first.trim(), second.trim()) };
}

/** The checked values as multipart text fields: only the fields asked of this college. */
export function wireFields(data: CompleteData, college: CollegeFlags): [CompleteDataField, string][] {
  return askedFields(college).flatMap((field) => {
    const value = data[field];
    return value === null ? [] : [[field, String(value)] as [CompleteDataField, string]];
  });
}

/** The element id of each input, so that a failing rule can scroll to it and focus it. */
export function inputId(field: FormField | ImageKind): string {
  return `complete-data-${field}`;
}

/** Where the message of a failing rule is written (the input's aria-describedby points here). */
export function errorId(field: CompleteDataField | ImageKind): string {
  return `complete-data-${field}-error`;
}

/**
 * The input a failing rule points at. The year is two inputs: the first empty part, else the part that is not
 * four digits, else (the years do not follow each other) the second.
 */
export function inputOfField(field: CompleteDataField, form: CompleteDataForm): FormField {
  if (field !== 'qualificationYear') return field;
  const first = form.qualificationYearFirst.trim();
  const second = form.qualificationYearSecond.trim();
  if (first === '') return 'qualificationYearFirst';
  if (second === '') return 'qualificationYearSecond';
  const fourDigits = /^[\d\u0660-\u0669\u06f0-\u06f9]{4}$/;
  if (!fourDigits.test(first)) return 'qualificationYearFirst';
  return 'qualificationYearSecond';
}

/** The wire field an input belongs to. */
export function fieldOfInput(input: FormField): CompleteDataField {
  return input === 'qualificationYearFirst' || input === 'qualificationYearSecond'
    ? 'qualificationYear'
    : input;
}
