/** Long enough to read the error notice before the page reloads with fresh data (spec sections 4 and 8). */
export const RELOAD_DELAY_MS = 4000;

/** A failed quiz or questionnaire submit reloads the page: the quiz then shows a new draw. */
export function scheduleReload(delayMs = RELOAD_DELAY_MS): void {
  window.setTimeout(() => window.location.reload(), delayMs);
}
