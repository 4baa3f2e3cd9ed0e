import {
  type AdditionalQuestion,
  MESSAGES,
  normalizeDigits,
  validateAdditionalAnswers,
} from '@portal/common';
import { AppError } from '../../lib/app-error.js';
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

/** The validated entries as rows; the extra input is kept only when it holds text. */
function toStoredAnswers(entries: readonly unknown[]): StoredAnswer[] {
  return entries.filter(isRecord).map((entry) => {
    const input = typeof entry.input === 'string' && entry.input.trim() !== '' ? entry.input.trim() : null;
    const answer = typeof entry.answer === 'string' ? entry.answer.trim() : entry.answer;
    return { questionId: String(entry.id), answerJson: JSON.stringify(answer), input };
  });
}

export function additionalQuestionsService(repository: AdditionalQuestionsRepository) {
  return {
    listActive: (): Promise<AdditionalQuestion[]> => repository.activeQuestions(),

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

      const saved = await repository.saveAnswers(student.id, toStoredAnswers(answers));
      if (!saved) throw new AppError(409, MESSAGES.additionalAlreadySubmitted);
    },
  };
}
export type AdditionalQuestionsService = ReturnType<typeof additionalQuestionsService>;
