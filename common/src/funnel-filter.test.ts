import { describe, expect, it } from 'vitest';
import {
  ALL_PROGRESS_FLAGS,
  FUNNEL_STATES,
  progressFilterSchema,
  progressFlagsIn,
  progressStateOf,
} from './funnel-filter.js';
import { PROGRESS_STEPS } from './progress.js';

describe('the funnel filter', () => {
  it('holds every combination of the tracker inputs once', () => {
    expect(ALL_PROGRESS_FLAGS).toHaveLength(2 * 2 * 2 * 4 * 2 * 2 * 2);
    expect(new Set(ALL_PROGRESS_FLAGS.map((flags) => JSON.stringify(flags))).size).toBe(256);
  });

  it('puts a student in at most one state of each step, and in none of a step its tracker lacks', () => {
    for (const step of PROGRESS_STEPS) {
      const seen = new Map<string, number>();
      for (const state of FUNNEL_STATES)
        for (const flags of progressFlagsIn(step, state)) {
          const key = JSON.stringify(flags);
          seen.set(key, (seen.get(key) ?? 0) + 1);
        }
      expect([...seen.values()].every((times) => times === 1)).toBe(true);
    }
    const noInterview = progressFlagsIn('interview', 'current').filter((flags) => !flags.socialWork);
    expect(noInterview).toEqual([]);
  });

  it('is blocked at documents exactly when documents need re-uploading', () => {
    for (const flags of ALL_PROGRESS_FLAGS)
      expect(progressStateOf(flags, 'documents') === 'blocked').toBe(
        flags.documentsStatus === 'needsReupload',
      );
  });

  it('refuses a todo state and an unknown step in Arabic', () => {
    const todo = progressFilterSchema.safeParse({ step: 'data', state: 'todo' });
    expect(todo.success).toBe(false);
    expect(todo.error?.issues[0]?.message).toMatch(/[\u0621-\u064a]/);
    expect(progressFilterSchema.safeParse({ step: 'payment', state: 'done' }).success).toBe(false);
  });
});
