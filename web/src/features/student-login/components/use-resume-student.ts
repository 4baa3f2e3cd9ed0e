import type { StudentLookupResponse } from '@portal/common';
import { useEffect, useRef, useState } from 'react';
import type { ApiResult } from '@/lib/api-client';
import { getCookie } from '@/lib/cookies';
import { lookupWithProof } from '../proof-of-work/lookup-with-proof';

type OnResult = (nationalID: string, result: ApiResult<StudentLookupResponse>) => void;

/**
 * Opening `/` with a nationalID cookie looks the student up again (spec section 2). Answers true while that
 * lookup runs; it stays true on success because the screen is about to be left.
 */
export function useResumeStudent(onResult: OnResult): boolean {
  const [savedId] = useState(() => getCookie('nationalID'));
  const [resuming, setResuming] = useState(savedId !== undefined);
  // StrictMode runs effects twice in development; one lookup is enough.
  const started = useRef(false);

  useEffect(() => {
    if (savedId === undefined || started.current) return;
    started.current = true;
    lookupWithProof(savedId).then((result) => {
      if (result.status === 'error') setResuming(false);
      onResult(savedId, result);
    });
  }, [savedId, onResult]);

  return resuming;
}
