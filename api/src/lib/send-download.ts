import type { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { attachment } from './attachment.js';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const ZIP_CONTENT_TYPE = 'application/zip';

/** The browser went away in the middle of a download: stop reading, nothing to report. */
export class DownloadAbortedError extends Error {
  override name = 'DownloadAbortedError';
}

export interface DownloadFile {
  contentType: string;
  /** Shown to the person (Arabic); `asciiName` is the fallback for old browsers. */
  arabicName: string;
  asciiName: string;
}

/**
 * Streams a file to the browser while `produce` writes it into `body`: the response starts at once and the
 * file is never held whole. A failure after the first byte can no longer change the status, so it is logged
 * and the stream destroyed (the browser sees an interrupted download rather than a corrupt file).
 */
export function sendDownload(
  reply: FastifyReply,
  file: DownloadFile,
  body: Readable,
  produce: () => Promise<void>,
  log: FastifyBaseLogger,
) {
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachment(file.arabicName, file.asciiName))
    .header('cache-control', 'no-store');
  produce().catch((error: unknown) => {
    if (body.destroyed) log.info({ err: error }, 'download abandoned by the browser');
    else log.error({ err: error }, 'download failed while streaming');
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply.send(body);
}
