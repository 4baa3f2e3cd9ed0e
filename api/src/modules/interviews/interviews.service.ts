import { bookingService } from './booking.service.js';
import { dayListService } from './day-list.service.js';
import { exportLinkService } from './export-link.service.js';
import { outcomesService } from './outcomes.service.js';
import type { InterviewsServiceDeps } from './service-deps.js';
import { slotsService } from './slots.service.js';
import { statisticsService } from './statistics.service.js';

/**
 * Interviews (issue 18): slots, the student's own booking, outcomes, statistics and the export. Who may call
 * the staff calls is the access table's business; the student calls are guarded by the student's session.
 */
export function interviewsService({ now = () => new Date(), ...deps }: InterviewsServiceDeps) {
  const parts = { ...deps, now };
  return {
    ...slotsService(parts),
    ...bookingService(parts),
    ...dayListService(parts),
    ...outcomesService(parts),
    ...statisticsService(parts),
    ...exportLinkService(parts),
  };
}
export type InterviewsService = ReturnType<typeof interviewsService>;
