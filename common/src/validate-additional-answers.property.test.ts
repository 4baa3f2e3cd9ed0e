import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AdditionalQuestion, OTHER_WORD, QUESTION_TYPES, YES_ANSWER } from './additional-questions.js';
import { validateAdditionalAnswers } from './validate-additional-answers.js';

const RUNS = { numRuns: 200 };
const ARABIC_LETTER = /[\u0621-\u064a]/;

interface Entry {
  id: unknown;
  answer: unknown;
  input?: unknown;
}

const optionText = fc.string({
  unit: fc.constantFrom(...'ابتثجحخدرزسشصطعفقلمنهوي '),
  minLength: 2,
  maxLength: 12,
});

/** A questionnaire of 1–8 questions of every type, with unique ids and options ('other' and 'yes' among them). */
const questionnaire = fc
  .uniqueArray(fc.string({ unit: fc.constantFrom(...'abcdefghij_'), minLength: 1, maxLength: 8 }), {
    minLength: 1,
    maxLength: 8,
  })
  .chain((ids) =>
    fc.tuple(
      ...ids.map((id) =>
        fc.record({
          id: fc.constant(id),
          type: fc.constantFrom(...QUESTION_TYPES),
          question: fc.constant(`سؤال ${id}`),
          description: fc.constant(null),
          options: fc
            .uniqueArray(optionText, { minLength: 1, maxLength: 5 })
            .map((options) => [...new Set([...options, `${OTHER_WORD} (حدد)`, YES_ANSWER])]),
        }),
      ),
    ),
  );

/** A valid answer to each question, in the order `order` (a permutation); `pick` chooses among the options. */
function validAnswers(questions: readonly AdditionalQuestion[], pick: number[], order: number[]): Entry[] {
  const entries = questions.map((question, i): Entry => {
    const choice = question.options[(pick[i] ?? 0) % question.options.length] as string;
    switch (question.type) {
      case 'input':
        return { id: question.id, answer: `نص الإجابة ${i}` };
      case 'multi_select_input':
        return { id: question.id, answer: [choice], input: 'تفاصيل إضافية' };
      default:
        return { id: question.id, answer: choice, input: 'تفاصيل إضافية' };
    }
  });
  return order.map((i) => entries[i] as Entry);
}

const generated = questionnaire.chain((questions) =>
  fc.record({
    questions: fc.constant(questions),
    pick: fc.array(fc.nat(), { minLength: questions.length, maxLength: questions.length }),
    order: fc.shuffledSubarray(
      questions.map((_, i) => i),
      { minLength: questions.length, maxLength: questions.length },
    ),
  }),
);

/** Ways to break one entry (or the list), each breaking a rule of spec section 5. */
const MUTATIONS: Record<string, (entries: Entry[], at: number, question: AdditionalQuestion) => Entry[]> = {
  'drop an answer': (entries, at) => entries.filter((_, i) => i !== at),
  'answer an unknown question': (entries, at) =>
    entries.map((e, i) => (i === at ? { ...e, id: `${String(e.id)}-unknown` } : e)),
  'answer the same question twice': (entries, at) =>
    entries.length === 1
      ? [...entries, { ...(entries[0] as Entry) }]
      : entries.map((e, i) => (i === (at + 1) % entries.length ? { ...(entries[at] as Entry) } : e)),
  'an id that is a number': (entries, at) => entries.map((e, i) => (i === at ? { ...e, id: 7 } : e)),
  'an entry that is not an object': (entries, at) =>
    entries.map((e, i) => (i === at ? ('نعم' as unknown as Entry) : e)),
  'an answer that is not a choice': (entries, at, question) =>
    entries.map((e, i) =>
      i === at
        ? {
            ...e,
            answer:
              question.type === 'input'
                ? '   '
                : question.type === 'multi_select_input'
                  ? ['ليس خيارا']
                  : 'ليس خيارا',
          }
        : e,
    ),
  'input that is not text': (entries, at) =>
    entries.map((e, i) => (i === at ? { ...e, input: { $ne: 1 } } : e)),
};

describe('validateAdditionalAnswers (properties)', () => {
  it('accepts valid answers to any questionnaire, in any order', () => {
    fc.assert(
      fc.property(generated, ({ questions, pick, order }) => {
        const answers = validAnswers(questions, pick, order);
        expect(answers).toHaveLength(questions.length);
        expect(validateAdditionalAnswers(questions, answers)).toEqual({ ok: true });
      }),
      RUNS,
    );
  });

  it('refuses answers broken in any one way, with an Arabic message', () => {
    fc.assert(
      fc.property(
        generated,
        fc.nat(),
        fc.constantFrom(...Object.keys(MUTATIONS)),
        ({ questions, pick, order }, n, how) => {
          const answers = validAnswers(questions, pick, order);
          const at = n % answers.length;
          const question = questions.find((q) => q.id === answers[at]?.id) as AdditionalQuestion;
          const mutate = MUTATIONS[how] as (typeof MUTATIONS)[string];
          const result = validateAdditionalAnswers(questions, mutate(answers, at, question));
          expect(result.ok, how).toBe(false);
          if (!result.ok) expect(result.message).toMatch(ARABIC_LETTER);
        },
      ),
      RUNS,
    );
  });

  it('asks for the extra text when "other" or "yes" is chosen without it', () => {
    fc.assert(
      fc.property(generated, ({ questions, pick, order }) => {
        const answers = validAnswers(questions, pick, order).map((entry) => {
          const question = questions.find((q) => q.id === entry.id) as AdditionalQuestion;
          if (question.type === 'mcq_input' || question.type === 'multi_select_input')
            return {
              ...entry,
              answer: question.type === 'mcq_input' ? `${OTHER_WORD} (حدد)` : [`${OTHER_WORD} (حدد)`],
              input: ' ',
            };
          if (question.type === 'mcq_yes_input') return { ...entry, answer: YES_ANSWER, input: '' };
          return entry;
        });
        const asksExtra = questions.some((q) =>
          ['mcq_input', 'multi_select_input', 'mcq_yes_input'].includes(q.type),
        );
        expect(validateAdditionalAnswers(questions, answers).ok).toBe(!asksExtra);
      }),
      RUNS,
    );
  });

  it('never throws on any JSON, and every refusal is Arabic', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (questions, answers) => {
        const result = validateAdditionalAnswers(questions, answers);
        if (!result.ok) expect(result.message).toMatch(ARABIC_LETTER);
      }),
      RUNS,
    );
    fc.assert(
      fc.property(
        generated,
        fc.array(fc.record({ id: fc.anything(), answer: fc.anything(), input: fc.anything() })),
        ({ questions }, answers) => {
          const result = validateAdditionalAnswers(questions, answers);
          if (!result.ok) expect(result.message).toMatch(ARABIC_LETTER);
        },
      ),
      RUNS,
    );
  });
});
