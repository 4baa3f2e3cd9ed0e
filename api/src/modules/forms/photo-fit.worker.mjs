// Makes a stored PNG personal photo small enough to print: the forms show it 3 × 4 cm, and a large PNG (an API
// client may send 2 MB, 1920 px and more) would otherwise be decoded and re-compressed by the PDF compiler on
// every form, hundreds of milliseconds each. Runs OFF the main event loop (a worker_threads Worker started by
// `photo-fit.ts`). Plain JavaScript on purpose: the same file runs under vitest and in production (where tsc
// does not copy it; `sourcePath` finds it in api/src). JPEG photos are not touched: the PDF carries them as they
// are, which is cheap.
//
// In:  messages { id, bytes: Uint8Array, width, height } (the box the picture must cover).
// Out: messages { id, bytes: Uint8Array | null } (null: keep the original: small enough, or a PNG this reader
//      does not handle, such as an interlaced one) or { id, error }.

import { isMainThread, parentPort } from 'node:worker_threads';
import { deflateSync, inflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Decoded pictures larger than this are refused (a PNG bomb must not take the process's memory). */
const MAX_PIXELS = 40_000_000;
const CHANNELS = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Width and height from the IHDR chunk, or null when the bytes are not a PNG. */
export function pngSize(bytes) {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(SIGNATURE)) return null;
  if (bytes.toString('ascii', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function paeth(a, b, c) {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** The chunks of a PNG that matter here, or null when it is not one this reader handles. */
function readChunks(bytes) {
  if (!pngSize(bytes)) return null;
  let offset = 8;
  let header;
  let palette;
  let transparency;
  const data = [];
  while (offset + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('ascii', offset + 4, offset + 8);
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (body.length !== length) return null;
    if (type === 'IHDR') {
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        depth: body[8],
        colour: body[9],
        interlace: body[12],
      };
    } else if (type === 'PLTE') palette = body;
    else if (type === 'tRNS') transparency = body;
    else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  if (header?.interlace !== 0 || data.length === 0) return null;
  const { width, height, depth, colour } = header;
  const channels = CHANNELS[colour];
  if (!channels || ![1, 2, 4, 8, 16].includes(depth) || width === 0 || height === 0) return null;
  if (width * height > MAX_PIXELS || (colour === 3 && !palette)) return null;
  return { ...header, channels, palette, transparency, data };
}

/** Undoes the row's filter in place (`row` holds the filtered bytes, `previous` the row above, decoded). */
function unfilter(filter, row, previous, step) {
  const n = row.length;
  if (filter === 1) for (let i = step; i < n; i++) row[i] = row[i] + row[i - step];
  else if (filter === 2) for (let i = 0; i < n; i++) row[i] = row[i] + previous[i];
  else if (filter === 3) {
    for (let i = 0; i < step; i++) row[i] = row[i] + (previous[i] >> 1);
    for (let i = step; i < n; i++) row[i] = row[i] + ((row[i - step] + previous[i]) >> 1);
  } else if (filter === 4) {
    for (let i = 0; i < step; i++) row[i] = row[i] + previous[i];
    for (let i = step; i < n; i++) row[i] = row[i] + paeth(row[i - step], previous[i], previous[i - step]);
  } else if (filter !== 0) return false;
  return true;
}

/**
 * Calls `onRow(y, rgb)` with every row of a non-interlaced PNG of any colour type and bit depth as 8-bit RGB,
 * transparent parts laid on white (paper); `rgb` is reused from row to row. Answers the size, or null for what
 * it does not read (interlaced, malformed, too large).
 */
function eachRgbRow(bytes, onRow) {
  const png = readChunks(bytes);
  if (!png) return null;
  const { width, height, depth, colour, channels, palette, transparency } = png;
  const rowBytes = Math.ceil((width * channels * depth) / 8);
  const step = Math.max(1, (channels * depth) / 8);
  let raw;
  try {
    raw = inflateSync(Buffer.concat(png.data), { maxOutputLength: (rowBytes + 1) * height });
  } catch {
    return null;
  }
  if (raw.length < (rowBytes + 1) * height) return null;

  const rgb = new Uint8Array(width * 3);
  let previous = new Uint8Array(rowBytes);
  let row = new Uint8Array(rowBytes);
  const maxSample = (1 << Math.min(depth, 8)) - 1;
  const onWhite = (value, alpha) => (value * alpha + 255 * (255 - alpha) + 127) / 255;
  for (let y = 0; y < height; y++) {
    const start = y * (rowBytes + 1);
    row.set(raw.subarray(start + 1, start + 1 + rowBytes));
    if (!unfilter(raw[start], row, previous, step)) return null;

    if (depth === 8 && (colour === 2 || colour === 6)) {
      // The common photo: 8-bit RGB or RGBA.
      for (let x = 0, i = 0, o = 0; x < width; x++, i += channels, o += 3) {
        const alpha = colour === 6 ? row[i + 3] : 255;
        if (alpha === 255) {
          rgb[o] = row[i];
          rgb[o + 1] = row[i + 1];
          rgb[o + 2] = row[i + 2];
        } else {
          rgb[o] = onWhite(row[i], alpha);
          rgb[o + 1] = onWhite(row[i + 1], alpha);
          rgb[o + 2] = onWhite(row[i + 2], alpha);
        }
      }
    } else {
      // Sample `s` of the row scaled to 0…255 (16-bit samples keep their high byte; palette indexes as they are).
      const sample = (s) => {
        if (depth === 8) return row[s];
        if (depth === 16) return row[s * 2];
        const bit = s * depth;
        const value = (row[bit >> 3] >> (8 - depth - (bit & 7))) & maxSample;
        return colour === 3 ? value : Math.round((value * 255) / maxSample);
      };
      for (let x = 0; x < width; x++) {
        let r;
        let g;
        let b;
        let alpha = 255;
        if (colour === 3) {
          const index = sample(x);
          r = palette[index * 3] ?? 0;
          g = palette[index * 3 + 1] ?? 0;
          b = palette[index * 3 + 2] ?? 0;
          if (transparency && index < transparency.length) alpha = transparency[index];
        } else if (colour === 0 || colour === 4) {
          r = g = b = sample(x * channels);
          if (colour === 4) alpha = sample(x * channels + 1);
        } else {
          r = sample(x * channels);
          g = sample(x * channels + 1);
          b = sample(x * channels + 2);
          if (colour === 6) alpha = sample(x * channels + 3);
        }
        const o = x * 3;
        rgb[o] = alpha === 255 ? r : onWhite(r, alpha);
        rgb[o + 1] = alpha === 255 ? g : onWhite(g, alpha);
        rgb[o + 2] = alpha === 255 ? b : onWhite(b, alpha);
      }
    }
    onRow(y, rgb);
    [previous, row] = [row, previous];
  }
  return { width, height };
}

/** The whole picture as 8-bit RGB (see eachRgbRow), or null. */
export function decodePng(bytes) {
  const size = pngSize(bytes);
  if (!size || size.width * size.height > MAX_PIXELS) return null;
  const out = new Uint8Array(size.width * size.height * 3);
  const read = eachRgbRow(bytes, (y, rgb) => out.set(rgb, y * size.width * 3));
  return read ? { width: read.width, height: read.height, rgb: out } : null;
}

/**
 * The PNG reduced to `width` × `height` while it is read, row by row (each target pixel is the mean of the
 * source pixels it covers), so a large picture is never held whole. Null when it cannot be read here.
 */
export function decodeReduced(bytes, width, height) {
  const size = pngSize(bytes);
  if (!size || size.width * size.height > MAX_PIXELS) return null;
  const out = new Uint8Array(width * height * 3);
  const sums = new Float64Array(width * 3);
  const column = new Int32Array(size.width);
  const perColumn = new Float64Array(width);
  for (let x = 0; x < size.width; x++) {
    column[x] = Math.min(width - 1, Math.floor((x * width) / size.width));
    perColumn[column[x]] += 1;
  }
  let target = 0;
  let rows = 0;
  const flush = () => {
    for (let tx = 0, o = target * width * 3; tx < width; tx++, o += 3) {
      const n = perColumn[tx] * rows;
      out[o] = Math.round(sums[tx * 3] / n);
      out[o + 1] = Math.round(sums[tx * 3 + 1] / n);
      out[o + 2] = Math.round(sums[tx * 3 + 2] / n);
    }
    sums.fill(0);
    rows = 0;
  };
  const read = eachRgbRow(bytes, (y, rgb) => {
    const ty = Math.min(height - 1, Math.floor((y * height) / size.height));
    if (ty !== target) {
      flush();
      target = ty;
    }
    for (let x = 0, i = 0; x < size.width; x++, i += 3) {
      const t = column[x] * 3;
      sums[t] += rgb[i];
      sums[t + 1] += rgb[i + 1];
      sums[t + 2] += rgb[i + 2];
    }
    rows += 1;
  });
  if (!read) return null;
  flush();
  return { width, height, rgb: out };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function chunk(type, body) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'ascii');
  let crc = 0xffffffff;
  for (const byte of head.subarray(4)) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  for (const byte of body) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE((crc ^ 0xffffffff) >>> 0);
  return Buffer.concat([head, body, tail]);
}

/** An 8-bit RGB PNG of the picture (filter 'up' on every row, fast compression: the compiler decodes it anyway). */
export function encodePng(image) {
  const { width, height, rgb } = image;
  const rowBytes = width * 3;
  const raw = Buffer.alloc((rowBytes + 1) * height);
  for (let y = 0; y < height; y++) {
    const start = y * (rowBytes + 1);
    raw[start] = y === 0 ? 0 : 2;
    for (let i = 0; i < rowBytes; i++) {
      const value = rgb[y * rowBytes + i];
      raw[start + 1 + i] = y === 0 ? value : (value - rgb[(y - 1) * rowBytes + i]) & 0xff;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 3 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The PNG reduced so that it still covers `boxWidth` × `boxHeight` (the frame crops the rest), or null when it is
 * already that small or cannot be read here (the original is then printed as it is).
 */
export function fitPng(bytes, boxWidth, boxHeight) {
  const size = pngSize(bytes);
  if (!size) return null;
  const scale = Math.max(boxWidth / size.width, boxHeight / size.height);
  if (scale >= 1) return null;
  const width = Math.max(1, Math.round(size.width * scale));
  const height = Math.max(1, Math.round(size.height * scale));
  const image = decodeReduced(bytes, width, height);
  return image ? encodePng(image) : null;
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  port.on('message', (job) => {
    try {
      const fitted = fitPng(
        Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.length),
        job.width,
        job.height,
      );
      port.postMessage({ id: job.id, bytes: fitted ? new Uint8Array(fitted) : null });
    } catch (error) {
      port.postMessage({ id: job.id, error: String(error?.message ?? error) });
    }
  });
}
