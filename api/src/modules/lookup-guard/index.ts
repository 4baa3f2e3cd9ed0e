// The lookup-guard module's public entry: what other modules may use of it.
export { markedRefusal } from './lookup-guard.js';
export { registerLookupChallenge } from './lookup-guard.routes.js';
