// The interviews module's public entry: what other modules may use of it.
export { periodStart } from './interviews.rules.js';
