import { INTERVIEW_STAFF_ROLES, STAFF_ROLES, type StaffRole } from '@portal/common';
import { type PathLinkKind, SCHEDULE_PRINT_LINK } from './path-links.js';

/** Every API route lives under this prefix; the table names routes without it, as the spec does. */
export const API_PREFIX = '/api/v1';

export type AccessMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call one route.
 * - `allow`: `'public'` (no token; the row only documents it), `'staff'` (any signed-in staff account), or the
 *   roles listed.
 * - `beforePasswordChange`: callable by an account whose password is not yet changed (new or reset accounts).
 *   Without it such an account gets 403 'change your password first'.
 * - `onlyBeforePasswordChange`: roles that may call only while their password is NOT yet changed (spec: an
 *   ADMIN updates its own account only then).
 * - `beforeTwoFactorEnrolment`: callable by an account whose role must enrol a second factor (STAFF_2FA_REQUIRED)
 *   and has not yet. Without it such an account gets 403 'enrol a second factor first' (issue 20).
 * - `tokenFrom`: where the bearer token is read: the Authorization header (default) or a path parameter, for
 *   links the browser opens itself (the schedule print link). With `link`, the parameter may instead hold a
 *   10-minute link of that kind (`path-links.ts`), made for the account and the route's other parameters; the
 *   portal's own screens use that, never the session token.
 */
export interface AccessRule {
  method: AccessMethod;
  /** The path as registered under `/api/v1`, with `:param` placeholders, e.g. `/users/deleteAdmin/:id`. */
  url: string;
  allow: 'public' | 'staff' | readonly StaffRole[];
  beforePasswordChange?: boolean;
  onlyBeforePasswordChange?: readonly StaffRole[];
  beforeTwoFactorEnrolment?: boolean;
  tokenFrom?: { param: string; link?: PathLinkKind };
}

const SUPERADMIN_ONLY = ['SUPERADMIN'] as const;
const REVIEW_ROLES = ['SUPERADMIN', 'SUPPORT', 'ADMIN', 'SOCIAL_ADMIN'] as const;
const INTERVIEW_ROLES = INTERVIEW_STAFF_ROLES;

/**
 * THE access table: `route → allowed roles`, enforced by the auth plugin on every route it names (spec section
 * 6). A feature that adds a staff route adds one row here; the route is then guarded automatically (token and
 * role are checked before the body is even read) and the role matrix test covers it with every role, no token,
 * a tampered, an expired and a deleted account's token. A route under `/api/v1/users/` without a row refuses to
 * start (fail closed). The matrix calls each route with an empty JSON body and random UUIDs as path parameters,
 * so an allowed call must answer something other than 401/403 for such a request (usually 400 or 404).
 *
 * Faculty confinement (an ADMIN sees only its own faculty whatever it sends) is not a row: routes call
 * `facultyScope()` from `faculty-scope.ts`.
 */
