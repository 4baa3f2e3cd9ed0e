import { isOtherOption, QUESTION_TYPES, type QuestionType, YES_ANSWER } from './additional-questions.js';
import { CONTENT_LIMITS, CONTENT_MESSAGES } from './content.js';
import { flag, nonEmpty, trimmed } from './content-fields.js';
import { successEnvelope } from './envelope.js';
import { z } from './zod.js';

/**
 * The questionnaire as the university edits it (issue 19). Apart from additional-questions.ts because
 * content.ts's messages name its `YES_ANSWER`: in one file, the two would import each other.
 */

/** The question as a student saw it when answering; stored with the answer. */
export const answeredQuestionSchema = z.object({
  question: z.string(),
  type: z.enum(QUESTION_TYPES),
  description: z.string().optional(),
  options: z.array(z.string()),
});
export type AnsweredQuestion = z.infer<typeof answeredQuestionSchema>;

export interface QuestionDefinition {
  type: QuestionType;
  question: string;
  description?: string | null | undefined;
  options: readonly string[];
}

export type DefinitionResult = { ok: true } | { ok: false; message: string };

/**
 * Whether a questionnaire question can be answered by the rules `validateAdditionalAnswers` applies to answers:
 * the choice types need two distinct options, the types that take extra text need the option that asks for it
 * ('أخرى' for multi_select_input and mcq_input, 'نعم' for mcq_yes_input), and a free-text question has none.
 */
export function validateQuestionDefinition(definition: QuestionDefinition): DefinitionResult {
  const options = definition.options.map((option) => option.trim());
  if (definition.type === 'input') {
    return options.length === 0 ? { ok: true } : { ok: false, message: CONTENT_MESSAGES.inputHasNoOptions };
  }
  if (new Set(options).size !== options.length)
    return { ok: false, message: CONTENT_MESSAGES.optionsDuplicate };
  if (options.length < 2) return { ok: false, message: CONTENT_MESSAGES.optionsNeedTwo };
  if (
    (definition.type === 'multi_select_input' || definition.type === 'mcq_input') &&
    !options.some(isOtherOption)
  ) {
    return { ok: false, message: CONTENT_MESSAGES.otherOptionRequired };
  }
  if (definition.type === 'mcq_yes_input' && !options.includes(YES_ANSWER)) {
    return { ok: false, message: CONTENT_MESSAGES.yesOptionRequired };
  }
  return { ok: true };
}

const questionFields = {
  type: z.enum(QUESTION_TYPES, { error: CONTENT_MESSAGES.questionTypeInvalid }),
  question: trimmed(
    CONTENT_LIMITS.questionText.min,
    CONTENT_LIMITS.questionText.max,
    CONTENT_MESSAGES.questionTextInvalid,
  ),
  description: z
    .string({ error: CONTENT_MESSAGES.descriptionTooLong })
    .trim()
    .max(CONTENT_LIMITS.description.max, { error: CONTENT_MESSAGES.descriptionTooLong })
    .transform((value) => (value === '' ? null : value))
    .nullable(),
  options: z
    .array(trimmed(CONTENT_LIMITS.option.min, CONTENT_LIMITS.option.max, CONTENT_MESSAGES.optionInvalid), {
      error: CONTENT_MESSAGES.optionInvalid,
    })
    .max(CONTENT_LIMITS.options.max, { error: CONTENT_MESSAGES.tooManyOptions }),
  active: flag,
};

const definitionIssue = (
  value: { type?: QuestionType; question?: string; options?: string[]; description?: string | null },
  ctx: z.RefinementCtx,
) => {
  if (value.type === undefined || value.options === undefined) return;
  const result = validateQuestionDefinition({
    type: value.type,
    question: value.question ?? '',
    options: value.options,
  });
  if (!result.ok) ctx.addIssue({ code: 'custom', message: result.message, path: ['options'] });
};

/** `POST /content/additional-questions`: a new question, placed last. */
export const questionCreateSchema = z
  .strictObject(
    {
      type: questionFields.type,
      question: questionFields.question,
      description: questionFields.description.optional().default(null),
      options: questionFields.options.optional().default([]),
      active: questionFields.active.optional().default(true),
    },
    { error: CONTENT_MESSAGES.questionTextInvalid },
  )
  .superRefine(definitionIssue);
export type QuestionCreate = z.input<typeof questionCreateSchema>;

/**
 * `PATCH /content/additional-questions/{id}`: the fields given. The server checks the question as it will be
 * (stored fields merged with these) with `validateQuestionDefinition`, so a type change without its options is
 * refused too.
 */
export const questionPatchSchema = z
  .strictObject(
    {
      type: questionFields.type.optional(),
      question: questionFields.question.optional(),
      description: questionFields.description.optional(),
      options: questionFields.options.optional(),
      active: questionFields.active.optional(),
    },
    { error: CONTENT_MESSAGES.nothingToChange },
  )
  .refine(nonEmpty, { error: CONTENT_MESSAGES.nothingToChange });
export type QuestionPatch = z.input<typeof questionPatchSchema>;

export const questionIdParamsSchema = z.object({
  id: z
    .string()
    .min(1, { error: CONTENT_MESSAGES.questionIdInvalid })
    .max(100, { error: CONTENT_MESSAGES.questionIdInvalid }),
});

/** `POST /content/additional-questions/order`: every question's id (active or not), in the new order. */
export const questionOrderSchema = z.strictObject(
  {
    ids: z
      .array(z.string({ error: CONTENT_MESSAGES.orderInvalid }).min(1).max(100), {
        error: CONTENT_MESSAGES.orderInvalid,
      })
      .min(1, { error: CONTENT_MESSAGES.orderInvalid })
      .max(500, { error: CONTENT_MESSAGES.orderInvalid }),
  },
  { error: CONTENT_MESSAGES.orderInvalid },
);

export const questionEntrySchema = z.object({
  id: z.string(),
  type: z.enum(QUESTION_TYPES),
  question: z.string(),
  description: z.string().nullable(),
  options: z.array(z.string()),
  active: z.boolean(),
  sortOrder: z.number().int(),
  /** How many students answered it (their answers keep the wording they saw). */
  answeredCount: z.number().int(),
  updatedAt: z.string(),
});
export type QuestionEntry = z.infer<typeof questionEntrySchema>;

export const questionListResponseSchema = successEnvelope({ data: z.array(questionEntrySchema) });
export const questionResponseSchema = successEnvelope({ message: z.string(), data: questionEntrySchema });
/** `POST /content/additional-questions/order`: the whole list in its new order, as the list call answers it. */
export const questionOrderResponseSchema = successEnvelope({
  message: z.string(),
  data: z.array(questionEntrySchema),
});
