// The content module's public entry: what other modules may use of it.
export type { ContentCache } from './content-cache.js';
export { bumpContentVersion } from './content-versions.js';