export const ACCESS_POLICY: readonly AccessRule[] = [
  // Staff sign-in and own account (issue 5).
  { method: 'POST', url: '/users/login', allow: 'public' },
  {
    method: 'GET',
    url: '/users/getRole',
    allow: 'staff',
    beforePasswordChange: true,
    beforeTwoFactorEnrolment: true,
  },
  {
    method: 'GET',
    url: '/users/getMe',
    allow: 'staff',
    beforePasswordChange: true,
    beforeTwoFactorEnrolment: true,
  },
  {
    method: 'PATCH',
    url: '/users/updateMyPassword',
    allow: 'staff',
    beforePasswordChange: true,
    beforeTwoFactorEnrolment: true,
  },
  {
    method: 'PATCH',
    url: '/users/updateSuperAdmin',
    allow: ['SUPERADMIN', 'ADMIN'],
    beforePasswordChange: true,
    onlyBeforePasswordChange: ['ADMIN'],
  },
  // Admins management, super admin only (issue 5).
  { method: 'GET', url: '/users/getAllAdmins', allow: SUPERADMIN_ONLY },
  { method: 'POST', url: '/users/getAdmin', allow: SUPERADMIN_ONLY },
  { method: 'POST', url: '/users/addAdmin', allow: SUPERADMIN_ONLY },
  { method: 'PATCH', url: '/users/updateAdmin', allow: SUPERADMIN_ONLY },
  { method: 'PATCH', url: '/users/resetAdminPassword', allow: SUPERADMIN_ONLY },
  { method: 'DELETE', url: '/users/deleteAdmin/:id', allow: SUPERADMIN_ONLY },

  // Staff student records (issue 'Staff student records'; spec section 6). SOCIAL_ADMIN sees no student info.
  // A faculty ADMIN reads its own faculty's students only (facultyScope). Deleting a student: super admin and
  // support, the roles section 6 names; not a faculty ADMIN, which cannot upload the student back either.
  { method: 'POST', url: '/students/getAllStudents', allow: ['SUPERADMIN', 'SUPPORT', 'ADMIN'] },
  { method: 'POST', url: '/students/getStudentInfo', allow: ['SUPERADMIN', 'SUPPORT', 'ADMIN'] },
  { method: 'GET', url: '/users/getAllStudentsNumber', allow: ['SUPERADMIN', 'SUPPORT', 'ADMIN'] },
  { method: 'DELETE', url: '/students/deleteStudent/:id', allow: ['SUPERADMIN', 'SUPPORT'] },
  { method: 'POST', url: '/students/delete', allow: SUPERADMIN_ONLY },
  { method: 'POST', url: '/students/countFaculty', allow: SUPERADMIN_ONLY },
  { method: 'GET', url: '/students/getStatistics', allow: SUPERADMIN_ONLY },

  // Student lists upload (spec sections 2 and 6: super admin and support; ADMIN sees no upload). The report
  // link is its own credential (a signed, 10-minute link the browser opens), so its row is public.
  { method: 'POST', url: '/students/upload', allow: ['SUPERADMIN', 'SUPPORT'] },
  { method: 'GET', url: '/students/uploadTemplate', allow: ['SUPERADMIN', 'SUPPORT'] },
  { method: 'GET', url: '/students/uploadReport/:token', allow: 'public' },
  // Staff downloads: the call is open to super admin and support, and the service limits the kinds (spec section
  // 2: support gets incompleteSupport only). The browser then opens a signed 10-minute link: public row.
  { method: 'POST', url: '/students/downloadStudentData/:type', allow: ['SUPERADMIN', 'SUPPORT'] },
  { method: 'GET', url: '/downloads/:token', allow: 'public' },

  // Interview scheduling (issue: scheduling; spec section 6: social service, and the super admin). The print link
  // is opened by the browser itself, so it carries a credential in its path: the staff token for spec clients,
  // or (the portal's own screen, issue 33) a 10-minute print link for that day and period, asked for first.
  { method: 'POST', url: '/users/getAppointedStudentsNumber', allow: ['SUPERADMIN', 'SOCIAL_ADMIN'] },
  { method: 'PATCH', url: '/users/appointStudents', allow: ['SUPERADMIN', 'SOCIAL_ADMIN'] },
  { method: 'POST', url: '/users/exportsAppointedStudents/link', allow: ['SUPERADMIN', 'SOCIAL_ADMIN'] },
  {
    method: 'GET',
    url: '/users/exportsAppointedStudents/:date/:period/:token',
    allow: ['SUPERADMIN', 'SOCIAL_ADMIN'],
    tokenFrom: { param: 'token', link: SCHEDULE_PRINT_LINK },
  },

  // Admission forms (issue 4, forms part). The three downloads (`GET /students/getAdmissionForm/:studentId`
  // and the two social-work forms) have no row: the student's own session opens them, and they check staff
  // credentials themselves (forms/forms.access.ts). The staff list asks for a signed 10-minute link to one form;
  // the verification page a form's QR code opens is public.
  { method: 'POST', url: '/forms/downloadLink', allow: ['SUPERADMIN', 'SUPPORT', 'ADMIN'] },
  { method: 'GET', url: '/forms/verify/:token', allow: 'public' },

  // Document review (issue 16): every staff role reviews, each within its scope (document-review/review-scope.ts:
  // SUPERADMIN and SUPPORT any student, ADMIN its own faculty's, SOCIAL_ADMIN social-work students). The image
  // route `GET /students/document/:id/:kind` has no row: the student's own session opens it too, and it checks
  // staff credentials itself (document-review/document-access.ts).
  { method: 'GET', url: '/students/record/:id', allow: REVIEW_ROLES },
  { method: 'POST', url: '/students/review/:id', allow: REVIEW_ROLES },
  { method: 'POST', url: '/students/reviewQueue', allow: REVIEW_ROLES },

  // Interviews (issue 18): the social-work staff (and the super admin) publish slots, keep the day's list with the
  // outcomes, read the statistics and export them. The export link is its own credential (a signed 10-minute
  // link the browser opens): public row. The student's calls (`/students/interviewSlots/:id`,
  // `/students/bookInterview/:id`, `/students/cancelInterview/:id`) have no row: the student's session opens them.
  { method: 'POST', url: '/interviews/slots', allow: INTERVIEW_ROLES },
  { method: 'PATCH', url: '/interviews/slots/:id', allow: INTERVIEW_ROLES },
  { method: 'GET', url: '/interviews/slots', allow: INTERVIEW_ROLES },
  { method: 'GET', url: '/interviews/day', allow: INTERVIEW_ROLES },
  { method: 'PUT', url: '/interviews/outcome/:studentId', allow: INTERVIEW_ROLES },
  { method: 'GET', url: '/interviews/statistics', allow: INTERVIEW_ROLES },
  { method: 'POST', url: '/interviews/export', allow: INTERVIEW_ROLES },
  { method: 'GET', url: '/interviews/export/:token', allow: 'public' },

  // Later features add their rows below, e.g.
  // { method: 'POST', url: '/students/getAllStudents', allow: ['SUPERADMIN', 'SUPPORT', 'ADMIN'] },
  // { method: 'GET', url: '/users/exportsAppointedStudents/:date/:period/:token', allow: ['SUPERADMIN',
  //   'SOCIAL_ADMIN'], tokenFrom: { param: 'token' } },

  // Notifications (issue 17): a staff message to a faculty's students, its count first, and the delivery figures.
  // A faculty ADMIN writes to and reads its own faculty only (facultyScope); the social-work admin keeps to the
  // interviews.
  { method: 'POST', url: '/notifications/preview', allow: ['SUPERADMIN', 'SUPPORT', 'ADMIN'] },
  { method: 'POST', url: '/notifications/send', allow: ['SUPERADMIN', 'SUPPORT', 'ADMIN'] },
  { method: 'GET', url: '/notifications/stats', allow: ['SUPERADMIN', 'SUPPORT', 'ADMIN'] },

  // College settings (issue 17): the super admin sets each college's data deadline. `GET /colleges` stays public.
  { method: 'PATCH', url: '/colleges/:id', allow: SUPERADMIN_ONLY },

  // Admission seasons (issue 21): the staff who see lists pick a season; only the super admin opens or deletes one.
  { method: 'GET', url: '/seasons', allow: ['SUPERADMIN', 'SUPPORT', 'ADMIN'] },
  { method: 'POST', url: '/seasons', allow: SUPERADMIN_ONLY },
  { method: 'DELETE', url: '/seasons/:id', allow: SUPERADMIN_ONLY },
  // Content editing (issue 19): the super admin edits what students read. Every write is audited.
  // Quiz bank.
  { method: 'GET', url: '/content/quiz-questions', allow: SUPERADMIN_ONLY },
  { method: 'POST', url: '/content/quiz-questions', allow: SUPERADMIN_ONLY },
  { method: 'PATCH', url: '/content/quiz-questions/:id', allow: SUPERADMIN_ONLY },
  { method: 'DELETE', url: '/content/quiz-questions/:id', allow: SUPERADMIN_ONLY },
  // Questionnaire.
  { method: 'GET', url: '/content/additional-questions', allow: SUPERADMIN_ONLY },
  { method: 'POST', url: '/content/additional-questions', allow: SUPERADMIN_ONLY },
  { method: 'PATCH', url: '/content/additional-questions/:id', allow: SUPERADMIN_ONLY },
  { method: 'POST', url: '/content/additional-questions/order', allow: SUPERADMIN_ONLY },
  // Charter.
  { method: 'GET', url: '/content/charter', allow: SUPERADMIN_ONLY },
  { method: 'PUT', url: '/content/charter', allow: SUPERADMIN_ONLY },
  { method: 'GET', url: '/content/charter/preview', allow: SUPERADMIN_ONLY },
  { method: 'POST', url: '/content/charter/preview', allow: SUPERADMIN_ONLY },
  // Colleges and programs (PATCH /colleges/:id above now also renames, flags, orders and hides).
  { method: 'GET', url: '/content/colleges', allow: SUPERADMIN_ONLY },
  { method: 'POST', url: '/colleges', allow: SUPERADMIN_ONLY },
  { method: 'DELETE', url: '/colleges/:id', allow: SUPERADMIN_ONLY },
  { method: 'POST', url: '/colleges/:id/programs', allow: SUPERADMIN_ONLY },
  { method: 'PATCH', url: '/colleges/:id/programs/:programId', allow: SUPERADMIN_ONLY },
  { method: 'DELETE', url: '/colleges/:id/programs/:programId', allow: SUPERADMIN_ONLY },

  // The audit trail on screen (issue 20): super admin only. The export link is its own credential: public row.
  // The admission funnel (issue 36): every staff role, each within its scope (funnel/funnel-scope.ts). The export
  // link is its own credential (a signed 10-minute link the browser opens): public row.
  { method: 'GET', url: '/funnel', allow: REVIEW_ROLES },
  { method: 'GET', url: '/funnel/daily', allow: REVIEW_ROLES },
  { method: 'POST', url: '/funnel/export', allow: REVIEW_ROLES },
  { method: 'GET', url: '/funnel/export/:token', allow: 'public' },

  { method: 'GET', url: '/audit', allow: SUPERADMIN_ONLY },
  { method: 'POST', url: '/audit/export', allow: SUPERADMIN_ONLY },
  { method: 'GET', url: '/audit/export/:token', allow: 'public' },

  // Second factor (issue 20). The code step of a sign-in is public: its challenge is the credential. Every
  // account may enrol and confirm, even before its first password change or enrolment (an account whose role must
  // enrol does so at its first sign-in); leaving asks for a factor in force. Resetting another's is the super
  // admin's.
  { method: 'POST', url: '/users/login/verify', allow: 'public' },
  {
    method: 'POST',
    url: '/users/twoFactor/setup',
    allow: 'staff',
    beforePasswordChange: true,
    beforeTwoFactorEnrolment: true,
  },
  {
    method: 'POST',
    url: '/users/twoFactor/enable',
    allow: 'staff',
    beforePasswordChange: true,
    beforeTwoFactorEnrolment: true,
  },
  { method: 'POST', url: '/users/twoFactor/disable', allow: 'staff' },
  { method: 'PATCH', url: '/users/resetTwoFactor', allow: SUPERADMIN_ONLY },

  // Staff sessions (issue 20): any account ends its own sessions, even before its first password change or
  // enrolment (a stolen password is the reason to); the super admin another's, checked by the service.
  {
    method: 'POST',
    url: '/users/signOutEverywhere',
    allow: 'staff',
    beforePasswordChange: true,
    beforeTwoFactorEnrolment: true,
  },
];

