/** At most this many retries after the first attempt, so a person waits a bounded time for the final answer. */
export const MAX_RETRIES = 3;
/** The first retry's delay when the server asks for less; each further retry doubles it. */
export const BASE_DELAY_MS = 500;
/** A Retry-After longer than this is cut to it: the person is waiting in front of a spinner. */
export const MAX_DELAY_MS = 8_000;

const SERVICE_UNAVAILABLE = 503;

/**
 * The wait a `Retry-After` header asks for (delay in seconds or an HTTP date), in milliseconds; undefined when
 * the header is absent or unreadable.
 */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // An HTTP date names its day and zone; Date.parse alone would also take '-3' or '1.5' for dates.
  if (!/GMT$/i.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

interface Attempt {
  status: number;
  /** How many retries have already been made for this request. */
  retriesSoFar: number;
  /** GET, or a POST that only reads (the student lookup); a retried write could apply twice. */
  idempotent: boolean;
  /** Milliseconds the server asked for with Retry-After. */
  retryAfter: number | undefined;
  /** A number in [0, 1), e.g. Math.random(). */
  random: number;
}

/**
 * How long to wait before trying again, or undefined when the answer stands. Only an overloaded or database-less
 * server (503 with Retry-After: a passing state, by its own word) is asked again, and only for a request that is
 * safe to repeat; a 4xx, or a 503 without Retry-After (say, an empty quiz bank), is final. The wait is the longer
 * of Retry-After and an exponential backoff, capped, plus up to a quarter more at random so that clients turned
 * away together do not come back together.
 */
export function retryDelay({
  status,
  retriesSoFar,
  idempotent,
  retryAfter,
  random,
}: Attempt): number | undefined {
  if (status !== SERVICE_UNAVAILABLE || !idempotent || retryAfter === undefined) return undefined;
  if (retriesSoFar >= MAX_RETRIES) return undefined;
  const wait = Math.min(MAX_DELAY_MS, Math.max(retryAfter, BASE_DELAY_MS * 2 ** retriesSoFar));
  return Math.round(wait * (1 + random / 4));
}
