import type { ImageKind } from '@portal/common';
import { vi } from 'vitest';
import type { DocumentUpload, DocumentUploadEvents, UploadHandle } from '../tus-upload';

/** The id the stand-in gives each kind's upload (32 hex digits, as the server's). */
export function fakeUploadId(kind: ImageKind): string {
  return Array.from(kind, (char) => char.charCodeAt(0).toString(16))
    .join('')
    .padEnd(32, '0')
    .slice(0, 32);
}

/**
 * A stand-in for tus-upload.ts in the screens' tests (`vi.mock('…/tus-upload', () => import(this file))`): each
 * upload goes half way, then is done, at once. The real one is checked by the Playwright walk against the server.
 */
export const startDocumentUpload = vi.fn(
  async (upload: DocumentUpload, events: DocumentUploadEvents): Promise<UploadHandle> => {
    events.onProgress(50);
    events.onDone(fakeUploadId(upload.kind));
    return { abort: () => {}, restart: () => {} };
  },
);
