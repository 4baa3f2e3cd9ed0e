import { extraInputKind, isQuestionType } from './additional-questions.js';
import { MESSAGE_TEMPLATES, MESSAGES } from './messages.js';

export type AdditionalAnswersResult = { ok: true } | { ok: false; message: string; questionId?: string };

interface KnownQuestion {
  id: string;
  type: unknown;
  text: string;
  options: ReadonlySet<string>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNonBlank(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function fail(message: string, questionId?: string): AdditionalAnswersResult {
  return questionId === undefined ? { ok: false, message } : { ok: false, message, questionId };
}

/** Indexes the questions by id; entries that are not questions with a string id are left out. */
function indexQuestions(questions: readonly unknown[]): Map<string, KnownQuestion> {
  const byId = new Map<string, KnownQuestion>();
  for (const question of questions) {
    if (!isRecord(question) || typeof question.id !== 'string') continue;
    const options = Array.isArray(question.options)
      ? question.options.filter((option): option is string => typeof option === 'string')
      : [];
    byId.set(question.id, {
      id: question.id,
      type: question.type,
      text: typeof question.question === 'string' ? question.question : question.id,
      options: new Set(options),
    });
  }
  return byId;
}

/** Checks one answer against its question; answers the Arabic message of the first broken rule, or null. */
function checkAnswer(question: KnownQuestion, answer: unknown, input: unknown): string | null {
  if (!isQuestionType(question.type)) return MESSAGE_TEMPLATES.unknownQuestionType(question.text);
  if (input !== undefined && input !== null && typeof input !== 'string') {
    return MESSAGE_TEMPLATES.invalidAnswerFor(question.text);
  }
  const isOption = (value: unknown): value is string =>
    typeof value === 'string' && question.options.has(value);
  switch (question.type) {
    case 'mcq':
      return isOption(answer) ? null : MESSAGE_TEMPLATES.invalidAnswerFor(question.text);
    case 'multi_select_input': {
      if (!Array.isArray(answer)) return MESSAGES.answerNotArray;
      if (answer.length === 0) return MESSAGES.answerTheQuestion;
      const chosen = new Set<string>();
      for (const item of answer) {
        if (!isOption(item) || chosen.has(item)) return MESSAGES.invalidOption;
        chosen.add(item);
      }
      break;
    }
    case 'input':
      return isNonBlank(answer) ? null : MESSAGES.answerTheQuestion;
    case 'mcq_yes_input':
    case 'mcq_input':
      if (!isOption(answer)) return MESSAGE_TEMPLATES.invalidAnswerFor(question.text);
      break;
  }
  const extra = extraInputKind(question.type, answer);
  if (extra === null || isNonBlank(input)) return null;
  return extra === 'yes' ? MESSAGES.yesDetailsRequired : MESSAGES.otherDetailsRequired;
}

/**
 * The additional-questions rules of spec section 5, in the spec's order, shared by the screen (before submit)
 * and the server (on submit). Takes any JSON and never throws; answers the first broken rule's Arabic message,
 * with the id of the question concerned when there is one.
 */
export function validateAdditionalAnswers(questions: unknown, answers: unknown): AdditionalAnswersResult {
  if (!Array.isArray(answers)) return fail(MESSAGES.answersNotArray);
  if (!Array.isArray(questions)) return fail(MESSAGES.questionsNotArray);
  if (answers.length !== questions.length) return fail(MESSAGES.answerAllQuestions);

  const byId = indexQuestions(questions);
  const answered = new Set<string>();
  for (const entry of answers) {
    if (!isRecord(entry)) return fail(MESSAGES.invalidAnswerEntry);
    const { id } = entry;
    if (typeof id !== 'string') {
      return typeof id === 'number'
        ? fail(MESSAGE_TEMPLATES.invalidQuestion(String(id)))
        : fail(MESSAGES.invalidAnswerEntry);
    }
    const question = byId.get(id);
    if (question === undefined) return fail(MESSAGE_TEMPLATES.invalidQuestion(id));
    if (answered.has(id)) return fail(MESSAGES.answerAllQuestions, id);
    answered.add(id);
    const message = checkAnswer(question, entry.answer, entry.input);
    if (message !== null) return fail(message, id);
  }
  return { ok: true };
}
