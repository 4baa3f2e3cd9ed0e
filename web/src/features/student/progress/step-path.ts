import type { ProgressEntry, StudentData } from '@portal/common';
import { REPLACE_DOCUMENTS_PATH } from '../components/refused-documents';

type PathFacts = Pick<StudentData, 'isPassed' | 'isCompletedAdditionalQuestions' | 'isComplete'>;

const DATA_ENTER_PATH = '/dashboard/studentDataEnter';

/**
 * The screen a tracker step opens, or null while that screen would only send the student elsewhere (the spec's
 * redirects): the charter and its quiz once passed, the questionnaire before the pass or once answered, and the
 * forms and the interview before the data is complete (the data screen offers neither until then).
 */
export function progressStepPath(entry: ProgressEntry, student: PathFacts): string | null {
  switch (entry.step) {
    case 'charter':
      return student.isPassed ? null : '/dashboard/documentDownloadPage';
    case 'questionnaire':
      return student.isPassed && !student.isCompletedAdditionalQuestions
        ? '/dashboard/additionalQuestions'
        : null;
    case 'data':
      return DATA_ENTER_PATH;
    case 'documents':
      return entry.state === 'blocked' ? REPLACE_DOCUMENTS_PATH : DATA_ENTER_PATH;
    case 'interview':
      return student.isComplete ? '/dashboard/studentAppointment' : null;
    case 'forms':
      return student.isComplete ? '/dashboard/formsDownload' : null;
  }
}
