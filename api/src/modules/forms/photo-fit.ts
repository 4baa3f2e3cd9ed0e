import { Worker } from 'node:worker_threads';
import { sourcePath } from '../../lib/source-path.js';

/** Plain JavaScript beside this file (tsc does not copy it to dist; `sourcePath` finds it in src). */
const WORKER_FILE = sourcePath(import.meta.url, './photo-fit.worker.mjs');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height of a PNG from its header, or null for anything else. */
export function pngSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (bytes.toString('ascii', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * The box the printed photo must cover, in pixels: the forms print it 3 × 4 cm, so 420 × 560 is about 355 dpi,
 * sharp on any office printer.
 */
export const PHOTO_BOX = { width: 420, height: 560 } as const;

export interface FittedPhoto {
  bytes: Buffer;
  contentType: 'image/png' | 'image/jpeg';
}

export interface PhotoFitter {
  /**
   * The photo stored under `key` as the forms print it: a large PNG reduced (once; then kept in memory by its
   * key, which never names another picture), a JPEG or a small PNG as it is. `read` loads the stored bytes.
   */
  fit(
    key: string,
    contentType: FittedPhoto['contentType'],
    read: () => Promise<Buffer>,
  ): Promise<FittedPhoto>;
  close(): Promise<void>;
}

interface Pending {
  resolve(bytes: Buffer | null): void;
  reject(error: Error): void;
}

type Reply = { id: number; bytes: Uint8Array | null } | { id: number; error: string };

/**
 * Reduces large PNG photos in one worker thread, so the event loop keeps answering other requests; results are
 * kept in memory up to `cacheBytes` (least recently used first out).
 */
export function createPhotoFitter(options: { cacheBytes?: number } = {}): PhotoFitter {
  const cacheBytes = options.cacheBytes ?? 32 * 1024 * 1024;
  const cache = new Map<string, FittedPhoto>();
  const inFlight = new Map<string, Promise<FittedPhoto>>();
  const pending = new Map<number, Pending>();
  let cached = 0;
  let worker: Worker | undefined;
  let nextId = 1;

  function remember(key: string, photo: FittedPhoto) {
    cache.set(key, photo);
    cached += photo.bytes.length;
    for (const [oldKey, old] of cache) {
      if (cached <= cacheBytes) break;
      cache.delete(oldKey);
      cached -= old.bytes.length;
    }
  }

  function failAll(error: Error) {
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  }

  function start(): Worker {
    const started = new Worker(WORKER_FILE);
    started.unref();
    started.on('message', (reply: Reply) => {
      const job = pending.get(reply.id);
      if (!job) return;
      pending.delete(reply.id);
      if ('error' in reply) job.reject(new Error(reply.error));
      else job.resolve(reply.bytes ? Buffer.from(reply.bytes) : null);
    });
    started.on('error', (error) => {
      if (worker === started) worker = undefined;
      failAll(error);
    });
    started.on('exit', (code) => {
      if (worker === started) worker = undefined;
      failAll(new Error(`photo worker exited (${code})`));
    });
    return started;
  }

  function reduce(bytes: Buffer): Promise<Buffer | null> {
    worker ??= start();
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker?.postMessage({ id, bytes, ...PHOTO_BOX });
    });
  }

  async function load(key: string, contentType: FittedPhoto['contentType'], read: () => Promise<Buffer>) {
    const bytes = await read();
    const size = contentType === 'image/png' ? pngSize(bytes) : null;
    const large = size !== null && size.width > PHOTO_BOX.width && size.height > PHOTO_BOX.height;
    const reduced = large ? await reduce(bytes) : null;
    const photo: FittedPhoto = reduced
      ? { bytes: reduced, contentType: 'image/png' }
      : { bytes, contentType };
    remember(key, photo);
    return photo;
  }

  return {
    fit(key, contentType, read) {
      const hit = cache.get(key);
      if (hit) {
        cache.delete(key);
        cache.set(key, hit);
        return Promise.resolve(hit);
      }
      let loading = inFlight.get(key);
      if (!loading) {
        loading = load(key, contentType, read).finally(() => inFlight.delete(key));
        inFlight.set(key, loading);
      }
      return loading;
    },
    async close() {
      const current = worker;
      worker = undefined;
      failAll(new Error('photo fitter closed'));
      await current?.terminate();
    },
  };
}
