import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of RGB pixels: `raw` holds each row as a filter byte (0) followed by width × 3 bytes. */
export function encodeRgbPng(width: number, height: number, raw: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real, decodable PNG of `size`×`size` pixels of one RGB colour (so different colours differ in bytes). */
export function tinyPng(rgb: [number, number, number] = [200, 30, 30], size = 2): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  return encodeRgbPng(size, size, Buffer.concat(Array.from({ length: size }, () => row)));
}

/** A 1×1 JPEG (JFIF); `tag` is appended as a comment segment so that JPEGs can differ in bytes. */
export function tinyJpeg(tag = ''): Buffer {
  const base = Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////' +
      '////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  );
  if (tag === '') return base;
  const text = Buffer.from(tag, 'utf8');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(text.length + 2);
  // SOI, then a COM segment, then the rest of the file.
  return Buffer.concat([base.subarray(0, 2), Buffer.from([0xff, 0xfe]), length, text, base.subarray(2)]);
}

/**
 * A PNG exactly `bytes` long: a real 2×2 picture padded with an ancillary chunk (which readers skip), so it
 * passes every content check the server makes and only its size matters.
 */
export function pngHeadedBytes(bytes: number): Buffer {
  const png = tinyPng();
  const end = png.subarray(png.length - 12);
  const padding = chunk('paDd', Buffer.alloc(bytes - png.length - 12, 7));
  return Buffer.concat([png.subarray(0, png.length - 12), padding, end]);
}

/** A real PNG carrying a `tEXt` chunk (keyword `Comment`), as cameras and editors write location notes. */
export function pngWithText(text: string): Buffer {
  const png = tinyPng([90, 120, 30], 4);
  const end = png.subarray(png.length - 12);
  const comment = chunk('tEXt', Buffer.from(`Comment\0${text}`, 'latin1'));
  return Buffer.concat([png.subarray(0, png.length - 12), comment, end]);
}
