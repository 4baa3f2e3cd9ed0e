import { describe, expect, it } from 'vitest';
import type { AdditionalQuestion, AnswerEntry } from './additional-questions.js';
import { MESSAGES } from './messages.js';
import { validateAdditionalAnswers } from './validate-additional-answers.js';

const QUESTIONS: AdditionalQuestion[] = [
  { id: 'q-mcq', type: 'mcq', question: 'ما نوع سكنك؟', options: ['مع الأسرة', 'سكن جامعي'] },
  {
    id: 'q-multi',
    type: 'multi_select_input',
    question: 'كيف عرفت بالكلية؟',
    options: ['الأصدقاء', 'الإنترنت', 'أخرى'],
  },
  { id: 'q-input', type: 'input', question: 'ما هوايتك؟', options: [] },
  {
    id: 'q-yes',
    type: 'mcq_yes_input',
    question: 'هل تعاني من مرض مزمن؟',
    description: 'اذكر المرض',
    options: ['نعم', 'لا'],
  },
  {
    id: 'q-mcq-input',
    type: 'mcq_input',
    question: 'ما وسيلة انتقالك؟',
    options: ['مواصلات عامة', 'سيارة خاصة', 'وسيلة أخرى'],
  },
];

function validAnswers(): AnswerEntry[] {
  return [
    { id: 'q-mcq', answer: 'سكن جامعي', input: '' },
    { id: 'q-multi', answer: ['الأصدقاء', 'الإنترنت'], input: '' },
    { id: 'q-input', answer: 'القراءة', input: '' },
    { id: 'q-yes', answer: 'لا', input: '' },
    { id: 'q-mcq-input', answer: 'مواصلات عامة', input: '' },
  ];
}

/** Valid answers with the entry of `id` replaced by `patch` merged into it. */
function withAnswer(id: string, patch: Record<string, unknown>): unknown[] {
  return validAnswers().map((entry) => (entry.id === id ? { ...entry, ...patch } : entry));
}

const quote = (question: string) => `"${question}"`;

describe('validateAdditionalAnswers: lists and counts', () => {
  it('accepts a complete, valid set of answers', () => {
    expect(validateAdditionalAnswers(QUESTIONS, validAnswers())).toEqual({ ok: true });
  });

  it('accepts the answers in any order', () => {
    expect(validateAdditionalAnswers(QUESTIONS, validAnswers().reverse())).toEqual({ ok: true });
  });

  it.each([null, undefined, 'answers', 5, true, { 0: 'a' }])('rejects non-list answers (%s)', (answers) => {
    expect(validateAdditionalAnswers(QUESTIONS, answers)).toEqual({
      ok: false,
      message: 'يجب أن تكون الإجابات في صورة قائمة',
    });
  });

  it.each([null, undefined, 'questions', 5, {}])('rejects non-list questions (%s)', (questions) => {
    expect(validateAdditionalAnswers(questions, validAnswers())).toEqual({
      ok: false,
      message: 'يجب أن تكون الأسئلة في صورة قائمة',
    });
  });

  it('checks the answers before the questions when neither is a list', () => {
    expect(validateAdditionalAnswers(null, null)).toMatchObject({ message: MESSAGES.answersNotArray });
  });

  it('rejects fewer answers than questions', () => {
    expect(validateAdditionalAnswers(QUESTIONS, validAnswers().slice(0, 4))).toEqual({
      ok: false,
      message: 'يجب الإجابة على جميع الأسئلة',
    });
  });

  it('rejects an empty answer list', () => {
    expect(validateAdditionalAnswers(QUESTIONS, [])).toMatchObject({ message: MESSAGES.answerAllQuestions });
  });

  it('rejects more answers than questions', () => {
    const answers = [...validAnswers(), { id: 'q-input', answer: 'x' }];
    expect(validateAdditionalAnswers(QUESTIONS, answers)).toMatchObject({
      ok: false,
      message: MESSAGES.answerAllQuestions,
    });
  });

  it('rejects 10,000 answers quickly and without throwing', () => {
    const answers = Array.from({ length: 10_000 }, () => ({ id: 'q-input', answer: 'x' }));
    expect(validateAdditionalAnswers(QUESTIONS, answers)).toMatchObject({
      message: MESSAGES.answerAllQuestions,
    });
  });

  it('handles 10,000 questions and answers', () => {
    const questions = Array.from({ length: 10_000 }, (_, i) => ({
      id: `q${i}`,
      type: 'input',
      question: `سؤال ${i}`,
      options: [],
    }));
    const answers = questions.map((question) => ({ id: question.id, answer: 'إجابة' }));
    expect(validateAdditionalAnswers(questions, answers)).toEqual({ ok: true });
    answers[9_999] = { id: 'q9999', answer: ' ' };
    expect(validateAdditionalAnswers(questions, answers)).toEqual({
      ok: false,
      message: MESSAGES.answerTheQuestion,
      questionId: 'q9999',
    });
  });

  it('accepts an empty questionnaire with no answers', () => {
    expect(validateAdditionalAnswers([], [])).toEqual({ ok: true });
  });
});

