import { COOKIE_MAX_AGE_MS } from '@portal/common';
import { useBrowserValue } from './browser-value';

/** Every cookie the web app keeps (spec section 3, client state). */
export type CookieName = 'token' | 'faculty' | 'role' | 'name' | 'id' | 'seatNo' | 'nationalID';

export function getCookie(name: CookieName): string | undefined {
  // The first screens are also rendered at build time (scripts/prerender-web.mjs), where there is no document.
  if (typeof document === 'undefined') return undefined;
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry === undefined ? undefined : decodeURIComponent(entry.slice(prefix.length));
}

/**
 * A cookie as this render sees it. Cookies change through this module, and whoever changes them navigates, which
 * renders the readers again. A page prerendered at build is taken over as rendered there: with no cookies.
 */
export function useCookie(name: CookieName): string | undefined {
  return useBrowserValue(() => getCookie(name), undefined);
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
