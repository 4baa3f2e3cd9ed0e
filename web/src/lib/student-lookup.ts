import { studentLookupResponseSchema } from '@portal/common';
import { apiRequest } from './api-client';

/**
 * The student lookup (spec section 7). It logs in and, called again with the stored national ID, refreshes the
 * student's data. `nationalID` must already be normalised (normalizeDigits): the same value is in the cookie.
 */
export function getStudent(nationalID: string) {
  return apiRequest('/students/getStudent', {
    method: 'POST',
    body: { nationalID },
    schema: studentLookupResponseSchema,
    // A lookup changes nothing, so an overloaded server may be asked again.
    idempotent: true,
  });
}
