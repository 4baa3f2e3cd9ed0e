import {
  CONTENT_MESSAGES,
  type CollegeCreate,
  type CollegePatch,
  type ContentCollege,
  collegeCreateSchema,
  collegePatchSchema,
  type ProgramCreate,
  type ProgramEntry,
  type ProgramPatch,
  programCreateSchema,
  programPatchSchema,
} from '@portal/common';

/** The college dialog's fields as typed: the order stays text until it is sent. */
export interface CollegeFormValues {
  name: string;
  sortOrder: string;
  socialWork: boolean;
  tourism: boolean;
}

export type FormErrors<Field extends string> = Partial<Record<Field | 'general', string>>;

export type FormCheck<Body, Field extends string> =
  | { ok: true; body: Body }
  | { ok: false; errors: FormErrors<Field> };

export function collegeFormValues(college?: ContentCollege): CollegeFormValues {
  return {
    name: college?.name ?? '',
    sortOrder: college ? String(college.sortOrder) : '',
    socialWork: college?.socialWork ?? false,
    tourism: college?.tourism ?? false,
  };
}

/** Arabic-Indic digits typed on an Arabic keyboard read as the same number. */
function toNumber(text: string): number {
  const latin = text.trim().replace(/[٠-٩]/g, (digit) => String(digit.charCodeAt(0) - 0x0660));
  return latin === '' ? Number.NaN : Number(latin);
}

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

function errorsOf<Field extends string>(
  issues: readonly Issue[],
  fields: readonly Field[],
): FormErrors<Field> {
  const errors: FormErrors<Field> = {};
  for (const issue of issues) {
    const [first] = issue.path;
    const field = fields.find((each) => each === first) ?? 'general';
    errors[field] ??= issue.message;
  }
  return errors;
}

const COLLEGE_FIELDS = ['name', 'sortOrder'] as const;
type CollegeField = (typeof COLLEGE_FIELDS)[number];

/**
 * The dialog's values as `POST /colleges` (no college yet) or as `PATCH /colleges/{id}` with only what changed,
 * checked by the schemas the server applies so the refusals read the same.
 */
export function checkCollegeForm(
  values: CollegeFormValues,
  college?: ContentCollege,
): FormCheck<CollegeCreate | CollegePatch, CollegeField> {
  const order = values.sortOrder.trim() === '' && !college ? undefined : toNumber(values.sortOrder);
  if (!college) {
    const result = collegeCreateSchema.safeParse({
      name: values.name,
      socialWork: values.socialWork,
      tourism: values.tourism,
      ...(order === undefined ? {} : { sortOrder: order }),
    });
    return result.success
      ? { ok: true, body: result.data }
      : { ok: false, errors: errorsOf(result.error.issues, COLLEGE_FIELDS) };
  }
  const patch: CollegePatch = {};
  if (values.name.trim() !== college.name) patch.name = values.name;
  if (order !== college.sortOrder) patch.sortOrder = order;
  if (values.socialWork !== college.socialWork) patch.socialWork = values.socialWork;
  if (values.tourism !== college.tourism) patch.tourism = values.tourism;
  if (Object.keys(patch).length === 0)
    return { ok: false, errors: { general: CONTENT_MESSAGES.nothingToChange } };
  const result = collegePatchSchema.safeParse(patch);
  return result.success
    ? { ok: true, body: result.data }
    : { ok: false, errors: errorsOf(result.error.issues, COLLEGE_FIELDS) };
}

/** The program dialog: a name, as `POST …/programs` or, when it changed, as `PATCH …/programs/{programId}`. */
export function checkProgramForm(
  name: string,
  program?: ProgramEntry,
): FormCheck<ProgramCreate | ProgramPatch, 'name'> {
  if (program && name.trim() === program.name)
    return { ok: false, errors: { general: CONTENT_MESSAGES.nothingToChange } };
  const result = (program ? programPatchSchema : programCreateSchema).safeParse({ name });
  return result.success
    ? { ok: true, body: result.data }
    : { ok: false, errors: errorsOf(result.error.issues, ['name'] as const) };
}
