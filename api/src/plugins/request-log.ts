import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * Fastify's request logging, one line per answered request: its id, method, path (credentials redacted by the
 * logger's `req` serializer), client address, status and time, at `error` when the answer failed to go out.
 * Fastify's own wrote two lines per request, the first before anything was known about the answer. The line goes
 * through the instance's logger with the id in it, so a request's own logger is never made for it
 * (`lazyChildLogger`). Fastify's other lines (errors, streams, not found) are unchanged.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { reqId: request.id, req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) request.server.log.error({ ...line, err: error }, 'request errored');
    else request.server.log.info(line, 'request completed');
  }
}
