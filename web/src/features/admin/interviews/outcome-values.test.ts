import { INTERVIEW_MESSAGES, MESSAGE_TEMPLATES } from '@portal/common';
import { describe, expect, it } from 'vitest';
import {
  type OutcomeValues,
  outcomeRequest,
  outcomeResolver,
  outcomeValues,
  runningTotal,
} from './outcome-values';

const blank = outcomeValues(null);
const values = (overrides: Partial<OutcomeValues>): OutcomeValues => ({ ...blank, ...overrides });

async function resolve(input: OutcomeValues) {
  // The resolver's context and options are unused: the shared schema decides alone.
  return outcomeResolver(input, undefined, { fields: {}, shouldUseNativeValidation: false });
}

describe('outcome form values', () => {
  it('starts blank, and from the saved outcome when correcting', () => {
    expect(blank).toEqual({
      appearance: '',
      expression: '',
      culture: '',
      motivation: '',
      balance: '',
      communication: '',
      attended: '',
      decision: '',
      notes: '',
    });
    const saved = outcomeValues({
      attended: true,
      scores: { appearance: 0, expression: 20 },
      total: null,
      decision: null,
      notes: null,
      recordedBy: null,
      recordedAt: '2026-08-15T07:30:00.000Z',
      updatedAt: '2026-08-15T07:30:00.000Z',
    });
    expect(saved).toMatchObject({
      attended: 'present',
      appearance: '0',
      expression: '20',
      culture: '',
      notes: '',
    });
  });

  it("leaves out blank scores, and an absent student's scores and decision", () => {
    expect(outcomeRequest(values({ attended: 'present', appearance: ' 7 ', decision: 'suitable' }))).toEqual({
      attended: true,
      scores: { appearance: ' 7 ' },
      decision: 'suitable',
      notes: '',
    });
    expect(
      outcomeRequest(values({ attended: 'absent', appearance: '7', decision: 'suitable', notes: 'x' })),
    ).toEqual({ attended: false, notes: 'x' });
    expect(outcomeRequest(blank)).toMatchObject({ attended: undefined });
  });

  it('adds up only the whole scores within their maxima, Arabic-Indic digits included', () => {
    expect(runningTotal(values({}))).toEqual({ total: 0, scored: 0 });
    expect(
      runningTotal(
        values({ appearance: '١٠', expression: '7.5', culture: '16', motivation: '٢٠', balance: '-1' }),
      ),
    ).toEqual({ total: 30, scored: 2 });
  });

  it("shows each refusal under its own field, and a decision's need of all six scores under the decision", async () => {
    const scoreErrors = await resolve(values({ attended: 'present', appearance: '11', balance: 'abc' }));
    expect(scoreErrors.errors).toMatchObject({
      appearance: { message: MESSAGE_TEMPLATES.interviewScoreInvalid('المظهر العام', 10) },
      balance: { message: MESSAGE_TEMPLATES.interviewScoreInvalid('الاتزان الانفعالي والثقة بالنفس', 15) },
    });
    const partial = await resolve(values({ attended: 'present', appearance: '9', decision: 'suitable' }));
    expect(partial.errors).toEqual({
      decision: { type: 'validate', message: INTERVIEW_MESSAGES.interviewDecisionNeedsAllScores },
    });
    const noAttendance = await resolve(values({ decision: 'notSuitable' }));
    expect(noAttendance.errors).toEqual({
      attended: { type: 'validate', message: INTERVIEW_MESSAGES.interviewAttendedRequired },
    });
  });

  it('gives the request with whole numbers once valid', async () => {
    const result = await resolve(
      values({
        attended: 'present',
        appearance: '٩',
        expression: '20',
        culture: '15',
        motivation: '0',
        balance: '15',
        communication: '20',
        decision: 'suitable',
        notes: '  ',
      }),
    );
    expect(result.values).toEqual({
      attended: true,
      scores: { appearance: 9, expression: 20, culture: 15, motivation: 0, balance: 15, communication: 20 },
      decision: 'suitable',
      notes: null,
    });
  });
});
