import { MESSAGES } from '@portal/common';
import { AppError } from '../../lib/app-error.js';
import type { StaffPrincipal } from './staff-principal.repository.js';

/**
 * The faculty (college name) a staff request may work on. A faculty ADMIN is confined to its own faculty
 * whatever it sends: naming another one is refused with 403, naming none means its own. Other roles get the
 * faculty they asked for, or `null` (all faculties).
 */
export function facultyScope(
  staff: Pick<StaffPrincipal, 'role' | 'faculty'>,
  requested: string | null | undefined,
): string | null {
  const wanted = requested?.trim() || null;
  if (staff.role !== 'ADMIN') return wanted;
  if (wanted !== null && wanted !== staff.faculty) throw new AppError(403, MESSAGES.otherFacultyForbidden);
  return staff.faculty;
}
