import type { DocumentsStatus } from './documents-status.js';
import { IMAGE_KIND_LABELS } from './image-kinds.js';
import type { ProgressEntry, ProgressState, ProgressStep } from './progress.js';
import type { StudentDocument } from './student-lookup.js';

/** How the tracker names each step. */
export const PROGRESS_STEP_LABELS: Record<ProgressStep, string> = {
  charter: 'اختبار ميثاق الطالب',
  questionnaire: 'الاستبيان',
  data: 'استكمال البيانات',
  documents: 'مراجعة المستندات',
  interview: 'موعد الاختبار الشخصي',
  forms: 'تنزيل الاستمارات',
};

export const PROGRESS_STATE_LABELS: Record<ProgressState, string> = {
  done: 'تم',
  current: 'الخطوة الحالية',
  todo: 'لم تبدأ بعد',
  blocked: 'مطلوب إجراء منك',
};

/** What the tracker reads of the student: the lookup's flags, and whether the forms were ever downloaded. */
export interface ProgressInput {
  isPassed: boolean;
  isCompletedAdditionalQuestions: boolean;
  isComplete: boolean;
  socialWork: boolean;
  appointed: boolean;
  documentsStatus: DocumentsStatus;
  documents: readonly Pick<StudentDocument, 'kind' | 'state' | 'reason'>[];
  formsDownloaded: boolean;
}

interface StepFacts {
  step: ProgressStep;
  done: boolean;
  /** Set when the step waits for the student to fix something: it is then `blocked`, with this detail. */
  blocked?: string;
  /** Said of the step while it is not done and not blocked. */
  waiting?: string;
}

function refusedDocumentsDetail(documents: ProgressInput['documents']): string {
  const refused = documents
    .filter((document) => document.state === 'rejected')
    .map((document) =>
      document.reason
        ? `${IMAGE_KIND_LABELS[document.kind]} (${document.reason})`
        : IMAGE_KIND_LABELS[document.kind],
    );
  return `مطلوب إعادة رفع: ${refused.join('، ')}`;
}

function stepFacts(input: ProgressInput): StepFacts[] {
  const facts: StepFacts[] = [
    { step: 'charter', done: input.isPassed },
    { step: 'questionnaire', done: input.isCompletedAdditionalQuestions },
    { step: 'data', done: input.isComplete },
    {
      step: 'documents',
      done: input.documentsStatus === 'accepted',
      blocked:
        input.documentsStatus === 'needsReupload' ? refusedDocumentsDetail(input.documents) : undefined,
      waiting: input.documentsStatus === 'pending' ? 'المستندات بانتظار مراجعة الكلية' : undefined,
    },
  ];
  if (input.socialWork) facts.push({ step: 'interview', done: input.appointed });
  facts.push({ step: 'forms', done: input.formsDownloaded });
  return facts;
}

/**
 * The tracker's steps in order (issue 17). A step the student must fix is `blocked`; otherwise the first step
 * not done is `current` and the later ones `todo`. The steps before the documents are taken in order by the
 * routing (charter, questionnaire, data), so a blocked step is always the first not done: exactly one step is
 * current, or blocked in its place, until all are done. Used by the server (the lookup) and the web client
 * (the tracker after a local change).
 */
export function studentProgress(input: ProgressInput): ProgressEntry[] {
  let headSeen = false;
  return stepFacts(input).map((facts): ProgressEntry => {
    if (facts.done) return { step: facts.step, state: 'done' };
    if (facts.blocked !== undefined) {
      headSeen = true;
      return { step: facts.step, state: 'blocked', detail: facts.blocked };
    }
    const state: ProgressState = headSeen ? 'todo' : 'current';
    headSeen = true;
    return facts.waiting === undefined
      ? { step: facts.step, state }
      : { step: facts.step, state, detail: facts.waiting };
  });
}
