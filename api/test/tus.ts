import { type ImageKind, TUS_UPLOADS_PATH } from '@portal/common';
import type { App } from '../src/app.js';

/**
 * A tus 1.0 client over `inject`, for the staged-upload tests: each call is one protocol request, so a test can
 * stop, resume or send from the wrong session at any step.
 */
const TUS = { 'tus-resumable': '1.0.0' };

/** An `Upload-Metadata` header: each key with its value in base64. */
export function tusMetadata(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

export function tusClient(app: App) {
  const withCookie = (cookie: string | undefined) => (cookie ? { cookie } : {});
  return {
    create(
      cookie: string | undefined,
      length: number | undefined,
      kind: ImageKind | string = 'personalPhoto',
      headers: Record<string, string> = {},
    ) {
      return app.inject({
        method: 'POST',
        url: TUS_UPLOADS_PATH,
        headers: {
          ...TUS,
          ...withCookie(cookie),
          ...(length === undefined ? {} : { 'upload-length': String(length) }),
          'upload-metadata': tusMetadata({ kind, filename: 'photo.png', filetype: 'image/png' }),
          ...headers,
        },
      });
    },
    patch(cookie: string | undefined, location: string, offset: number, bytes: Buffer) {
      return app.inject({
        method: 'PATCH',
        url: location,
        headers: {
          ...TUS,
          ...withCookie(cookie),
          'content-type': 'application/offset+octet-stream',
          'upload-offset': String(offset),
        },
        payload: bytes,
      });
    },
    head(cookie: string | undefined, location: string) {
      return app.inject({ method: 'HEAD', url: location, headers: { ...TUS, ...withCookie(cookie) } });
    },
    remove(cookie: string | undefined, location: string) {
      return app.inject({ method: 'DELETE', url: location, headers: { ...TUS, ...withCookie(cookie) } });
    },
    /** Creates and sends the whole of `bytes` in one PATCH; answers the upload's id and the last answer. */
    async upload(cookie: string, bytes: Buffer, kind: ImageKind | string = 'personalPhoto') {
      const created = await this.create(cookie, bytes.length, kind);
      if (created.statusCode !== 201) throw new Error(`tus create: ${created.statusCode} ${created.body}`);
      const location = String(created.headers.location);
      const sent = await this.patch(cookie, location, 0, bytes);
      return { id: location.split('/').pop() as string, location, sent };
    },
  };
}
