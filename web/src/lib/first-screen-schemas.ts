// The schemas of the answers the first screen waits for (every call's error envelope, the branding, the student
// lookup), and zod with them. Only load-first-screen-schemas.ts imports this module, lazily, so that zod is not
// part of the login screen's first download (issue 10).
export { brandingResponseSchema, errorEnvelopeSchema, studentLookupResponseSchema } from '@portal/common';
