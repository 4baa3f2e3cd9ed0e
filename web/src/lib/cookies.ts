import { COOKIE_MAX_AGE_MS } from '@portal/common';

/** Every cookie the web app keeps (spec section 3, client state). */
export type CookieName = 'token' | 'faculty' | 'role' | 'name' | 'id' | 'seatNo' | 'nationalID';

export function getCookie(name: CookieName): string | undefined {
  // The login screen is also rendered at build time (scripts/prerender-web.mjs), where there is no document.
  if (typeof document === 'undefined') return undefined;
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry === undefined ? undefined : decodeURIComponent(entry.slice(prefix.length));
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
