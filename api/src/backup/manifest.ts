import { z } from 'zod';

/**
 * What a backup archive holds, in the order the tar stream holds it:
 * 1. the database: `database/<n>` parts (pg_dump's custom format, or each table's COPY text, cut into parts);
 * 2. `images.tsv`: the snapshot's image rows, one `key TAB sha256 TAB bytes` line each, sorted by key;
 * 3. `images/<key>`: each image's bytes, in the list's order;
 * 4. `manifest.json` last, so an archive cut short has none and is refused.
 */
export const ARCHIVE_FORMAT = 1;
export const IMAGE_LIST_ENTRY = 'images.tsv';
export const MANIFEST_ENTRY = 'manifest.json';
export const databasePartEntry = (index: number) => `database/${String(index).padStart(6, '0')}`;
export const imageEntry = (key: string) => `images/${key}`;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

const partSchema = z.object({ entry: z.string(), bytes: z.number().int().min(0), sha256 });
export type ArchivePart = z.infer<typeof partSchema>;

const tableSchema = z.object({
  schema: z.string(),
  name: z.string(),
  /** The columns COPY wrote, in order (generated columns are left out: PostgreSQL computes them again). */
  columns: z.array(z.string()),
  rows: z.number().int().min(0),
  /** The table's COPY parts (the `copy` kind); empty for `pg_dump`, whose parts hold every table. */
  parts: z.array(partSchema),
});
export type TableManifest = z.infer<typeof tableSchema>;

const migrationSchema = z.object({ hash: z.string(), createdAt: z.string() });
export type AppliedMigration = z.infer<typeof migrationSchema>;

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  portalVersion: z.string(),
  /** When the snapshot was taken. */
  createdAt: z.string(),
  /** The rows of drizzle's migrations table in the snapshot, oldest first: the archive's migration level. */
  migrations: z.array(migrationSchema),
  database: z.object({
    kind: z.enum(['copy', 'pg_dump']),
    serverVersion: z.string(),
    tables: z.array(tableSchema),
    /** pg_dump's parts (the `pg_dump` kind). */
    dumpParts: z.array(partSchema),
  }),
  images: z.object({
    count: z.number().int().min(0),
    bytes: z.number().int().min(0),
    list: partSchema,
  }),
});
export type Manifest = z.infer<typeof manifestSchema>;

export interface ImageListLine {
  key: string;
  sha256: string;
  bytes: number;
}

export function imageListLine(image: ImageListLine): string {
  return `${image.key}\t${image.sha256}\t${image.bytes}\n`;
}

/** One line of `images.tsv`, or undefined when it is not one. */
export function parseImageListLine(line: string): ImageListLine | undefined {
  const [key, hash, bytes, ...rest] = line.split('\t');
  if (!key || !hash || !bytes || rest.length > 0 || !sha256.safeParse(hash).success) return undefined;
  const size = Number(bytes);
  return Number.isSafeInteger(size) && size >= 0 ? { key, sha256: hash, bytes: size } : undefined;
}
