// The two-factor module's public entry: what other modules may use of it.
export type { ChallengeOutcome } from './two-factor.service.js';
