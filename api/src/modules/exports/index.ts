// The exports module's public entry: what other modules may use of it.
export { EXPORT_LINK_PURPOSE } from './exports.service.js';
