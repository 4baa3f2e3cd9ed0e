import type { ImageKind } from '@portal/common';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiError } from '@/lib/api-client';
import { fetchDocumentImage } from './document-image';

export type DocumentImage =
  | { status: 'loading' }
  | { status: 'ready'; url: string }
  | { status: 'error'; error: ApiError };

interface StoredDocument {
  kind: ImageKind;
  /** A replaced document has a new upload time: only then is its image fetched again. */
  uploadedAt: string;
}

/**
 * The student's document images as object URLs, all six asked for at once when the record opens (the viewer and
 * the thumbnails share them). Each URL is revoked when its image is replaced or the page closes, so a reviewer
 * going through hundreds of students does not keep hundreds of images in memory.
 */
export function useDocumentImages(studentId: string, documents: readonly StoredDocument[]) {
  const [images, setImages] = useState<Partial<Record<ImageKind, DocumentImage>>>({});
  const urls = useRef(new Map<ImageKind, string>());
  const requests = useRef(new Map<ImageKind, AbortController>());

  const load = useCallback(
    (kind: ImageKind) => {
      requests.current.get(kind)?.abort();
      const request = new AbortController();
      requests.current.set(kind, request);
      setImages((shown) => ({ ...shown, [kind]: { status: 'loading' } }));
      void fetchDocumentImage(studentId, kind, request.signal).then((result) => {
        if (request.signal.aborted) return;
        if (result.status === 'error') {
          setImages((shown) => ({ ...shown, [kind]: { status: 'error', error: result } }));
          return;
        }
        const url = URL.createObjectURL(result.data);
        const previous = urls.current.get(kind);
        if (previous) URL.revokeObjectURL(previous);
        urls.current.set(kind, url);
        setImages((shown) => ({ ...shown, [kind]: { status: 'ready', url } }));
      });
    },
    [studentId],
  );

  const signature = documents.map((document) => `${document.kind}@${document.uploadedAt}`).join('|');
  useEffect(() => {
    const kinds = signature ? signature.split('|').map((entry) => entry.split('@')[0] as ImageKind) : [];
    for (const kind of kinds) load(kind);
    const open = { urls: urls.current, requests: requests.current };
    return () => {
      for (const request of open.requests.values()) request.abort();
      for (const url of open.urls.values()) URL.revokeObjectURL(url);
      open.requests.clear();
      open.urls.clear();
    };
  }, [signature, load]);

  return { images, retry: load };
}
