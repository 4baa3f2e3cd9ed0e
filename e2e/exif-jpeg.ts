/**
 * A camera's JPEG for the tests: an APP1 Exif block with an orientation and a GPS position (what a phone writes,
 * often the student's home), put into a JPEG drawn by the browser; and readers for what is stored afterwards.
 */

interface Entry {
  tag: number;
  type: 1 | 2 | 3 | 4 | 5;
  count: number;
  /** Inline (≤ 4 bytes) or written after the IFD, big-endian. */
  data: Buffer;
}

const TYPE_SIZE = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8 } as const;

function rationals(values: [number, number][]): Buffer {
  const data = Buffer.alloc(values.length * 8);
  values.forEach(([numerator, denominator], i) => {
    data.writeUInt32BE(numerator, i * 8);
    data.writeUInt32BE(denominator, i * 8 + 4);
  });
  return data;
}

/** One IFD at `offset` (from the TIFF header) with its out-of-line values after it; `next` patches a pointer. */
function ifd(entries: Entry[], offset: number): Buffer {
  const size = 2 + entries.length * 12 + 4;
  let extra = offset + size;
  const head = Buffer.alloc(size);
  const tails: Buffer[] = [];
  head.writeUInt16BE(entries.length, 0);
  entries.forEach((entry, i) => {
    const at = 2 + i * 12;
    head.writeUInt16BE(entry.tag, at);
    head.writeUInt16BE(entry.type, at + 2);
    head.writeUInt32BE(entry.count, at + 4);
    if (entry.count * TYPE_SIZE[entry.type] <= 4) entry.data.copy(head, at + 8);
    else {
      head.writeUInt32BE(extra, at + 8);
      tails.push(entry.data);
      extra += entry.data.length;
    }
  });
  return Buffer.concat([head, ...tails]);
}

/** A big-endian TIFF with IFD0 (orientation, GPS pointer) and a GPS IFD at latitude/longitude. */
function exifTiff(orientation: number, latitude: number, longitude: number): Buffer {
  const dms = (value: number): [number, number][] => {
    const degrees = Math.floor(value);
    const minutes = Math.floor((value - degrees) * 60);
    const seconds = Math.round(((value - degrees) * 60 - minutes) * 60 * 100);
    return [
      [degrees, 1],
      [minutes, 1],
      [seconds, 100],
    ];
  };
  const short = (value: number) => {
    const data = Buffer.alloc(4);
    data.writeUInt16BE(value, 0);
    return data;
  };
  const ascii = (text: string) => Buffer.from(`${text}\0\0\0`.slice(0, 4), 'latin1');
  const ifd0Offset = 8;
  const ifd0Size = 2 + 2 * 12 + 4;
  const gpsOffset = ifd0Offset + ifd0Size;
  const pointer = Buffer.alloc(4);
  pointer.writeUInt32BE(gpsOffset, 0);
  const ifd0 = ifd(
    [
      { tag: 0x0112, type: 3, count: 1, data: short(orientation) },
      { tag: 0x8825, type: 4, count: 1, data: pointer },
    ],
    ifd0Offset,
  );
  const gps = ifd(
    [
      { tag: 0x0001, type: 2, count: 2, data: ascii('N') },
      { tag: 0x0002, type: 5, count: 3, data: rationals(dms(latitude)) },
      { tag: 0x0003, type: 2, count: 2, data: ascii('E') },
      { tag: 0x0004, type: 5, count: 3, data: rationals(dms(longitude)) },
    ],
    gpsOffset,
  );
  return Buffer.concat([Buffer.from('MM\0*\0\0\0\x08', 'latin1'), ifd0, gps]);
}

/** `jpeg` with an Exif APP1 block (orientation, GPS) right after its SOI (and JFIF APP0, when there is one). */
export function withCameraExif(
  jpeg: Buffer,
  { orientation, latitude, longitude }: { orientation: number; latitude: number; longitude: number },
): Buffer {
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), exifTiff(orientation, latitude, longitude)]);
  const app1 = Buffer.alloc(4);
  app1.writeUInt16BE(0xffe1, 0);
  app1.writeUInt16BE(body.length + 2, 2);
  const at = jpeg[2] === 0xff && jpeg[3] === 0xe0 ? 4 + jpeg.readUInt16BE(4) : 2;
  return Buffer.concat([jpeg.subarray(0, at), app1, body, jpeg.subarray(at)]);
}

/** The JPEG's width and height from its start-of-frame segment. */
export function jpegSize(jpeg: Buffer): { width: number; height: number } {
  let at = 2;
  while (at + 9 < jpeg.length) {
    const marker = jpeg.readUInt16BE(at);
    if (marker >= 0xffc0 && marker <= 0xffcf && ![0xffc4, 0xffc8, 0xffcc].includes(marker)) {
      return { height: jpeg.readUInt16BE(at + 5), width: jpeg.readUInt16BE(at + 7) };
    }
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  throw new Error('no start-of-frame segment');
}

/** The JPEG's APP1-APP15 and comment segments (Exif, XMP, IPTC, …), by marker; empty when none is left. */
export function jpegMetadataMarkers(jpeg: Buffer): number[] {
  const found: number[] = [];
  let at = 2;
  while (at + 4 < jpeg.length) {
    const marker = jpeg.readUInt16BE(at);
    if (marker === 0xffda) break;
    if ((marker >= 0xffe1 && marker <= 0xffef) || marker === 0xfffe) found.push(marker);
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  return found;
}

/** A PNG's ancillary text and metadata chunks (tEXt, iTXt, zTXt, eXIf), by type. */
export function pngMetadataChunks(png: Buffer): string[] {
  const found: string[] = [];
  let at = 8;
  while (at + 8 <= png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (['tEXt', 'iTXt', 'zTXt', 'eXIf'].includes(type)) found.push(type);
    at += 12 + length;
  }
  return found;
}
