// The sign-in-throttle module's public entry: what other modules may use of it.
export { type LoginThrottle, loginThrottle, withRetryAfter } from './login-throttle.js';
export { LOGIN_THROTTLE } from './login-throttle.rules.js';
