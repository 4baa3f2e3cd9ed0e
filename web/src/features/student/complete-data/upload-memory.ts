import type { ImageKind } from '@portal/common';
import { DOCUMENT_UPLOAD_PREFIX } from '@/lib/device-drafts';

/**
 * What this device remembers of each document's resumable upload (issue 34), per student and kind, in localStorage:
 * the upload's address on the server, so a reload or a new connection resumes it from its last byte, and whether
 * it finished, so a document sent before a reload need not be picked again. Removed at logout with the drafts
 * (lib/device-drafts.ts) and after a successful submit.
 */
export interface RememberedUpload {
  /** The tus upload URL; its last path segment is the id the submit names. */
  url: string;
  /** Which bytes it holds (the prepared file's digest): a resume is only offered for the very same bytes. */
  fingerprint: string;
  /** When the upload was created (tus-js-client's PreviousUpload). */
  creationTime: string;
  size: number | null;
  /** The name of the student's file, to say which one is (half) sent. */
  name: string;
  done: boolean;
}

export function uploadMemoryKey(studentId: string, kind: ImageKind): string {
  return `${DOCUMENT_UPLOAD_PREFIX}${studentId}:${kind}`;
}

function isRemembered(value: unknown): value is RememberedUpload {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.url === 'string' &&
    typeof entry.fingerprint === 'string' &&
    typeof entry.creationTime === 'string' &&
    (typeof entry.size === 'number' || entry.size === null) &&
    typeof entry.name === 'string' &&
    typeof entry.done === 'boolean'
  );
}

/** The remembered upload of this kind, or null (none, storage off, foreign data). */
export function rememberedUpload(studentId: string, kind: ImageKind): RememberedUpload | null {
  try {
    const raw = window.localStorage.getItem(uploadMemoryKey(studentId, kind));
    if (raw === null) return null;
    const parsed: unknown = JSON.parse(raw);
    return isRemembered(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Keeps the upload; a full or disabled storage only costs the resume after a reload. */
export function rememberUpload(studentId: string, kind: ImageKind, upload: RememberedUpload): void {
  try {
    window.localStorage.setItem(uploadMemoryKey(studentId, kind), JSON.stringify(upload));
  } catch (error) {
    console.warn('the upload address could not be kept', error);
  }
}

export function forgetUpload(studentId: string, kind: ImageKind): void {
  try {
    window.localStorage.removeItem(uploadMemoryKey(studentId, kind));
  } catch {
    // Nothing was kept, so nothing is left behind.
  }
}

/** After a successful submit the staged uploads are the server's documents: nothing is left to resume. */
export function forgetUploads(studentId: string, kinds: readonly ImageKind[]): void {
  for (const kind of kinds) forgetUpload(studentId, kind);
}

/** The staged upload's id: the last path segment of its tus URL. */
export function uploadIdOf(url: string): string {
  const path = new URL(url, 'http://localhost').pathname.replace(/\/+$/, '');
  return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
}
