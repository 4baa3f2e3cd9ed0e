import type { Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ConfigError } from '../../config/config.js';

/** Long enough for a balancer polling readiness every second or two, or an operator's nginx reload. */
const DEFAULT_DRAIN_MS = 5_000;

const drainSchema = z.coerce.number().int().min(0).max(120_000).default(DEFAULT_DRAIN_MS);

/** `SHUTDOWN_DRAIN_MS`: how long a stopping instance keeps serving before it stops listening. */
export function shutdownDrainMs(env: NodeJS.ProcessEnv): number {
  const raw = env.SHUTDOWN_DRAIN_MS?.trim();
  const parsed = drainSchema.safeParse(raw === '' ? undefined : raw);
  if (!parsed.success)
    throw new ConfigError(
      `Invalid configuration:\n  SHUTDOWN_DRAIN_MS: milliseconds from 0 to 120000 (got "${raw ?? ''}")`,
    );
  return parsed.data;
}

/**
 * Servers of the instances that are stopping. Kept by server rather than in a decorator, so that the readiness
 * route (registered by buildApp, long before main.ts knows of a stop) can ask, and apps built without a graceful
 * stop (the tests) are never stopping.
 */
const stopping = new WeakSet<Server>();

export function isStopping(app: { server: Server }): boolean {
  return stopping.has(app.server);
}

/**
 * Makes the app (built by `buildApp`) stop without losing a request. The stop it returns:
 * 1. marks the instance stopping: readiness answers 503 at once, and every answer sent from then on, those of
 *    requests already in flight too, carries `Connection: close` (buildApp's onSend hook), so the proxy keeps no
 *    idle connection to this instance that it could reuse after the instance stops listening (a request sent on
 *    such a connection would meet Fastify's closing 503, or a reset that nginx does not retry for a POST);
 * 2. keeps serving every request for `drainMs`: the time for whatever routes to the instance to take it out (a
 *    balancer that polls readiness, the operator's nginx reload);
 * 3. closes the app: stops listening (a refused connection is retried elsewhere by nginx, a POST too, since it was
 *    never sent), lets the requests in flight finish, and runs the plugins' onClose hooks.
 */
export function gracefulStop(app: FastifyInstance): (drainMs: number) => Promise<void> {
  return async (drainMs) => {
    stopping.add(app.server);
    await sleep(drainMs);
    await app.close();
  };
}
