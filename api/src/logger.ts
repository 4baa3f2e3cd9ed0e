import type { FastifyBaseLogger } from 'fastify';
import { type Bindings, type ChildLoggerOptions, type LogFn, pino } from 'pino';
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

/**
 * The portal's logger: structured JSON lines (pino) with the request id. Requests and answers are logged through
 * serializers that name what is written (id, method, path with credentials redacted, address; status), so
 * headers, cookies and bodies never reach a line; pino's `redact` for header paths no serializer writes was
 * 1 % of a login's CPU for nothing. Lines are gathered and written 4 kB at a time, and at least every second,
 * so a busy instance makes one system call per ten lines or so instead of one per line; what is gathered is
 * written out at exit (a `kill -9` loses at most that second). sonic-boom's asynchronous mode was dearer still: one
 * trip through libuv's thread pool per line.
 */
export function portalLogger(config: Config): FastifyBaseLogger {
  return pino(
    {
      level: config.logLevel,
      serializers: {
        req: (request: LoggedRequest) => ({
          id: request.id,
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        }),
        res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
        err: pino.stdSerializers.err,
      },
    },
    gatheredStdout(),
  );
}

const GATHER_BYTES = 4096;
const FLUSH_EVERY_MS = 1000;

function gatheredStdout() {
  const destination = pino.destination({
    dest: 1,
    sync: true,
    minLength: GATHER_BYTES,
    periodicFlush: FLUSH_EVERY_MS,
  });
  process.once('exit', () => destination.flushSync());
  return destination;
}

type LogMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * Fastify's `childLoggerFactory`: each request's logger is made only when something logs through it. Fastify makes
 * one per request, and pino's child serialises its bindings when it is made (4 µs of a login's CPU,
 * docs/decisions/0010-login-cost.md), while the request line (`OneLinePerRequest`) goes through the parent and most
 * requests log nothing else.
 */
export function lazyChildLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  let child: FastifyBaseLogger | undefined;
  const made = () => {
    child ??= parent.child(bindings, options);
    return child;
  };
  const method =
    (name: LogMethod): LogFn =>
    (...args: Parameters<LogFn>) =>
      made()[name](...(args as [object, string]));
  return {
    get level() {
      return made().level;
    },
    set level(level) {
      made().level = level;
    },
    fatal: method('fatal'),
    error: method('error'),
    warn: method('warn'),
    info: method('info'),
    debug: method('debug'),
    trace: method('trace'),
    silent: method('silent'),
    child: (more, moreOptions) => made().child(more, moreOptions),
  };
}
