import { describe, expect, it } from 'vitest';
import {
  IMAGE_HEAD_BYTES,
  IMAGE_TAIL_BYTES,
  imageIntegrityProblem,
  isAcceptedImageType,
  SERVER_IMAGE_MAX_PIXELS,
  sniffImageType,
} from './image-integrity.js';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const IEND = [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];

/** The first and last bytes of a PNG of the given size (the CRCs are not checked, so zeros will do). */
function png(width: number, height: number, { end = IEND, type = 'IHDR' } = {}) {
  const head = new Uint8Array(IMAGE_HEAD_BYTES);
  const view = new DataView(head.buffer);
  head.set(SIGNATURE);
  view.setUint32(8, 13);
  head.set(
    Array.from(type, (c) => c.charCodeAt(0)),
    12,
  );
  view.setUint32(16, width);
  view.setUint32(20, height);
  return { head, tail: new Uint8Array(end) };
}

describe('imageIntegrityProblem', () => {
  it('accepts a whole PNG up to the pixel limit', () => {
    const { head, tail } = png(1920, 1080);
    expect(imageIntegrityProblem('image/png', head, tail)).toBeNull();
    const atLimit = png(SERVER_IMAGE_MAX_PIXELS / 1000, 1000);
    expect(imageIntegrityProblem('image/png', atLimit.head, atLimit.tail)).toBeNull();
  });

  it('refuses a PNG declaring more pixels than the limit (a decompression bomb)', () => {
    const { head, tail } = png(SERVER_IMAGE_MAX_PIXELS / 1000 + 1, 1000);
    expect(imageIntegrityProblem('image/png', head, tail)).toBe('tooManyPixels');
    const huge = png(0xffffffff, 0xffffffff);
    expect(imageIntegrityProblem('image/png', huge.head, huge.tail)).toBe('tooManyPixels');
  });

  it('refuses a PNG cut off before its end, or with a broken header, or of zero size', () => {
    const cut = png(100, 100, { end: [7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7] });
    expect(imageIntegrityProblem('image/png', cut.head, cut.tail)).toBe('corrupt');
    const noHeader = png(100, 100, { type: 'IDAT' });
    expect(imageIntegrityProblem('image/png', noHeader.head, noHeader.tail)).toBe('corrupt');
    const empty = png(0, 100);
    expect(imageIntegrityProblem('image/png', empty.head, empty.tail)).toBe('corrupt');
    const tiny = png(1, 1);
    expect(imageIntegrityProblem('image/png', tiny.head.subarray(0, 20), tiny.tail)).toBe('corrupt');
    expect(imageIntegrityProblem('image/png', tiny.head, tiny.tail.subarray(0, IMAGE_TAIL_BYTES - 1))).toBe(
      'corrupt',
    );
  });

  it('leaves JPEGs alone (phones append data after their end; forms embed them undecoded)', () => {
    const { head } = png(1, 1);
    expect(imageIntegrityProblem('image/jpeg', head, new Uint8Array([1, 2, 3]))).toBeNull();
  });
});

describe('image content', () => {
  it('recognises png and jpeg by their first bytes only', () => {
    expect(sniffImageType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(
      'image/png',
    );
    expect(sniffImageType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]))).toBe('image/jpeg');
    expect(sniffImageType(new TextEncoder().encode('hello, this is text'))).toBeNull();
    expect(sniffImageType(Uint8Array.from([0x89, 0x50]))).toBeNull();
    expect(isAcceptedImageType('IMAGE/JPEG')).toBe(true);
    expect(isAcceptedImageType('application/pdf')).toBe(false);
  });
});
