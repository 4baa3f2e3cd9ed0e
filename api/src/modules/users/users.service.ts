import { accountsService } from './accounts.service.js';
import { ownAccountService } from './own-account.service.js';
import type { UsersServiceDeps } from './service-deps.js';
import { signInService } from './sign-in.service.js';

/** Staff sign-in, the caller's own account, and the management of the others (spec section 7). */
export function usersService(deps: UsersServiceDeps) {
  return { ...signInService(deps), ...ownAccountService(deps), ...accountsService(deps) };
}
export type UsersService = ReturnType<typeof usersService>;
