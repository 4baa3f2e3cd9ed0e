import { z } from './zod.js';

/**
 * The student's progress tracker (issue 17) as the lookup carries it: the steps in order, each done, current,
 * still to do, or blocked on something the student must fix. Only the shape lives here, so that the login
 * screen's first download stays small; the rule that computes it is `studentProgress` (student-progress.ts).
 */
export const PROGRESS_STEPS = [
  'charter',
  'questionnaire',
  'data',
  'documents',
  'interview',
  'forms',
] as const;
export type ProgressStep = (typeof PROGRESS_STEPS)[number];

export const PROGRESS_STATES = ['done', 'current', 'todo', 'blocked'] as const;
export type ProgressState = (typeof PROGRESS_STATES)[number];

export const progressStepSchema = z.object({
  step: z.enum(PROGRESS_STEPS),
  state: z.enum(PROGRESS_STATES),
  /** What the student must know of the step, in Arabic: what to fix when blocked, what it waits for. */
  detail: z.string().optional(),
});
export type ProgressEntry = z.infer<typeof progressStepSchema>;
