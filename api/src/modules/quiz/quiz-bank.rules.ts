import { CONTENT_MESSAGES, QUIZ_QUESTION_COUNT } from '@portal/common';

/** What a version of a quiz question holds: a change to any of these is a new version. */
export interface QuizQuestionContent {
  question: string;
  answer: boolean;
  section: string | null;
}

export interface QuizQuestionState extends QuizQuestionContent {
  active: boolean;
}

/** A parsed `PATCH /content/quiz-questions/{id}` body: only the fields given. */
export interface QuizQuestionChange {
  question?: string | undefined;
  answer?: boolean | undefined;
  section?: string | null | undefined;
  active?: boolean | undefined;
}

export interface QuizEditPlan {
  /** The question as it will be. */
  next: QuizQuestionState;
  /** The wording, answer or section changes: a new version is written. */
  newVersion: boolean;
  /** The section changes to another one (checked against the charter; an unchanged stale one is kept). */
  sectionChanged: boolean;
  /** The wording changes. */
  textChanged: boolean;
  retires: boolean;
  restores: boolean;
  /** The patch said `active: false` (a DELETE too): answered as retired even when it already was. */
  askedToRetire: boolean;
  /** Nothing at all changes: nothing is written, audited or bumped. */
  unchanged: boolean;
}

/**
 * What a patch does to a question. A field given with its current value is no change, so a form that sends every
 * field makes a new version only when something in it differs (and a student's stored draw is not told apart
 * from the current one for nothing).
 */
export function planQuizEdit(current: QuizQuestionState, change: QuizQuestionChange): QuizEditPlan {
  const next: QuizQuestionState = {
    question: change.question ?? current.question,
    answer: change.answer ?? current.answer,
    section: change.section === undefined ? current.section : change.section,
    active: change.active ?? current.active,
  };
  const textChanged = next.question !== current.question;
  const sectionChanged = next.section !== current.section;
  const newVersion = textChanged || sectionChanged || next.answer !== current.answer;
  const retires = current.active && !next.active;
  const restores = !current.active && next.active;
  return {
    next,
    newVersion,
    sectionChanged,
    textChanged,
    retires,
    restores,
    askedToRetire: change.active === false,
    unchanged: !newVersion && !retires && !restores,
  };
}

/**
 * Whether retiring one of `activeNow` active questions leaves a whole draw's worth: a student must always be able
 * to draw QUIZ_QUESTION_COUNT questions.
 */
export function leavesEnoughActive(activeNow: number, minimum: number = QUIZ_QUESTION_COUNT): boolean {
  return activeNow - 1 >= minimum;
}

/** Whether `section` may be recorded: none, or the title of a section of the charter as now published. */
export function isCharterSection(section: string | null, titles: readonly string[]): boolean {
  if (section === null) return true;
  const wanted = section.trim();
  return titles.some((title) => title.trim() === wanted);
}

/** The answer to a save: what became of the question, in the screen's words. */
export function quizEditMessage(plan: Pick<QuizEditPlan, 'askedToRetire' | 'restores'>): string {
  if (plan.askedToRetire) return CONTENT_MESSAGES.quizQuestionRetired;
  if (plan.restores) return CONTENT_MESSAGES.quizQuestionRestored;
  return CONTENT_MESSAGES.quizQuestionSaved;
}

/** The audit action of a save: a retirement or a restoration is named as such even with a new version. */
export function quizEditAction(
  plan: Pick<QuizEditPlan, 'retires' | 'restores'>,
): 'content.quiz.retire' | 'content.quiz.restore' | 'content.quiz.update' {
  if (plan.retires) return 'content.quiz.retire';
  if (plan.restores) return 'content.quiz.restore';
  return 'content.quiz.update';
}
