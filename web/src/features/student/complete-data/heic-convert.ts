// The CSP build: libheif as asm.js in heic-to's own worker, with no eval (the portal's CSP has no 'unsafe-eval'
// and no 'wasm-unsafe-eval'; heic2any and the default build need one of them).
import { heicTo } from 'heic-to/csp';
import { jpegName } from './heic';

/**
 * A HEIC photo as a JPEG, decoded by libheif inside heic-to's web worker. Loaded with import() only when such a
 * file is picked: the decoder is 3 MB (about 0.8 MB compressed). Throws when the file does not decode.
 */
export async function convertHeic(file: File): Promise<File> {
  const jpeg = await heicTo({ blob: file, type: 'image/jpeg', quality: 0.9 });
  return new File([jpeg], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
}
