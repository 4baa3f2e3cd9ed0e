import type { StaffRole } from '@portal/common';
import { matchPath } from 'react-router';
import type { StaffAccess } from '@/components/admin/staff-session';

export type AdminScreenPath =
  | 'studentsInfo'
  | 'review'
  | 'notifications'
  | 'students/:id'
  | 'statistics'
  | 'funnel'
  | 'uploadStudentInfo'
  | 'deleteStudentInfo'
  | 'schedule'
  | 'interviews'
  | 'colleges'
  | 'content/quiz'
  | 'content/questionnaire'
  | 'content/charter'
  | 'content/colleges'
  | 'seasons'
  | 'adminsManagement'
  | 'audit'
  | 'updateAccountInfo'
  | 'changePassword'
  | 'accountSecurity';

export interface AdminScreen {
  path: AdminScreenPath;
  /** The navigation link's text, also shown as the current screen on a phone. */
  label: string;
  /** Who may use the screen (spec section 6); the server enforces the same on every call. */
  allows(access: StaffAccess): boolean;
  /** Usable before the first password change (new and reset accounts); every other screen sends it there. */
  beforePasswordChange?: boolean;
  /** Usable by an account that must enrol a second factor and has not yet; every other screen sends it there. */
  beforeTwoFactorEnrolment?: boolean;
  /** A role the screen does not allow is sent to the staff login instead of being told so (spec section 2). */
  othersToLogin?: true;
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
  { path: 'statistics', label: 'الإحصائيات', allows: only('SUPERADMIN'), othersToLogin: true },
  // Every role, each within its scope (the server's: ADMIN its faculty, SOCIAL_ADMIN social work; issue 36).
  { path: 'funnel', label: 'مسار القبول', allows: only('SUPERADMIN', 'SUPPORT', 'ADMIN', 'SOCIAL_ADMIN') },
  { path: 'uploadStudentInfo', label: 'رفع بيانات الطلاب', allows: only('SUPERADMIN', 'SUPPORT') },
  { path: 'deleteStudentInfo', label: 'حذف بيانات الطلاب', allows: only('SUPERADMIN') },
  { path: 'schedule', label: 'جدولة الاختبار الشخصي', allows: only('SUPERADMIN', 'SOCIAL_ADMIN') },
  { path: 'interviews', label: 'المقابلات الشخصية', allows: only('SUPERADMIN', 'SOCIAL_ADMIN') },
  { path: 'colleges', label: 'إعدادات الكليات', allows: only('SUPERADMIN') },
  { path: 'content/quiz', label: 'بنك أسئلة الاختبار', allows: only('SUPERADMIN') },
  { path: 'content/questionnaire', label: 'أسئلة الاستبيان', allows: only('SUPERADMIN') },
  { path: 'content/charter', label: 'ميثاق الطالب', allows: only('SUPERADMIN') },
  { path: 'content/colleges', label: 'الكليات والبرامج', allows: only('SUPERADMIN') },
  { path: 'seasons', label: 'الأعوام الدراسية', allows: only('SUPERADMIN') },
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
  {
    path: 'accountSecurity',
    label: 'أمان الحساب',
    allows: () => true,
    beforeTwoFactorEnrolment: true,
  },
];

export const CHANGE_PASSWORD_PATH = '/admin/changePassword';
export const ACCOUNT_SECURITY_PATH = '/admin/accountSecurity';

export function adminPath(screen: AdminScreen): string {
  return `/admin/${screen.path}`;
}

/**
 * Whether the account may open the screen now: its role allows it and, while it must first change its password or
 * then enrol a second factor, the screen is one of the few reachable before that.
 */
export function canOpen(screen: AdminScreen, access: StaffAccess): boolean {
  if (!screen.allows(access)) return false;
  if (!access.passwordChanged) return screen.beforePasswordChange === true;
  if (access.twoFactorRequired) return screen.beforeTwoFactorEnrolment === true;
  return true;
}

/** Where a screen the account may not open now sends it, if anywhere; otherwise the screen says "no access". */
export function heldAt(screen: AdminScreen, access: StaffAccess): string | undefined {
  if (!access.passwordChanged) return CHANGE_PASSWORD_PATH;
  if (access.twoFactorRequired) return ACCOUNT_SECURITY_PATH;
  return screen.othersToLogin ? '/admin/login' : undefined;
}

/** The navigation links the account sees: only screens it may open now. */
export function visibleScreens(access: StaffAccess): AdminScreen[] {
  return ADMIN_SCREENS.filter((screen) => screen.inNav !== false && canOpen(screen, access));
}

/** The screen a path shows, parameterised paths (`students/:id`) included, so their access rule applies too. */
export function screenAt(pathname: string): AdminScreen | undefined {
  return ADMIN_SCREENS.find((screen) => matchPath({ path: adminPath(screen), end: true }, pathname) !== null);
}
