// Image content: png or jpeg, recognised by the first bytes (never by name or declared type).

export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg'] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
/** How many leading bytes `sniffImageType` needs. */
export const IMAGE_SNIFF_BYTES = PNG_SIGNATURE.length;

/** 'image/png' or 'image/jpeg' from the file's first bytes (at least `IMAGE_SNIFF_BYTES`), else null. */
export function sniffImageType(head: Uint8Array): ImageContentType | null {
  const startsWith = (signature: number[]) =>
    head.length >= signature.length && signature.every((byte, i) => head[i] === byte);
  if (startsWith(PNG_SIGNATURE)) return 'image/png';
  if (startsWith(JPEG_SIGNATURE)) return 'image/jpeg';
  return null;
}

/** Bytes `imageIntegrityProblem` needs from the start of a file (PNG signature and IHDR chunk) and its end. */
export const IMAGE_HEAD_BYTES = 33;
export const IMAGE_TAIL_BYTES = 12;
/**
 * Largest picture the server takes, in pixels: the screen sends at most 1920 px on the longest side, and a PNG
 * declaring more would be a decompression bomb for whatever decodes it later (the forms' photo).
 */
export const SERVER_IMAGE_MAX_PIXELS = 40_000_000;

const PNG_END = [0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];

/**
 * What is wrong with the bytes of a PNG beyond its signature: 'corrupt' when its header is not an IHDR of
 * non-zero size or it does not end with IEND (a cut-off upload), 'tooManyPixels' past `SERVER_IMAGE_MAX_PIXELS`.
 * JPEGs are not checked here: phones append data after the image's end, and the forms embed JPEGs undecoded.
 */
export function imageIntegrityProblem(
  type: ImageContentType,
  head: Uint8Array,
  tail: Uint8Array,
): 'corrupt' | 'tooManyPixels' | null {
  if (type !== 'image/png') return null;
  if (head.length < IMAGE_HEAD_BYTES || tail.length < PNG_END.length) return 'corrupt';
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const isHeader = view.getUint32(8) === 13 && String.fromCharCode(...head.subarray(12, 16)) === 'IHDR';
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const ends = PNG_END.every((byte, i) => tail[tail.length - PNG_END.length + i] === byte);
  if (!isHeader || width === 0 || height === 0 || !ends) return 'corrupt';
  return width * height > SERVER_IMAGE_MAX_PIXELS ? 'tooManyPixels' : null;
}

/** The declared type check the screen does before compressing a chosen file (the server sniffs instead). */
export function isAcceptedImageType(mimeType: string): boolean {
  return (IMAGE_CONTENT_TYPES as readonly string[]).includes(mimeType.toLowerCase());
}
