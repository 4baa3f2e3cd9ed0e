/**
 * An answer this long after its request was started is not handed over: it was meant for the screen the page opened
 * on, and a screen reached later (after a trip to the login, say) asks the server afresh as it always did.
 */
export const EARLY_ANSWER_TTL_MS = 30_000;

export interface EarlyRequest<T> {
  /** Sends the request now; its answer waits for the screen that needs it. */
  start(key: string, request: () => Promise<T>): void;
  /** The answer started for `key`, at most once and while fresh; undefined otherwise, and the caller asks itself. */
  take(key: string): Promise<T> | undefined;
}

/**
 * A request a screen needs, sent as the page opens on that screen (its route's preload, app/preload-screens.ts)
 * instead of once the screen's code has downloaded and rendered, so the answer and the code arrive together
 * (issue 10). The key (a national ID, a student id) keeps an answer from reaching a screen about someone else.
 */
export function earlyRequest<T>(now: () => number = Date.now): EarlyRequest<T> {
  let pending: { key: string; answer: Promise<T>; startedAt: number } | null = null;
  return {
    start(key, request) {
      pending = { key, answer: request(), startedAt: now() };
    },
    take(key) {
      const taken = pending;
      pending = null;
      if (taken === null || taken.key !== key || now() - taken.startedAt > EARLY_ANSWER_TTL_MS)
        return undefined;
      return taken.answer;
    },
  };
}