describe('validateAdditionalAnswers: answer entries and ids', () => {
  it('rejects an id that is not among the questions', () => {
    expect(validateAdditionalAnswers(QUESTIONS, withAnswer('q-mcq', { id: 'q-nope' }))).toEqual({
      ok: false,
      message: 'سؤال غير صحيح: q-nope',
    });
  });

  it('names a numeric id in the message', () => {
    expect(validateAdditionalAnswers(QUESTIONS, withAnswer('q-mcq', { id: 7 }))).toEqual({
      ok: false,
      message: 'سؤال غير صحيح: 7',
    });
  });

  it('shortens a very long unknown id in the message', () => {
    const id = 'x'.repeat(100_000);
    const result = validateAdditionalAnswers(QUESTIONS, withAnswer('q-mcq', { id }));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message.startsWith('سؤال غير صحيح: xxx')).toBe(true);
      expect(result.message.length).toBeLessThan(100);
    }
  });

  it('rejects a duplicate answer id even when the count matches', () => {
    const answers = withAnswer('q-mcq-input', { id: 'q-input', answer: 'السباحة' });
    expect(validateAdditionalAnswers(QUESTIONS, answers)).toEqual({
      ok: false,
      message: 'يجب الإجابة على جميع الأسئلة',
      questionId: 'q-input',
    });
  });

  it.each([null, 'q-mcq', 42, ['q-mcq', 'سكن جامعي']])(
    'rejects an answer entry that is not an object (%s)',
    (entry) => {
      const answers: unknown[] = validAnswers();
      answers[2] = entry;
      expect(validateAdditionalAnswers(QUESTIONS, answers)).toEqual({
        ok: false,
        message: MESSAGES.invalidAnswerEntry,
      });
    },
  );

  it.each([undefined, null, { id: 'q-mcq' }, ['q-mcq']])(
    'rejects an answer entry whose id is not a string (%s)',
    (id) => {
      expect(validateAdditionalAnswers(QUESTIONS, withAnswer('q-mcq', { id }))).toEqual({
        ok: false,
        message: MESSAGES.invalidAnswerEntry,
      });
    },
  );

  it('does not treat inherited property names as question ids', () => {
    for (const id of ['__proto__', 'constructor', 'toString']) {
      expect(validateAdditionalAnswers(QUESTIONS, withAnswer('q-mcq', { id }))).toEqual({
        ok: false,
        message: `سؤال غير صحيح: ${id}`,
      });
    }
  });

  it('rejects extra text that is not a string', () => {
    expect(validateAdditionalAnswers(QUESTIONS, withAnswer('q-yes', { answer: 'نعم', input: 5 }))).toEqual({
      ok: false,
      message: `إجابة غير صحيحة للسؤال: ${quote('هل تعاني من مرض مزمن؟')}`,
      questionId: 'q-yes',
    });
  });

  it('accepts a missing or null extra text when none is needed', () => {
    const answers = validAnswers().map(({ id, answer }) => ({ id, answer }));
    expect(validateAdditionalAnswers(QUESTIONS, answers)).toEqual({ ok: true });
    expect(validateAdditionalAnswers(QUESTIONS, withAnswer('q-mcq', { input: null }))).toEqual({ ok: true });
  });

  it('skips malformed questions instead of throwing', () => {
    const questions = [null, 'x', { id: 3 }, { id: 'q-input', type: 'input', question: 'س' }];
    const answers = [
      { id: 'q-input', answer: 'a' },
      { id: 'a', answer: 'b' },
      { id: 'b', answer: 'c' },
      { id: 'c', answer: 'd' },
    ];
    expect(validateAdditionalAnswers(questions, answers)).toEqual({ ok: false, message: 'سؤال غير صحيح: a' });
  });

  it('treats a question without an options list as having no options', () => {
    const questions = [{ id: 'q', type: 'mcq', question: 'س' }];
    expect(validateAdditionalAnswers(questions, [{ id: 'q', answer: 'أ' }])).toEqual({
      ok: false,
      message: 'إجابة غير صحيحة للسؤال: "س"',
      questionId: 'q',
    });
  });
});

