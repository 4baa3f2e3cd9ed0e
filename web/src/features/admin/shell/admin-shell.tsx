import { Alert, Stack } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { NoAccess } from '@/components/admin/no-access';
import { StaffSessionContext, useMeQuery, useSignOut } from '@/components/admin/staff-session';
import { Button } from '@/components/button';
import { PageSpinner } from '@/components/page-spinner';
import { getCookie, setCookie } from '@/lib/cookies';
import { AdminNav } from './admin-nav';
import { canOpen, heldAt, screenAt, visibleScreens } from './admin-screens';
import classes from './admin-shell.module.css';

const RETRY = 'إعادة المحاولة';

/**
 * Every staff screen sits in this shell (spec sections 2, 4 and 6): no token cookie → staff login; the role is
 * 'NOT' until `GET /users/getMe` answers, and only then do the navigation and the screen appear; a 401 ends the
 * session; an account that has not changed its password is held at the password change, and then one that must
 * enrol a second factor (issue 20) at the account security screen.
 */
export function AdminShell() {
  const token = getCookie('token');
  if (!token) return <Navigate to="/admin/login" replace />;
  return <SignedInShell token={token} />;
}

function SignedInShell({ token }: { token: string }) {
  const { pathname } = useLocation();
  const meQuery = useMeQuery(token);
  const signOut = useSignOut();
  const answer = meQuery.data;
  const rejected = answer?.status === 'error' && answer.httpStatus === 401 ? answer.message : undefined;
  const me = answer?.status === 'success' ? answer.data.data.user : undefined;

  useEffect(() => {
    if (rejected !== undefined) signOut(rejected);
  }, [rejected, signOut]);

  const role = me?.role;
  useEffect(() => {
    if (role) setCookie('role', role);
  }, [role]);

  const session = useMemo(
    () =>
      me
        ? {
            role: me.role,
            passwordChanged: me.passwordChanged,
            twoFactorEnabled: me.twoFactorEnabled,
            twoFactorRequired: me.twoFactorRequired,
            user: me,
            token,
            signOut,
          }
        : null,
    [me, token, signOut],
  );

  if (answer?.status === 'error' && rejected === undefined) {
    return (
      <Stack align="center" py="xl">
        <Alert color="red" variant="light" role="alert" title={answer.message} />
        <Button onClick={() => meQuery.refetch()} loading={meQuery.isFetching}>
          {RETRY}
        </Button>
      </Stack>
    );
  }
  if (session === null) return <PageSpinner />;

  const screen = screenAt(pathname);
  const held = screen && !canOpen(screen, session) ? heldAt(screen, session) : undefined;
  if (held) return <Navigate to={held} replace />;

  return (
    <StaffSessionContext value={session}>
      <div className={classes.layout}>
        <AdminNav screens={visibleScreens(session)} current={screen} onLogout={() => signOut()} />
        <div className={classes.content}>
          {screen && !canOpen(screen, session) ? <NoAccess /> : <Outlet />}
        </div>
      </div>
    </StaffSessionContext>
  );
}
