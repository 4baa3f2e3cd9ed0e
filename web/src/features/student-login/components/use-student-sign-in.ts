import { type StudentLookupResponse, studentLanding } from '@portal/common';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { showApiError } from '@/components/notices';
import type { ApiResult } from '@/lib/api-client';
import { setCookie } from '@/lib/cookies';
import { removeDraftsExcept } from '@/lib/device-drafts';
import { sessionFromLookup, useStudentSession } from '@/lib/student-session';

/**
 * What a lookup answer does, whether it came from the form or from the nationalID cookie (spec section 2). A seat
 * number typed at login (STUDENT_SECOND_FACTOR=seatNo) is kept beside the national ID: every later lookup needs it.
 */
export function useStudentSignIn() {
  const navigate = useNavigate();
  const { setSession } = useStudentSession();
  return useCallback(
    (nationalID: string, result: ApiResult<StudentLookupResponse>, seatNo?: string) => {
      if (result.status === 'error') {
        showApiError(result);
        return;
      }
      const lookup = result.data;
      removeDraftsExcept(lookup._id);
      setCookie('id', lookup._id);
      setCookie('nationalID', nationalID);
      if (seatNo !== undefined) setCookie('seatNo', seatNo);
      setSession(sessionFromLookup(lookup));
      navigate(`/dashboard/${studentLanding(lookup.studentData)}`);
    },
    [navigate, setSession],
  );
}
