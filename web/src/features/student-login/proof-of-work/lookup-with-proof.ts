import { MESSAGES, type StudentLookupResponse } from '@portal/common';
import type { ApiResult } from '@/lib/api-client';
import { getStudent } from '@/lib/student-lookup';

/**
 * Whether the server refused the lookup for want of a proof-of-work: while too many unknown national IDs are
 * tried across the portal it asks every login for one (decision 18). Its message is the marker (the header
 * `x-proof-of-work` says the same to other clients).
 */
export function needsProof(result: ApiResult<unknown>): boolean {
  return result.status === 'error' && result.message === MESSAGES.lookupProofRequired;
}

/**
 * The student lookup of the login screen: one request on a normal day. Only when the server asks for a
 * proof-of-work is the solver downloaded, a challenge fetched and solved in a Web Worker, and the lookup sent again
 * with it, the student seeing nothing but the button's spinner a moment longer.
 */
export async function lookupWithProof(
  nationalID: string,
  seatNo?: string,
): Promise<ApiResult<StudentLookupResponse>> {
  const first = await getStudent(nationalID, seatNo);
  if (!needsProof(first)) return first;
  const { solveLookupProof } = await import('./solve-lookup-proof');
  const proof = await solveLookupProof();
  if (proof === undefined) return first;
  if (proof.status === 'error') return proof;
  return getStudent(nationalID, seatNo, proof.data);
}
