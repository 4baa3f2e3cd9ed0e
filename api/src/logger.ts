import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config/config.js';

/**
 * Path segments that are credentials: a staff token in the print link, signed download and report links, form
 * verification tokens. They must never reach a log file.
 */
const SECRET_PATHS = [
  /^(\/api\/v1\/users\/exportsAppointedStudents\/[^/]+\/[^/]+\/)[^/?]+/,
  /^(\/api\/v1\/downloads\/)[^/?]+/,
  /^(\/api\/v1\/students\/uploadReport\/)[^/?]+/,
  /^(\/api\/v1\/forms\/verify\/)[^/?]+/,
];

export function redactUrl(url: string): string {
  let redacted = url;
  for (const pattern of SECRET_PATHS) redacted = redacted.replace(pattern, '$1[redacted]');
  return redacted.replace(/([?&]token=)[^&]+/, '$1[redacted]');
}

interface LoggedRequest {
  method: string;
  url: string;
  id: string;
  ip?: string;
}

/** Structured JSON request logs (pino) with the request id; personal data in bodies and cookies is never logged. */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      req: (request: LoggedRequest) => ({
        id: request.id,
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}
