import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { pino } from 'pino';
import { redactUrl } from '../logger.js';

const { chindingsSym, streamSym } = pino.symbols;

/**
 * Where a pino logger writes its `info` lines, and its bound `pid` and `hostname` as pino writes them; undefined
 * for another logger, or when `info` is off.
 */
function infoDestination(log: FastifyBaseLogger) {
  const internals = log as unknown as Record<symbol, unknown>;
  const destination = internals[streamSym] as { write(line: string): unknown } | undefined;
  const bindings = internals[chindingsSym];
  if (!destination || typeof bindings !== 'string' || !(log as pino.Logger).isLevelEnabled?.('info'))
    return undefined;
  return { destination, bindings };
}

/**
 * The request line exactly as pino writes it for `info({ reqId, req, res, responseTime }, 'request completed')`
 * through the portal's `req` and `res` serializers (logger.ts), as one template. pino's generic path (serializers
 * called for every key, every value stringified) was about 4 µs of the line's in-process cost of 14 µs a
 * request (docs/decisions/0010-login-cost.md); plugins/request-log.test.ts checks the two stay the same.
 */
export function requestLine(request: FastifyRequest, reply: FastifyReply, bindings: string, time: number) {
  const id = JSON.stringify(request.id);
  // A request whose connection is already gone has no address, and pino leaves an undefined value out.
  const ip: string | undefined = request.ip;
  const address = ip === undefined ? '' : `,"remoteAddress":${JSON.stringify(ip)}`;
  return (
    `{"level":30,"time":${time}${bindings},"reqId":${id},"req":{"id":${id},` +
    `"method":${JSON.stringify(request.method)},"url":${JSON.stringify(redactUrl(request.url))}${address}},` +
    `"res":{"statusCode":${reply.statusCode}},"responseTime":${reply.elapsedTime},"msg":"request completed"}\n`
  );
}

/**
 * Fastify's request logging, one line per answered request: its id, method, path (credentials redacted), client
 * address, status and time, at `error` when the answer failed to go out. Fastify's own wrote two lines per
 * request, the first before anything was known about the answer. The line goes through the instance's logger
 * with the id in it, so a request's own logger is never made for it (`lazyChildLogger`). Fastify's other lines
 * (errors, streams, not found) are unchanged.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const log = request.server.log;
    const info = error ? undefined : infoDestination(log);
    if (info) {
      info.destination.write(requestLine(request, reply, info.bindings, Date.now()));
      return;
    }
    const line = { reqId: request.id, req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) log.error({ ...line, err: error }, 'request errored');
    else log.info(line, 'request completed');
  }
}
