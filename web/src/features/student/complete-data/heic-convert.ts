import heic2any from 'heic2any';
import { jpegName } from './heic';

/**
 * A HEIC photo as a JPEG, decoded by libheif inside heic2any's own web worker. Loaded with import() only when such
 * a file is picked: the library is 1.3 MB. Throws when the file does not decode.
 */
export async function convertHeic(file: File): Promise<File> {
  const converted = await heic2any({ blob: file, toType: 'image/jpeg', quality: 0.9 });
  const [jpeg] = Array.isArray(converted) ? converted : [converted];
  if (!jpeg) throw new Error('heic2any answered no image');
  return new File([jpeg], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
}
