import { ASSIGNABLE_STAFF_ROLES, type AssignableStaffRole, type StaffRole } from '@portal/common';

/** The roles in Arabic (spec section 6). */
export const ROLE_LABELS: Record<StaffRole, string> = {
  SUPERADMIN: 'مدير النظام',
  ADMIN: 'مسؤول كلية',
  SUPPORT: 'الدعم الفني',
  SOCIAL_ADMIN: 'مسؤول المقابلات الشخصية (الخدمة الاجتماعية)',
};

/** Every account but a super admin can be edited, reset and deleted. */
export function isManageable(role: StaffRole): role is AssignableStaffRole {
  return (ASSIGNABLE_STAFF_ROLES as readonly StaffRole[]).includes(role);
}
