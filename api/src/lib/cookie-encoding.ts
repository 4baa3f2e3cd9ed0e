import type { CookieSerializeOptions } from '@fastify/cookie';

/**
 * The characters a cookie value cannot carry as they are: controls, space, non-ASCII, `"`, `,`, `;`, `\`, and `%`
 * so that decoding gives the value back.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are among those it escapes.
const ESCAPED = /[\u0000-\u0020\u007F-\uFFFF",;\\%]/;

/**
 * How every cookie the API sets writes its value: as it is when it holds none of those characters, else
 * percent-encoded whole. It is the default of cookie 2, which the portal wrote until the package was held at
 * cookie 1 for Node 20 (root package.json `overrides`; cookie 2 wants Node 22). Cookie 1's default percent-encodes
 * every value, and the student session's signature is base64, so its `+` and `/` would have become `%2B` and `%2F`:
 * the same session once decoded, but a different `Set-Cookie`.
 */
export function encodeCookieValue(value: string): string {
  return ESCAPED.test(value) ? encodeURIComponent(value) : value;
}

/** What @fastify/cookie adds to every cookie the API sets or clears (the plugin's `parseOptions`). */
export const COOKIE_OPTIONS = { encode: encodeCookieValue } as const satisfies CookieSerializeOptions;
