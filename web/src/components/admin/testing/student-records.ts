import { STUDENT_DATA_STATUS, type StudentRecord } from '@portal/common';

let next = 1;

/** A student as the staff list shows it; ids are UUID-shaped like the server's. */
export function studentRecord(overrides: Partial<StudentRecord> = {}): StudentRecord {
  const n = next++;
  const isComplete = overrides.isComplete ?? false;
  return {
    _id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    studentName: `طالب رقم ${n}`,
    nationalID: `308010101${String(n).padStart(5, '0')}`,
    phoneNumber: `0101${String(n).padStart(7, '0')}`,
    college: 'كلية التجارة',
    info: isComplete ? STUDENT_DATA_STATUS.complete : STUDENT_DATA_STATUS.incomplete,
    isComplete,
    isPassed: false,
    isCompletedAdditionalQuestions: false,
    appointed: false,
    appointedDay: null,
    appointedHour: null,
    documentsStatus: isComplete ? 'pending' : 'none',
    ...overrides,
  };
}

export const listPath = (page: number) => `POST /api/v1/students/getAllStudents?page=${page}&limit=500`;
