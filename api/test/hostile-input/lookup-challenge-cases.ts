import { LOOKUP_POW } from '../../src/modules/lookup-guard/proof-of-work.js';
import type { HostileCase } from './hostile-case.js';
import { SQL_INJECTION } from './payloads.js';

const ROUTE = 'GET /students/lookupChallenge';
const enc = encodeURIComponent;

/** The answer must be a challenge of the server's own making, whatever the request asked for. */
function serverChallenge(body: string) {
  const { parameters, signature } = JSON.parse(body) as {
    parameters: { algorithm: string; cost: number; expiresAt: number };
    signature: string;
  };
  if (parameters.algorithm !== LOOKUP_POW.algorithm || parameters.cost !== LOOKUP_POW.cost)
    throw new Error(`a challenge the request chose: ${body.slice(0, 300)}`);
  if (parameters.expiresAt > Math.floor(Date.now() / 1000) + LOOKUP_POW.expiresInSeconds)
    throw new Error(`a challenge that outlives its time: ${body.slice(0, 300)}`);
  if (!/^[0-9a-f]{64}$/.test(signature)) throw new Error(`an unsigned challenge: ${body.slice(0, 300)}`);
}

/**
 * Decision 0018: the lookup guard's challenge. It takes no input, so a hostile request can only try to choose an
 * easier or longer-lived challenge, or pass for someone; each gets the server's own challenge and changes nothing.
 */
export const LOOKUP_CHALLENGE_CASES: readonly HostileCase[] = [
  {
    name: 'lookupChallenge: ACCEPTS a query asking for an easy, everlasting challenge, and ignores it',
    route: ROUTE,
    who: 'anonymous',
    request: () => ({
      path: `/students/lookupChallenge?cost=1&algorithm=none&expiresAt=99999999999&maxNumber=1`,
    }),
    status: 200,
    accepted: { verify: (_ctx, body) => serverChallenge(body) },
  },
  {
    name: 'lookupChallenge: ACCEPTS query string pollution and a traversal',
    route: ROUTE,
    who: 'anonymous',
    request: () => ({
      path: `/students/lookupChallenge?__proto__[polluted]=1&file=${enc('../../etc/passwd')}`,
    }),
    status: 200,
    accepted: { verify: (_ctx, body) => serverChallenge(body) },
  },
  {
    name: 'lookupChallenge: ACCEPTS a bearer token that is SQL (it needs no credential)',
    route: ROUTE,
    who: 'anonymous',
    request: () => ({ headers: { authorization: `Bearer ${SQL_INJECTION}` } }),
    status: 200,
    accepted: { verify: (_ctx, body) => serverChallenge(body) },
  },
];
