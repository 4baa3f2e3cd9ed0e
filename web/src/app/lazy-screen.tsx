import { type ComponentType, lazy, type ReactElement, useState } from 'react';
import type { ScreenHandle } from './preload-screens';

/** A lazy screen's component: `loaded` once its download has finished, `Lazy` (React.lazy) before. */
interface ScreenCode {
  loaded: () => ComponentType | undefined;
  Lazy: ComponentType;
}

/**
 * A lazy component suspends on its first render even when its code has arrived (preloaded), and React reveals what
 * replaces a Suspense fallback no sooner than 300 ms after the fallback: a screen already downloaded renders at once
 * instead. Chosen once per mount, so a screen never swaps one component for the other (and its state).
 */
function RouteScreen({ code }: { code: ScreenCode }) {
  const [Component] = useState<ComponentType>(() => code.loaded() ?? code.Lazy);
  return <Component />;
}

/**
 * Each screen is its own chunk, downloaded with the rest of Mantine's styles (all-styles.ts); the nearest Suspense
 * (StudentScreenArea's or AppLayout's) shows the spinner meanwhile. The route's handle lets app.tsx start that
 * download at once when the page opens on the screen (preload-screens.ts), and with it `startData`, the request the
 * screen would otherwise send only once its code has arrived and rendered. The student login is not lazy: it is the
 * portal's front door, and loading it lazily would add a round trip before the first screen.
 */
export function lazyScreen<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
  startData?: () => void,
): { element: ReactElement; handle: ScreenHandle } {
  let loaded: ComponentType | undefined;
  const loadWithStyles = () =>
    Promise.all([load(), import('./all-styles')]).then(([module]) => {
      loaded = module[name];
      return module;
    });
  const code: ScreenCode = {
    loaded: () => loaded,
    Lazy: lazy<ComponentType>(() => loadWithStyles().then((module) => ({ default: module[name] }))),
  };
  const preload = () => {
    startData?.();
    return loadWithStyles();
  };
  // Keyed by screen: at the same place in the tree, one screen following another is a new mount, not an update.
  return { element: <RouteScreen key={name} code={code} />, handle: { preload } };
}
