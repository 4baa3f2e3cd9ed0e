/**
 * The pure rules of interview scheduling on the server. The day rules that the web app applies too (past days,
 * weekend days, the messages) live in `@portal/common` (`schedulingDayProblem`, `appointedMessage`).
 */

/** Today in the university's time zone, `YYYY-MM-DD`, whatever the machine's `TZ`. */
export function universityToday(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** A social-work student with complete data and no appointment, as the selection orders them. */
export interface WaitingStudent {
  id: string;
  completedAt: Date | null;
}

/**
 * The selection order (product decisions: 'the N earliest to complete their data'): earliest completion first,
 * a student without a completion time after every dated one, ties by id so that the order is total. The
 * repository's `ORDER BY completed_at ASC NULLS LAST, id` is this order (a uuid compares as its lowercase hex).
 */
export function compareWaiting(a: WaitingStudent, b: WaitingStudent): number {
  const at = a.completedAt?.getTime() ?? Number.POSITIVE_INFINITY;
  const bt = b.completedAt?.getTime() ?? Number.POSITIVE_INFINITY;
  if (at !== bt) return at < bt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The students one call appoints when nobody else is scheduling: the first `count` in the selection order. */
export function pickForAppointment<T extends WaitingStudent>(waiting: readonly T[], count: number): T[] {
  return [...waiting].sort(compareWaiting).slice(0, Math.max(0, count));
}

/**
 * Rounds of `SELECT … FOR UPDATE SKIP LOCKED` + `INSERT … ON CONFLICT DO NOTHING` one call may run. A round
 * falls short only when a student it read as waiting was appointed by a call that committed meanwhile; the
 * next round (a new statement, a new snapshot) sees that and takes the next ones.
 */
export const MAX_APPOINT_ROUNDS = 10;

/** Whether another round may find more: the last one inserted fewer than it picked, and some are still due. */
export function needsAnotherRound(round: { picked: number; inserted: number }, stillWanted: number): boolean {
  return stillWanted > 0 && round.picked > 0 && round.inserted < round.picked;
}
