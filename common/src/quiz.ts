import { CONTENT_LIMITS, CONTENT_MESSAGES } from './content.js';
import { flag, nonEmpty, trimmed } from './content-fields.js';
import { successEnvelope } from './envelope.js';
import { MESSAGES } from './messages.js';
import { z } from './zod.js';

/** Values of a quiz answer on the wire (spec section 3: a map of index to 'true' or 'false'). */
export const QUIZ_ANSWER_VALUES = ['true', 'false'] as const;
export type QuizAnswerValue = (typeof QUIZ_ANSWER_VALUES)[number];

export function isQuizAnswerValue(value: unknown): value is QuizAnswerValue {
  return value === 'true' || value === 'false';
}

/** One of the questions drawn for a student (`randomQuestions`). */
export const randomQuestionSchema = z.object({
  index: z.number().int().nonnegative(),
  question: z.string(),
});
export type RandomQuestion = z.infer<typeof randomQuestionSchema>;

/** Answer of `GET /students/question/{id}`. */
export const randomQuestionsResponseSchema = successEnvelope({
  randomQuestions: z.array(randomQuestionSchema),
});
export type RandomQuestionsResponse = z.infer<typeof randomQuestionsResponseSchema>;

/**
 * Body of `POST /students/question/{id}`. It describes the shape for typing; the server checks the body with
 * `validateQuizAnswers`, which accepts any JSON and answers Arabic messages.
 */
export const quizSubmitBodySchema = z.object({ answers: z.record(z.string(), z.enum(QUIZ_ANSWER_VALUES)) });
export type QuizSubmitBody = z.infer<typeof quizSubmitBodySchema>;

export type QuizAnswersResult = { ok: true; answers: Map<number, boolean> } | { ok: false; message: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The quiz rule of spec section 5, shared by the screen and the server: every drawn question (the
 * `QUIZ_QUESTION_COUNT` in `randomQuestions`) answered, no answer for a question outside the draw, and values only
 * 'true' or 'false'. Takes any JSON and never throws; on success answers the answers by question index.
 * An empty draw is refused, so that nothing can be graded as passed without questions.
 */
export function validateQuizAnswers(drawnIndexes: readonly number[], answers: unknown): QuizAnswersResult {
  const drawn = new Set(drawnIndexes.filter((index) => Number.isSafeInteger(index) && index >= 0));
  if (drawn.size === 0) return { ok: false, message: MESSAGES.quizNotDrawn };
  if (!isRecord(answers)) return { ok: false, message: MESSAGES.answerAllQuestions };

  for (const index of drawn) {
    const key = String(index);
    const value = Object.hasOwn(answers, key) ? answers[key] : undefined;
    if (value === undefined || value === null || value === '') {
      return { ok: false, message: MESSAGES.answerAllQuestions };
    }
  }
  const drawnKeys = new Set([...drawn].map(String));
  const keys = Object.keys(answers);
  if (keys.some((key) => !drawnKeys.has(key))) return { ok: false, message: MESSAGES.quizUnknownQuestion };

  const result = new Map<number, boolean>();
  for (const index of drawn) {
    const value = answers[String(index)];
    if (!isQuizAnswerValue(value)) return { ok: false, message: MESSAGES.quizInvalidAnswerValue };
    result.set(index, value === 'true');
  }
  return { ok: true, answers: result };
}

// ---------------------------------------------------------------------------------------------------------------
// Quiz bank: the questions the university edits (issue 19), with the other content's limits and messages.
// ---------------------------------------------------------------------------------------------------------------

export const quizQuestionIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: CONTENT_MESSAGES.quizQuestionIdInvalid })
    .int({ error: CONTENT_MESSAGES.quizQuestionIdInvalid })
    .min(1, { error: CONTENT_MESSAGES.quizQuestionIdInvalid })
    .max(2_147_483_647, { error: CONTENT_MESSAGES.quizQuestionIdInvalid }),
});

const quizQuestionFields = {
  question: trimmed(
    CONTENT_LIMITS.quizQuestion.min,
    CONTENT_LIMITS.quizQuestion.max,
    CONTENT_MESSAGES.quizQuestionText,
  ),
  answer: z.boolean({ error: CONTENT_MESSAGES.quizAnswerRequired }),
  /** The charter section's title; null when the question is not tied to one. */
  section: trimmed(1, CONTENT_LIMITS.sectionTitle.max, CONTENT_MESSAGES.quizSectionInvalid).nullable(),
};

/** `POST /content/quiz-questions`. */
export const quizQuestionCreateSchema = z.strictObject(
  { ...quizQuestionFields, section: quizQuestionFields.section.optional().default(null) },
  { error: CONTENT_MESSAGES.quizQuestionText },
);
export type QuizQuestionCreate = z.input<typeof quizQuestionCreateSchema>;

/** `PATCH /content/quiz-questions/{id}`: a new version with the fields given; `active: true` restores one. */
export const quizQuestionPatchSchema = z
  .strictObject(
    {
      question: quizQuestionFields.question.optional(),
      answer: quizQuestionFields.answer.optional(),
      section: quizQuestionFields.section.optional(),
      active: flag.optional(),
    },
    { error: CONTENT_MESSAGES.nothingToChange },
  )
  .refine(nonEmpty, { error: CONTENT_MESSAGES.nothingToChange });
export type QuizQuestionPatch = z.input<typeof quizQuestionPatchSchema>;

export const quizQuestionEntrySchema = z.object({
  index: z.number().int(),
  question: z.string(),
  answer: z.boolean(),
  section: z.string().nullable(),
  active: z.boolean(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type QuizQuestionEntry = z.infer<typeof quizQuestionEntrySchema>;

export const quizQuestionListResponseSchema = successEnvelope({
  data: z.array(quizQuestionEntrySchema),
  /** The fewest active questions the bank may keep: one draw's worth. */
  minimumActive: z.number().int(),
});
export const quizQuestionResponseSchema = successEnvelope({
  message: z.string(),
  data: quizQuestionEntrySchema,
});
