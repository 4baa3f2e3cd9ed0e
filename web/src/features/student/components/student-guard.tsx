import { useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useOutletContext } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { getCookie } from '@/lib/cookies';
import {
  isSessionLoaded,
  type StudentSession,
  useRefreshStudent,
  useStudentSession,
} from '@/lib/student-session';
import { takeEarlyLookup } from '../api/early-requests';

/**
 * Every student screen needs a looked-up student; without one the spec sends the visitor to the login at `/`.
 * A reload (the quiz and the questionnaire reload after a failed submit) empties the in-memory session, so a
 * stored national ID is looked up again first and the student stays on the screen they were on.
 */
export function StudentGuard() {
  const { session } = useStudentSession();
  const loaded = isSessionLoaded(session);
  const resuming = useResumeSession(loaded);
  if (loaded) return <Outlet context={session} />;
  if (resuming) return <PageSpinner />;
  return <Navigate to="/" replace />;
}

/**
 * True while the stored national ID is being looked up for a screen opened without a session. Decided after the
 * first render, not during it: the build prerenders a student screen's page (scripts/prerender-web.mjs) with no
 * student known, and the browser's first render must draw the same spinner to take that page over.
 */
function useResumeSession(loaded: boolean): boolean {
  const refresh = useRefreshStudent();
  const [settled, setSettled] = useState(false);
  // StrictMode runs effects twice in development; one lookup is enough.
  const started = useRef(false);

  useEffect(() => {
    if (loaded || started.current) return;
    started.current = true;
    if (getCookie('nationalID') === undefined) {
      setSettled(true);
      return;
    }
    // On success the session is set in the same render as this, so the screen follows without a redirect. Opened
    // on a student screen, the page has already sent this lookup (the route's preload).
    refresh(takeEarlyLookup).then(() => setSettled(true));
  }, [loaded, refresh]);

  return !loaded && !settled;
}

/** The session of a screen rendered inside StudentGuard, so screens need no null checks. */
export function useLoadedSession(): StudentSession {
  return useOutletContext<StudentSession>();
}
