import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { DataStore } from '@tus/utils';
import type { Config } from '../../config/config.js';
import { STAGED_UPLOAD_MAX_AGE_MS } from './staged-uploads.repository.js';

/** A tus store the portal can also read back (to check a finished upload and to move it into place). */
export type StagedUploadStore = DataStore & { read(id: string): Readable | Promise<Readable> };

/** Where finished and unfinished tus uploads live on the local disk, beside (not inside) the request staging. */
export function tusStagingDir(dataDir: string): string {
  return path.join(dataDir, 'staging', 'tus');
}

/**
 * The store of staged uploads: the S3-compatible one when `S3_BUCKET` is set (same settings as the images), else
 * the local disk under `DATA_DIR/staging/tus`, which instances behind nginx must share to resume each other's
 * uploads. S3's minimum part is 5 MB, above any document, so an upload is one part until it finishes. Both
 * expire uploads after 24 hours (`deleteExpired`, run by the sweep), also those whose row went with a deleted
 * student.
 */
export function stagedUploadStore(config: Pick<Config, 's3' | 'dataDir'>): StagedUploadStore {
  if (config.s3) {
    const { bucket, endpoint, region, credentials, forcePathStyle } = config.s3;
    return new S3Store({
      expirationPeriodInMilliseconds: STAGED_UPLOAD_MAX_AGE_MS,
      s3ClientConfig: {
        bucket,
        region,
        forcePathStyle,
        ...(endpoint ? { endpoint } : {}),
        ...(credentials ? { credentials } : {}),
      },
    });
  }
  return new FileStore({
    directory: tusStagingDir(config.dataDir),
    expirationPeriodInMilliseconds: STAGED_UPLOAD_MAX_AGE_MS,
  });
}
