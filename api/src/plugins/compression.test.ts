import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { injectAs, TEST_FACULTY } from '../../test/auth-helpers.js';
import { insertStudent } from '../../test/builders.js';
import { createTestApp } from '../../test/test-app.js';
import { COMPRESSION_THRESHOLD_BYTES, compression } from './compression.js';

const { app, database } = await createTestApp({ STUDENT_LOOKUP_RATE_LIMIT: '1000' });

/** A bare server with only the plugin: one PDF download and one streamed JSON answer. */
const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(64 * 1024, 'x')]);
const bare = Fastify();
await bare.register(compression);
bare.get('/file.pdf', (_request, reply) =>
  reply
    .type('application/pdf')
    .header('content-length', pdf.length)
    .send(Readable.from([pdf])),
);
bare.get('/report.json', (_request, reply) =>
  reply.type('application/json').send(Readable.from([JSON.stringify({ rows: 'y'.repeat(5000) })])),
);
bare.post('/echo', (request) => request.body);
bare.get('/plain', () => ({ ok: true }));
await bare.ready();
afterAll(() => bare.close());

describe('compression of API answers', () => {
  it('sends a JSON answer over 1 kB as brotli, or gzip, that decodes to the same answer', async () => {
    for (let i = 0; i < 10; i += 1) await insertStudent(database.db, { college: TEST_FACULTY });
    const lookup = (headers: Record<string, string>) =>
      injectAs(app, 'ADMIN', {
        method: 'POST',
        url: '/api/v1/students/getAllStudents',
        payload: {},
        headers,
      });
    const plain = await lookup({});
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    const br = await lookup({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await lookup({ 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends an answer under 1 kB as it is', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/health/live',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: 'success' });
  });

  it('sends an error envelope under 1 kB as it is', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/nothing-here',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: 'error' });
  });
});

describe('downloads through the compression plugin', () => {
  it('streams a PDF untouched, with its Content-Length', async () => {
    const res = await bare.inject({
      method: 'GET',
      url: '/file.pdf',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(pdf.length);
    expect(res.rawPayload.equals(pdf)).toBe(true);
  });

  it('compresses a streamed JSON answer without a stale Content-Length', async () => {
    const res = await bare.inject({
      method: 'GET',
      url: '/report.json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-length']).toBeUndefined();
    expect(JSON.parse(gunzipSync(res.rawPayload).toString()).rows).toHaveLength(5000);
  });
});

describe('request bodies sent compressed', () => {
  it('reads a gzip body as the JSON it holds', async () => {
    const res = await bare.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ nationalID: '29001011234567' })),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ nationalID: '29001011234567' });
  });

  it('refuses a body in an encoding it cannot read', async () => {
    const res = await bare.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'compress' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(415);
  });

  it('leaves a GET alone whatever its Content-Encoding says: it has no body to read', async () => {
    const res = await bare.inject({
      method: 'GET',
      url: '/plain',
      headers: { 'content-encoding': 'compress' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });
});
