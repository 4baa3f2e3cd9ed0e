import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.js';
import { ConfigError } from '../../config/config.js';
import { gracefulStop, shutdownDrainMs } from './graceful-stop.js';

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

/** One GET over a keep-alive agent, as nginx talks to an instance. */
function get(agent: http.Agent, port: number, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body }),
        );
      })
      .on('error', reject);
  });
}

describe('SHUTDOWN_DRAIN_MS', () => {
  it('defaults to 5 s and takes whole milliseconds up to two minutes', () => {
    expect(shutdownDrainMs({})).toBe(5_000);
    expect(shutdownDrainMs({ SHUTDOWN_DRAIN_MS: '' })).toBe(5_000);
    expect(shutdownDrainMs({ SHUTDOWN_DRAIN_MS: '0' })).toBe(0);
    expect(shutdownDrainMs({ SHUTDOWN_DRAIN_MS: ' 2500 ' })).toBe(2_500);
  });

  it.each(['abc', '-1', '1.5', '120001'])('refuses %j, naming the variable', (value) => {
    expect(() => shutdownDrainMs({ SHUTDOWN_DRAIN_MS: value })).toThrow(ConfigError);
    expect(() => shutdownDrainMs({ SHUTDOWN_DRAIN_MS: value })).toThrow(/SHUTDOWN_DRAIN_MS/);
  });
});

describe('graceful stop', () => {
  it('says stopping at once, serves through the drain with Connection: close, finishes in-flight work, then refuses connections', async () => {
    const DRAIN_MS = 800;
    const { app } = await createTestApp();
    const stop = gracefulStop(app);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    app.get('/held-for-test', async () => {
      await held;
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true });

    const before = await get(agent, port, '/api/v1/health/ready');
    expect(before.status).toBe(200);
    expect(before.connection).toBe('keep-alive');
    const inFlight = get(agent, port, '/held-for-test');
    await expect.poll(() => agent.sockets[`127.0.0.1:${port}:`]?.length ?? 0).toBe(1);

    const startedAt = Date.now();
    const stopped = stop(DRAIN_MS);
    const ready = await get(agent, port, '/api/v1/health/ready');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toMatchObject({ status: 'error', database: 'up', stopping: true });
    expect(ready.connection).toBe('close');
    const served = await get(agent, port, '/api/v1/health/live');
    expect(served.status).toBe(200);
    expect(served.connection).toBe('close');

    release();
    expect(await inFlight).toEqual({ status: 200, connection: 'close', body: '{"done":true}' });
    await stopped;
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(DRAIN_MS);
    await expect(get(agent, port, '/api/v1/health/live')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    agent.destroy();
  });
});
