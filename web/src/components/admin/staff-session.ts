import { type StaffMe, staffMeResponseSchema } from '@portal/common';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext } from 'react';
import { useNavigate } from 'react-router';
import { showApiError, showErrorNotice } from '@/components/notices';
import { type ApiError, apiRequest } from '@/lib/api-client';
import { removeCookie } from '@/lib/cookies';

/**
 * Staff queries are keyed by the token they were fetched with, so a later sign-in (another account in the same
 * tab) never sees the previous account's answers.
 */
export const staffKeys = {
  all: ['staff'] as const,
  of: (token: string) => ['staff', token] as const,
};

export const meKey = (token: string) => [...staffKeys.of(token), 'me'] as const;

/**
 * `GET /users/getMe` says in one call what the shell needs: the role, whether the password is still the first one,
 * and whether the account must enrol a second factor first. The own-account screens read the same cached answer.
 */
export function getMe() {
  return apiRequest('/users/getMe', { auth: true, schema: staffMeResponseSchema });
}

export function useMeQuery(token: string) {
  return useQuery({ queryKey: meKey(token), queryFn: getMe });
}

/** Puts a changed account into the cached answer, so the shell and the screens follow without asking again. */
export function useUpdateCachedMe(token: string): (change: (me: StaffMe) => StaffMe) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (change: (me: StaffMe) => StaffMe) => {
      queryClient.setQueryData<Awaited<ReturnType<typeof getMe>>>(meKey(token), (old) => {
        if (old?.status !== 'success') return old;
        return { ...old, data: { ...old.data, data: { user: change(old.data.data.user) } } };
      });
    },
    [queryClient, token],
  );
}

/** Logout forgets the token, role, faculty and name (spec section 2). */
export function clearStaffCookies(): void {
  for (const name of ['token', 'role', 'faculty', 'name'] as const) removeCookie(name);
}

/** Clears the staff session and goes to the staff login, with an error notice when one is given. */
export function useSignOut(): (message?: string) => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (message?: string) => {
      clearStaffCookies();
      if (message) showErrorNotice(message);
      navigate('/admin/login', { replace: true });
      queryClient.removeQueries({ queryKey: staffKeys.all });
    },
    [navigate, queryClient],
  );
}

/** What the client knows of the signed-in account once `GET /users/getMe` answers. */
export type StaffAccess = Pick<
  StaffMe,
  'role' | 'passwordChanged' | 'twoFactorEnabled' | 'twoFactorRequired'
>;

export interface StaffSession extends StaffAccess {
  /** The account as `GET /users/getMe` last said. */
  user: StaffMe;
  token: string;
  signOut: (message?: string) => void;
}

export const StaffSessionContext = createContext<StaffSession | null>(null);

/** The signed-in account; only screens rendered inside the admin shell may ask. */
export function useStaffSession(): StaffSession {
  const session = useContext(StaffSessionContext);
  if (session === null) throw new Error('useStaffSession must be used inside the admin shell');
  return session;
}

/**
 * Shows a failed staff call: a 401 means the token is dead (password changed or reset, account deleted,
 * expired), so the session ends and the login opens; anything else is a 20 s error notice.
 */
export function useStaffErrorHandler(): (error: ApiError) => void {
  const { signOut } = useStaffSession();
  return useCallback(
    (error: ApiError) => {
      if (error.httpStatus === 401) signOut(error.message);
      else showApiError(error);
    },
    [signOut],
  );
}

/**
 * A refused call shown where it happened (beside the form, in the dialog): a 401 still ends the session through
 * the handler above, anything else goes to `show`.
 */
export function useStaffRefusal(): (error: ApiError, show: (message: string) => void) => void {
  const handleError = useStaffErrorHandler();
  return useCallback(
    (error: ApiError, show: (message: string) => void) => {
      if (error.httpStatus === 401) handleError(error);
      else show(error.message);
    },
    [handleError],
  );
}
