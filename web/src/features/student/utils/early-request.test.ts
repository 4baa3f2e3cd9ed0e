import { describe, expect, it, vi } from 'vitest';
import { EARLY_ANSWER_TTL_MS, earlyRequest } from './early-request';

function clock() {
  let time = 1_000;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('earlyRequest', () => {
  it('sends at once and hands the answer over once, to the same key', async () => {
    const early = earlyRequest<string>();
    const request = vi.fn(async () => 'answer');
    early.start('student-1', request);
    expect(request).toHaveBeenCalledTimes(1);
    await expect(early.take('student-1')).resolves.toBe('answer');
    expect(early.take('student-1')).toBeUndefined();
  });

  it('keeps an answer from another key, and drops it', () => {
    const early = earlyRequest<string>();
    early.start('student-1', async () => 'answer');
    expect(early.take('student-2')).toBeUndefined();
    expect(early.take('student-1')).toBeUndefined();
  });

  it('answers nothing when nothing was started or the answer has grown old', () => {
    const time = clock();
    const early = earlyRequest<string>(time.now);
    expect(early.take('student-1')).toBeUndefined();
    early.start('student-1', async () => 'answer');
    time.advance(EARLY_ANSWER_TTL_MS + 1);
    expect(early.take('student-1')).toBeUndefined();
  });
});
