import { startTransition, useEffect, useState } from 'react';

/** Rows rendered at once: about a screenful, so the first rows show without waiting for the rest. */
export const FIRST_ROWS = 40;
/** Rows added per step after that. */
export const ROWS_PER_STEP = 100;

/**
 * The leading part of `rows` to render now, growing by a step after each paint until it is all of them.
 * A staff page holds 500 students (spec section 9): rendering them in one go kept the page frozen for seconds on
 * a slow computer before anything showed. In steps, the first screenful shows at once, the rest follows as
 * interruptible updates (typing and clicking stay responsive), and in the end every row is in the page (find in
 * page, printing and screen readers see them all). New rows start again from the first step.
 */
export function useRowsInSteps<T>(rows: readonly T[]): readonly T[] {
  const [state, setState] = useState({ rows, shown: FIRST_ROWS });
  // A new list resets during rendering, so its first paint never carries the old list's count.
  const current = state.rows === rows ? state : { rows, shown: FIRST_ROWS };
  if (current !== state) setState(current);

  useEffect(() => {
    if (current.shown >= rows.length) return;
    const timer = setTimeout(() =>
      startTransition(() =>
        setState((previous) =>
          previous.rows === rows ? { rows, shown: previous.shown + ROWS_PER_STEP } : previous,
        ),
      ),
    );
    return () => clearTimeout(timer);
  }, [current.shown, rows]);

  return current.shown >= rows.length ? rows : rows.slice(0, current.shown);
}
