import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import {
  consoleLogger,
  GatheredLines,
  logDestination,
  PORTAL_SERIALIZERS,
  ReadableLines,
  redactUrl,
} from './logger.js';

describe('redactUrl', () => {
  it.each([
    [
      '/api/v1/users/exportsAppointedStudents/2026-11-23/9/eyJhbGciOi.abc.def',
      '/api/v1/users/exportsAppointedStudents/2026-11-23/9/[redacted]',
    ],
    ['/api/v1/downloads/abc.def', '/api/v1/downloads/[redacted]'],
    ['/api/v1/students/uploadReport/tok', '/api/v1/students/uploadReport/[redacted]'],
    ['/api/v1/forms/verify/tok?x=1', '/api/v1/forms/verify/[redacted]?x=1'],
    [
      '/api/v1/students/getAdmissionForm/id?token=secret&a=b',
      '/api/v1/students/getAdmissionForm/id?token=[redacted]&a=b',
    ],
  ])('hides the credential in %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it.each([
    '/api/v1/students/getStudent',
    '/api/v1/students/question/5d0c9c2e-8f1a-4c55-9d1e-3b7b4c2a9f10',
    '/api/v1/students/x?next=/api/v1/downloads/abc',
    '/api/v1/downloads',
  ])('leaves %s alone', (url) => {
    expect(redactUrl(url)).toBe(url);
  });
});

describe('GatheredLines', () => {
  it('hands lines over in order, once about 4 kB have come and when flushed', () => {
    const chunks: string[] = [];
    const lines = new GatheredLines({ write: (chunk: string) => chunks.push(chunk) });
    const line = `${JSON.stringify({ msg: 'x'.repeat(990) })}\n`;
    for (let i = 0; i < 4; i += 1) lines.write(line);
    expect(chunks).toEqual([]);
    lines.write(line);
    expect(chunks).toEqual([line.repeat(5)]);
    lines.write('{"last":true}\n');
    const done = vi.fn();
    lines.flush(done);
    expect(chunks).toEqual([line.repeat(5), '{"last":true}\n']);
    expect(done).toHaveBeenCalledOnce();
    lines.flush();
    expect(chunks).toHaveLength(2);
  });

  it("is a destination pino writes its lines to, and flushes through pino's flush", async () => {
    const chunks: string[] = [];
    const logger = pino({}, new GatheredLines({ write: (chunk: string) => chunks.push(chunk) }));
    logger.info({ n: 1 }, 'first');
    logger.warn('second');
    expect(chunks).toEqual([]);
    await new Promise<void>((resolve) => logger.flush(() => resolve()));
    const written = chunks
      .join('')
      .trim()
      .split('\n')
      .map((text) => JSON.parse(text));
    expect(written).toMatchObject([
      { level: 30, n: 1, msg: 'first' },
      { level: 40, msg: 'second' },
    ]);
  });
});

describe('log lines on a terminal', () => {
  it('are printed readable there, and written as gathered JSON lines anywhere else', () => {
    expect(logDestination({ isTTY: true })).toBeInstanceOf(ReadableLines);
    expect(logDestination({ isTTY: false })).toBeInstanceOf(GatheredLines);
    expect(logDestination({})).toBeInstanceOf(GatheredLines);
    const stream = (logger: pino.Logger) =>
      (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym];
    expect(stream(consoleLogger('info', { isTTY: true }))).toBeInstanceOf(ReadableLines);
    expect(stream(consoleLogger('info', { isTTY: false }))).not.toBeInstanceOf(ReadableLines);
  });

  it('show the time, level and message, the rest below, and a request as the serializers redacted it', () => {
    const printed: string[] = [];
    const lines = new ReadableLines({ write: (chunk: string) => printed.push(chunk) }, { colorize: false });
    const logger = pino({ serializers: PORTAL_SERIALIZERS }, lines);
    logger.warn({ detail: 'x' }, 'something to see');
    const request = { id: 'req-1', method: 'GET', url: '/api/v1/downloads/secret-token', ip: '127.0.0.1' };
    logger.error(
      { reqId: 'req-1', req: request, res: { statusCode: 500 }, err: new Error('boom') },
      'request errored',
    );
    expect(printed[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] WARN: something to see\n {4}detail: "x"\n$/);
    expect(printed[1]).toMatch(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] ERROR: request errored: GET \/api\/v1\/downloads\/\[redacted\] → 500\n {4}err: \{/,
    );
    expect(printed[1]).toContain('Error: boom');
    expect(printed.join('')).not.toContain('secret-token');
  });
});
