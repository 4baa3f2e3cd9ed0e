import { Readable } from 'node:stream';
import type { ObjectStorage } from '../src/storage/storage.js';

/** Switches of a `faultyStorage`: which put fails (1-based; 0 = none), how many ran, and a hook before each. */
export interface StorageFaults {
  failPut: number;
  puts: number;
  beforePut: undefined | (() => Promise<void>);
  reset(): void;
}

export function storageFaults(): StorageFaults {
  return {
    failPut: 0,
    puts: 0,
    beforePut: undefined,
    reset() {
      this.failPut = 0;
      this.puts = 0;
      this.beforePut = undefined;
    },
  };
}

/**
 * A real store whose n-th put fails midway as a full disk does (some bytes, then ENOSPC), so a test can check
 * that a submit leaves neither a partial file nor a row; `beforePut` lets a test act just before a put.
 */
export function faultyStorage(inner: ObjectStorage, faults: StorageFaults): ObjectStorage {
  return {
    ...inner,
    async put(key, body) {
      faults.puts += 1;
      await faults.beforePut?.();
      if (faults.puts !== faults.failPut) return inner.put(key, body);
      if (body instanceof Readable) body.destroy();
      const failing = Readable.from(
        (async function* () {
          yield Buffer.from('partial');
          throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
            code: 'ENOSPC',
            syscall: 'write',
          });
        })(),
      );
      return inner.put(key, failing);
    },
  };
}
