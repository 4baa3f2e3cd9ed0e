export interface StudentFlags {
  isPassed: boolean;
  isCompletedAdditionalQuestions: boolean;
}

export type StudentLanding = 'studentDataView' | 'additionalQuestions' | 'documentDownloadPage';

/** Where a student goes after login or when `/` is opened with a nationalID cookie (spec section 4). */
export function studentLanding(flags: StudentFlags): StudentLanding {
  if (!flags.isPassed) return 'documentDownloadPage';
  return flags.isCompletedAdditionalQuestions ? 'studentDataView' : 'additionalQuestions';
}
