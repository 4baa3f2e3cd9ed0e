import { type ApiResult, apiRequest, type ResponseParser } from '@/lib/api-client';
import type { SolverRequest, SolverResponse } from './solver.worker';

/** The challenge as the server hands it out; the worker and the server check the rest. */
const challengeParser: ResponseParser<SolverRequest['challenge']> = {
  parse(body) {
    if (typeof body !== 'object' || body === null || !('parameters' in body) || !('signature' in body))
      throw new Error('not a challenge');
    return body as SolverRequest['challenge'];
  },
};

/** The name of the user-timing measure of one solve (DevTools, and bench/lookup-proof-of-work.mjs, read it). */
export const SOLVE_MEASURE = 'lookup-proof-of-work';

function solveInWorker(challenge: SolverRequest['challenge']): Promise<SolverResponse> {
  const worker = new Worker(new URL('./solver.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<SolverResponse>((resolve) => {
    worker.onmessage = (event: MessageEvent<SolverResponse>) => resolve(event.data);
    worker.onerror = () => resolve({ solution: null });
    worker.postMessage({ challenge } satisfies SolverRequest);
  }).finally(() => worker.terminate());
}

/**
 * A fresh challenge of `GET /students/lookupChallenge`, solved off the page's thread: the `altcha` field of the
 * lookup (base64 of the challenge and its solution, ALTCHA's payload), the challenge call's error, or undefined
 * when the browser could not solve it.
 */
export async function solveLookupProof(): Promise<ApiResult<string> | undefined> {
  const challenge = await apiRequest('/students/lookupChallenge', { schema: challengeParser });
  if (challenge.status === 'error') return challenge;
  const started = performance.now();
  const { solution } = await solveInWorker(challenge.data);
  performance.measure(SOLVE_MEASURE, { start: started, end: performance.now() });
  if (solution === null) return undefined;
  return {
    status: 'success',
    data: btoa(JSON.stringify({ challenge: challenge.data, solution })),
    httpStatus: challenge.httpStatus,
  };
}
