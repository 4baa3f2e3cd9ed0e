import { describe, expect, it } from 'vitest';
import { MESSAGE_TEMPLATES, MESSAGES } from './messages.js';

describe('message templates', () => {
  it('name the question or id', () => {
    expect(MESSAGE_TEMPLATES.invalidQuestion('q1')).toBe('سؤال غير صحيح: q1');
    expect(MESSAGE_TEMPLATES.invalidAnswerFor('س؟')).toBe('إجابة غير صحيحة للسؤال: "س؟"');
    expect(MESSAGE_TEMPLATES.unknownQuestionType('س؟')).toBe('نوع سؤال غير معروف للسؤال: "س؟"');
  });

  it('shorten a long id', () => {
    expect(MESSAGE_TEMPLATES.invalidQuestion('a'.repeat(65))).toBe(`سؤال غير صحيح: ${'a'.repeat(64)}…`);
  });

  it('keep the spec wording of the additional-questions messages', () => {
    expect(MESSAGES.answersNotArray).toBe('يجب أن تكون الإجابات في صورة قائمة');
    expect(MESSAGES.answerAllQuestions).toBe('يجب الإجابة على جميع الأسئلة');
    expect(MESSAGES.answerTheQuestion).toBe('يجب الإجابة على السؤال');
    expect(MESSAGES.invalidOption).toBe('اختيار غير صحيح');
    expect(MESSAGES.otherDetailsRequired).toBe('يجب إدخال تفاصيل إضافية عند اختيار أخرى');
    expect(MESSAGES.yesDetailsRequired).toBe('يجب إدخال تفاصيل إضافية عند الإجابة بنعم');
    expect(MESSAGES.quizUnknownQuestion).toBe('إجابة لسؤال غير موجود في الاختبار');
  });
});
