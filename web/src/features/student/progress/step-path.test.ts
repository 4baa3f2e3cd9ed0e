import type { ProgressEntry } from '@portal/common';
import { describe, expect, it } from 'vitest';
import { progressStepPath } from './step-path';

const NEW = { isPassed: false, isCompletedAdditionalQuestions: false, isComplete: false };
const ANSWERED = { isPassed: true, isCompletedAdditionalQuestions: true, isComplete: false };
const COMPLETE = { ...ANSWERED, isComplete: true };

const at = (step: ProgressEntry['step'], state: ProgressEntry['state'] = 'todo'): ProgressEntry => ({
  step,
  state,
});

describe('the screen a tracker step opens', () => {
  it('opens the charter and the questionnaire only while the routing would keep the student there', () => {
    expect(progressStepPath(at('charter', 'current'), NEW)).toBe('/dashboard/documentDownloadPage');
    expect(progressStepPath(at('charter', 'done'), ANSWERED)).toBeNull();
    // Before the pass, the questionnaire sends the student to the charter.
    expect(progressStepPath(at('questionnaire'), NEW)).toBeNull();
    expect(progressStepPath(at('questionnaire', 'current'), { ...NEW, isPassed: true })).toBe(
      '/dashboard/additionalQuestions',
    );
    expect(progressStepPath(at('questionnaire', 'done'), ANSWERED)).toBeNull();
  });

  it('always opens the data form, where the documents are uploaded too, and the replacement when blocked', () => {
    expect(progressStepPath(at('data'), NEW)).toBe('/dashboard/studentDataEnter');
    expect(progressStepPath(at('data', 'done'), COMPLETE)).toBe('/dashboard/studentDataEnter');
    expect(progressStepPath(at('documents'), ANSWERED)).toBe('/dashboard/studentDataEnter');
    expect(progressStepPath(at('documents', 'current'), COMPLETE)).toBe('/dashboard/studentDataEnter');
    expect(progressStepPath(at('documents', 'blocked'), COMPLETE)).toBe('/dashboard/replaceDocuments');
  });

  it('opens the interview and the forms once the data is complete', () => {
    expect(progressStepPath(at('interview'), ANSWERED)).toBeNull();
    expect(progressStepPath(at('forms'), ANSWERED)).toBeNull();
    expect(progressStepPath(at('interview', 'current'), COMPLETE)).toBe('/dashboard/studentAppointment');
    expect(progressStepPath(at('forms', 'done'), COMPLETE)).toBe('/dashboard/formsDownload');
  });
});
