import net from 'node:net';

/**
 * A small TCP proxy for the upload tests and benchmarks (issue 34): between a client and the portal, it counts the
 * bytes each way, can cut every connection once it has carried `cutAfterBytes` from the client (a phone losing its
 * signal mid-upload), and can pace each direction to a bandwidth with a one-way delay (an emulated mobile link).
 * Pacing is over the whole proxy, not per connection, as a phone's one link is shared by its requests.
 */
export interface TcpProxyOptions {
  /** Where the traffic goes: the portal's port on loopback. */
  targetPort: number;
  targetHost?: string;
  /** Each connection is cut (both sides destroyed) once this many client bytes went through it. */
  cutAfterBytes?: number;
  /** Only the first `cuts` connections are cut; later ones run free (default: every one). */
  cuts?: number;
  /** Client → portal bandwidth, bytes a second (unset: unlimited). */
  upBytesPerSecond?: number;
  /** Portal → client bandwidth, bytes a second. */
  downBytesPerSecond?: number;
  /** Round-trip time added (half each way), ms. */
  rttMs?: number;
}

export interface TcpProxy {
  port: number;
  url: string;
  /** Bytes carried so far: client → portal (`up`) and back (`down`); connections opened and cut. */
  stats: { up: number; down: number; connections: number; cut: number };
  close(): Promise<void>;
}

/** One direction of the link: chunks leave in order, no faster than the rate, each delayed by `delayMs`. */
class Pacer {
  private nextFreeAt = 0;

  constructor(
    private readonly bytesPerSecond: number | undefined,
    private readonly delayMs: number,
  ) {}

  /** When a chunk sent now arrives at the other end. */
  arrival(bytes: number): number {
    const now = Date.now();
    if (!this.bytesPerSecond) return now + this.delayMs;
    const start = Math.max(now, this.nextFreeAt);
    this.nextFreeAt = start + (bytes / this.bytesPerSecond) * 1000;
    return this.nextFreeAt + this.delayMs;
  }
}

export async function startTcpProxy(options: TcpProxyOptions): Promise<TcpProxy> {
  const stats = { up: 0, down: 0, connections: 0, cut: 0 };
  const oneWay = (options.rttMs ?? 0) / 2;
  const upLink = new Pacer(options.upBytesPerSecond, oneWay);
  const downLink = new Pacer(options.downBytesPerSecond, oneWay);
  const sockets = new Set<net.Socket>();

  /**
   * Forwards `from` to `to` through `link`, pausing `from` while more than 64 kB wait (so pacing holds back the
   * sender, as a slow link does); `onChunk` may shorten a chunk and answer true to cut after it.
   */
  const forward = (
    from: net.Socket,
    to: net.Socket,
    link: Pacer,
    onChunk: (chunk: Buffer) => [Buffer, boolean],
  ) => {
    let waiting = 0;
    let last = Promise.resolve();
    from.on('data', (data: Buffer) => {
      const [chunk, cut] = onChunk(data);
      if (cut) from.pause();
      waiting += chunk.length;
      if (waiting > 64 * 1024) from.pause();
      const at = link.arrival(chunk.length);
      last = last.then(
        () =>
          new Promise<void>((resolve) => {
            setTimeout(
              () => {
                if (!to.destroyed && chunk.length > 0) to.write(chunk);
                waiting -= chunk.length;
                if (cut) {
                  // The bytes already written still reach the other end, then the connection is gone both ways.
                  to.end();
                  from.destroy();
                } else if (waiting <= 64 * 1024 && from.isPaused()) from.resume();
                resolve();
              },
              Math.max(0, at - Date.now()),
            );
          }),
      );
    });
    from.on('end', () => {
      void last.then(() => to.end());
    });
  };

  const server = net.createServer((client) => {
    stats.connections += 1;
    const cutThis =
      options.cutAfterBytes !== undefined && (options.cuts === undefined || stats.cut < options.cuts);
    let carried = 0;
    let cutDone = false;
    const upstream = net.connect(options.targetPort, options.targetHost ?? '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    forward(client, upstream, upLink, (chunk) => {
      if (cutDone) return [Buffer.alloc(0), false];
      if (cutThis && options.cutAfterBytes !== undefined && carried + chunk.length >= options.cutAfterBytes) {
        const part = chunk.subarray(0, options.cutAfterBytes - carried);
        carried += part.length;
        stats.up += part.length;
        cutDone = true;
        stats.cut += 1;
        return [part, true];
      }
      carried += chunk.length;
      stats.up += chunk.length;
      return [chunk, false];
    });
    forward(upstream, client, downLink, (chunk) => {
      stats.down += chunk.length;
      return [chunk, false];
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    stats,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
