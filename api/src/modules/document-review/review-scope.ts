import { REVIEW_MESSAGES, type StaffRole } from '@portal/common';
import { AppError } from '../../lib/app-error.js';

/** The staff account as the scope rule sees it. */
export interface ScopeStaff {
  role: StaffRole;
  /** The account's own college (only a faculty ADMIN is bound to one). */
  collegeId: string | null;
}

/** The college a student belongs to, or the faculty a queue is asked for. */
export interface ScopeCollege {
  id: string;
  socialWork: boolean;
}

/**
 * Whose records a staff account may read and review: super admin and support any student's; a faculty ADMIN
 * its own faculty's only; a SOCIAL_ADMIN only social-work students, whose interviews it runs.
 */
export function reviewScopeIncludes(staff: ScopeStaff, college: ScopeCollege): boolean {
  switch (staff.role) {
    case 'SUPERADMIN':
    case 'SUPPORT':
      return true;
    case 'ADMIN':
      return staff.collegeId !== null && staff.collegeId === college.id;
    case 'SOCIAL_ADMIN':
      return college.socialWork;
  }
}

/** 403 (Arabic) unless the student's college is in the account's scope. */
export function assertStudentInScope(staff: ScopeStaff, college: ScopeCollege): void {
  if (!reviewScopeIncludes(staff, college)) throw new AppError(403, REVIEW_MESSAGES.studentOutsideScope);
}
