import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { type ImageContentType, MESSAGES, SERVER_IMAGE_MAX_PIXELS } from '@portal/common';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error.js';

// The portal resizes nothing and keeps few images in flight: libvips' operation cache would only hold memory.
sharp.cache(false);

export interface NormalizedImage {
  sizeBytes: number;
  sha256: string;
}

/**
 * Rewrites a checked image as it will be stored (issue 34): turned upright by its EXIF orientation, then encoded
 * again in its own format without any metadata block (EXIF with GPS, XMP, IPTC, ICC, comments, PNG text), which
 * sharp drops unless asked to keep it. Answers the size and digest of the bytes written, which are the stored
 * ones; an image libvips cannot decode is a corrupt one (400).
 */
export async function normalizeImage(
  input: string,
  output: string,
  contentType: ImageContentType,
): Promise<NormalizedImage> {
  let bytes: Buffer;
  try {
    const image = sharp(input, { limitInputPixels: SERVER_IMAGE_MAX_PIXELS, failOn: 'none' }).rotate();
    bytes = await (contentType === 'image/png'
      ? image.png({ compressionLevel: 6 })
      : image.jpeg({ quality: 90, mozjpeg: false })
    ).toBuffer();
  } catch {
    throw new AppError(400, MESSAGES.imageCorrupt);
  }
  await writeFile(output, bytes, { flag: 'wx' });
  return { sizeBytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}
