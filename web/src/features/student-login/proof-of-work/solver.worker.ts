import { type Challenge, type Solution, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';

export interface SolverRequest {
  challenge: Challenge;
}
export interface SolverResponse {
  solution: Pick<Solution, 'counter' | 'derivedKey'> | null;
}

/** Gives up long after a phone would have finished (under a second): the student sees the error, not a spinner. */
const TIMEOUT_MS = 30_000;

/** The worker's global scope, as much of it as is used (the web app's types are the page's, not a worker's). */
const scope = self as unknown as {
  onmessage: (event: MessageEvent<SolverRequest>) => void;
  postMessage: (message: SolverResponse) => void;
};

// Solves one lookup challenge with the browser's native PBKDF2 (Web Crypto) and answers its solution.
scope.onmessage = async (event) => {
  let solution: SolverResponse['solution'] = null;
  try {
    const solved = await solveChallenge({ challenge: event.data.challenge, deriveKey, timeout: TIMEOUT_MS });
    if (solved) solution = { counter: solved.counter, derivedKey: solved.derivedKey };
  } catch {
    solution = null;
  }
  scope.postMessage({ solution });
};
