// The auth module's public entry: what other modules may use of it.
export { ACCESS_POLICY, type AccessRule, API_PREFIX, allowedRoles } from './access-policy.js';
export { facultyScope } from './faculty-scope.js';
export { SCHEDULE_PRINT_LINK, signPathLink } from './path-links.js';
export type { StaffPrincipal } from './staff-principal.repository.js';
