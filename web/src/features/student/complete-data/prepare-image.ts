import {
  IMAGE_SNIFF_BYTES,
  type ImageContentType,
  isAcceptedImageType,
  MESSAGES,
  SERVER_IMAGE_MAX_BYTES,
  sniffImageType,
} from '@portal/common';
import { isHeic } from './heic';

export type PreparedImage = { ok: true; file: File; originalName: string } | { ok: false; message: string };

/** Reads the first bytes of a file (Blob.arrayBuffer where there is one, FileReader elsewhere). */
export async function readHead(file: Blob, bytes = IMAGE_SNIFF_BYTES): Promise<Uint8Array> {
  const head = file.slice(0, bytes);
  if (typeof head.arrayBuffer === 'function') return new Uint8Array(await head.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(head);
  });
}

/**
 * png or jpeg by its declared type AND by its first bytes (spec section 5, rule 8): answers the real type, or
 * null for anything else (a pdf renamed .png, a gif, an unreadable file). Some phones declare no type; the
 * bytes decide then.
 */
export async function imageTypeOf(file: File): Promise<ImageContentType | null> {
  const declared = file.type.toLowerCase();
  if (declared !== '' && declared !== 'image/jpg' && !isAcceptedImageType(declared)) return null;
  try {
    return sniffImageType(await readHead(file));
  } catch {
    return null;
  }
}

/** Loaded with this screen only: the compression library is a chunk of its own. */
const loadCompressor = () => import('./compress-image');
/** Loaded only when an iPhone photo is picked: the HEIC decoder is a chunk of its own. */
const loadHeicConverter = () => import('./heic-convert');

/** Said on the card when an iPhone photo does not decode; nothing is uploaded then. */
export const HEIC_UNREADABLE =
  'تعذرت قراءة صورة الآيفون (HEIC) هذه. صوّر المستند مرة أخرى أو اختر صورته بصيغة jpeg أو png.';

/** An iPhone photo as a JPEG, anything else as it is; null when a HEIC does not decode. */
async function decodable(file: File): Promise<File | null> {
  let head: Uint8Array;
  try {
    head = await readHead(file);
  } catch {
    return file;
  }
  if (!isHeic(file, head)) return file;
  try {
    const { convertHeic } = await loadHeicConverter();
    return await convertHeic(file);
  } catch (error) {
    console.warn(`the HEIC photo ${file.name} did not decode`, error);
    return null;
  }
}

/**
 * Checks a chosen file and compresses it for sending (at most 0.5 MB and 1920 px), an iPhone's HEIC photo first
 * converted to JPEG. A compression failure is only logged (spec section 5): the original is sent when the server
 * takes it (2 MB), else the student is told it is too large.
 */
export async function prepareImage(chosen: File): Promise<PreparedImage> {
  const file = await decodable(chosen);
  if (file === null) return { ok: false, message: HEIC_UNREADABLE };
  const type = await imageTypeOf(file);
  if (type === null) return { ok: false, message: MESSAGES.imageNotImage };
  // The library and the server read the type; a phone's empty or 'image/jpg' becomes the sniffed one.
  const typed =
    file.type === type ? file : new File([file], file.name, { type, lastModified: file.lastModified });
  let result = typed;
  try {
    const { compressImage } = await loadCompressor();
    result = await compressImage(typed);
  } catch (error) {
    console.warn(`image compression failed for ${file.name}; the original is used`, error);
  }
  if (result.size > SERVER_IMAGE_MAX_BYTES) return { ok: false, message: MESSAGES.imageTooLarge };
  return { ok: true, file: result, originalName: chosen.name };
}
