import {
  MESSAGE_TEMPLATES,
  MESSAGES,
  QUIZ_QUESTION_COUNT,
  type RandomQuestion,
  validateQuizAnswers,
} from '@portal/common';
import { AppError } from '../../lib/app-error.js';
import type { QuizRepository } from './quiz.repository.js';

export interface QuizOutcome {
  passed: true;
  correctCount: number;
  total: number;
}

export function quizService(repository: QuizRepository) {
  return {
    /** Draws the student's questions anew (replacing an earlier draw); a student who passed has no quiz. */
    async draw(studentId: string): Promise<RandomQuestion[]> {
      const outcome = await repository.draw(studentId, QUIZ_QUESTION_COUNT);
      if (outcome.kind === 'noStudent') throw new AppError(404, MESSAGES.studentNotFound);
      if (outcome.kind === 'passed') throw new AppError(409, MESSAGES.quizAlreadyPassed);
      if (outcome.questions.length === 0) throw new AppError(503, MESSAGES.quizUnavailable);
      return outcome.questions;
    },

    /**
     * Grades the answers against the stored draw, as each question was worded when drawn, under the draw's row
     * lock: the attempt is recorded with the versions graded, the draw is spent (a failure makes the next fetch
     * draw anew) and a pass sets isPassed, all in one transaction.
     * Invalid answers are refused without spending the draw. A failure is a 400 saying how many were correct.
     */
    async submit(studentId: string, answers: unknown): Promise<QuizOutcome> {
      const outcome = await repository.grade(async (statements) => {
        const drawn = await statements.lockDraw(studentId);
        const isPassed = await statements.isPassed(studentId);
        if (isPassed === undefined) throw new AppError(404, MESSAGES.studentNotFound);
        if (isPassed) throw new AppError(409, MESSAGES.quizAlreadyPassed);
        if (!drawn) throw new AppError(409, MESSAGES.quizNotDrawn);

        const checked = validateQuizAnswers(drawn.indexes, answers);
        if (!checked.ok) throw new AppError(400, checked.message);

        // Graded on the versions drawn, whatever the bank says now (issue 19).
        const versionOf = new Map(drawn.indexes.map((index, i) => [index, drawn.versions[i] ?? 1]));
        const graded = new Map(
          [...checked.answers.keys()].map((index) => [index, versionOf.get(index) ?? 1]),
        );
        const key = await statements.correctAnswers(graded);
        let correctCount = 0;
        for (const [index, answer] of checked.answers) if (key.get(index) === answer) correctCount += 1;
        const total = checked.answers.size;
        const passed = correctCount === total;

        await statements.recordAttempt({
          studentId,
          answers: Object.fromEntries(checked.answers),
          questionVersions: Object.fromEntries(graded),
          correctCount,
          passed,
        });
        await statements.deleteDraw(studentId);
        if (passed) await statements.markPassed(studentId);
        return { passed, correctCount, total };
      });
      if (!outcome.passed) {
        throw new AppError(400, MESSAGE_TEMPLATES.quizFailed(outcome.correctCount, outcome.total));
      }
      return { passed: true, correctCount: outcome.correctCount, total: outcome.total };
    },
  };
}
export type QuizService = ReturnType<typeof quizService>;
