/** The year the web app was built in (vite.config.ts `define`): the year a prerendered page's footer names. */
declare const __BUILD_YEAR__: number;
