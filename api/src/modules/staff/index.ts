// The staff module's public entry: what other modules may use of it.
export { manageable } from './manageable.js';
export { generatePassword, hashPassword, verifyPassword } from './password-hash.js';
