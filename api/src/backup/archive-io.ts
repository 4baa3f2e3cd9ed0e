import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { Pack } from 'tar-stream';
import type { ArchivePart } from './manifest.js';

/**
 * Database output is cut into parts of at most this size: a tar entry's size comes before its bytes, and a part
 * held in memory keeps the heap small whatever the database's size, without a temporary copy on disk.
 */
export const PART_BYTES = 8 * 1024 * 1024;

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Adds one entry with these bytes; resolves once the archive has taken them (the file's pace, not faster). */
export function addEntry(pack: Pack, name: string, body: Buffer): Promise<void> {
  return new Promise((resolve, reject) =>
    pack.entry({ name, size: body.byteLength }, body, (error) => (error ? reject(error) : resolve())),
  );
}

/** Adds a file from disk as one entry, streamed; answers its part record. */
export async function addFileEntry(pack: Pack, name: string, file: string): Promise<ArchivePart> {
  const { size } = await stat(file);
  const hash = createHash('sha256');
  const entry = pack.entry({ name, size });
  const source = createReadStream(file);
  source.on('data', (chunk) => hash.update(chunk));
  await pipeline(source, entry);
  return { entry: name, bytes: size, sha256: hash.digest('hex') };
}

/** The stream's bytes regrouped into buffers of `maxBytes` (the last one shorter). */
export async function* inParts(source: AsyncIterable<Buffer>, maxBytes = PART_BYTES): AsyncGenerator<Buffer> {
  let held: Buffer[] = [];
  let heldBytes = 0;
  for await (const chunk of source) {
    let rest = chunk;
    while (heldBytes + rest.byteLength >= maxBytes) {
      const take = maxBytes - heldBytes;
      held.push(rest.subarray(0, take));
      yield Buffer.concat(held);
      rest = rest.subarray(take);
      held = [];
      heldBytes = 0;
    }
    if (rest.byteLength > 0) {
      held.push(rest);
      heldBytes += rest.byteLength;
    }
  }
  if (heldBytes > 0) yield Buffer.concat(held);
}

/** Newline bytes in the buffer: rows of COPY's text format, which escapes the newlines inside values. */
export function countLines(bytes: Buffer): number {
  let lines = 0;
  for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) lines += 1;
  return lines;
}