describe('validateAdditionalAnswers: mcq', () => {
  it.each(['سكن آخر', '', ' سكن جامعي', ['سكن جامعي'], null, undefined, 1])(
    'rejects an answer that is not one of the options (%s)',
    (answer) => {
      expect(validateAdditionalAnswers(QUESTIONS, withAnswer('q-mcq', { answer }))).toEqual({
        ok: false,
        message: 'إجابة غير صحيحة للسؤال: "ما نوع سكنك؟"',
        questionId: 'q-mcq',
      });
    },
  );
});

describe('validateAdditionalAnswers: multi_select_input', () => {
  const multi = (answer: unknown, input?: unknown) =>
    validateAdditionalAnswers(QUESTIONS, withAnswer('q-multi', { answer, input }));

  it.each(['الأصدقاء', '', null, undefined, { 0: 'الأصدقاء' }])(
    'rejects an answer that is not a list (%s)',
    (answer) => {
      expect(multi(answer)).toEqual({
        ok: false,
        message: 'يجب أن تكون الإجابة في صورة قائمة',
        questionId: 'q-multi',
      });
    },
  );

  it('rejects an empty list', () => {
    expect(multi([])).toEqual({ ok: false, message: 'يجب الإجابة على السؤال', questionId: 'q-multi' });
  });

  it.each([
    [['الأصدقاء', 'التلفاز']],
    [['الإنترنت ']],
    [[1]],
    [[null]],
    [[['الأصدقاء']]],
    [['الأصدقاء', 'الأصدقاء']],
  ])('rejects an item that is not an option, or chosen twice (%j)', (answer) => {
    expect(multi(answer)).toEqual({ ok: false, message: 'اختيار غير صحيح', questionId: 'q-multi' });
  });

  it('accepts a single option and all options', () => {
    expect(multi(['الإنترنت'])).toEqual({ ok: true });
    expect(multi(['الأصدقاء', 'الإنترنت', 'أخرى'], 'الصحف')).toEqual({ ok: true });
  });

  it.each([undefined, null, '', '   \n\t'])('requires extra text when "other" is chosen (%j)', (input) => {
    expect(multi(['الأصدقاء', 'أخرى'], input)).toEqual({
      ok: false,
      message: 'يجب إدخال تفاصيل إضافية عند اختيار أخرى',
      questionId: 'q-multi',
    });
  });

  it('checks the options before the extra text', () => {
    expect(multi(['أخرى', 'غير موجود'], '')).toMatchObject({ message: MESSAGES.invalidOption });
  });

  it('recognises "other" inside a longer option and spelled without hamza', () => {
    const questions = [
      { id: 'm', type: 'multi_select_input', question: 'س', options: ['أ', 'جهة أخرى', 'اخرى'] },
    ];
    for (const option of ['جهة أخرى', 'اخرى']) {
      expect(validateAdditionalAnswers(questions, [{ id: 'm', answer: [option], input: ' ' }])).toMatchObject(
        {
          message: MESSAGES.otherDetailsRequired,
        },
      );
      expect(validateAdditionalAnswers(questions, [{ id: 'm', answer: [option], input: 'ذكر' }])).toEqual({
        ok: true,
      });
    }
  });
});

