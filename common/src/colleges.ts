import { CONTENT_LIMITS, CONTENT_MESSAGES } from './content.js';
import { flag, nonEmpty, trimmed } from './content-fields.js';
import { dataDeadlineSchema } from './deadlines.js';
import { successEnvelope } from './envelope.js';
import { z } from './zod.js';

/** `GET /colleges` and `GET /colleges/tourism/{college}/programs` both answer `data.data`, a list of names. */
export const nameListResponseSchema = successEnvelope({
  data: z.object({ data: z.array(z.string()) }),
});
export type NameListResponse = z.infer<typeof nameListResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Colleges and programs as the university edits them (issue 19).
// ---------------------------------------------------------------------------------------------------------------

const sortOrder = z
  .number({ error: CONTENT_MESSAGES.sortOrderInvalid })
  .int({ error: CONTENT_MESSAGES.sortOrderInvalid })
  .min(0, { error: CONTENT_MESSAGES.sortOrderInvalid })
  .max(CONTENT_LIMITS.sortOrder.max, { error: CONTENT_MESSAGES.sortOrderInvalid });

const collegeName = trimmed(CONTENT_LIMITS.name.min, CONTENT_LIMITS.name.max, CONTENT_MESSAGES.nameInvalid);

/** `POST /colleges`: a new college, listed last unless a sort order is given. */
export const collegeCreateSchema = z.strictObject(
  {
    name: collegeName,
    socialWork: flag.optional().default(false),
    tourism: flag.optional().default(false),
    sortOrder: sortOrder.optional(),
  },
  { error: CONTENT_MESSAGES.nameInvalid },
);
export type CollegeCreate = z.input<typeof collegeCreateSchema>;

/**
 * `PATCH /colleges/{id}`: the fields given. `{dataDeadline}` alone is the college settings' call of issue 17 and
 * answers as it did; a rename shows everywhere at once, since students and accounts refer to the college by id.
 */
export const collegePatchSchema = z
  .strictObject(
    {
      name: collegeName.optional(),
      socialWork: flag.optional(),
      tourism: flag.optional(),
      sortOrder: sortOrder.optional(),
      hidden: flag.optional(),
      dataDeadline: dataDeadlineSchema.optional(),
    },
    { error: CONTENT_MESSAGES.nothingToChange },
  )
  .refine(nonEmpty, { error: CONTENT_MESSAGES.nothingToChange });
export type CollegePatch = z.input<typeof collegePatchSchema>;

export const programIdParamsSchema = z.object({
  id: z.uuid({ error: CONTENT_MESSAGES.programIdInvalid.replace('البرنامج', 'الكلية') }),
  programId: z.uuid({ error: CONTENT_MESSAGES.programIdInvalid }),
});

/** `POST /colleges/{id}/programs`. */
export const programCreateSchema = z.strictObject(
  { name: collegeName, sortOrder: sortOrder.optional() },
  { error: CONTENT_MESSAGES.nameInvalid },
);
export type ProgramCreate = z.input<typeof programCreateSchema>;

/** `PATCH /colleges/{id}/programs/{programId}`: a rename also renames it in the students' stored choices. */
export const programPatchSchema = z
  .strictObject(
    { name: collegeName.optional(), sortOrder: sortOrder.optional(), hidden: flag.optional() },
    { error: CONTENT_MESSAGES.nothingToChange },
  )
  .refine(nonEmpty, { error: CONTENT_MESSAGES.nothingToChange });
export type ProgramPatch = z.input<typeof programPatchSchema>;

export const programEntrySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  sortOrder: z.number().int(),
  hidden: z.boolean(),
  /** How many students chose it among their programs. */
  studentCount: z.number().int(),
});
export type ProgramEntry = z.infer<typeof programEntrySchema>;

/** A college on the content screen: its flags, order, visibility, how many refer to it, and its programs. */
export const contentCollegeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  socialWork: z.boolean(),
  tourism: z.boolean(),
  sortOrder: z.number().int(),
  hidden: z.boolean(),
  studentCount: z.number().int(),
  staffCount: z.number().int(),
  programs: z.array(programEntrySchema),
});
export type ContentCollege = z.infer<typeof contentCollegeSchema>;

/**
 * `GET /colleges` as a faculty choice for new uploads reads it: the spec's names, and which colleges are hidden
 * (left out of the choice; an answer without the entries hides nothing).
 */
export const collegeChoicesResponseSchema = successEnvelope({
  data: z.object({
    data: z.array(z.string()),
    colleges: z.array(z.object({ name: z.string(), hidden: z.boolean() })).default([]),
  }),
});
export type CollegeChoicesResponse = z.infer<typeof collegeChoicesResponseSchema>;

export const contentCollegesResponseSchema = successEnvelope({ data: z.array(contentCollegeSchema) });
export const contentCollegeResponseSchema = successEnvelope({
  message: z.string(),
  data: contentCollegeSchema,
});
