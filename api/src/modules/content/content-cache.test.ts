import type { ContentKind } from '@portal/common';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contentCache } from './content-cache.js';

/** Counters the test moves by hand, as edits on other instances would. */
function counters() {
  const versions: Record<ContentKind, number> = {
    quiz: 1,
    questionnaire: 1,
    charter: 1,
    colleges: 1,
    seasons: 1,
  };
  const readVersions = vi.fn(async () => ({ ...versions }));
  return { versions, readVersions };
}

/** A load whose answer the test releases (or fails) when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('contentCache', () => {
  it('loads a key once per version and shares the value between requests', async () => {
    const { versions, readVersions } = counters();
    const cache = contentCache({ readVersions, pollMs: 60_000 });
    await cache.refresh();
    const load = vi.fn(async (version: number) => `v${version}`);

    expect(await cache.get('questionnaire', 'active', load)).toBe('v1');
    expect(await cache.get('questionnaire', 'active', load)).toBe('v1');
    expect(load).toHaveBeenCalledTimes(1);

    // Another kind's edit leaves this kind's copy alone.
    versions.colleges = 5;
    await cache.refresh();
    expect(await cache.get('questionnaire', 'active', load)).toBe('v1');
    expect(load).toHaveBeenCalledTimes(1);

    // Its own edit is loaded again, once.
    versions.questionnaire = 2;
    await cache.refresh();
    expect(cache.version('questionnaire')).toBe(2);
    expect(await cache.get('questionnaire', 'active', load)).toBe('v2');
    expect(await cache.get('questionnaire', 'active', load)).toBe('v2');
    expect(load).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenLastCalledWith(2);
  });

  it('keeps keys of one kind apart', async () => {
    const { readVersions } = counters();
    const cache = contentCache({ readVersions, pollMs: 60_000 });
    await cache.refresh();
    expect(await cache.get('charter', 'pdf', async () => 'pdf')).toBe('pdf');
    expect(await cache.get('charter', 'sections', async () => 'sections')).toBe('sections');
    expect(await cache.get('charter', 'pdf', async () => 'again')).toBe('pdf');
  });

  it('shares a load still under way: requests arriving meanwhile wait on the same one', async () => {
    const { readVersions } = counters();
    const cache = contentCache({ readVersions, pollMs: 60_000 });
    await cache.refresh();
    const pending = deferred<string[]>();
    const load = vi.fn(() => pending.promise);

    const first = cache.get('questionnaire', 'active', load);
    const second = cache.get('questionnaire', 'active', load);
    const third = cache.get('questionnaire', 'active', load);
    expect(load).toHaveBeenCalledTimes(1);
    pending.resolve(['residence']);
    expect(await Promise.all([first, second, third])).toEqual([['residence'], ['residence'], ['residence']]);
    expect(await first).toBe(await second);
  });

  it('forgets a failed load, so the next request tries again (and those that shared it see the failure)', async () => {
    const { readVersions } = counters();
    const cache = contentCache({ readVersions, pollMs: 60_000 });
    await cache.refresh();
    const failing = deferred<string>();
    const first = cache.get('colleges', 'list', () => failing.promise);
    const shared = cache.get('colleges', 'list', async () => 'not called');
    failing.reject(new Error('database gone'));
    await expect(first).rejects.toThrow('database gone');
    await expect(shared).rejects.toThrow('database gone');

    const load = vi.fn(async () => 'list');
    expect(await cache.get('colleges', 'list', load)).toBe('list');
    expect(await cache.get('colleges', 'list', load)).toBe('list');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("does not let an old version's late failure drop the newer version's value", async () => {
    const { versions, readVersions } = counters();
    const cache = contentCache({ readVersions, pollMs: 60_000 });
    await cache.refresh();
    const old = deferred<string>();
    const oldValue = cache.get('quiz', 'bank', () => old.promise);
    versions.quiz = 2;
    await cache.refresh();
    const load = vi.fn(async () => 'new');
    expect(await cache.get('quiz', 'bank', load)).toBe('new');
    old.reject(new Error('late'));
    await expect(oldValue).rejects.toThrow('late');
    expect(await cache.get('quiz', 'bank', load)).toBe('new');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reads the counters on start, then on its timer, and stops polling when stopped', async () => {
    vi.useFakeTimers();
    const { versions, readVersions } = counters();
    const cache = contentCache({ readVersions, pollMs: 500 });
    await cache.start();
    expect(readVersions).toHaveBeenCalledTimes(1);
    const load = vi.fn(async (version: number) => version);
    expect(await cache.get('questionnaire', 'active', load)).toBe(1);

    // An edit on another instance: seen at the next poll, not before.
    versions.questionnaire = 7;
    expect(await cache.get('questionnaire', 'active', load)).toBe(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(readVersions).toHaveBeenCalledTimes(2);
    expect(await cache.get('questionnaire', 'active', load)).toBe(7);

    cache.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(readVersions).toHaveBeenCalledTimes(2);
  });

  it('keeps serving what it holds when a poll fails, and reports the failure', async () => {
    vi.useFakeTimers();
    const { readVersions } = counters();
    const onPollError = vi.fn();
    const cache = contentCache({ readVersions, pollMs: 500, onPollError });
    await cache.start();
    const load = vi.fn(async () => 'held');
    expect(await cache.get('charter', 'pdf', load)).toBe('held');
    readVersions.mockRejectedValueOnce(new Error('connection refused'));
    await vi.advanceTimersByTimeAsync(500);
    expect(onPollError).toHaveBeenCalledWith(expect.objectContaining({ message: 'connection refused' }));
    expect(await cache.get('charter', 'pdf', load)).toBe('held');
    expect(load).toHaveBeenCalledTimes(1);
    cache.stop();
  });

  it('starts when the first read fails (the database is down), and moves on at the first poll that succeeds', async () => {
    vi.useFakeTimers();
    const { readVersions } = counters();
    readVersions.mockRejectedValueOnce(new Error('connection refused'));
    const onPollError = vi.fn();
    const cache = contentCache({ readVersions, pollMs: 500, onPollError });
    await cache.start();
    expect(onPollError).toHaveBeenCalledTimes(1);
    expect(cache.version('questionnaire')).toBe(0);
    await vi.advanceTimersByTimeAsync(500);
    expect(cache.version('questionnaire')).toBe(1);
    cache.stop();
  });

  it('uses version 0 for every kind before the counters were first read', async () => {
    const cache = contentCache({ readVersions: async () => ({ quiz: 3 }) as never, pollMs: 60_000 });
    expect(cache.version('quiz')).toBe(0);
    expect(await cache.get('quiz', 'bank', async (version) => version)).toBe(0);
    await cache.refresh();
    expect(cache.version('quiz')).toBe(3);
    expect(cache.version('charter')).toBe(0);
  });
});
