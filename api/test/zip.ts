import { inflateRawSync } from 'node:zlib';
import { zipEntries } from '../src/modules/imports/excel-file.js';

/** The entries of a zip the portal sent, inflated, by name (local headers followed from the central directory). */
export function unzip(zip: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  let at = 0;
  for (const entry of zipEntries(zip)) {
    at = zip.indexOf(Buffer.from([0x50, 0x4b, 0x03, 0x04]), at);
    const method = zip.readUInt16LE(at + 8);
    const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
    const data = zip.subarray(start, start + entry.compressedSize);
    files.set(entry.name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at = start + entry.compressedSize;
  }
  return files;
}
