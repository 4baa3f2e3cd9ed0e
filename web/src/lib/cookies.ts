import { COOKIE_MAX_AGE_MS } from '@portal/common';
import { useSyncExternalStore } from 'react';

/** Every cookie the web app keeps (spec section 3, client state). */
export type CookieName = 'token' | 'faculty' | 'role' | 'name' | 'id' | 'seatNo' | 'nationalID';

export function getCookie(name: CookieName): string | undefined {
  // The first screens are also rendered at build time (scripts/prerender-web.mjs), where there is no document.
  if (typeof document === 'undefined') return undefined;
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry === undefined ? undefined : decodeURIComponent(entry.slice(prefix.length));
}

const noSubscription = () => () => {};

/**
 * A cookie as this render sees it. Nothing announces a change: cookies change through this module, and whoever
 * changes them navigates, which renders the readers again. While React takes over a page prerendered at build
 * (main.tsx) it reads none, as the build did, so the markup matches; React renders again with the real value
 * straight after.
 */
export function useCookie(name: CookieName): string | undefined {
  return useSyncExternalStore(
    noSubscription,
    () => getCookie(name),
    () => undefined,
  );
}

export function setCookie(name: CookieName, value: string, maxAgeMs = COOKIE_MAX_AGE_MS): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const maxAge = Math.round(maxAgeMs / 1000);
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and missing from older Safari and Firefox.
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
}

export function removeCookie(name: CookieName): void {
  setCookie(name, '', 0);
}
