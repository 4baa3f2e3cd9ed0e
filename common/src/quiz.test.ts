import { describe, expect, it } from 'vitest';
import { QUIZ_QUESTION_COUNT } from './limits.js';
import { MESSAGES } from './messages.js';
import {
  QUIZ_ANSWER_VALUES,
  quizSubmitBodySchema,
  randomQuestionSchema,
  randomQuestionsResponseSchema,
  validateQuizAnswers,
} from './quiz.js';

const DRAWN = [3, 11, 0, 17];
const ALL_ANSWERED = { '3': 'true', '11': 'false', '0': 'false', '17': 'true' };

describe('quiz schemas', () => {
  it('has the two answer values', () => {
    expect(QUIZ_ANSWER_VALUES).toEqual(['true', 'false']);
  });

  it('parses drawn questions and the submit body', () => {
    expect(randomQuestionSchema.parse({ index: 3, question: 'س' })).toEqual({ index: 3, question: 'س' });
    expect(randomQuestionSchema.safeParse({ index: -1, question: 'س' }).success).toBe(false);
    expect(randomQuestionSchema.safeParse({ index: 1.5, question: 'س' }).success).toBe(false);
    expect(
      randomQuestionsResponseSchema.safeParse({
        status: 'success',
        randomQuestions: [{ index: 1, question: 'س' }],
      }).success,
    ).toBe(true);
    expect(quizSubmitBodySchema.safeParse({ answers: ALL_ANSWERED }).success).toBe(true);
    expect(quizSubmitBodySchema.safeParse({ answers: { '1': true } }).success).toBe(false);
  });
});

describe('validateQuizAnswers', () => {
  it('draws QUIZ_QUESTION_COUNT questions in the fixture', () => {
    expect(DRAWN).toHaveLength(QUIZ_QUESTION_COUNT);
  });

  it('accepts an answer for each drawn question and answers booleans by index', () => {
    const result = validateQuizAnswers(DRAWN, ALL_ANSWERED);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect([...result.answers.entries()].sort(([a], [b]) => a - b)).toEqual([
        [0, false],
        [3, true],
        [11, false],
        [17, true],
      ]);
    }
  });

  it.each([
    ['one missing', { '3': 'true', '11': 'false', '0': 'false' }],
    ['none', {}],
    ['an empty value', { ...ALL_ANSWERED, '17': '' }],
    ['a null value', { ...ALL_ANSWERED, '17': null }],
    ['answers null', null],
    ['answers undefined', undefined],
    ['answers a list', ['true', 'false', 'true', 'false']],
    ['answers a string', 'true'],
  ])('requires every drawn question to be answered (%s)', (_, answers) => {
    expect(validateQuizAnswers(DRAWN, answers)).toEqual({
      ok: false,
      message: 'يجب الإجابة على جميع الأسئلة',
    });
  });

  it('rejects an answer for a question outside the draw', () => {
    expect(validateQuizAnswers(DRAWN, { ...ALL_ANSWERED, '5': 'true' })).toEqual({
      ok: false,
      message: 'إجابة لسؤال غير موجود في الاختبار',
    });
    expect(validateQuizAnswers(DRAWN, { ...ALL_ANSWERED, '03': 'true' })).toMatchObject({
      message: MESSAGES.quizUnknownQuestion,
    });
    expect(
      validateQuizAnswers(
        DRAWN,
        JSON.parse('{"3":"true","11":"false","0":"false","17":"true","__proto__":"x"}'),
      ),
    ).toMatchObject({ message: MESSAGES.quizUnknownQuestion });
  });

  it('requires all drawn questions even when the count of answers matches', () => {
    expect(
      validateQuizAnswers(DRAWN, { '3': 'true', '11': 'false', '0': 'false', '5': 'true' }),
    ).toMatchObject({
      message: MESSAGES.answerAllQuestions,
    });
  });

  it.each([true, false, 'True', 'yes', 1, ['true'], {}])(
    'accepts only "true" or "false" as values (%j)',
    (value) => {
      expect(validateQuizAnswers(DRAWN, { ...ALL_ANSWERED, '11': value })).toEqual({
        ok: false,
        message: MESSAGES.quizInvalidAnswerValue,
      });
    },
  );

  it('refuses to grade when nothing was drawn', () => {
    expect(validateQuizAnswers([], {})).toEqual({ ok: false, message: MESSAGES.quizNotDrawn });
    expect(validateQuizAnswers([Number.NaN, -1, 1.5], {})).toMatchObject({ message: MESSAGES.quizNotDrawn });
  });

  it('handles a huge answers object without throwing', () => {
    const answers: Record<string, string> = { ...ALL_ANSWERED };
    for (let i = 100; i < 10_100; i++) answers[String(i)] = 'true';
    expect(validateQuizAnswers(DRAWN, answers)).toMatchObject({ message: MESSAGES.quizUnknownQuestion });
  });
});
