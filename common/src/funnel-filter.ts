import { DOCUMENTS_STATUSES, type DocumentsStatus } from './documents-status.js';
import { PROGRESS_STEPS, type ProgressState, type ProgressStep } from './progress.js';
import { studentProgress } from './student-progress.js';
import { z } from './zod.js';

/**
 * The admission funnel's filter (issue 36): students at a step of the tracker in a state. The states come from
 * `studentProgress` itself (the tracker the student sees), applied to every combination of what it reads, so that
 * a staff count and a student's own tracker can never disagree. Apart from the funnel's answers (funnel.ts) so
 * that the student list and the staff message can carry it without importing them.
 */

/** The states the funnel counts (a `todo` step is one nobody has reached yet: not a place to be stuck). */
export const FUNNEL_STATES = ['done', 'current', 'blocked'] as const;
export type FunnelState = (typeof FUNNEL_STATES)[number];

export const FUNNEL_STATE_LABELS: Record<FunnelState, string> = {
  done: 'أنهوا الخطوة',
  current: 'عند الخطوة',
  blocked: 'متوقفون (مطلوب إجراء)',
};

/** Longest daily series: a year and a day. */
export const FUNNEL_MAX_DAYS = 366;

export const FUNNEL_MESSAGES = {
  stepInvalid: 'خطوة المتابعة غير صحيحة',
  stateInvalid: 'حالة الخطوة غير صحيحة',
  stepStateTogether: 'اختر الخطوة وحالتها معا',
  dateInvalid: 'التاريخ يجب أن يكون بالشكل YYYY-MM-DD وتاريخا صحيحا',
  rangeBackwards: 'تاريخ البداية يجب ألا يكون بعد تاريخ النهاية',
  rangeTooLong: `المدة يجب ألا تزيد عن ${FUNNEL_MAX_DAYS} يوما`,
  facultyOutsideScope: 'هذه الكلية خارج نطاق صلاحياتك',
  seasonNotFound: 'العام الدراسي غير موجود',
  exportTitle: 'مسار القبول',
} as const;

/** What the tracker reads of a student, as flags (its documents list only words a detail the funnel does not show). */
export interface ProgressFlags {
  isPassed: boolean;
  isCompletedAdditionalQuestions: boolean;
  isComplete: boolean;
  documentsStatus: DocumentsStatus;
  socialWork: boolean;
  appointed: boolean;
  formsDownloaded: boolean;
}

/** The state of one step for a student with these flags; undefined when its tracker has no such step. */
export function progressStateOf(flags: ProgressFlags, step: ProgressStep): ProgressState | undefined {
  return studentProgress({ ...flags, documents: [] }).find((entry) => entry.step === step)?.state;
}

const BOTH = [false, true] as const;

/** Every combination of flags a student can have (256): the rows of the funnel's truth table. */
export const ALL_PROGRESS_FLAGS: readonly ProgressFlags[] = BOTH.flatMap((isPassed) =>
  BOTH.flatMap((isCompletedAdditionalQuestions) =>
    BOTH.flatMap((isComplete) =>
      DOCUMENTS_STATUSES.flatMap((documentsStatus) =>
        BOTH.flatMap((socialWork) =>
          BOTH.flatMap((appointed) =>
            BOTH.map((formsDownloaded) => ({
              isPassed,
              isCompletedAdditionalQuestions,
              isComplete,
              documentsStatus,
              socialWork,
              appointed,
              formsDownloaded,
            })),
          ),
        ),
      ),
    ),
  ),
);

/** The combinations whose tracker shows `step` in `state`: what the student list's progress filter selects. */
export function progressFlagsIn(step: ProgressStep, state: FunnelState): ProgressFlags[] {
  return ALL_PROGRESS_FLAGS.filter((flags) => progressStateOf(flags, step) === state);
}

const stepField = z.enum(PROGRESS_STEPS, { error: FUNNEL_MESSAGES.stepInvalid });
const stateField = z.enum(FUNNEL_STATES, { error: FUNNEL_MESSAGES.stateInvalid });

/** The student list's and the staff message's progress filter: students at `step` in `state` (issue 36). */
export const progressFilterSchema = z.object(
  { step: stepField, state: stateField },
  { error: FUNNEL_MESSAGES.stepStateTogether },
);
export type ProgressFilter = z.infer<typeof progressFilterSchema>;
