import { describe, expect, it } from 'vitest';
import { studentLookup } from '@/testing/mock-api';
import { headingTitle, STUDENT_SCREEN_HEADINGS, screenHeadingOf } from './screen-headings';

describe('screenHeadingOf', () => {
  const heading = STUDENT_SCREEN_HEADINGS.quiz;

  it("finds the innermost route's heading among the matched routes' handles", () => {
    const outer = { heading: STUDENT_SCREEN_HEADINGS.studentDataView };
    expect(screenHeadingOf([undefined, outer, { preload: () => {} }, { heading }])).toBe(heading);
    expect(screenHeadingOf([{ heading }, undefined, { preload: () => {} }])).toBe(heading);
  });

  it('finds none when no matched route has one', () => {
    expect(screenHeadingOf([])).toBeUndefined();
    expect(screenHeadingOf([undefined, null, { preload: () => {} }])).toBeUndefined();
  });
});

describe('headingTitle', () => {
  const enter = STUDENT_SCREEN_HEADINGS.studentDataEnter;

  it('is a fixed title whether or not the student is known', () => {
    expect(headingTitle(STUDENT_SCREEN_HEADINGS.studentDataView, undefined)).toBe('بيانات الطالب');
  });

  it("depends on the student's data when the screen says so, and is unknown before it", () => {
    expect(headingTitle(enter, undefined)).toBeUndefined();
    expect(headingTitle(enter, studentLookup({ isComplete: false }).studentData)).toBe('استكمال البيانات');
    expect(headingTitle(enter, studentLookup({ isComplete: true }).studentData)).toBe('تعديل البيانات');
  });
});
