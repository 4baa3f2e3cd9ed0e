import { describe, expect, it } from 'vitest';
import { INTERVIEW_MESSAGES } from './interview-messages.js';
import {
  createSlotRequestSchema,
  dateRangeQuerySchema,
  INTERVIEW_CRITERIA,
  INTERVIEW_CRITERION_KEYS,
  INTERVIEW_TOTAL_MAX,
  interviewOutcomeRequestSchema,
  interviewTotal,
  updateSlotRequestSchema,
} from './interviews.js';
import { MESSAGE_TEMPLATES, MESSAGES } from './messages.js';

/** The first message of a failed parse. */
function messageOf(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

const FULL = { appearance: 8, expression: 15, culture: 12, motivation: 18, balance: 10, communication: 17 };

describe('the criteria of the personal-test form', () => {
  it('are the six of the form, in its order, with their maxima, out of 100', () => {
    expect(INTERVIEW_CRITERIA.map(({ key, label, max }) => [key, label, max])).toEqual([
      ['appearance', 'المظهر العام', 10],
      ['expression', 'التعبير والحوار', 20],
      ['culture', 'الثقافة العامة والقضايا الاجتماعية', 15],
      ['motivation', 'الدافعية للعمل الاجتماعي', 20],
      ['balance', 'الاتزان الانفعالي والثقة بالنفس', 15],
      ['communication', 'التواصل والعلاقات الإنسانية', 20],
    ]);
    expect(INTERVIEW_CRITERION_KEYS).toEqual(INTERVIEW_CRITERIA.map((c) => c.key));
    expect(INTERVIEW_TOTAL_MAX).toBe(100);
  });

  it('total only once all six are scored', () => {
    expect(interviewTotal(FULL)).toBe(80);
    expect(interviewTotal({ ...FULL, communication: undefined })).toBeNull();
    expect(interviewTotal({})).toBeNull();
  });
});

describe('slot requests', () => {
  const slot = { date: '2030-01-02', period: 9, capacity: 30, place: '  قاعة 3 ' };

  it('accepts a slot, trimming the place and reading typed digits', () => {
    expect(createSlotRequestSchema.parse(slot)).toEqual({ ...slot, place: 'قاعة 3' });
    expect(createSlotRequestSchema.parse({ ...slot, period: '12', capacity: '٥٠٠' })).toMatchObject({
      period: 12,
      capacity: 500,
    });
  });

  it.each([
    ['capacity 0', { capacity: 0 }, INTERVIEW_MESSAGES.slotCapacityInvalid],
    ['capacity 501', { capacity: 501 }, INTERVIEW_MESSAGES.slotCapacityInvalid],
    ['capacity 2.5', { capacity: 2.5 }, INTERVIEW_MESSAGES.slotCapacityInvalid],
    ['capacity -3', { capacity: -3 }, INTERVIEW_MESSAGES.slotCapacityInvalid],
    ['capacity as text', { capacity: 'ثلاثون' }, INTERVIEW_MESSAGES.slotCapacityInvalid],
    ['no capacity', { capacity: undefined }, INTERVIEW_MESSAGES.slotCapacityRequired],
    ['an empty place', { place: '   ' }, INTERVIEW_MESSAGES.slotPlaceRequired],
    ['no place', { place: undefined }, INTERVIEW_MESSAGES.slotPlaceRequired],
    ['a place of 101 characters', { place: 'ق'.repeat(101) }, INTERVIEW_MESSAGES.slotPlaceTooLong],
    ['a place on two lines', { place: 'قاعة\n3' }, INTERVIEW_MESSAGES.slotPlaceInvalid],
    ['a place that is a number', { place: 3 }, INTERVIEW_MESSAGES.slotPlaceInvalid],
    ['period 10', { period: 10 }, MESSAGES.schedulePeriodInvalid],
    ['an impossible date', { date: '2030-02-30' }, MESSAGES.scheduleDateInvalid],
  ])('refuses %s with its Arabic message', (_, change, message) => {
    expect(messageOf(createSlotRequestSchema.safeParse({ ...slot, ...change }))).toBe(message);
  });

  it('a change names at least one of capacity, place, closed', () => {
    expect(updateSlotRequestSchema.parse({ closed: true })).toEqual({ closed: true });
    expect(updateSlotRequestSchema.parse({ capacity: '12' })).toEqual({ capacity: 12 });
    expect(messageOf(updateSlotRequestSchema.safeParse({}))).toBe(INTERVIEW_MESSAGES.slotChangeRequired);
    expect(messageOf(updateSlotRequestSchema.safeParse({ closed: 'yes' }))).toBe(
      INTERVIEW_MESSAGES.slotClosedInvalid,
    );
    expect(messageOf(updateSlotRequestSchema.safeParse({ capacity: 0 }))).toBe(
      INTERVIEW_MESSAGES.slotCapacityInvalid,
    );
  });

  it('a range of days has its start no later than its end', () => {
    expect(dateRangeQuerySchema.parse({ from: '2030-01-01', to: '2030-01-01' })).toBeTruthy();
    expect(dateRangeQuerySchema.parse({})).toEqual({});
    expect(messageOf(dateRangeQuerySchema.safeParse({ from: '2030-01-02', to: '2030-01-01' }))).toBe(
      INTERVIEW_MESSAGES.dateRangeInvalid,
    );
    expect(messageOf(dateRangeQuerySchema.safeParse({ from: '1/1/2030' }))).toBe(
      MESSAGES.scheduleDateInvalid,
    );
  });
});

describe('outcome requests', () => {
  const parse = (body: unknown) => interviewOutcomeRequestSchema.safeParse(body);

  it('accepts a scored decision, an interview being scored, and an absence', () => {
    expect(parse({ attended: true, scores: FULL, decision: 'suitable', notes: ' جيد ' }).data).toEqual({
      attended: true,
      scores: FULL,
      decision: 'suitable',
      notes: 'جيد',
    });
    expect(parse({ attended: true, scores: { appearance: '٩' } }).data).toEqual({
      attended: true,
      scores: { appearance: 9 },
      decision: null,
      notes: null,
    });
    expect(parse({ attended: false, scores: {}, notes: '' }).data).toEqual({
      attended: false,
      scores: {},
      decision: null,
      notes: null,
    });
    expect(parse({ attended: true, scores: { ...FULL, appearance: 0, expression: 20 } }).success).toBe(true);
  });

  it.each([
    ['no attendance', {}, INTERVIEW_MESSAGES.interviewAttendedRequired],
    ['attendance as text', { attended: 'نعم' }, INTERVIEW_MESSAGES.interviewAttendedRequired],
    [
      'a decision without attendance',
      { attended: false, decision: 'notSuitable' },
      INTERVIEW_MESSAGES.interviewDecisionWithoutAttendance,
    ],
    [
      'scores without attendance',
      { attended: false, scores: { appearance: 5 } },
      INTERVIEW_MESSAGES.interviewScoresWithoutAttendance,
    ],
    [
      'a decision with five scores',
      { attended: true, scores: { ...FULL, balance: undefined }, decision: 'suitable' },
      INTERVIEW_MESSAGES.interviewDecisionNeedsAllScores,
    ],
    [
      'a decision without scores',
      { attended: true, decision: 'suitable' },
      INTERVIEW_MESSAGES.interviewDecisionNeedsAllScores,
    ],
    [
      'an unknown decision',
      { attended: true, scores: FULL, decision: 'accepted' },
      INTERVIEW_MESSAGES.interviewDecisionInvalid,
    ],
    [
      'an unknown criterion',
      { attended: true, scores: { ...FULL, charisma: 5 } },
      MESSAGE_TEMPLATES.interviewCriterionUnknown('charisma'),
    ],
    [
      'a score above its maximum',
      { attended: true, scores: { appearance: 11 } },
      MESSAGE_TEMPLATES.interviewScoreInvalid('المظهر العام', 10),
    ],
    [
      'a negative score',
      { attended: true, scores: { culture: -1 } },
      MESSAGE_TEMPLATES.interviewScoreInvalid('الثقافة العامة والقضايا الاجتماعية', 15),
    ],
    [
      'a score that is not whole',
      { attended: true, scores: { expression: 12.5 } },
      MESSAGE_TEMPLATES.interviewScoreInvalid('التعبير والحوار', 20),
    ],
    [
      'a score as a long text (a formula)',
      { attended: true, scores: { balance: '=HYPERLINK("http://evil.example","x")' } },
      MESSAGE_TEMPLATES.interviewScoreInvalid('الاتزان الانفعالي والثقة بالنفس', 15),
    ],
    ['scores as a list', { attended: true, scores: [5, 5] }, INTERVIEW_MESSAGES.interviewScoresInvalid],
    [
      'notes of 1001 characters',
      { attended: true, notes: 'ن'.repeat(1001) },
      INTERVIEW_MESSAGES.interviewNotesTooLong,
    ],
    ['notes as a number', { attended: true, notes: 5 }, INTERVIEW_MESSAGES.interviewNotesInvalid],
  ])('refuses %s with its Arabic message', (_, body, message) => {
    expect(messageOf(parse(body))).toBe(message);
  });
});

describe('interview messages', () => {
  it('are Arabic sentences, none saying what a general message already says', () => {
    const general = new Set<string>(Object.values(MESSAGES));
    for (const [key, message] of Object.entries(INTERVIEW_MESSAGES)) {
      expect(message, key).toMatch(/^[\u0621-\u064a]/);
      expect(general.has(message), key).toBe(false);
    }
  });
});
