import { z } from './zod.js';

/** The five kinds of additional question (spec section 3). */
export const QUESTION_TYPES = ['mcq', 'multi_select_input', 'input', 'mcq_yes_input', 'mcq_input'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export function isQuestionType(value: unknown): value is QuestionType {
  return typeof value === 'string' && (QUESTION_TYPES as readonly string[]).includes(value);
}

/** The Arabic word for 'other': an option containing it asks for extra text (spec section 5). */
export const OTHER_WORD = 'أخرى';
/** The Arabic 'yes': on an mcq_yes_input question it asks for extra text (spec section 5). */
export const YES_ANSWER = 'نعم';

/** True for an option containing the word 'other', also when typed without the hamza (اخرى). */
export function isOtherOption(option: string): boolean {
  return /[أا]خرى/.test(option);
}

export function isYesAnswer(answer: string): boolean {
  return answer.trim() === YES_ANSWER;
}

export const additionalQuestionSchema = z.object({
  id: z.string().min(1),
  type: z.enum(QUESTION_TYPES),
  question: z.string(),
  description: z.string().nullish(),
  options: z.array(z.string()).default([]),
});
export type AdditionalQuestion = z.infer<typeof additionalQuestionSchema>;

export const additionalQuestionListSchema = z.array(additionalQuestionSchema);

export const answerEntrySchema = z.object({
  id: z.string(),
  answer: z.union([z.string(), z.array(z.string())]),
  input: z.string().optional(),
});
export type AnswerEntry = z.infer<typeof answerEntrySchema>;

/**
 * Body of the additional-questions submit. It describes the shape for typing; the server checks the body with
 * `validateAdditionalAnswers`, which accepts any JSON and answers the spec's Arabic messages.
 */
export const additionalAnswersSubmitSchema = z.object({ answers: z.array(answerEntrySchema) });
export type AdditionalAnswersSubmit = z.infer<typeof additionalAnswersSubmitSchema>;

/**
 * Which extra text a question asks for with the given answer: 'other' when an option containing 'other' is
 * chosen (multi_select_input, mcq_input), 'yes' when 'yes' is chosen (mcq_yes_input), otherwise null. The screen
 * shows the extra text field exactly when this is not null, and the validator requires the text then.
 */
export function extraInputKind(type: unknown, answer: unknown): 'other' | 'yes' | null {
  if (type === 'multi_select_input') {
    return Array.isArray(answer) && answer.some((item) => typeof item === 'string' && isOtherOption(item))
      ? 'other'
      : null;
  }
  if (type === 'mcq_input') return typeof answer === 'string' && isOtherOption(answer) ? 'other' : null;
  if (type === 'mcq_yes_input') return typeof answer === 'string' && isYesAnswer(answer) ? 'yes' : null;
  return null;
}

/** The starting answer of a question: an empty list for multi_select_input, otherwise an empty string. */
export function emptyAnswerEntry(question: Pick<AdditionalQuestion, 'id' | 'type'>): AnswerEntry {
  return { id: question.id, answer: question.type === 'multi_select_input' ? [] : '', input: '' };
}

export function initialAnswerEntries(
  questions: readonly Pick<AdditionalQuestion, 'id' | 'type'>[],
): AnswerEntry[] {
  return questions.map(emptyAnswerEntry);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads the question list out of the fetch answer (spec section 4): a bare list, or `status: 'success'` with
 * `data`, `data.data` or `data.questions` being the list. Answers null when no valid list is found; the screen
 * then shows the response message or `MESSAGES.failedToLoadQuestions`.
 */
export function extractAdditionalQuestions(body: unknown): AdditionalQuestion[] | null {
  let list: unknown;
  if (Array.isArray(body)) {
    list = body;
  } else if (isRecord(body) && body.status === 'success') {
    const data = body.data;
    if (Array.isArray(data)) list = data;
    else if (isRecord(data) && Array.isArray(data.data)) list = data.data;
    else if (isRecord(data) && Array.isArray(data.questions)) list = data.questions;
  }
  if (list === undefined) return null;
  const parsed = additionalQuestionListSchema.safeParse(list);
  return parsed.success ? parsed.data : null;
}
