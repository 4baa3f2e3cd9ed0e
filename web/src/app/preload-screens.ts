import { matchRoutes, type RouteObject } from 'react-router';

/** Carried in the `handle` of a route whose screen is downloaded lazily, or whose data can be asked for early. */
export interface ScreenHandle {
  preload: () => Promise<unknown>;
}

function isScreenHandle(handle: unknown): handle is ScreenHandle {
  return typeof (handle as Partial<ScreenHandle> | undefined)?.preload === 'function';
}

/** The downloads of the lazy screens a path shows, outermost first (the admin shell before its screen). */
export function screenPreloads(
  routes: RouteObject[],
  pathname: string,
  basename: string,
): ScreenHandle['preload'][] {
  return (matchRoutes(routes, pathname, basename) ?? [])
    .map((match) => match.route.handle)
    .filter(isScreenHandle)
    .map((handle) => handle.preload);
}

/**
 * Opened on a lazy screen, the page would otherwise request its chunk only once React has rendered the route, a
 * student screen only after the session lookup, and the screen's data only after its chunk: started here, before the
 * first render, the lookup, the chunk and the data travel side by side.
 */
export function preloadScreens(routes: RouteObject[], pathname: string, basename: string): void {
  // A failed download is reported when the screen itself loads it again; here it only must not go unhandled.
  for (const preload of screenPreloads(routes, pathname, basename)) preload().catch(() => undefined);
}
