import { DEFAULT_INTERVIEW_WEEKEND_DAYS } from '@portal/common';
import { z } from 'zod';
import { flag } from './env-values.js';

/** Whether `Intl` knows the time zone (an IANA name such as `Africa/Cairo`). */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The university's time zone and its interview days. */
export const calendarEnv = {
  UNIVERSITY_TIMEZONE: z
    .string()
    .trim()
    .default('Africa/Cairo')
    .refine(isTimeZone, 'must be an IANA time zone such as Africa/Cairo'),
  INTERVIEW_WEEKEND_DAYS: z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return [...DEFAULT_INTERVIEW_WEEKEND_DAYS];
      if (value === 'none') return [];
      const days = value.split(',').map((day) => day.trim());
      if (!days.every((day) => /^[0-6]$/.test(day))) {
        ctx.addIssue({
          code: 'custom',
          message: "must be days 0-6 (0 = Sunday) separated by commas, or 'none'",
        });
        return z.NEVER;
      }
      return [...new Set(days.map(Number))].sort((a, b) => a - b);
    }),
  INTERVIEW_RESULT_VISIBLE: flag.default(false),
};
