import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * A value only the browser knows (a cookie, today's date) as this render sees it; a primitive, compared by value.
 * Nothing announces a change: it is read again whenever the component renders. While React takes over a page the
 * build prerendered (main.tsx), it uses `prerendered`, what the build rendered, so the markup matches; React
 * renders again with the browser's value straight after.
 */
export function useBrowserValue<T extends string | number | boolean | undefined>(
  read: () => T,
  prerendered: T,
): T {
  return useSyncExternalStore(noSubscription, read, () => prerendered);
}
