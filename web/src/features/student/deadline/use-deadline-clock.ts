import { useEffect, useState } from 'react';

const MINUTE_MS = 60_000;

/**
 * The time now, for a screen that shows `deadline`: read again each minute, just after the time left crosses a
 * whole minute, so that the countdown's minutes turn, and the screen closes the data entry when the deadline comes,
 * on time rather than up to a minute late. Nothing is scheduled without a deadline or once it has passed.
 */
export function useDeadlineClock(deadline: string | null): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (deadline === null) return;
    const left = Date.parse(deadline) - now.getTime();
    // Also false for a deadline that is not a date, which would otherwise be read again without end.
    if (!(left > 0)) return;
    const timer = setTimeout(() => setNow(new Date()), (left % MINUTE_MS) + 1);
    return () => clearTimeout(timer);
  }, [deadline, now]);
  return now;
}
