import { deflateSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { tinyJpeg } from '../../../test/images.js';
import { createPhotoFitter, PHOTO_BOX, pngSize } from './photo-fit.js';
import { decodePng, fitPng } from './photo-fit.worker.mjs';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function chunk(type: string, body: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), body]);
  let crc = 0xffffffff;
  for (const byte of typed) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  const head = Buffer.alloc(4);
  head.writeUInt32BE(body.length);
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE((crc ^ 0xffffffff) >>> 0);
  return Buffer.concat([head, typed, tail]);
}

interface PngSpec {
  width: number;
  height: number;
  colour: 0 | 2 | 3 | 4 | 6;
  depth: 1 | 2 | 4 | 8 | 16;
  /** The bytes of row y, unfiltered. */
  row(y: number): number[];
  palette?: number[];
  transparency?: number[];
  interlace?: boolean;
  /** Filter type used on every row (1 = sub, 2 = up, 4 = paeth are applied for real). */
  filter?: 0 | 1 | 2 | 4;
}

/** A PNG written here with a chosen filter, so the decoder's unfiltering is checked against known pixels. */
function png(spec: PngSpec): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(spec.width, 0);
  header.writeUInt32BE(spec.height, 4);
  header[8] = spec.depth;
  header[9] = spec.colour;
  header[12] = spec.interlace ? 1 : 0;
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[spec.colour];
  const bpp = Math.max(1, (channels * spec.depth) / 8);
  const filter = spec.filter ?? 0;
  const rows: number[] = [];
  let previous: number[] = [];
  for (let y = 0; y < spec.height; y++) {
    const row = spec.row(y);
    rows.push(filter);
    row.forEach((value, i) => {
      const a = i >= bpp ? (row[i - bpp] ?? 0) : 0;
      const b = previous[i] ?? 0;
      const c = i >= bpp ? (previous[i - bpp] ?? 0) : 0;
      const p = a + b - c;
      const predictor =
        filter === 1
          ? a
          : filter === 2
            ? b
            : filter === 4
              ? Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
                ? a
                : Math.abs(p - b) <= Math.abs(p - c)
                  ? b
                  : c
              : 0;
      rows.push((value - predictor) & 0xff);
    });
    previous = row;
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...(spec.palette ? [chunk('PLTE', Buffer.from(spec.palette))] : []),
    ...(spec.transparency ? [chunk('tRNS', Buffer.from(spec.transparency))] : []),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const pixel = (image: { width: number; rgb: Uint8Array }, x: number, y: number) => {
  const o = (y * image.width + x) * 3;
  return [image.rgb[o], image.rgb[o + 1], image.rgb[o + 2]];
};

describe('the PNG reader of the photo worker', () => {
  it.each([1, 2, 4] as const)('reads RGB rows unfiltered with filter %s', (filter) => {
    const image = decodePng(
      png({
        width: 3,
        height: 2,
        colour: 2,
        depth: 8,
        filter,
        row: (y) => [10, 20, 30, 40, 50, 60, 70, 80, 90 + y],
      }),
    );
    expect(image && pixel(image, 2, 1)).toEqual([70, 80, 91]);
    expect(image && pixel(image, 0, 0)).toEqual([10, 20, 30]);
  });

  it('reads grey, grey with alpha, 16-bit RGBA and 4-bit palettes with transparency, laid on white', () => {
    const grey = decodePng(png({ width: 2, height: 1, colour: 0, depth: 8, row: () => [0, 200] }));
    expect(grey && pixel(grey, 1, 0)).toEqual([200, 200, 200]);
    const twoBit = decodePng(png({ width: 4, height: 1, colour: 0, depth: 2, row: () => [0b00011011] }));
    expect(twoBit && [0, 1, 2, 3].map((x) => pixel(twoBit, x, 0)[0])).toEqual([0, 85, 170, 255]);
    const greyAlpha = decodePng(png({ width: 1, height: 1, colour: 4, depth: 8, row: () => [0, 0] }));
    expect(greyAlpha && pixel(greyAlpha, 0, 0)).toEqual([255, 255, 255]);
    const deep = decodePng(
      png({
        width: 1,
        height: 1,
        colour: 6,
        depth: 16,
        row: () => [0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xff, 0xff],
      }),
    );
    expect(deep && pixel(deep, 0, 0)).toEqual([0x12, 0x56, 0x9a]);
    const paletted = decodePng(
      png({
        width: 2,
        height: 1,
        colour: 3,
        depth: 4,
        palette: [255, 0, 0, 0, 0, 255],
        transparency: [255, 0],
        row: () => [0x01],
      }),
    );
    expect(paletted && [pixel(paletted, 0, 0), pixel(paletted, 1, 0)]).toEqual([
      [255, 0, 0],
      [255, 255, 255],
    ]);
  });

  it('leaves what it does not read (interlaced, not a PNG, truncated) to the original', () => {
    expect(
      decodePng(png({ width: 1, height: 1, colour: 2, depth: 8, interlace: true, row: () => [1, 2, 3] })),
    ).toBeNull();
    expect(decodePng(tinyJpeg())).toBeNull();
    const whole = png({ width: 2, height: 2, colour: 2, depth: 8, row: () => [1, 2, 3, 4, 5, 6] });
    expect(decodePng(whole.subarray(0, whole.length - 20))).toBeNull();
  });
});

/** A large two-colour photo: the left half red, the right half blue. */
const large = png({
  width: 1200,
  height: 1600,
  colour: 2,
  depth: 8,
  filter: 2,
  row: () => Array.from({ length: 1200 }, (_, x) => (x < 600 ? [200, 20, 20] : [20, 20, 200])).flat(),
});

describe('fitting the photo', () => {
  it('reduces a large PNG to just cover the print box, keeping what it shows', () => {
    const fitted = fitPng(large, PHOTO_BOX.width, PHOTO_BOX.height);
    expect(fitted).not.toBeNull();
    expect(pngSize(fitted as Buffer)).toEqual({ width: 420, height: 560 });
    const image = decodePng(fitted as Buffer);
    expect(image && pixel(image, 10, 10)).toEqual([200, 20, 20]);
    expect(image && pixel(image, 410, 550)).toEqual([20, 20, 200]);
    expect((fitted as Buffer).length).toBeLessThan(large.length);
  });

  it('keeps small PNGs as they are', () => {
    expect(
      fitPng(png({ width: 400, height: 600, colour: 2, depth: 8, row: () => Array(1200).fill(9) }), 420, 560),
    ).toBeNull();
  });

  it('does the work in a worker, once per stored photo; JPEGs and small PNGs pass through', async () => {
    const fitter = createPhotoFitter();
    try {
      const read = vi.fn(async () => large);
      const first = await fitter.fit('students/a/photo.png', 'image/png', read);
      const again = await fitter.fit('students/a/photo.png', 'image/png', read);
      expect(read).toHaveBeenCalledTimes(1);
      expect(again).toBe(first);
      expect(first.contentType).toBe('image/png');
      expect(pngSize(first.bytes)).toEqual({ width: 420, height: 560 });
      const jpeg = tinyJpeg('x');
      expect(await fitter.fit('students/b/photo.jpg', 'image/jpeg', async () => jpeg)).toEqual({
        bytes: jpeg,
        contentType: 'image/jpeg',
      });
      const small = png({ width: 2, height: 2, colour: 2, depth: 8, row: () => [1, 2, 3, 4, 5, 6] });
      expect((await fitter.fit('students/c/photo.png', 'image/png', async () => small)).bytes).toBe(small);
    } finally {
      await fitter.close();
    }
  });
});
