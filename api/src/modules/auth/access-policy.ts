import { STAFF_ROLES, type StaffRole } from '@portal/common';

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
 * - `tokenFrom`: where the bearer token is read: the Authorization header (default) or a path parameter, for
 *   links the browser opens itself (the schedule print link).
 */
export interface AccessRule {
  method: AccessMethod;
  /** The path as registered under `/api/v1`, with `:param` placeholders, e.g. `/users/deleteAdmin/:id`. */
  url: string;
  allow: 'public' | 'staff' | readonly StaffRole[];
  beforePasswordChange?: boolean;
  onlyBeforePasswordChange?: readonly StaffRole[];
  tokenFrom?: { param: string };
}

const SUPERADMIN_ONLY = ['SUPERADMIN'] as const;

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
  { method: 'GET', url: '/users/getRole', allow: 'staff', beforePasswordChange: true },
  { method: 'GET', url: '/users/getMe', allow: 'staff', beforePasswordChange: true },
  { method: 'PATCH', url: '/users/updateMyPassword', allow: 'staff', beforePasswordChange: true },
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

  // Later features add their rows below, e.g.
  // { method: 'POST', url: '/students/getAllStudents', allow: ['SUPERADMIN', 'SUPPORT', 'ADMIN'] },
  // { method: 'GET', url: '/users/exportsAppointedStudents/:date/:period/:token', allow: ['SUPERADMIN',
  //   'SOCIAL_ADMIN'], tokenFrom: { param: 'token' } },
];

export type AccessDecision = 'allowed' | 'forbidden' | 'changePasswordFirst';

/** The roles a rule lets in (before the password-change conditions). */
export function allowedRoles(rule: AccessRule): readonly StaffRole[] {
  if (rule.allow === 'public') return [];
  return rule.allow === 'staff' ? STAFF_ROLES : rule.allow;
}

/** Applies one rule to a signed-in account. */
export function decideAccess(
  rule: AccessRule,
  staff: { role: StaffRole; passwordChanged: boolean },
): AccessDecision {
  if (rule.allow === 'public') return 'allowed';
  if (!allowedRoles(rule).includes(staff.role)) return 'forbidden';
  if (staff.passwordChanged && rule.onlyBeforePasswordChange?.includes(staff.role)) return 'forbidden';
  if (!staff.passwordChanged && !rule.beforePasswordChange) return 'changePasswordFirst';
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
