import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig: shared services of a scaled-out deployment', () => {
  it('keeps images on the local disk and limits in memory by default', () => {
    const config = loadConfig({});
    expect(config.s3).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
  });

  it('reads REDIS_URL and a full S3 configuration', () => {
    const config = loadConfig({
      REDIS_URL: 'redis://cache.internal:6379/2',
      S3_BUCKET: 'portal-images',
      S3_ENDPOINT: 'https://s3.university.example',
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret-example',
      S3_FORCE_PATH_STYLE: '1',
      S3_PREFIX: 'admission/2026',
    });
    expect(config.redisUrl).toBe('redis://cache.internal:6379/2');
    expect(config.s3).toEqual({
      bucket: 'portal-images',
      endpoint: 'https://s3.university.example',
      region: 'eu-central-1',
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret-example' },
      forcePathStyle: true,
      prefix: 'admission/2026/',
    });
  });

  it('uses AWS defaults for what an S3 configuration leaves out', () => {
    expect(loadConfig({ S3_BUCKET: 'portal-images' }).s3).toEqual({
      bucket: 'portal-images',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
      prefix: '',
    });
  });

  it.each([
    [{ REDIS_URL: 'http://cache:6379' }, 'REDIS_URL'],
    [{ S3_BUCKET: 'Not_A_Bucket' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'portal', S3_ENDPOINT: 'ftp://store' }, 'S3_ENDPOINT'],
    [{ S3_BUCKET: 'portal', S3_ACCESS_KEY_ID: 'only-the-id' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_BUCKET: 'portal', S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE'],
    [{ S3_BUCKET: 'portal', S3_PREFIX: '../up' }, 'S3_PREFIX'],
    [{ S3_ENDPOINT: 'https://store.example' }, 'S3_BUCKET'],
  ])('refuses %o naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });
});
