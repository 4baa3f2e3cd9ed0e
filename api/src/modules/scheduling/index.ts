// The scheduling module's public entry: what other modules may use of it.
export { universityToday } from './scheduling.rules.js';
