import {
  INTERVIEW_CRITERIA,
  INTERVIEW_CRITERION_KEYS,
  INTERVIEW_MESSAGES,
  type InterviewCriterion,
  type InterviewOutcome,
  type InterviewOutcomeInput,
  interviewOutcomeRequestSchema,
  normalizeDigits,
} from '@portal/common';
import { type Issue, schemaResolver } from '@/components/admin/schema-resolver';

export type Attendance = '' | 'present' | 'absent';
export type DecisionValue = '' | 'suitable' | 'notSuitable';

/** The outcome form as typed: one text per criterion, so a half-typed or Arabic-Indic score stays as entered. */
export type OutcomeValues = Record<InterviewCriterion, string> & {
  attended: Attendance;
  decision: DecisionValue;
  notes: string;
};

/** The form of a student: blank before the first save, the saved outcome when correcting it. */
export function outcomeValues(outcome: InterviewOutcome | null): OutcomeValues {
  const scores = Object.fromEntries(
    INTERVIEW_CRITERION_KEYS.map((key) => {
      const score = outcome?.scores[key];
      return [key, score === undefined ? '' : String(score)];
    }),
  ) as Record<InterviewCriterion, string>;
  return {
    ...scores,
    attended: outcome === null ? '' : outcome.attended ? 'present' : 'absent',
    decision: outcome?.decision ?? '',
    notes: outcome?.notes ?? '',
  };
}

/**
 * The request the form stands for. An absent student's scores and decision are hidden, not erased (marking
 * present again brings them back), so they are left out here: the server refuses them for an absent student.
 * Blank scores are left out too: an interview may be saved part-scored.
 */
export function outcomeRequest(values: OutcomeValues) {
  const attended = values.attended === '' ? undefined : values.attended === 'present';
  const scores = Object.fromEntries(
    INTERVIEW_CRITERION_KEYS.filter((key) => values[key].trim() !== '').map((key) => [key, values[key]]),
  );
  return {
    attended,
    ...(values.attended !== 'absent' && { scores, decision: values.decision || null }),
    notes: values.notes,
  };
}

/** The field that shows an issue: a score's own, or the decision for the rules that tie it to the scores. */
function fieldOf(issue: Issue): string {
  const [first, second] = issue.path;
  if (first === 'scores' && typeof second === 'string') return second;
  if (typeof first === 'string') return first;
  return issue.message === INTERVIEW_MESSAGES.interviewDecisionNeedsAllScores ? 'decision' : 'attended';
}

/** Client-side validation with the server's own schema and messages. */
export const outcomeResolver = schemaResolver<OutcomeValues, InterviewOutcomeInput>(
  interviewOutcomeRequestSchema,
  { toRequest: outcomeRequest, fieldOf },
);

/** A typed score when it is a whole number from 0 to `max` (Arabic-Indic digits too), else undefined. */
export function scoreOf(text: string, max: number): number | undefined {
  const digits = normalizeDigits(text);
  if (!/^\d{1,3}$/.test(digits)) return undefined;
  const score = Number(digits);
  return score <= max ? score : undefined;
}

/** The sum of the valid scores typed so far, and how many criteria they cover, for the live total. */
export function runningTotal(values: Record<InterviewCriterion, string>): { total: number; scored: number } {
  let total = 0;
  let scored = 0;
  for (const { key, max } of INTERVIEW_CRITERIA) {
    const score = scoreOf(values[key], max);
    if (score === undefined) continue;
    total += score;
    scored += 1;
  }
  return { total, scored };
}