describe('validateAdditionalAnswers: input', () => {
  it.each(['', '   ', '\n\t', null, undefined, ['القراءة'], 3])(
    'requires a non-blank string (%j)',
    (answer) => {
      expect(validateAdditionalAnswers(QUESTIONS, withAnswer('q-input', { answer }))).toEqual({
        ok: false,
        message: 'يجب الإجابة على السؤال',
        questionId: 'q-input',
      });
    },
  );
});

describe('validateAdditionalAnswers: mcq_yes_input', () => {
  const yes = (answer: unknown, input?: unknown) =>
    validateAdditionalAnswers(QUESTIONS, withAnswer('q-yes', { answer, input }));

  it.each(['ربما', '', ['نعم'], null])('rejects an answer that is not one of the options (%j)', (answer) => {
    expect(yes(answer, 'تفاصيل')).toEqual({
      ok: false,
      message: 'إجابة غير صحيحة للسؤال: "هل تعاني من مرض مزمن؟"',
      questionId: 'q-yes',
    });
  });

  it.each([undefined, null, '', '  '])('requires extra text when answering yes (%j)', (input) => {
    expect(yes('نعم', input)).toEqual({
      ok: false,
      message: 'يجب إدخال تفاصيل إضافية عند الإجابة بنعم',
      questionId: 'q-yes',
    });
  });

  it('accepts yes with extra text and no without it', () => {
    expect(yes('نعم', 'الربو')).toEqual({ ok: true });
    expect(yes('لا', '')).toEqual({ ok: true });
    expect(yes('لا')).toEqual({ ok: true });
  });
});

describe('validateAdditionalAnswers: mcq_input', () => {
  const mcqInput = (answer: unknown, input?: unknown) =>
    validateAdditionalAnswers(QUESTIONS, withAnswer('q-mcq-input', { answer, input }));

  it.each(['دراجة', '', ['مواصلات عامة'], undefined])(
    'rejects an answer that is not an option (%j)',
    (answer) => {
      expect(mcqInput(answer)).toEqual({
        ok: false,
        message: 'إجابة غير صحيحة للسؤال: "ما وسيلة انتقالك؟"',
        questionId: 'q-mcq-input',
      });
    },
  );

  it.each([undefined, null, '', ' '])(
    'requires extra text when the "other" option is chosen (%j)',
    (input) => {
      expect(mcqInput('وسيلة أخرى', input)).toEqual({
        ok: false,
        message: 'يجب إدخال تفاصيل إضافية عند اختيار أخرى',
        questionId: 'q-mcq-input',
      });
    },
  );

  it('accepts "other" with extra text and a plain option without it', () => {
    expect(mcqInput('وسيلة أخرى', 'دراجة')).toEqual({ ok: true });
    expect(mcqInput('سيارة خاصة', '')).toEqual({ ok: true });
  });
});

describe('validateAdditionalAnswers: unknown type', () => {
  it.each(['rating', '', null, undefined, 3])('rejects a question of unknown type (%j)', (type) => {
    const questions = [{ id: 'q', type, question: 'قيم الخدمة', options: ['1', '2'] }];
    expect(validateAdditionalAnswers(questions, [{ id: 'q', answer: '1' }])).toEqual({
      ok: false,
      message: 'نوع سؤال غير معروف للسؤال: "قيم الخدمة"',
      questionId: 'q',
    });
  });
});

describe('validateAdditionalAnswers: order of rules', () => {
  it('reports the first broken answer in answer order', () => {
    const answers = validAnswers();
    answers[1] = { id: 'q-multi', answer: [] };
    answers[2] = { id: 'q-input', answer: '' };
    expect(validateAdditionalAnswers(QUESTIONS, answers)).toMatchObject({ questionId: 'q-multi' });
  });

  it('checks the count before the ids', () => {
    expect(validateAdditionalAnswers(QUESTIONS, [{ id: 'nope', answer: '' }])).toMatchObject({
      message: MESSAGES.answerAllQuestions,
    });
  });
});
