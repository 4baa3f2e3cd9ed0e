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
  return pino({ level: config.logLevel, serializers: PORTAL_SERIALIZERS }, gatheredStdout());
}

/** What a logged request and answer are written as (the request line writes the same: request-log.ts). */
export const PORTAL_SERIALIZERS = {
  req: (request: LoggedRequest) => ({
    id: request.id,
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
  }),
  res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
  err: pino.stdSerializers.err,
};

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

type LogArgs = Parameters<LogFn>;

/**
 * Fastify's `childLoggerFactory`: each request's logger is made only when something logs through it. Fastify makes
 * one per request, and pino's child serialises its bindings when it is made (4 µs of a login's CPU,
 * docs/decisions/0010-login-cost.md), while the request line (`OneLinePerRequest`) goes through the parent and most
 * requests log nothing else. The stand-in is a class, so that it costs one small object a request and not a
 * closure per log method (the garbage was 1.2 kB a login).
 */
class LazyChildLogger {
  #child: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #made(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  get level(): string {
    return this.#made().level;
  }
  set level(level: string) {
    this.#made().level = level;
  }
  fatal(...args: LogArgs): void {
    this.#made().fatal(...(args as [object, string]));
  }
  error(...args: LogArgs): void {
    this.#made().error(...(args as [object, string]));
  }
  warn(...args: LogArgs): void {
    this.#made().warn(...(args as [object, string]));
  }
  info(...args: LogArgs): void {
    this.#made().info(...(args as [object, string]));
  }
  debug(...args: LogArgs): void {
    this.#made().debug(...(args as [object, string]));
  }
  trace(...args: LogArgs): void {
    this.#made().trace(...(args as [object, string]));
  }
  silent(...args: LogArgs): void {
    this.#made().silent(...(args as [object, string]));
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#made().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: a request's logger, made only when something logs through it. */
export function lazyChildLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyChildLogger(parent, bindings, options);
}
