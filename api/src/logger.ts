import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config/config.js';

/** Structured JSON request logs (pino) with the request id; personal data in bodies and cookies is never logged. */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  };
}
