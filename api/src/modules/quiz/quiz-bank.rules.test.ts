import { CONTENT_MESSAGES, QUIZ_QUESTION_COUNT } from '@portal/common';
import { describe, expect, it } from 'vitest';
import {
  isCharterSection,
  leavesEnoughActive,
  planQuizEdit,
  type QuizQuestionState,
  quizEditAction,
  quizEditMessage,
} from './quiz-bank.rules.js';

const CURRENT: QuizQuestionState = {
  question: 'يلتزم الطالب بالحضور.',
  answer: true,
  section: 'الباب الأول',
  active: true,
};

describe('planQuizEdit', () => {
  it('makes a new version when the wording, the answer or the section changes', () => {
    for (const change of [{ question: 'نص آخر للسؤال' }, { answer: false }, { section: null }]) {
      const plan = planQuizEdit(CURRENT, change);
      expect(plan.newVersion).toBe(true);
      expect(plan.unchanged).toBe(false);
      expect(plan.next).toEqual({ ...CURRENT, ...change });
    }
    expect(planQuizEdit(CURRENT, { question: 'نص آخر للسؤال' }).textChanged).toBe(true);
    expect(planQuizEdit(CURRENT, { answer: false }).textChanged).toBe(false);
    expect(planQuizEdit(CURRENT, { section: 'الباب الثاني' }).sectionChanged).toBe(true);
  });

  it('makes none when the fields given are the ones stored', () => {
    const plan = planQuizEdit(CURRENT, { ...CURRENT });
    expect(plan).toMatchObject({ newVersion: false, retires: false, restores: false, unchanged: true });
    expect(planQuizEdit({ ...CURRENT, section: null }, { section: null }).unchanged).toBe(true);
  });

  it('retires and restores without a new version when only active changes', () => {
    expect(planQuizEdit(CURRENT, { active: false })).toMatchObject({
      newVersion: false,
      retires: true,
      restores: false,
      unchanged: false,
    });
    expect(planQuizEdit({ ...CURRENT, active: false }, { active: true })).toMatchObject({
      newVersion: false,
      retires: false,
      restores: true,
    });
  });

  it('treats retiring a retired question and restoring an active one as no change', () => {
    expect(planQuizEdit({ ...CURRENT, active: false }, { active: false }).unchanged).toBe(true);
    expect(planQuizEdit(CURRENT, { active: true }).unchanged).toBe(true);
  });

  it('edits and retires at once', () => {
    const plan = planQuizEdit(CURRENT, { answer: false, active: false });
    expect(plan).toMatchObject({ newVersion: true, retires: true });
    expect(quizEditAction(plan)).toBe('content.quiz.retire');
    expect(quizEditMessage(plan)).toBe(CONTENT_MESSAGES.quizQuestionRetired);
  });
});

describe('leavesEnoughActive', () => {
  it('keeps a whole draw active', () => {
    expect(leavesEnoughActive(QUIZ_QUESTION_COUNT + 1)).toBe(true);
    expect(leavesEnoughActive(QUIZ_QUESTION_COUNT)).toBe(false);
    expect(leavesEnoughActive(0)).toBe(false);
    expect(leavesEnoughActive(3, 2)).toBe(true);
  });
});

describe('isCharterSection', () => {
  const titles = ['الباب الأول', ' الباب الثاني '];
  it('accepts none or a title of the published charter, spaces around it aside', () => {
    expect(isCharterSection(null, titles)).toBe(true);
    expect(isCharterSection(null, [])).toBe(true);
    expect(isCharterSection('الباب الأول', titles)).toBe(true);
    expect(isCharterSection('الباب الثاني', titles)).toBe(true);
  });

  it('refuses any other text', () => {
    expect(isCharterSection('الباب الثالث', titles)).toBe(false);
    expect(isCharterSection('الباب', titles)).toBe(false);
    expect(isCharterSection('الباب الأول', [])).toBe(false);
  });
});

describe('quizEditMessage and quizEditAction', () => {
  it('names a save, a retirement and a restoration', () => {
    expect(quizEditMessage(planQuizEdit(CURRENT, { answer: false }))).toBe(
      CONTENT_MESSAGES.quizQuestionSaved,
    );
    expect(quizEditAction(planQuizEdit(CURRENT, { answer: false }))).toBe('content.quiz.update');
    const restore = planQuizEdit({ ...CURRENT, active: false }, { active: true });
    expect(quizEditMessage(restore)).toBe(CONTENT_MESSAGES.quizQuestionRestored);
    expect(quizEditAction(restore)).toBe('content.quiz.restore');
  });

  it('answers a retirement of a retired question as retired', () => {
    expect(quizEditMessage(planQuizEdit({ ...CURRENT, active: false }, { active: false }))).toBe(
      CONTENT_MESSAGES.quizQuestionRetired,
    );
  });
});
