import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a long form's `total` parts to render yet: none at first, then one more per transition. React slices a
 * transition's render and commits each part on its own, so no task renders the whole form and the page answers
 * input between parts (issue 10).
 */
export function useStagedCount(total: number): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (count < total) startTransition(() => setCount(count + 1));
  }, [count, total]);
  return Math.min(count, total);
}
