import { randomBytes } from 'node:crypto';

export interface FilePart {
  /** Default 'photos'. */
  field?: string;
  filename: string;
  content: Buffer;
  /** The declared type; the server must not trust it. Default 'image/png'. */
  contentType?: string;
}

/**
 * A multipart/form-data body built by hand (fields first, then files), so tests control every detail: repeated
 * fields, odd file names, declared types that lie.
 */
export function multipartBody(
  fields: Record<string, string> | readonly (readonly [string, string])[],
  files: readonly FilePart[] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  const entries = Array.isArray(fields) ? fields : Object.entries(fields);
  for (const [name, value] of entries) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        'utf8',
      ),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'photos'}"; ` +
          `filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'image/png'}\r\n\r\n`,
        'utf8',
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
