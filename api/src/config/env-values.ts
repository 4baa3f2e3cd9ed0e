import { z } from 'zod';

/** `0` or `1`, read as false or true. */
export const flag = z.enum(['0', '1']).transform((value) => value === '1');
/** Trimmed; an empty value (`VAR=` in an env file) reads as unset. */
export const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();
