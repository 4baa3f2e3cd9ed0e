import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  type ListObjectsV2CommandOutput,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../config/storage.js';
import { assertStorageKey, type ObjectStorage, StorageError, StorageNotFoundError } from './storage.js';

/** Parts of a streamed upload; a body shorter than one part (every image: 2 MB at most) is one plain PUT. */
const PART_BYTES = 8 * 1024 * 1024;

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
}

function isMissing(error: unknown): boolean {
  const name = (error as { name?: string } | undefined)?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404;
}

export type S3Storage = ObjectStorage & { client: S3Client; bucket: string; prefix: string };

/**
 * The store in an S3-compatible object store (AWS S3, MinIO, Ceph, Garage, …): a key is an object name in the
 * bucket, after the configured prefix. A PUT is atomic on every S3-compatible store (a reader sees the old
 * object or the whole new one), and a body that fails midway is never committed, so there is nothing to sweep:
 * a multipart upload (bodies over 8 MB, which images never are) is aborted by the SDK when its source fails;
 * a bucket lifecycle rule 'abort incomplete multipart uploads after 1 day' covers a crash in the middle of one.
 *
 * Checksums are computed only when an operation requires them (`WHEN_REQUIRED`): the SDK's default since 2025
 * (CRC32 trailers on every PUT) is refused by several self-hosted stores.
 */
export function s3Storage(config: S3Config): S3Storage {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    forcePathStyle: config.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
  const Bucket = config.bucket;
  const objectKey = (key: string) => {
    assertStorageKey(key);
    return `${config.prefix}${key}`;
  };

  return {
    client,
    bucket: config.bucket,
    prefix: config.prefix,

    async put(key, body) {
      const Key = objectKey(key);
      try {
        if (body instanceof Uint8Array) {
          await client.send(
            new PutObjectCommand({ Bucket, Key, Body: body, ContentLength: body.byteLength }),
          );
          return;
        }
        // The length of a stream is not known in advance: Upload buffers up to one part, then sends a plain PUT
        // (or a multipart upload for larger bodies, aborted if the source fails).
        const upload = new Upload({
          client,
          params: { Bucket, Key, Body: body },
          partSize: PART_BYTES,
          queueSize: 1,
          leavePartsOnError: false,
        });
        await upload.done();
      } catch (error) {
        if (body instanceof Readable) body.destroy();
        throw new StorageError('put', key, { cause: error });
      }
    },

    async get(key) {
      const Key = objectKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key }));
        const stream = answer.Body;
        if (stream instanceof Readable) return stream;
        throw new Error('the S3 client answered a body that is not a Node.js stream');
      } catch (error) {
        if (isMissing(error)) throw new StorageNotFoundError(key);
        throw new StorageError('get', key, { cause: error });
      }
    },

    async delete(key) {
      const Key = objectKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key }));
      } catch (error) {
        if (isMissing(error)) return;
        throw new StorageError('delete', key, { cause: error });
      }
    },

    async exists(key) {
      const Key = objectKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw new StorageError('exists', key, { cause: error });
      }
    },

    async *list(folder) {
      const Prefix = `${config.prefix}${folder}`;
      let ContinuationToken: string | undefined;
      do {
        let page: ListObjectsV2CommandOutput;
        try {
          page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        } catch (error) {
          throw new StorageError('list', folder, { cause: error });
        }
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified) {
            yield { key: object.Key.slice(config.prefix.length), modifiedAt: object.LastModified };
          }
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async close() {
      client.destroy();
    },
  };
}
