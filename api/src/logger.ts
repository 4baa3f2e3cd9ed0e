import type { FastifyBaseLogger } from 'fastify';
import { type Bindings, type ChildLoggerOptions, type LogFn, pino } from 'pino';
import { prettyFactory } from 'pino-pretty';
import type { Config } from './config/config.js';

/**
 * A path whose segment after `prefix` (letters and slashes only) and `skipped` more segments is a credential.
 */
function secretPath(prefix: string, skipped = 0) {
  return { prefix, pattern: new RegExp(`^(${prefix}(?:[^/]+/){${skipped}})[^/?]+`) };
}

/**
 * Path segments that are credentials: a staff token or print token in the print link, signed download, report
 * and export links (students, the audit trail, interviews, the funnel), form verification tokens. They must never reach a log
 * file; logger.routes.test.ts reads every route that carries one from the app and checks it is here. Each pattern
 * runs only on a path that starts with its prefix: run on every request line, the expressions were a third of the
 * line's cost.
 */
const SECRET_PATHS = [
  secretPath('/api/v1/users/exportsAppointedStudents/', 2),
  secretPath('/api/v1/downloads/'),
  secretPath('/api/v1/students/uploadReport/'),
  secretPath('/api/v1/forms/verify/'),
  secretPath('/api/v1/audit/export/'),
  secretPath('/api/v1/interviews/export/'),
  secretPath('/api/v1/funnel/export/'),
];
const TOKEN_QUERY = /([?&]token=)[^&]+/;

export function redactUrl(url: string): string {
  let redacted = url;
  for (const { prefix, pattern } of SECRET_PATHS)
    if (url.startsWith(prefix)) redacted = redacted.replace(pattern, '$1[redacted]');
  return redacted.includes('token=') ? redacted.replace(TOKEN_QUERY, '$1[redacted]') : redacted;
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
 * trip through libuv's thread pool per line. On a terminal the lines are printed for a person instead
 * (`logDestination`).
 */
export function portalLogger(config: Config): FastifyBaseLogger {
  return pino({ level: config.logLevel, serializers: PORTAL_SERIALIZERS }, logDestination(process.stdout));
}

/** Whether standard output is a terminal, as `process.stdout` says it. */
interface Terminal {
  isTTY?: boolean;
}

/**
 * Where the portal's log lines go: printed readable at once when standard output is a terminal (someone ran
 * `npm start` and reads along), else the JSON lines gathered as a log collector or a file wants them.
 */
export function logDestination(stdout: Terminal): ReadableLines | GatheredLines {
  return stdout.isTTY ? readableStdout() : gatheredStdout();
}

/** A logger for what a command says as it goes, with no request in it: readable lines on a terminal, as above. */
export function consoleLogger(level: string, stdout: Terminal = process.stdout): pino.Logger {
  return stdout.isTTY ? pino({ level }, readableStdout()) : pino({ level });
}

/**
 * Log lines printed for a person by pino's own printer (pino-pretty): the time, the level, the message, and a
 * request line as its method, path, status and time on one line; anything else in the line below it. Each is
 * printed from the JSON line pino made, after the serializers, so a redacted path stays redacted. It takes one
 * line per write, as pino and `OneLinePerRequest` write them.
 */
export class ReadableLines {
  readonly #destination: { write(chunk: string): unknown };
  readonly #print: (line: string) => string;

  constructor(destination: { write(chunk: string): unknown }, options: { colorize?: boolean } = {}) {
    this.#destination = destination;
    this.#print = prettyFactory({
      ...options,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname,reqId,req,res,responseTime',
      messageFormat: readableMessage,
    });
  }

  write(line: string): void {
    this.#destination.write(this.#print(line));
  }
}

/** Standard output written synchronously, as the gathered lines are, but a line at a time. */
function readableStdout(): ReadableLines {
  return new ReadableLines(pino.destination({ dest: 1, sync: true }));
}

interface LoggedExchange {
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/** `GET /path → 200 in 1.2 ms` for a request line; the message, then the request, for another line about one. */
function readableMessage(log: Record<string, unknown>, messageKey: string): string {
  const message = String(log[messageKey] ?? '');
  const { req, res, responseTime } = log as LoggedExchange;
  if (!req) return message;
  const status = res?.statusCode === undefined ? '' : ` → ${res.statusCode}`;
  const time = typeof responseTime === 'number' ? ` in ${responseTime.toFixed(1)} ms` : '';
  const request = `${req.method} ${req.url}${status}${time}`;
  return message === 'request completed' ? request : `${message}: ${request}`;
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

/** Gathered lines are written once this many characters have come (about 4 kB: nearly all are ASCII). */
const GATHER_CHARS = 4096;
const FLUSH_EVERY_MS = 1000;

/**
 * Log lines gathered in memory and handed to `destination` as one string once GATHER_CHARS have come, when
 * `flush` is called, and so at least every second and at exit (`gatheredStdout`). sonic-boom can gather too
 * (`minLength`), but it measures its whole pending string again on every line, which flattens it: 2.3 kB of
 * garbage per request line under load (docs/decisions/0010-login-cost.md). Here a line is counted by its length.
 */
export class GatheredLines {
  readonly #destination: { write(chunk: string): unknown };
  readonly #lines: string[] = [];
  #chars = 0;

  constructor(destination: { write(chunk: string): unknown }) {
    this.#destination = destination;
  }

  write(line: string): void {
    this.#lines.push(line);
    this.#chars += line.length;
    if (this.#chars >= GATHER_CHARS) this.flush();
  }

  /** Hands over what is gathered; `done` as pino's `logger.flush(done)` passes it. */
  flush(done?: () => void): void {
    if (this.#lines.length > 0) {
      const chunk = this.#lines.join('');
      this.#lines.length = 0;
      this.#chars = 0;
      this.#destination.write(chunk);
    }
    done?.();
  }
}

/** Standard output, written synchronously (sonic-boom retries a full pipe), gathered by `GatheredLines`. */
function gatheredStdout() {
  const destination = pino.destination({ dest: 1, sync: true });
  const lines = new GatheredLines(destination);
  setInterval(() => lines.flush(), FLUSH_EVERY_MS).unref();
  process.once('exit', () => {
    lines.flush();
    destination.flushSync();
  });
  return lines;
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
