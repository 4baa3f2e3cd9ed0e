import { z } from 'zod';

/**
 * zod as every schema of this package gets it. Zod compiles its object parsers with `new Function` where it may,
 * and finds out by trying once when the first object schema is built. In the browser the portal's
 * Content-Security-Policy allows no 'unsafe-eval', so that try is refused and reported as a CSP violation on
 * every page: there zod is told not to try (`jitless`), before any schema can be built, since each schema module
 * imports `z` from here. The server keeps the compiled parsers.
 */
if ('document' in globalThis) z.config({ jitless: true });

export { z };
