// The imports module's public entry: what other modules may use of it.
export { REPORT_LINK_PURPOSE } from './imports.service.js';
