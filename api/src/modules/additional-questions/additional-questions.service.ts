import {
  type AdditionalQuestion,
  type AnsweredQuestion,
  MESSAGES,
  normalizeDigits,
  validateAdditionalAnswers,
} from '@portal/common';
import { AppError } from '../../lib/app-error.js';
import type { ContentCache } from '../content/index.js';
import type { AdditionalQuestionsRepository, StoredAnswer } from './additional-questions.repository.js';

/** Most answers one submit may carry; far above any questionnaire, checked before anything else is read. */
export const MAX_ANSWERS = 200;
/** Longest text of an answer, a chosen option or the extra input. */
export const MAX_ANSWER_CHARS = 2000;
/** Most options one multi-select answer may list. */
const MAX_SELECTED_OPTIONS = 100;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function tooLong(value: unknown): boolean {
  return typeof value === 'string' && value.length > MAX_ANSWER_CHARS;
}

/** True when an entry carries more text than any honest answer needs. */
export function exceedsAnswerLimits(entry: unknown): boolean {
  if (!isRecord(entry)) return false;
  const { id, answer, input } = entry;
  if (tooLong(id) || tooLong(input) || tooLong(answer)) return true;
  return Array.isArray(answer) && (answer.length > MAX_SELECTED_OPTIONS || answer.some(tooLong));
}

/** The question as the student was asked it, kept with the answer (issue 19). */
export function answeredQuestion({
  question,
  type,
  description,
  options,
}: AdditionalQuestion): AnsweredQuestion {
  return description === undefined || description === null
    ? { question, type, options: [...options] }
    : { question, type, description, options: [...options] };
}

/**
 * The validated entries as rows, each with the question it was validated against; the extra input is kept only
 * when it holds text.
 */
function toStoredAnswers(
  entries: readonly unknown[],
  questions: readonly AdditionalQuestion[],
): StoredAnswer[] {
  const byId = new Map(questions.map((question) => [question.id, question]));
  return entries.filter(isRecord).map((entry) => {
    const input = typeof entry.input === 'string' && entry.input.trim() !== '' ? entry.input.trim() : null;
    const answer = typeof entry.answer === 'string' ? entry.answer.trim() : entry.answer;
    const question = byId.get(String(entry.id));
    // validateAdditionalAnswers refused any id that is not an active question: this cannot happen.
    if (!question) throw new Error(`answer to an unknown question ${String(entry.id)}`);
    return {
      questionId: question.id,
      answerJson: JSON.stringify(answer),
      input,
      questionJson: JSON.stringify(answeredQuestion(question)),
    };
  });
}

/**
 * The student's questionnaire. The list is served from this instance's content cache (one query per version of
 * the questionnaire, not per request); a submit checks the answers against the questions read from the database
 * there and then, so what is stored with each answer is exactly the question it was checked against.
 */
export function additionalQuestionsService(
  repository: AdditionalQuestionsRepository,
  content: Pick<ContentCache, 'get'>,
) {
  return {
    listActive: (): Promise<AdditionalQuestion[]> =>
      content.get('questionnaire', 'active', () => repository.activeQuestions()),

    /**
     * Stores the logged-in student's answers once: the path's national ID must be the session's student
     * (403), who must have passed the charter quiz (403) and not have answered yet (409); the answers must
     * pass the shared rules against the stored questions (400 with the rule's Arabic message).
     */
    async submit(sessionStudentId: string, nationalIdFromPath: string, answers: readonly unknown[]) {
      const student = await repository.findStudentByNationalId(normalizeDigits(nationalIdFromPath));
      if (!student || student.id !== sessionStudentId) throw new AppError(403, MESSAGES.forbidden);
      if (!student.isPassed) throw new AppError(403, MESSAGES.quizNotPassed);
      if (student.isCompletedAdditionalQuestions) {
        throw new AppError(409, MESSAGES.additionalAlreadySubmitted);
      }
      if (answers.length > MAX_ANSWERS) throw new AppError(400, MESSAGES.tooManyAnswers);
      if (answers.some(exceedsAnswerLimits)) throw new AppError(400, MESSAGES.answerTooLong);

      const questions = await repository.activeQuestions();
      const checked = validateAdditionalAnswers(questions, answers);
      if (!checked.ok) throw new AppError(400, checked.message);

      const saved = await repository.saveAnswers(student.id, toStoredAnswers(answers, questions));
      if (!saved) throw new AppError(409, MESSAGES.additionalAlreadySubmitted);
    },
  };
}
export type AdditionalQuestionsService = ReturnType<typeof additionalQuestionsService>;
