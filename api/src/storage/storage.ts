import type { Readable } from 'node:stream';

/**
 * Where uploaded files (the students' document images) live, behind a small key/value interface: the local disk
 * (`local-disk-storage.ts`, the default) or any S3-compatible object store (`s3-storage.ts`, when `S3_BUCKET` is
 * set); both pass the same contract suite (`storage.contract.test.ts`). Keys are relative paths such as
 * `students/<student id>/<kind>-<uuid>.png`; the database (`student_images.storage_key`) records which key holds
 * which image, so staff exports read images by key without knowing where they are kept.
 */
export interface ObjectStorage {
  /**
   * Writes the object under the key, atomically: a reader sees the previous object or the whole new one, never
   * a part. Callers never overwrite a key that is in use; every new version of an image gets a new key.
   */
  put(key: string, body: Readable | Uint8Array): Promise<void>;
  /** The object's bytes as a stream; rejects with `StorageNotFoundError` when there is no such object. */
  get(key: string): Promise<Readable>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * Every object whose key starts with `folder` (a key prefix ending in '/'), with when it was last written, in
   * no particular order; temporary files of writes in progress are never listed.
   */
  list(folder: string): AsyncIterable<StoredObject>;
  /** Removes leftovers of interrupted writes older than `maxAgeMs`; answers how many were removed. */
  sweep?(maxAgeMs: number): Promise<number>;
  /** Releases connections; called once when the app closes. */
  close?(): Promise<void>;
}

export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

/** A store that could not do what was asked (disk full, permissions, network): the caller answers 503. */
export class StorageError extends Error {
  override name = 'StorageError';
  constructor(operation: string, key: string, options?: { cause?: unknown }) {
    super(`storage ${operation} failed for ${key}`, options);
  }
}

export class StorageNotFoundError extends Error {
  override name = 'StorageNotFoundError';
  constructor(readonly key: string) {
    super(`no stored object ${key}`);
  }
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** True for a key made of 1–8 path segments of letters, digits, '.', '_' and '-', none starting with a dot. */
export function isValidStorageKey(key: string): boolean {
  const segments = key.split('/');
  return segments.length <= 8 && segments.every((segment) => SEGMENT.test(segment));
}

export function assertStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}
