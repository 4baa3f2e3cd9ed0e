/**
 * The committee's decisions (issue 18), apart from the interview schemas so that the student lookup, which the
 * login screen loads, carries the two words and not the interviews' schemas and messages.
 */
export const INTERVIEW_DECISIONS = ['suitable', 'notSuitable'] as const;
export type InterviewDecision = (typeof INTERVIEW_DECISIONS)[number];
export const INTERVIEW_DECISION_LABELS: Record<InterviewDecision, string> = {
  suitable: 'لائق',
  notSuitable: 'غير لائق',
};
