import { errorEnvelopeSchema } from '@portal/common';

/**
 * The OpenAPI responses of a route's error answers, all `{status: 'error', message}` in Arabic:
 * `response: { 200: okSchema, ...errorResponses(400, 401, 403) }`.
 */
export function errorResponses<const C extends number>(...codes: C[]) {
  return Object.fromEntries(codes.map((code) => [code, errorEnvelopeSchema])) as Record<
    C,
    typeof errorEnvelopeSchema
  >;
}
