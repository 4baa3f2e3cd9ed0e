export const STAFF_ROLES = ['SUPERADMIN', 'SUPPORT', 'ADMIN', 'SOCIAL_ADMIN'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The role the web app holds before the current user is fetched (spec section 4). */
export const UNKNOWN_ROLE = 'NOT';
export type ClientRole = StaffRole | typeof UNKNOWN_ROLE;
