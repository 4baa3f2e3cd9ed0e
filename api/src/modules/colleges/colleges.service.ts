import { MESSAGES } from '@portal/common';
import { AppError } from '../../lib/app-error.js';
import type { CollegesRepository } from './colleges.repository.js';

export function collegesService(repository: CollegesRepository) {
  return {
    listNames: () => repository.names(),
    async tourismPrograms(collegeName: string): Promise<string[]> {
      const college = await repository.findByName(collegeName.trim());
      if (!college) throw new AppError(404, MESSAGES.collegeNotFound);
      if (!college.tourism) throw new AppError(404, MESSAGES.collegeNotTourism);
      return repository.programNames(college.id);
    },
  };
}
