import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { StudentSession } from '@/lib/student-session';
import { useRefreshStudent } from '@/lib/student-session';
import { cameFromQuiz } from '../utils/referrer';

type Refresh = () => Promise<StudentSession | null>;

/**
 * Spec section 4, additional questions on entry for a student not (yet) known to have passed: coming from the
 * quiz, the student is looked up again; when that does not show a pass, or the student came from elsewhere, one
 * fallback lookup follows. Answers whether a lookup showed a pass; failed lookups are only logged.
 */
export async function confirmPassed(refresh: Refresh, referrer: string): Promise<boolean> {
  if (cameFromQuiz(referrer)) {
    const fresh = await refresh();
    if (fresh?.studentObj.isPassed) return true;
  }
  const fallback = await refresh();
  return fallback?.studentObj.isPassed === true;
}

/**
 * True while a student who has not passed is being checked again; a pass ends the check (the refreshed session
 * carries it), anything else goes to the charter download page.
 */
export function useVerifiedPass(isPassed: boolean): boolean {
  const refresh = useRefreshStudent();
  const navigate = useNavigate();
  const [verifying, setVerifying] = useState(!isPassed);
  // StrictMode runs effects twice in development; one check is enough.
  const started = useRef(false);

  useEffect(() => {
    if (!verifying || started.current) return;
    started.current = true;
    confirmPassed(refresh, document.referrer).then((passed) => {
      if (passed) setVerifying(false);
      else navigate('/dashboard/documentDownloadPage', { replace: true });
    });
  }, [verifying, refresh, navigate]);

  return verifying;
}
