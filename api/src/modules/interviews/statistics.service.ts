import type { InterviewCounts } from '@portal/common';
import type { DateRange } from './interviews.repository.js';
import type { PartDeps } from './service-deps.js';

/** The interview counts of a range of days. */
export function statisticsService({ repository }: PartDeps) {
  return {
    /** `GET /interviews/statistics`: each day with appointments in the range, and the total. */
    async statistics(
      range: DateRange,
    ): Promise<{ days: (InterviewCounts & { date: string })[]; total: InterviewCounts }> {
      const days = await repository.statistics(range);
      const total: InterviewCounts = {
        appointed: 0,
        attended: 0,
        absent: 0,
        suitable: 0,
        notSuitable: 0,
        notRecorded: 0,
      };
      for (const day of days)
        for (const key of Object.keys(total) as (keyof InterviewCounts)[]) total[key] += day[key];
      return { days, total };
    },
  };
}
