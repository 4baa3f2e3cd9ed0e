// The charter module's public entry: what other modules may use of it.
export { QUIZ_BANK } from './quiz-bank.js';
