import { describe, expect, it } from 'vitest';
import {
  additionalAnswersSubmitSchema,
  additionalQuestionSchema,
  answerEntrySchema,
  emptyAnswerEntry,
  extractAdditionalQuestions,
  extraInputKind,
  initialAnswerEntries,
  isOtherOption,
  isQuestionType,
  isYesAnswer,
  QUESTION_TYPES,
} from './additional-questions.js';

const QUESTION = { id: 'q1', type: 'mcq', question: 'س', description: null, options: ['أ', 'ب'] };

describe('additional question schemas', () => {
  it('lists the five question types', () => {
    expect(QUESTION_TYPES).toEqual(['mcq', 'multi_select_input', 'input', 'mcq_yes_input', 'mcq_input']);
    expect(isQuestionType('mcq_input')).toBe(true);
    expect(isQuestionType('rating')).toBe(false);
    expect(isQuestionType(1)).toBe(false);
  });

  it('parses a question, with or without a description', () => {
    expect(additionalQuestionSchema.parse(QUESTION)).toEqual(QUESTION);
    const { description: _, ...withoutDescription } = QUESTION;
    expect(additionalQuestionSchema.parse(withoutDescription)).toEqual(withoutDescription);
    expect(additionalQuestionSchema.parse({ id: 'q2', type: 'input', question: 'س' })).toEqual({
      id: 'q2',
      type: 'input',
      question: 'س',
      options: [],
    });
  });

  it('refuses an unknown type or options that are not strings', () => {
    expect(additionalQuestionSchema.safeParse({ ...QUESTION, type: 'rating' }).success).toBe(false);
    expect(additionalQuestionSchema.safeParse({ ...QUESTION, options: [1] }).success).toBe(false);
  });

  it('parses answer entries with a string or a list answer', () => {
    expect(answerEntrySchema.parse({ id: 'q', answer: 'أ' })).toEqual({ id: 'q', answer: 'أ' });
    expect(answerEntrySchema.parse({ id: 'q', answer: ['أ'], input: 'x' })).toEqual({
      id: 'q',
      answer: ['أ'],
      input: 'x',
    });
    expect(answerEntrySchema.safeParse({ id: 'q', answer: 1 }).success).toBe(false);
    expect(additionalAnswersSubmitSchema.safeParse({ answers: [{ id: 'q', answer: '' }] }).success).toBe(
      true,
    );
    expect(additionalAnswersSubmitSchema.safeParse({ answers: {} }).success).toBe(false);
  });
});

describe('other and yes', () => {
  it('recognises options containing "other"', () => {
    expect(isOtherOption('أخرى')).toBe(true);
    expect(isOtherOption('جهة أخرى')).toBe(true);
    expect(isOtherOption('اخرى')).toBe(true);
    expect(isOtherOption('الأصدقاء')).toBe(false);
  });

  it('recognises yes', () => {
    expect(isYesAnswer('نعم')).toBe(true);
    expect(isYesAnswer(' نعم ')).toBe(true);
    expect(isYesAnswer('لا')).toBe(false);
  });

  it('says which extra text the answer asks for', () => {
    expect(extraInputKind('multi_select_input', ['أ', 'أخرى'])).toBe('other');
    expect(extraInputKind('multi_select_input', ['أ'])).toBeNull();
    expect(extraInputKind('multi_select_input', 'أخرى')).toBeNull();
    expect(extraInputKind('mcq_input', 'وسيلة أخرى')).toBe('other');
    expect(extraInputKind('mcq_input', 'سيارة')).toBeNull();
    expect(extraInputKind('mcq_yes_input', 'نعم')).toBe('yes');
    expect(extraInputKind('mcq_yes_input', 'لا')).toBeNull();
    expect(extraInputKind('mcq', 'أخرى')).toBeNull();
    expect(extraInputKind('input', 'نعم')).toBeNull();
  });
});

describe('initial answers', () => {
  it('starts multi_select_input with an empty list and the others with an empty string', () => {
    expect(emptyAnswerEntry({ id: 'm', type: 'multi_select_input' })).toEqual({
      id: 'm',
      answer: [],
      input: '',
    });
    expect(
      initialAnswerEntries([
        { id: 'a', type: 'mcq' },
        { id: 'b', type: 'input' },
      ]),
    ).toEqual([
      { id: 'a', answer: '', input: '' },
      { id: 'b', answer: '', input: '' },
    ]);
  });
});

describe('extractAdditionalQuestions', () => {
  it('accepts a bare list', () => {
    expect(extractAdditionalQuestions([QUESTION])).toEqual([QUESTION]);
  });

  it('accepts data, data.data or data.questions under status success', () => {
    expect(extractAdditionalQuestions({ status: 'success', data: [QUESTION] })).toEqual([QUESTION]);
    expect(extractAdditionalQuestions({ status: 'success', data: { data: [QUESTION] } })).toEqual([QUESTION]);
    expect(extractAdditionalQuestions({ status: 'success', data: { questions: [QUESTION] } })).toEqual([
      QUESTION,
    ]);
  });

  it('answers null otherwise', () => {
    expect(extractAdditionalQuestions({ status: 'error', data: [QUESTION] })).toBeNull();
    expect(extractAdditionalQuestions({ status: 'success', data: { items: [QUESTION] } })).toBeNull();
    expect(extractAdditionalQuestions({ status: 'success' })).toBeNull();
    expect(extractAdditionalQuestions(null)).toBeNull();
    expect(extractAdditionalQuestions('x')).toBeNull();
    expect(extractAdditionalQuestions([{ id: 'q' }])).toBeNull();
  });
});
