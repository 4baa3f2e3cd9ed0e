import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { GatheredLines, redactUrl } from './logger.js';

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
