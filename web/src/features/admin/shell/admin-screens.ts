import type { StaffRole } from '@portal/common';
import { matchPath } from 'react-router';

/** What the client knows of the signed-in account once `GET /users/getRole` answers. */
export interface StaffAccess {
  role: StaffRole;
  passwordChanged: boolean;
}

export type AdminScreenPath =
  | 'studentsInfo'
  | 'review'
  | 'notifications'
  | 'students/:id'
  | 'statistics'
  | 'uploadStudentInfo'
  | 'deleteStudentInfo'
  | 'schedule'
  | 'interviews'
  | 'colleges'
  | 'adminsManagement'
  | 'audit'
  | 'updateAccountInfo'
  | 'changePassword';

export interface AdminScreen {
  path: AdminScreenPath;
  /** The navigation link's text, also shown as the current screen on a phone. */
  label: string;
  /** Who may use the screen (spec section 6); the server enforces the same on every call. */
  allows(access: StaffAccess): boolean;
  /** Usable before the first password change (new and reset accounts); every other screen sends it there. */
  beforePasswordChange?: boolean;
  /** Opened from a row of another screen (its path names a student), never from the navigation. */
  inNav?: false;
}

const only =
  (...roles: StaffRole[]) =>
  ({ role }: StaffAccess) =>
    roles.includes(role);

/** The staff screens in navigation order. */
export const ADMIN_SCREENS: readonly AdminScreen[] = [
  { path: 'studentsInfo', label: 'بيانات الطلاب', allows: ({ role }) => role !== 'SOCIAL_ADMIN' },
  // Every role reviews documents; the server narrows whose (ADMIN: its faculty; SOCIAL_ADMIN: social work).
  {
    path: 'review',
    label: 'مراجعة المستندات',
    allows: only('SUPERADMIN', 'SUPPORT', 'ADMIN', 'SOCIAL_ADMIN'),
  },
  // A faculty ADMIN writes to its own faculty's students only; the server holds it there.
  { path: 'notifications', label: 'الإشعارات', allows: only('SUPERADMIN', 'SUPPORT', 'ADMIN') },
  {
    path: 'students/:id',
    label: 'سجل الطالب',
    allows: only('SUPERADMIN', 'SUPPORT', 'ADMIN', 'SOCIAL_ADMIN'),
    inNav: false,
  },
  { path: 'statistics', label: 'الإحصائيات', allows: only('SUPERADMIN') },
  { path: 'uploadStudentInfo', label: 'رفع بيانات الطلاب', allows: only('SUPERADMIN', 'SUPPORT') },
  { path: 'deleteStudentInfo', label: 'حذف بيانات الطلاب', allows: only('SUPERADMIN') },
  { path: 'schedule', label: 'جدولة الاختبار الشخصي', allows: only('SUPERADMIN', 'SOCIAL_ADMIN') },
  { path: 'interviews', label: 'المقابلات الشخصية', allows: only('SUPERADMIN', 'SOCIAL_ADMIN') },
  { path: 'colleges', label: 'إعدادات الكليات', allows: only('SUPERADMIN') },
  { path: 'adminsManagement', label: 'إدارة المسؤولين', allows: only('SUPERADMIN') },
  { path: 'audit', label: 'سجل العمليات', allows: only('SUPERADMIN') },
  {
    path: 'updateAccountInfo',
    label: 'تحديث بيانات الحساب',
    // A faculty admin corrects its own account only until it has set its own password.
    allows: ({ role, passwordChanged }) => role === 'SUPERADMIN' || (role === 'ADMIN' && !passwordChanged),
    beforePasswordChange: true,
  },
  { path: 'changePassword', label: 'تغيير كلمة المرور', allows: () => true, beforePasswordChange: true },
];

export const CHANGE_PASSWORD_PATH = '/admin/changePassword';

export function adminPath(screen: AdminScreen): string {
  return `/admin/${screen.path}`;
}

/** A student's record page; `search` (from `queueSearch`) carries the review queue it was opened from. */
export function studentRecordPath(id: string, search = ''): string {
  return `/admin/students/${encodeURIComponent(id)}${search}`;
}

/** Whether the account may open the screen now: its role allows it and, before a password change, it is one of the few screens reachable then. */
export function canOpen(screen: AdminScreen, access: StaffAccess): boolean {
  return screen.allows(access) && (access.passwordChanged || screen.beforePasswordChange === true);
}

/** The navigation links the account sees: only screens it may open now. */
export function visibleScreens(access: StaffAccess): AdminScreen[] {
  return ADMIN_SCREENS.filter((screen) => screen.inNav !== false && canOpen(screen, access));
}

/** The screen a path shows, parameterised paths (`students/:id`) included, so their access rule applies too. */
export function screenAt(pathname: string): AdminScreen | undefined {
  return ADMIN_SCREENS.find((screen) => matchPath({ path: adminPath(screen), end: true }, pathname) !== null);
}
