import { successEnvelope } from './envelope.js';
import { z } from './zod.js';

/** `GET /colleges` and `GET /colleges/tourism/{college}/programs` both answer `data.data`, a list of names. */
export const nameListResponseSchema = successEnvelope({
  data: z.object({ data: z.array(z.string()) }),
});
export type NameListResponse = z.infer<typeof nameListResponseSchema>;
