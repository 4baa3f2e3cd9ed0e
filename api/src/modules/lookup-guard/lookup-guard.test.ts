import { MESSAGES } from '@portal/common';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import type { GuardStore, MissCounts } from './guard-store.js';
import { GUARD_REFRESH_MS, lookupGuard, ProofOfWorkRequired } from './lookup-guard.js';
import type { LookupProofOfWork } from './proof-of-work.js';

/** A store whose counts the test sets, recording how often it is read. */
function fakeStore(counts: MissCounts) {
  const spent = new Set<string>();
  const store: GuardStore & { counts: MissCounts; reads: number } = {
    counts,
    reads: 0,
    async countMiss() {
      store.counts = { ...store.counts, current: store.counts.current + 1 };
      return store.counts;
    },
    async readMisses() {
      store.reads += 1;
      return store.counts;
    },
    async spend(signature: string) {
      if (spent.has(signature)) return false;
      spent.add(signature);
      return true;
    },
  };
  return store;
}

const proofOfWork = {
  create: async () => {
    throw new Error('not used');
  },
  verify: async (proof: string) => (proof.startsWith('good') ? { signature: proof, expiresAt: 1 } : null),
} as unknown as LookupProofOfWork;

const STUDENT = { _id: 'student-1' };
const found = async () => STUDENT;
const unknown = async (): Promise<typeof STUDENT> => {
  throw new AppError(404, MESSAGES.studentNotRegistered);
};
const noSession = async () => undefined;

describe('lookupGuard', () => {
  it('reads the shared counts at most once a second while it is off', async () => {
    let now = 0;
    const store = fakeStore({ current: 0, previous: 0, elapsed: 0 });
    const guard = lookupGuard({ store, proofOfWork, threshold: 5, now: () => now });
    for (let i = 0; i < 5; i += 1)
      await guard.lookup({ proof: undefined, sessionStudentId: noSession }, found);
    expect(store.reads).toBe(1);
    now += GUARD_REFRESH_MS;
    await guard.lookup({ proof: undefined, sessionStudentId: noSession }, found);
    expect(store.reads).toBe(2);
  });

  it('learns from its own count at once, and asks for a proof past the threshold', async () => {
    const store = fakeStore({ current: 1, previous: 0, elapsed: 0 });
    const guard = lookupGuard({ store, proofOfWork, threshold: 2, now: () => 0 });
    const none = { proof: undefined, sessionStudentId: noSession };
    await expect(guard.lookup(none, unknown)).rejects.toMatchObject({ statusCode: 404 });
    await expect(guard.lookup(none, found)).resolves.toBe(STUDENT);
    await expect(guard.lookup(none, unknown)).rejects.toMatchObject({ statusCode: 404 });
    await expect(guard.lookup(none, found)).rejects.toBeInstanceOf(ProofOfWorkRequired);
    await expect(guard.lookup({ proof: 'good-1', sessionStudentId: noSession }, found)).resolves.toBe(
      STUDENT,
    );
    await expect(
      guard.lookup({ proof: 'good-1', sessionStudentId: noSession }, found),
    ).rejects.toBeInstanceOf(ProofOfWorkRequired);
    await expect(
      guard.lookup({ proof: 'forged', sessionStudentId: noSession }, found),
    ).rejects.toBeInstanceOf(ProofOfWorkRequired);
  });

  it.each([
    [{ current: 1, previous: 4, elapsed: 0.5 }, true],
    [{ current: 1, previous: 4, elapsed: 0.9 }, false],
    [{ current: 3, previous: 0, elapsed: 0.1 }, true],
    [{ current: 2, previous: 0, elapsed: 0 }, false],
  ])('weighs the previous minute by what is left of the current one: %o → on %s', async (counts, on) => {
    const guard = lookupGuard({ store: fakeStore(counts), proofOfWork, threshold: 2, now: () => 0 });
    const answer = guard.lookup({ proof: undefined, sessionStudentId: noSession }, found);
    if (on) await expect(answer).rejects.toBeInstanceOf(ProofOfWorkRequired);
    else await expect(answer).resolves.toBe(STUDENT);
  });

  it("reads the session only while on, and lets only the session's own student through without a proof", async () => {
    let sessionReads = 0;
    const session = (id: string) => async () => {
      sessionReads += 1;
      return id;
    };
    const off = lookupGuard({
      store: fakeStore({ current: 0, previous: 0, elapsed: 0 }),
      proofOfWork,
      threshold: 2,
    });
    await off.lookup({ proof: undefined, sessionStudentId: session('student-1') }, found);
    expect(sessionReads).toBe(0);
    const on = lookupGuard({
      store: fakeStore({ current: 9, previous: 0, elapsed: 0 }),
      proofOfWork,
      threshold: 2,
    });
    await expect(
      on.lookup({ proof: undefined, sessionStudentId: session('student-1') }, found),
    ).resolves.toBe(STUDENT);
    await expect(
      on.lookup({ proof: undefined, sessionStudentId: session('student-2') }, found),
    ).rejects.toBeInstanceOf(ProofOfWorkRequired);
    await expect(
      on.lookup({ proof: undefined, sessionStudentId: session('student-1') }, unknown),
    ).rejects.toBeInstanceOf(ProofOfWorkRequired);
  });
});
