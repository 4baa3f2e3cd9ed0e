import { getHeapStatistics } from 'node:v8';
import { z } from 'zod';

const MB = 1024 * 1024;
/**
 * Mean event-loop delay (over a 1 s sample) past which new requests are refused. A saturated instance serving
 * 1,000 keep-alive connections stays below it; only a backlog the process cannot work off reaches it.
 */
const DEFAULT_MAX_EVENT_LOOP_DELAY_MS = 500;
/**
 * API requests one process may have in flight before it refuses new ones (plugins/overload.ts). Above the 1,000
 * connections of the normal-load benchmark, which must not be refused; at the 2,000+ logins/s one instance serves
 * here it is about half a second of queue (bench/overload.mjs).
 */
const DEFAULT_MAX_IN_FLIGHT = 1200;
/** Heap limit by default: 90 % of what V8 may grow to, so requests are refused before the process dies of it. */
const DEFAULT_HEAP_SHARE = 0.9;

/** The limits of plugins/overload.ts, from `OVERLOAD_*`. */
export const overloadEnv = {
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(DEFAULT_MAX_EVENT_LOOP_DELAY_MS),
  OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0),
  OVERLOAD_MAX_HEAP_MB: z.coerce.number().int().min(0).optional(),
  OVERLOAD_MAX_RSS_MB: z.coerce.number().int().min(0).default(0),
  OVERLOAD_MAX_IN_FLIGHT: z.coerce.number().int().min(0).default(DEFAULT_MAX_IN_FLIGHT),
  OVERLOAD_RETRY_AFTER_S: z.coerce.number().int().min(1).max(3600).default(5),
};

export interface OverloadConfig {
  maxEventLoopDelayMs: number;
  maxEventLoopUtilization: number;
  maxHeapBytes: number;
  maxRssBytes: number;
  maxInFlight: number;
  retryAfterSeconds: number;
}

export function overloadConfig(e: z.output<z.ZodObject<typeof overloadEnv>>): OverloadConfig {
  return {
    maxEventLoopDelayMs: e.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
    maxEventLoopUtilization: e.OVERLOAD_MAX_EVENT_LOOP_UTILIZATION,
    maxHeapBytes:
      e.OVERLOAD_MAX_HEAP_MB === undefined
        ? Math.floor(getHeapStatistics().heap_size_limit * DEFAULT_HEAP_SHARE)
        : e.OVERLOAD_MAX_HEAP_MB * MB,
    maxRssBytes: e.OVERLOAD_MAX_RSS_MB * MB,
    maxInFlight: e.OVERLOAD_MAX_IN_FLIGHT,
    retryAfterSeconds: e.OVERLOAD_RETRY_AFTER_S,
  };
}
