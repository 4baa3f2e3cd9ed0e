import { CONTENT_MESSAGES } from './content.js';
import { z } from './zod.js';

/**
 * The zod pieces the content schemas (quiz bank, questionnaire, charter, colleges) are built of. Not re-exported
 * by index.ts: the package offers the schemas, not their parts.
 */

export const trimmed = (min: number, max: number, message: string) =>
  z.string({ error: message }).trim().min(min, { error: message }).max(max, { error: message });

export const flag = z.boolean({ error: CONTENT_MESSAGES.flagInvalid });

/** A patch must change something: an empty object is refused with one clear message. */
export const nonEmpty = <T extends object>(patch: T) => Object.keys(patch).length > 0;
