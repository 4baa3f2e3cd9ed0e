import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GatewayRequest {
  method: string;
  /** Path and query as received. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** `Date.now()` when the request had fully arrived. */
  receivedAt: number;
}

/**
 * How the gateway answers: `ok` 200; `garbage` a 500 with a body that is no known format; `hang` never (the
 * connection stays open until the gateway is closed). `failFirst` requests answer 503 before the mode applies.
 */
export interface GatewayBehaviour {
  mode: 'ok' | 'garbage' | 'hang';
  failFirst: number;
}

export interface SmsGateway {
  /** `http://127.0.0.1:<port>/send`, for SMS_URL. */
  url: string;
  requests: GatewayRequest[];
  behaviour: GatewayBehaviour;
  close(): Promise<void>;
}

export const GARBAGE_ANSWER = '\u0000<<not json>> %%% \u00ff\u00fe garbage from the gateway '.repeat(20);

/** A stand-in SMS gateway: a local `node:http` server that records what it got and answers as told. */
export async function startSmsGateway(behaviour: Partial<GatewayBehaviour> = {}): Promise<SmsGateway> {
  const requests: GatewayRequest[] = [];
  const state: GatewayBehaviour = { mode: 'ok', failFirst: 0, ...behaviour };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      });
      if (requests.length <= state.failFirst) {
        response.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"busy, try later"}');
      } else if (state.mode === 'ok') {
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"queued"}');
      } else if (state.mode === 'garbage') {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(GARBAGE_ANSWER);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/send`,
    requests,
    behaviour: state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
