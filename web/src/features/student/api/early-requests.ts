import type { StudentLookupResponse } from '@portal/common';
import { type ApiResult, apiRequest, type ResponseParser } from '@/lib/api-client';
import { getCookie } from '@/lib/cookies';
import { getStudent } from '@/lib/student-lookup';
import { earlyRequest } from '../utils/early-request';

// What a student screen asks the server for first, sent as the page opens on that screen (its route's preload,
// app/routes.tsx) beside the screen's code instead of after that code has arrived and rendered (issue 10).

const lookup = earlyRequest<ApiResult<StudentLookupResponse>>();

/** Every student screen opened afresh first looks the student up again by the stored national ID (StudentGuard). */
export function startLookupEarly(): void {
  const nationalID = getCookie('nationalID');
  if (nationalID !== undefined) lookup.start(nationalID, () => getStudent(nationalID));
}

/** The lookup startLookupEarly sent for this national ID, if it is still to be handed over. */
export function takeEarlyLookup(nationalID: string): Promise<ApiResult<StudentLookupResponse>> | undefined {
  return lookup.take(nationalID);
}

/** The student's complete-data path: GET what they already saved (complete-data/api.ts), PATCH it (upload.ts). */
export function storedDataPath(studentId: string): string {
  return `/students/completeStudentData/${encodeURIComponent(studentId)}`;
}

// Checked against its schema by the screen that takes it: the schema comes with zod, which this module, part of the
// first download, must not bring.
const unchecked: ResponseParser<unknown> = { parse: (body) => body };

const storedData = earlyRequest<ApiResult<unknown>>();

/**
 * studentDataEnter's stored data, by the student id kept since the login: sent beside the lookup, not after it. The
 * lookup renews the session cookie this request carries, so a refusal is possible and means "ask again".
 */
export function startStoredDataEarly(): void {
  const studentId = getCookie('id');
  if (studentId === undefined) return;
  storedData.start(studentId, () => apiRequest(storedDataPath(studentId), { schema: unchecked }));
}

/** The answer startStoredDataEarly got for this student, not yet checked against its schema. */
export function takeEarlyStoredData(studentId: string): Promise<ApiResult<unknown>> | undefined {
  return storedData.take(studentId);
}
