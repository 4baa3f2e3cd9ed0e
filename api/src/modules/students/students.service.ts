import { MESSAGES, type StudentLookupResponse } from '@portal/common';
import { AppError } from '../../lib/app-error.js';
import { studentResult } from './student-result.js';
import type { StudentsRepository } from './students.repository.js';

export function studentsService(repository: StudentsRepository) {
  return {
    /** The login lookup by (already normalised) national ID; 404 with an Arabic hint when not registered. */
    async lookup(nationalId: string): Promise<StudentLookupResponse> {
      const student = await repository.findByNationalId(nationalId);
      if (!student) throw new AppError(404, MESSAGES.studentNotRegistered);
      return {
        status: 'success',
        _id: student.id,
        result: studentResult(student),
        studentData: {
          isPassed: student.isPassed,
          isCompletedAdditionalQuestions: student.isCompletedAdditionalQuestions,
          isComplete: student.isComplete,
          college: student.college,
        },
      };
    },
  };
}
export type StudentsService = ReturnType<typeof studentsService>;
