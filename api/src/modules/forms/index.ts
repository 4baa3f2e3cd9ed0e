// The forms module's public entry: what other modules may use of it.
export { FORMS } from './form-kinds.js';
