import { errorEnvelopeSchema, type ImageKind, MESSAGES, TUS_UPLOADS_PATH } from '@portal/common';
import { type DetailedError, type PreviousUpload, Upload, type UrlStorage } from 'tus-js-client';
import { forgetUpload, rememberedUpload, rememberUpload, uploadIdOf, uploadMemoryKey } from './upload-memory';
import { UPLOAD_INTERRUPTED } from './upload-messages';

/**
 * One document's resumable upload with the tus protocol (issue 34, decision 0023). Loaded with import() once a
 * document is picked, so tus-js-client never weighs on the login. The upload's address is kept per student and
 * kind (upload-memory.ts): a dropped connection, a switch of network or a reload resumes from the last byte the
 * server holds, and only for the very same bytes (the fingerprint is their digest).
 */

/**
 * Waits between automatic attempts after a network failure or a 5xx: a phone that lost its signal for half a
 * minute still finishes on its own. Then the card offers a retry.
 */
export const RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 15000];

/**
 * Sent in pieces of this size, one PATCH each: a connection lost mid-way fails the next piece at once (an in-flight
 * request can outlive the switch of network and hang), and at most one piece is resent. Small against a
 * compressed document (0.5 MB), large against the round trip of a PATCH.
 */
export const CHUNK_BYTES = 128 * 1024;

export interface DocumentUpload {
  studentId: string;
  kind: ImageKind;
  /** The prepared file (checked, converted, shrunk). */
  file: File;
  /** The student's file name, said on the card after a reload. */
  originalName: string;
}

export interface DocumentUploadEvents {
  onProgress: (percent: number) => void;
  onDone: (uploadId: string) => void;
  /** `network`: the connection failed (worth retrying when it is back); else the server refused the file. */
  onFailed: (message: string, network: boolean) => void;
}

/**
 * What the upload is resumed by: the SHA-256 of its bytes. Without WebCrypto (a page served over plain HTTP) a
 * random one: the upload still resumes within the page, never after a reload, where other bytes could follow.
 */
async function fingerprintOf(file: File): Promise<string> {
  if (!globalThis.crypto?.subtle) return `unverified-${Math.random().toString(36).slice(2)}`;
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', await file.arrayBuffer()));
  return Array.from(hash, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** tus-js-client's URL storage, holding one upload per student and kind in upload-memory. */
function kindStorage(upload: DocumentUpload): UrlStorage {
  const { studentId, kind, originalName } = upload;
  const key = uploadMemoryKey(studentId, kind);
  const previous = (fingerprint: string | null): PreviousUpload[] => {
    const kept = rememberedUpload(studentId, kind);
    if (kept === null || (fingerprint !== null && kept.fingerprint !== fingerprint)) return [];
    return [
      {
        size: kept.size,
        metadata: {},
        creationTime: kept.creationTime,
        urlStorageKey: key,
        uploadUrl: kept.url,
        parallelUploadUrls: null,
      },
    ];
  };
  return {
    findAllUploads: async () => previous(null),
    findUploadsByFingerprint: async (fingerprint) => previous(fingerprint),
    removeUpload: async () => forgetUpload(studentId, kind),
    addUpload: async (fingerprint, { uploadUrl, size, creationTime }) => {
      if (uploadUrl !== null) {
        rememberUpload(studentId, kind, {
          url: uploadUrl,
          fingerprint,
          creationTime,
          size,
          name: originalName,
          done: false,
        });
      }
      return key;
    },
  };
}

/** The server's Arabic refusal (its JSON envelope), or null when the failure is the connection's. */
function refusalOf(error: Error | DetailedError): string | null {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response) return null;
  const status = response.getStatus();
  if (status < 400 || status >= 500 || status === 409 || status === 423 || status === 429) return null;
  let body: unknown;
  try {
    body = JSON.parse(response.getBody());
  } catch {
    body = undefined;
  }
  const envelope = errorEnvelopeSchema.safeParse(body);
  return envelope.success && envelope.data.message ? envelope.data.message : MESSAGES.unexpected;
}

/**
 * A request that neither sends nor fails for this long is taken as lost: a switch of network can leave a request
 * hanging without an error. It is then stopped and resumed from the offset the server holds.
 */
export const STALL_MS = 20_000;
const STALL_CHECK_MS = 5_000;

export interface UploadHandle {
  /** Stops; the upload stays on the server, to be resumed. */
  abort: () => void;
  /** Stops the request under way and resumes from the server's offset (the connection is back). */
  restart: () => void;
}

/** Starts (or resumes) the upload. */
export async function startDocumentUpload(
  upload: DocumentUpload,
  events: DocumentUploadEvents,
): Promise<UploadHandle> {
  const { studentId, kind, file, originalName } = upload;
  const fingerprint = await fingerprintOf(file);
  let lastSign = Date.now();
  let running = true;
  const tus = new Upload(file, {
    endpoint: TUS_UPLOADS_PATH,
    metadata: { kind, filename: file.name, filetype: file.type },
    fingerprint: async () => fingerprint,
    urlStorage: kindStorage(upload),
    retryDelays: RETRY_DELAYS_MS,
    chunkSize: CHUNK_BYTES,
    // A 4xx other than a conflict is the server's answer about this file: another attempt would get the same.
    onShouldRetry: (error) => refusalOf(error) === null,
    onBeforeRequest: (request) => {
      (request.getUnderlyingObject() as XMLHttpRequest).withCredentials = true;
    },
    onProgress: (sent, total) => {
      lastSign = Date.now();
      // The browser counts bytes handed to the network, ahead of what the server holds: 100 is said once done.
      events.onProgress(total > 0 ? Math.min(99, Math.floor((sent / total) * 100)) : 0);
    },
    onAfterResponse: () => {
      lastSign = Date.now();
    },
    onSuccess: () => {
      running = false;
      const url = tus.url ?? '';
      rememberUpload(studentId, kind, {
        url,
        fingerprint,
        creationTime: rememberedUpload(studentId, kind)?.creationTime ?? new Date().toISOString(),
        size: file.size,
        name: originalName,
        done: true,
      });
      events.onDone(uploadIdOf(url));
    },
    onError: (error) => {
      running = false;
      const refusal = refusalOf(error);
      // A refused upload cannot be resumed: the next attempt starts a new one.
      if (refusal !== null) forgetUpload(studentId, kind);
      events.onFailed(refusal ?? UPLOAD_INTERRUPTED, refusal === null);
    },
  });
  const restart = () => {
    if (!running) return;
    lastSign = Date.now();
    void tus.abort().then(() => tus.start());
  };
  const watchdog = setInterval(() => {
    if (!running) clearInterval(watchdog);
    else if (Date.now() - lastSign > STALL_MS) restart();
  }, STALL_CHECK_MS);
  const [previous] = await tus.findPreviousUploads();
  if (previous) tus.resumeFromPreviousUpload(previous);
  tus.start();
  return {
    abort: () => {
      running = false;
      clearInterval(watchdog);
      void tus.abort();
    },
    restart,
  };
}
