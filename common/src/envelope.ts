import { z } from './zod.js';

/** Every failed call answers this shape with a truthful HTTP status (product decisions, wire contract). */
export const errorEnvelopeSchema = z.object({
  status: z.literal('error'),
  message: z.string(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export function successEnvelope<T extends z.ZodRawShape>(shape: T) {
  return z.object({ status: z.literal('success'), ...shape });
}
