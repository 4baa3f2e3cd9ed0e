import { FUNNEL_MESSAGES, MESSAGES, type StaffRole } from '@portal/common';
import { AppError } from '../../lib/app-error.js';
import type { FunnelCollegeRow } from './funnel.repository.js';

export interface FunnelStaff {
  role: StaffRole;
  /** A faculty ADMIN's own faculty (its name). */
  faculty: string | null;
}

/**
 * The colleges a staff account reads in the funnel (issue 36), the scope the staff screens already keep: super
 * admin and support any faculty or all; a faculty ADMIN its own (naming another is 403, as everywhere); a
 * SOCIAL_ADMIN the social-work colleges, whose interviews it runs. `requested` null is every college in scope.
 * An unknown faculty is 400; a college in no one's scope for this account is 403.
 */
export function funnelColleges(
  staff: FunnelStaff,
  requested: string | null,
  colleges: readonly FunnelCollegeRow[],
): FunnelCollegeRow[] {
  const wanted = requested?.trim() || null;
  if (staff.role === 'ADMIN') {
    if (wanted !== null && wanted !== staff.faculty) throw new AppError(403, MESSAGES.otherFacultyForbidden);
    const own = colleges.find((college) => college.name === staff.faculty);
    if (!own) throw new AppError(403, FUNNEL_MESSAGES.facultyOutsideScope);
    return [own];
  }
  const inScope = (college: FunnelCollegeRow) => staff.role !== 'SOCIAL_ADMIN' || college.socialWork;
  if (wanted === null) return colleges.filter(inScope);
  const college = colleges.find((candidate) => candidate.name === wanted);
  if (!college) throw new AppError(400, MESSAGES.collegeNotFound);
  if (!inScope(college)) throw new AppError(403, FUNNEL_MESSAGES.facultyOutsideScope);
  return [college];
}
