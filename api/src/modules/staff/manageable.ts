import { MESSAGES, type StaffRole } from '@portal/common';
import { AppError } from '../../lib/app-error.js';

/** Another account the super admin may manage: it exists, and it is no super admin (they are out of reach). */
export function manageable<T extends { role: StaffRole }>(target: T | undefined): T {
  if (!target) throw new AppError(404, MESSAGES.adminNotFound);
  if (target.role === 'SUPERADMIN') throw new AppError(403, MESSAGES.superAdminProtected);
  return target;
}
