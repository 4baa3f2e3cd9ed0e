import { CLIENT_IMAGE_MAX_BYTES, CLIENT_IMAGE_MAX_SIDE_PX } from '@portal/common';
import imageCompression from 'browser-image-compression';
// The library's own UMD build, served from this site: its web worker loads it with importScripts(libURL).
// Without libURL the library would fetch it from a public CDN, which the CSP refuses (and we never want).
import compressionLibUrl from 'browser-image-compression/dist/browser-image-compression.js?url';

const MAX_SIZE_MB = CLIENT_IMAGE_MAX_BYTES / (1024 * 1024);

/** The worker is a blob: URL, which has no base to resolve a relative path against, so the URL is absolute. */
export function workerLibUrl(): string {
  return new URL(compressionLibUrl, window.location.href).href;
}

/**
 * Compresses a png or jpeg to at most 0.5 MB and 1920 px on its longest side, in a web worker (the CSP allows
 * worker-src 'self' blob:). Answers a File with the original's name and the image's type. Throws on failure.
 */
export async function compressImage(file: File): Promise<File> {
  const compressed = await imageCompression(file, {
    maxSizeMB: MAX_SIZE_MB,
    maxWidthOrHeight: CLIENT_IMAGE_MAX_SIDE_PX,
    useWebWorker: true,
    libURL: workerLibUrl(),
    fileType: file.type,
  });
  return new File([compressed], file.name, {
    type: compressed.type || file.type,
    lastModified: file.lastModified,
  });
}
