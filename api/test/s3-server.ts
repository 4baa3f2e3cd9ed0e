import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import type { S3Config } from '../src/config/storage.js';

/** s3rver's fixed credentials. */
const ACCESS_KEY = 'S3RVER';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** A configuration of the portal's S3 store on this server; a random prefix keeps callers apart. */
  config(prefix?: string): S3Config;
  /** The same as environment variables, for `loadConfig` or a child process. */
  env(prefix?: string): Record<string, string>;
  close(): Promise<void>;
}

/**
 * An S3-compatible server on loopback, in this process (s3rver, its objects in a temporary folder), with one
 * bucket. Real HTTP, real SigV4 signatures: the portal's S3 store talks to it exactly as to any other.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'portal-s3-'));
  const bucket = 'portal-test';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const randomPrefix = () => `t${randomBytes(4).toString('hex')}/`;
  return {
    endpoint,
    bucket,
    config: (prefix = randomPrefix()) => ({
      bucket,
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
      forcePathStyle: true,
      prefix,
    }),
    env: (prefix = randomPrefix()) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: '1',
      S3_PREFIX: prefix,
    }),
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
