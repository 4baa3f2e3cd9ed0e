import { describe, expect, it } from 'vitest';
import { studentLanding } from './student-routing.js';

describe('studentLanding', () => {
  it.each([
    [true, true, 'studentDataView'],
    [true, false, 'additionalQuestions'],
    [false, false, 'documentDownloadPage'],
    [false, true, 'documentDownloadPage'],
  ] as const)('isPassed=%s completed=%s goes to %s', (isPassed, isCompletedAdditionalQuestions, expected) => {
    expect(studentLanding({ isPassed, isCompletedAdditionalQuestions })).toBe(expected);
  });
});
