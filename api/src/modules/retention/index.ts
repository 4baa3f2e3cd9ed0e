// The retention module's public entry: what other modules may use of it.
export { startImageRetention } from './retention-job.js';
export { RETENTION_MESSAGES } from './retention-messages.js';
