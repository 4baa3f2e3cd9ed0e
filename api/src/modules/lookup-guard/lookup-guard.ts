import { MESSAGES } from '@portal/common';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { GuardStore, MissCounts } from './guard-store.js';
import type { LookupProofOfWork } from './proof-of-work.js';

/** How long an instance trusts what it last learnt of the shared counts before reading them again. */
export const GUARD_REFRESH_MS = 1_000;

/** The path of the challenge call, named in the refusal so that any client can find it. */
export const LOOKUP_CHALLENGE_PATH = '/api/v1/students/lookupChallenge';
/** The header of that refusal: the machine-readable marker beside the Arabic message. */
export const PROOF_OF_WORK_HEADER = 'x-proof-of-work';

/** Refused for want of a (valid, unused) proof: 403, the Arabic message, and the challenge's address. */
export class ProofOfWorkRequired extends AppError {
  constructor() {
    super(403, MESSAGES.lookupProofRequired);
  }
}

/**
 * Passes an error on, naming the challenge call in a header first when it is the guard's refusal: the web app and
 * any other client tell it from other 403s by that header (or by the message, MESSAGES.lookupProofRequired).
 */
export function markedRefusal(reply: FastifyReply, error: unknown): unknown {
  if (error instanceof ProofOfWorkRequired)
    reply.header(PROOF_OF_WORK_HEADER, `altcha; challenge=${LOOKUP_CHALLENGE_PATH}`);
  return error;
}

/** What the guard needs to know of one lookup request. */
export interface GuardedLookup {
  /** The `altcha` field of the body, when sent. */
  proof: string | undefined;
  /**
   * The student of the request's valid session (its cookie verified and its server state read, so a logged-out
   * session is none), when it has one: asked only while the guard is on, so that a normal day's lookup verifies no
   * cookie and reads nothing it did not before.
   */
  sessionStudentId: () => Promise<string | undefined>;
}

interface LookupGuardOptions {
  store: GuardStore;
  proofOfWork: LookupProofOfWork;
  /** `STUDENT_LOOKUP_POW_THRESHOLD`: unknown national IDs a minute, across every address, that switch it on. */
  threshold: number;
  now?: () => number;
}

/**
 * The portal-wide enumeration guard (decision 18). Every instance counts the unknown national IDs it answers in the
 * shared store; while they come at more than the threshold a minute (the current minute's count and the previous
 * one's share of the last 60 s), a lookup must carry a solved proof-of-work, used once. A lookup by the student of the request's own session needs none: it learns nothing
 * the session does not already open (and the student screens look their student up again on every opening).
 *
 * While the guard is off a lookup costs what it did before: the state is known in memory and read again from the
 * store at most once a second (or at once by the instance that counted a miss).
 */
export function lookupGuard({ store, proofOfWork, threshold, now = Date.now }: LookupGuardOptions) {
  let on = false;
  let knownAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<boolean> | undefined;

  // The previous minute weighs what is left of the current one: a rate over the last 60 s that does not drop to
  // nothing when a new minute starts.
  const learn = (counts: MissCounts) => {
    on = counts.current + counts.previous * (1 - counts.elapsed) > threshold;
    knownAt = now();
    return on;
  };

  const isOn = (): boolean | Promise<boolean> => {
    if (now() - knownAt < GUARD_REFRESH_MS) return on;
    reading ??= store
      .readMisses()
      .then(learn)
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };

  /** Counts an unknown national ID (a 404) before its answer leaves, so the next request already knows. */
  const countingMiss = async (error: unknown): Promise<never> => {
    if (error instanceof AppError && error.statusCode === 404) learn(await store.countMiss());
    throw error;
  };

  async function proofHolds(proof: string): Promise<boolean> {
    const verified = await proofOfWork.verify(proof);
    return verified !== null && (await store.spend(verified.signature, verified.expiresAt));
  }

  return {
    /** Runs the lookup as the guard allows it; `ProofOfWorkRequired` (403) when it does not. */
    async lookup<T extends { _id: string }>(request: GuardedLookup, lookup: () => Promise<T>): Promise<T> {
      const state = isOn();
      if (state === false || (state !== true && !(await state))) return lookup().catch(countingMiss);
      if (request.proof !== undefined) {
        if (!(await proofHolds(request.proof))) throw new ProofOfWorkRequired();
        return lookup().catch(countingMiss);
      }
      const sessionStudentId = await request.sessionStudentId();
      if (sessionStudentId === undefined) throw new ProofOfWorkRequired();
      // Any other answer than the session's own student is refused alike, so a session is no oracle.
      const answer = await lookup()
        .catch(countingMiss)
        .catch((error: unknown) => {
          throw error instanceof AppError && error.statusCode === 404 ? new ProofOfWorkRequired() : error;
        });
      if (answer._id !== sessionStudentId) throw new ProofOfWorkRequired();
      return answer;
    },
  };
}
export type LookupGuard = ReturnType<typeof lookupGuard>;
