import { LOOKUP_PROOF_FIELD } from '@portal/common';
import { apiRequest, lazyParser } from './api-client';
import { getCookie } from './cookies';
import { loadFirstScreenSchemas } from './load-first-screen-schemas';

// The login screen's answer: its schema is one of the first screen's, downloaded apart from it (issue 10).
const studentLookupResponse = lazyParser(() =>
  loadFirstScreenSchemas().then((schemas) => schemas.studentLookupResponseSchema),
);

/**
 * The student lookup (spec section 7). It logs in and, called again with the stored national ID, refreshes the
 * student's data. `nationalID` must already be normalised (normalizeDigits): the same value is in the cookie.
 * With the student second factor (issue 20) the seat number goes too: the one typed at login, else the one kept
 * since (the server ignores it when the setting is off). `proof` is a solved proof-of-work, sent only after the server
 * asked for one (features/student-login/proof-of-work).
 */
export function getStudent(
  nationalID: string,
  seatNo: string | undefined = getCookie('seatNo'),
  proof?: string,
) {
  const credentials = seatNo === undefined ? { nationalID } : { nationalID, seatNo };
  return apiRequest('/students/getStudent', {
    method: 'POST',
    body: proof === undefined ? credentials : { ...credentials, [LOOKUP_PROOF_FIELD]: proof },
    schema: studentLookupResponse,
    // A lookup changes nothing, so an overloaded server may be asked again.
    idempotent: true,
  });
}
