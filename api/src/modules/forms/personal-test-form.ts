import {
  formatScheduleDate,
  INTERVIEW_CRITERIA,
  INTERVIEW_DECISION_LABELS,
  INTERVIEW_TOTAL_MAX,
  type InterviewScores,
  PERIOD_LABELS,
  type Period,
  WEEKDAY_NAMES,
  weekdayOf,
} from '@portal/common';
import { formatIssuedAt } from './form-fields.js';
import type { FormStudent } from './forms.repository.js';

/** The interview appointment as the personal-test form prints it. */
export interface PrintedAppointment {
  day: string;
  weekday: string;
  period: string;
}

/** The committee's saved outcome as the personal-test form prints it. */
export interface PrintedOutcome {
  attended: boolean;
  /** The total out of `max`, or null until all six criteria are scored. */
  total: number | null;
  max: number;
  /** 'suitable' or 'notSuitable' with its Arabic label, or null while undecided. */
  decision: { code: 'suitable' | 'notSuitable'; label: string } | null;
  notes: string | null;
  /** dd/MM/yyyy in the university's time zone: when the outcome was first recorded. */
  date: string;
}

/** The student's appointment as printed, or null without one (the form is filled by hand then). */
export function appointmentOf(s: FormStudent): PrintedAppointment | null {
  if (!s.appointedDay || s.appointedHour === null) return null;
  return {
    day: formatScheduleDate(s.appointedDay),
    weekday: WEEKDAY_NAMES[weekdayOf(s.appointedDay)] ?? '',
    period: PERIOD_LABELS[s.appointedHour as Period] ?? `${s.appointedHour}:00`,
  };
}

/** dd/MM/yyyy of the instant in the time zone (the date part of `formatIssuedAt`). */
const formatDay = (instant: Date, timeZone: string) => formatIssuedAt(instant, timeZone).slice(0, 10);

/** The six criteria of the common definition, each with its recorded score when the student attended. */
export function criteriaOf(s: Pick<FormStudent, 'interviewAttended' | 'interviewScores'>) {
  const scores = (s.interviewAttended ? s.interviewScores : null) as InterviewScores | null;
  return INTERVIEW_CRITERIA.map(({ key, label, max }) => ({ label, max, score: scores?.[key] ?? null }));
}

/** The saved outcome as printed, or null before the committee saved one (the form is filled by hand then). */
export function outcomeOf(
  s: Pick<
    FormStudent,
    'interviewAttended' | 'interviewTotal' | 'interviewDecision' | 'interviewNotes' | 'interviewRecordedAt'
  >,
  timeZone: string,
): PrintedOutcome | null {
  if (s.interviewAttended === null || s.interviewRecordedAt === null) return null;
  return {
    attended: s.interviewAttended,
    total: s.interviewTotal,
    max: INTERVIEW_TOTAL_MAX,
    decision: s.interviewDecision
      ? { code: s.interviewDecision, label: INTERVIEW_DECISION_LABELS[s.interviewDecision] }
      : null,
    notes: s.interviewNotes?.trim() || null,
    date: formatDay(s.interviewRecordedAt, timeZone),
  };
}
