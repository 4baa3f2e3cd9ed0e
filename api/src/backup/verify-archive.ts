import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import { countLines } from './archive-io.js';
import {
  IMAGE_LIST_ENTRY,
  imageEntry,
  MANIFEST_ENTRY,
  type Manifest,
  manifestSchema,
  parseImageListLine,
} from './manifest.js';

/** An archive or a target that restore must not use; the message says why, in one sentence. */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

export interface ArchiveEntry {
  name: string;
  body: Readable;
}

/**
 * The archive's entries in order, each to be read to its end before the next. A damaged header, or a file that
 * ends inside an entry, rejects with RestoreRefused.
 */
export async function* archiveEntries(file: string): AsyncGenerator<ArchiveEntry> {
  const extract = tar.extract();
  const source = createReadStream(file);
  source.on('error', (error) => extract.destroy(error));
  source.pipe(extract);
  try {
    for await (const entry of extract) yield { name: entry.header.name, body: Readable.from(entry) };
  } catch (error) {
    if (error instanceof RestoreRefused) throw error;
    throw new RestoreRefused(`the archive is damaged or cut short (${(error as Error).message})`);
  } finally {
    source.destroy();
  }
}

interface SeenPart {
  bytes: number;
  sha256: string;
  lines: number;
}

async function readPart(body: Readable): Promise<SeenPart> {
  const hash = createHash('sha256');
  let bytes = 0;
  let lines = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.byteLength;
    lines += countLines(chunk);
  }
  return { bytes, sha256: hash.digest('hex'), lines };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function same(seen: SeenPart | undefined, part: { bytes: number; sha256: string }): boolean {
  return seen !== undefined && seen.bytes === part.bytes && seen.sha256 === part.sha256;
}

/** Compares the parts read with what the manifest lists; answers the first difference, or undefined. */
function databaseDifference(manifest: Manifest, seen: Map<string, SeenPart>): string | undefined {
  const listed = [
    ...manifest.database.dumpParts,
    ...manifest.database.tables.flatMap((table) => table.parts),
  ];
  if (listed.length !== seen.size)
    return `it holds ${seen.size} database parts, its manifest lists ${listed.length}`;
  for (const part of listed) {
    if (!same(seen.get(part.entry), part)) return `database part ${part.entry} does not match its SHA-256`;
  }
  if (manifest.database.kind === 'copy') {
    for (const table of manifest.database.tables) {
      const rows = table.parts.reduce((sum, part) => sum + (seen.get(part.entry)?.lines ?? 0), 0);
      if (rows !== table.rows) {
        return `table ${table.schema}.${table.name} holds ${rows} rows, its manifest counts ${table.rows}`;
      }
    }
  }
  return undefined;
}

/**
 * The first pass of a restore: reads the whole archive and checks every database part and every image against
 * the manifest (SHA-256, sizes, row and image counts) before anything is written. The image list is kept in
 * `listFile` meanwhile, so an archive of millions of images is checked in a small heap.
 */
export async function verifyArchive(file: string, listFile: string): Promise<Manifest> {
  try {
    return await checkEntries(file, listFile);
  } catch (error) {
    if (error instanceof RestoreRefused) throw error;
    throw new RestoreRefused(`the archive is damaged or cut short (${(error as Error).message})`);
  }
}

async function checkEntries(file: string, listFile: string): Promise<Manifest> {
  const seenParts = new Map<string, SeenPart>();
  let list: SeenPart | undefined;
  let listLines: AsyncIterator<string> | undefined;
  let images = 0;
  let manifest: Manifest | undefined;
  for await (const entry of archiveEntries(file)) {
    if (manifest) throw new RestoreRefused(`the archive has an entry after its manifest: ${entry.name}`);
    if (entry.name.startsWith('database/') && !list) {
      seenParts.set(entry.name, await readPart(entry.body));
    } else if (entry.name === IMAGE_LIST_ENTRY && !list) {
      const hash = createHash('sha256');
      let bytes = 0;
      entry.body.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        bytes += chunk.byteLength;
      });
      await pipeline(entry.body, createWriteStream(listFile, { flags: 'wx' }));
      list = { bytes, sha256: hash.digest('hex'), lines: 0 };
      listLines = createInterface({ input: createReadStream(listFile), crlfDelay: Infinity })[
        Symbol.asyncIterator
      ]();
    } else if (entry.name.startsWith('images/') && listLines) {
      const next = await listLines.next();
      const image = next.done ? undefined : parseImageListLine(next.value);
      if (!image || entry.name !== imageEntry(image.key)) {
        throw new RestoreRefused(`image ${entry.name} is not the next one the image list names`);
      }
      if (!same(await readPart(entry.body), image)) {
        throw new RestoreRefused(`image ${image.key} does not match its SHA-256 in the archive`);
      }
      images += 1;
    } else if (entry.name === MANIFEST_ENTRY) {
      const text = Buffer.concat(await entry.body.toArray()).toString('utf8');
      const parsed = manifestSchema.safeParse(parseJson(text));
      if (!parsed.success) throw new RestoreRefused('the archive manifest is not one this portal reads');
      manifest = parsed.data;
    } else {
      throw new RestoreRefused(`the archive holds an unexpected entry: ${entry.name}`);
    }
  }
  if (!manifest) throw new RestoreRefused('the archive has no manifest: it was cut short');
  if (!list || !same(list, manifest.images.list))
    throw new RestoreRefused('the image list does not match its SHA-256');
  if (listLines && !(await listLines.next()).done)
    throw new RestoreRefused('images named in the list are missing');
  if (images !== manifest.images.count) {
    throw new RestoreRefused(
      `the archive holds ${images} images, its manifest counts ${manifest.images.count}`,
    );
  }
  const difference = databaseDifference(manifest, seenParts);
  if (difference) throw new RestoreRefused(`the archive is damaged: ${difference}`);
  return manifest;
}
