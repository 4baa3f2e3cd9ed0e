import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DOCUMENTS_STATUSES } from './documents-status.js';
import { IMAGE_KINDS } from './limits.js';
import { type ProgressInput, studentProgress } from './student-progress.js';

const FRESH: ProgressInput = {
  isPassed: false,
  isCompletedAdditionalQuestions: false,
  isComplete: false,
  socialWork: false,
  appointed: false,
  documentsStatus: 'none',
  documents: [],
  formsDownloaded: false,
};

const states = (input: ProgressInput) => studentProgress(input).map(({ step, state }) => `${step}:${state}`);

describe('the progress tracker', () => {
  it('starts at the charter, with the interview step only for social-work students', () => {
    expect(states(FRESH)).toEqual([
      'charter:current',
      'questionnaire:todo',
      'data:todo',
      'documents:todo',
      'forms:todo',
    ]);
    expect(states({ ...FRESH, socialWork: true })).toContain('interview:todo');
  });

  it('moves on step by step as the routing takes the student', () => {
    const passed = { ...FRESH, isPassed: true };
    expect(states(passed).slice(0, 2)).toEqual(['charter:done', 'questionnaire:current']);
    const answered = { ...passed, isCompletedAdditionalQuestions: true };
    expect(states(answered)[2]).toBe('data:current');
  });

  it('says the documents await the college while they are reviewed', () => {
    const steps = studentProgress({
      ...FRESH,
      isPassed: true,
      isCompletedAdditionalQuestions: true,
      isComplete: true,
      documentsStatus: 'pending',
    });
    expect(steps[3]).toEqual({
      step: 'documents',
      state: 'current',
      detail: 'المستندات بانتظار مراجعة الكلية',
    });
    expect(steps[4]).toEqual({ step: 'forms', state: 'todo' });
  });

  it('blocks the documents step on a refusal and names each refused document and why', () => {
    const steps = studentProgress({
      ...FRESH,
      isPassed: true,
      isCompletedAdditionalQuestions: true,
      isComplete: true,
      documentsStatus: 'needsReupload',
      documents: [
        { kind: 'frontIdCard', state: 'rejected', reason: 'الصورة غير واضحة أو غير مقروءة' },
        { kind: 'backIdCard', state: 'accepted', reason: null },
        { kind: 'birthCertificate', state: 'rejected', reason: null },
      ],
    });
    const documents = steps.find((step) => step.step === 'documents');
    expect(documents?.state).toBe('blocked');
    expect(documents?.detail).toMatch(/^مطلوب إعادة رفع: /);
    expect(documents?.detail).toContain('(الصورة غير واضحة أو غير مقروءة)');
    expect(documents?.detail).toContain('شهادة الميلاد');
    expect(steps.filter((step) => step.state === 'current')).toHaveLength(0);
  });

  it('is all done once every step is', () => {
    const steps = studentProgress({
      isPassed: true,
      isCompletedAdditionalQuestions: true,
      isComplete: true,
      socialWork: true,
      appointed: true,
      documentsStatus: 'accepted',
      documents: [],
      formsDownloaded: true,
    });
    expect(steps.every((step) => step.state === 'done')).toBe(true);
  });

  it('has exactly one current or blocked step, the first not done, until all are done', () => {
    const input = fc
      .record({
        isPassed: fc.boolean(),
        isCompletedAdditionalQuestions: fc.boolean(),
        isComplete: fc.boolean(),
        socialWork: fc.boolean(),
        appointed: fc.boolean(),
        documentsStatus: fc.constantFrom(...DOCUMENTS_STATUSES),
        formsDownloaded: fc.boolean(),
      })
      // As the routing and the documents rule have it: each step of the first three needs the one before, and
      // the documents have a status only once the data is complete.
      .map((flags) => {
        const isCompletedAdditionalQuestions = flags.isPassed && flags.isCompletedAdditionalQuestions;
        const isComplete = isCompletedAdditionalQuestions && flags.isComplete;
        return {
          ...flags,
          isCompletedAdditionalQuestions,
          isComplete,
          documentsStatus: isComplete ? flags.documentsStatus : ('none' as const),
          documents: IMAGE_KINDS.map((kind) => ({ kind, state: 'rejected' as const, reason: null })),
        };
      });
    fc.assert(
      fc.property(input, (flags) => {
        const steps = studentProgress(flags);
        const firstOpen = steps.findIndex((step) => step.state !== 'done');
        const heads = steps.filter((step) => step.state === 'current' || step.state === 'blocked');
        if (firstOpen === -1) return heads.length === 0;
        return heads.length === 1 && steps.indexOf(heads[0] as (typeof steps)[number]) === firstOpen;
      }),
    );
  });
});
