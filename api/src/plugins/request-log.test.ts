import { Writable } from 'node:stream';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { lazyChildLogger, PORTAL_SERIALIZERS, ReadableLines } from '../logger.js';
import { OneLinePerRequest, requestLine } from './request-log.js';

/** A Fastify app logging as the portal does (its logger, lazy request loggers, one line per request) into lines. */
async function loggedApp() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      callback();
    },
  });
  const logger = pino({ serializers: PORTAL_SERIALIZERS }, sink);
  const app = Fastify({
    loggerInstance: logger,
    logController: new OneLinePerRequest(),
    childLoggerFactory: lazyChildLogger,
  });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/talks', async (request) => {
    request.log.warn({ detail: 'x' }, 'something to see');
    return { ok: true };
  });
  return { app, lines, logger };
}

describe('request log', () => {
  it('writes one line per answered request, with its id, path and status', async () => {
    const { app, lines } = await loggedApp();
    await app.inject({ method: 'GET', url: '/quiet' });
    await app.inject({ method: 'GET', url: '/nowhere' });
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed).toHaveLength(2);
    expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
    expect(completed[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      reqId: expect.any(String),
      req: { method: 'GET', url: '/quiet' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(completed[1]).toMatchObject({ req: { url: '/nowhere' }, res: { statusCode: 404 } });
    await app.close();
  });

  it("makes a request's own logger only when it logs, and binds the request id to what it logs", async () => {
    const { app, lines, logger } = await loggedApp();
    const child = vi.spyOn(logger, 'child');
    await app.inject({ method: 'GET', url: '/quiet' });
    expect(child).not.toHaveBeenCalled();
    await app.inject({ method: 'GET', url: '/talks' });
    expect(child).toHaveBeenCalledTimes(1);
    const [said, completed] = lines.slice(1);
    expect(said).toMatchObject({ level: 40, msg: 'something to see', detail: 'x' });
    expect(said?.reqId).toBe(completed?.reqId);
    await app.close();
  });

  it("writes the line pino itself would, with the portal's serializers, for any path and address", () => {
    const written: string[] = [];
    const logger = pino(
      { serializers: PORTAL_SERIALIZERS, timestamp: () => ',"time":1795750321910' },
      { write: (line: string) => written.push(line) },
    );
    const bindings = (logger as unknown as Record<symbol, string>)[pino.symbols.chindingsSym] ?? '';
    for (const [url, ip, statusCode] of [
      ['/api/v1/students/getStudent', '127.0.0.1', 200],
      ['/api/v1/downloads/secret-token?x="\\y"', '::ffff:10.0.0.1', 404],
      ['/stAdmission/طالب?q=\u0001&token=abc', undefined, 500],
    ] as const) {
      const request = { id: 'f7a1c2d4-req', method: 'POST', url, ip } as unknown as FastifyRequest;
      const reply = { statusCode, elapsedTime: 12.345678 } as unknown as FastifyReply;
      logger.info(
        { reqId: request.id, req: request, res: reply, responseTime: reply.elapsedTime },
        'request completed',
      );
      expect(requestLine(request, reply, bindings, 1795750321910)).toBe(written.pop());
    }
  });

  it('on a terminal, is printed as one readable line, its path still redacted', async () => {
    const printed: string[] = [];
    const lines = new ReadableLines({ write: (chunk: string) => printed.push(chunk) }, { colorize: false });
    const app = Fastify({
      loggerInstance: pino({ serializers: PORTAL_SERIALIZERS }, lines),
      logController: new OneLinePerRequest(),
      childLoggerFactory: lazyChildLogger,
    });
    app.get('/api/v1/downloads/:token', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/api/v1/downloads/secret-token' });
    expect(printed).toHaveLength(1);
    expect(printed[0]).toMatch(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: GET \/api\/v1\/downloads\/\[redacted\] → 200 in \d+\.\d ms\n$/,
    );
    await app.close();
  });
});
