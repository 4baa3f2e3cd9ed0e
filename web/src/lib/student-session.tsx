import type { StudentData, StudentLookupResponse, StudentResultEntry } from '@portal/common';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { getCookie } from './cookies';
import { getStudent } from './student-lookup';

/** The client state of spec section 3: studentData, studentID, studentObj and formsInfo. */
export interface StudentSession {
  studentData: StudentResultEntry[];
  studentID: string;
  studentObj: StudentData;
  formsInfo: StudentResultEntry[];
}

/** A student who has passed the charter quiz downloads the admission request; before that, the covenant. */
function formsInfoFor(isPassed: boolean): StudentResultEntry[] {
  return [{ name: 'استمارة ', value: isPassed ? 'admission request form' : 'student covenant' }];
}

export function sessionFromLookup(lookup: StudentLookupResponse): StudentSession {
  return {
    studentData: lookup.result,
    studentID: lookup._id,
    studentObj: lookup.studentData,
    formsInfo: formsInfoFor(lookup.studentData.isPassed),
  };
}

/**
 * The session with some flags changed, for when the server has just confirmed a change (quiz passed,
 * questionnaire sent) but the lookup that would bring the new flags failed.
 */
export function withStudentFlags(session: StudentSession, flags: Partial<StudentData>): StudentSession {
  const studentObj = { ...session.studentObj, ...flags };
  return { ...session, studentObj, formsInfo: formsInfoFor(studentObj.isPassed) };
}

/** The spec treats an empty studentData list as "not loaded" (spec section 3). */
export function isSessionLoaded(session: StudentSession | null): session is StudentSession {
  return session !== null && session.studentData.length > 0;
}

interface StudentSessionValue {
  session: StudentSession | null;
  setSession: (session: StudentSession | null) => void;
}

const StudentSessionContext = createContext<StudentSessionValue | null>(null);

export function StudentSessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<StudentSession | null>(null);
  const value = useMemo(() => ({ session, setSession }), [session]);
  return <StudentSessionContext value={value}>{children}</StudentSessionContext>;
}

export function useStudentSession(): StudentSessionValue {
  const value = useContext(StudentSessionContext);
  if (value === null) throw new Error('useStudentSession must be used inside StudentSessionProvider');
  return value;
}

/** A lookup of this national ID already under way, if there is one to use. */
export type PendingLookup = (nationalID: string) => ReturnType<typeof getStudent> | undefined;

/**
 * Looks the student up again by the stored national ID and keeps the answer as the session. Answers the new
 * session, or null when there is no national ID or the lookup fails; a failure is only logged (spec section 4),
 * the caller decides where the student goes. `pending` offers a lookup sent earlier (as the page opened) in place of
 * a new one.
 */
export function useRefreshStudent(): (pending?: PendingLookup) => Promise<StudentSession | null> {
  const { setSession } = useStudentSession();
  return useCallback(
    async (pending?: PendingLookup) => {
      const nationalID = getCookie('nationalID');
      if (nationalID === undefined) {
        console.warn('student refresh skipped: no national ID is stored');
        return null;
      }
      const result = await (pending?.(nationalID) ?? getStudent(nationalID));
      if (result.status === 'error') {
        console.warn(`student refresh failed (${result.httpStatus}): ${result.message}`);
        return null;
      }
      const session = sessionFromLookup(result.data);
      setSession(session);
      return session;
    },
    [setSession],
  );
}