export type AccessDecision = 'allowed' | 'forbidden' | 'changePasswordFirst' | 'enrolSecondFactorFirst';

/** The roles a rule lets in (before the password-change conditions). */
export function allowedRoles(rule: AccessRule): readonly StaffRole[] {
  if (rule.allow === 'public') return [];
  return rule.allow === 'staff' ? STAFF_ROLES : rule.allow;
}

/**
 * Applies one rule to a signed-in account. The forced password change comes before the forced enrolment, as at
 * sign-in: a new account changes its password, then enrols.
 */
export function decideAccess(
  rule: AccessRule,
  staff: { role: StaffRole; passwordChanged: boolean; twoFactorEnrolmentDue?: boolean },
): AccessDecision {
  if (rule.allow === 'public') return 'allowed';
  if (!allowedRoles(rule).includes(staff.role)) return 'forbidden';
  if (staff.passwordChanged && rule.onlyBeforePasswordChange?.includes(staff.role)) return 'forbidden';
  if (!staff.passwordChanged && !rule.beforePasswordChange) return 'changePasswordFirst';
  if (staff.twoFactorEnrolmentDue && !rule.beforeTwoFactorEnrolment) return 'enrolSecondFactorFirst';
  return 'allowed';
}

function key(method: string, url: string): string {
  return `${method} ${url}`;
}

/** Looks rules up by method and full path (`/api/v1/...`); HEAD is answered by the GET rule. */
export function accessIndex(rules: readonly AccessRule[] = ACCESS_POLICY) {
  const byRoute = new Map<string, AccessRule>();
  for (const rule of rules) {
    const k = key(rule.method, API_PREFIX + rule.url);
    if (byRoute.has(k)) throw new Error(`access policy names ${k} twice`);
    byRoute.set(k, rule);
  }
  return {
    find(method: string, fullUrl: string): AccessRule | undefined {
      return byRoute.get(key(method === 'HEAD' ? 'GET' : method, fullUrl));
    },
  };
}
