import { z } from 'zod';
import { flag, optionalText } from './env-values.js';

/** The S3-compatible object store, from `S3_*`; S3_BUCKET unset keeps the images on the local disk. */
export const storageEnv = {
  S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 of a-z, 0-9, ., -)')
      .optional(),
  ),
  S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: flag.default(false),
  S3_PREFIX: optionalText.pipe(
    z
      .string()
      .regex(
        /^([A-Za-z0-9][A-Za-z0-9._-]*\/)*[A-Za-z0-9][A-Za-z0-9._-]*\/?$/,
        'must look like portal/ or a/b/',
      )
      .optional(),
  ),
};

/** An S3-compatible object store for the students' images (S3_BUCKET set); see storage/s3-storage.ts. */
export interface S3Config {
  bucket: string;
  /** `https://…` of an S3-compatible service; unset: AWS S3 of the region. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the AWS SDK's default credential chain (environment, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Bucket in the path (`endpoint/bucket/key`) rather than in the host name; most self-hosted stores need it. */
  forcePathStyle: boolean;
  /** Prepended to every key, ending in '/', or ''; lets several portals share a bucket. */
  prefix: string;
}

export function s3Config(e: z.output<z.ZodObject<typeof storageEnv>>): S3Config | undefined {
  return e.S3_BUCKET
    ? {
        bucket: e.S3_BUCKET,
        endpoint: e.S3_ENDPOINT,
        region: e.S3_REGION ?? 'us-east-1',
        credentials:
          e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
            : undefined,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
        prefix: e.S3_PREFIX ? e.S3_PREFIX.replace(/\/?$/, '/') : '',
      }
    : undefined;
}
