import pg from 'pg';
import type { AppliedMigration } from './manifest.js';

/**
 * The schemas a backup holds: the portal's tables (`public`) and drizzle's migrations table (`drizzle`). pg-boss's
 * own schema is left out on purpose (decision 13): its jobs are a delivery queue refilled from the outbox.
 */
export const BACKED_UP_SCHEMAS = ['public', 'drizzle'] as const;

export interface SnapshotTable {
  schema: string;
  name: string;
  columns: string[];
  rows: number;
}

export interface DatabaseSnapshot {
  client: pg.Client;
  /** The exported snapshot's name, for `pg_dump --snapshot` (and tests that read the same snapshot). */
  snapshotId: string;
  /** When the snapshot was taken: what the archive holds is the database as it was then. */
  takenAt: Date;
  serverVersion: string;
  serverMajor: number;
  migrations: AppliedMigration[];
  /** Every table of the backed-up schemas, parents before the tables whose foreign keys point at them. */
  tables: SnapshotTable[];
  /** Ends the transaction and the connection; a second call does nothing. */
  close(): Promise<void>;
}

export const quoteTable = (client: pg.Client, table: { schema: string; name: string }) =>
  `${client.escapeIdentifier(table.schema)}.${client.escapeIdentifier(table.name)}`;

/** Tables ordered so that each comes after every table it references (a cycle keeps the catalogue order). */
function parentsFirst(
  tables: SnapshotTable[],
  references: { child: string; parent: string }[],
): SnapshotTable[] {
  const key = (t: { schema: string; name: string }) => `${t.schema}.${t.name}`;
  const byKey = new Map(tables.map((table) => [key(table), table]));
  const ordered: SnapshotTable[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (name: string) => {
    if (placed.has(name) || visiting.has(name)) return;
    visiting.add(name);
    for (const { child, parent } of references) if (child === name && parent !== name) place(parent);
    visiting.delete(name);
    placed.add(name);
    const table = byKey.get(name);
    if (table) ordered.push(table);
  };
  for (const table of tables) place(key(table));
  return ordered;
}

/**
 * Opens one REPEATABLE READ, READ ONLY transaction on the database and exports its snapshot: every read of the
 * backup (table rows, counts, image rows, and pg_dump through `--snapshot`) sees the same committed state while
 * the portal keeps writing.
 */
export async function openSnapshot(url: string): Promise<DatabaseSnapshot> {
  const client = new pg.Client({ connectionString: url, application_name: 'st-admission-backup' });
  let closed = false;
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const snapshotId =
      (await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id')).rows[0]?.id ?? '';
    const version = await client.query<{ version: string; num: string; taken_at: Date }>(
      `SELECT current_setting('server_version') AS version, current_setting('server_version_num') AS num,
              now() AS taken_at`,
    );
    const { rows: columns } = await client.query<{ schema: string; name: string; columns: string[] }>(
      `SELECT n.nspname AS schema, c.relname AS name,
              array_agg(a.attname::text ORDER BY a.attnum) FILTER (WHERE a.attgenerated = '') AS columns
         FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
        WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        GROUP BY n.nspname, c.relname
        ORDER BY n.nspname, c.relname`,
      [BACKED_UP_SCHEMAS],
    );
    const { rows: references } = await client.query<{ child: string; parent: string }>(
      `SELECT cn.nspname || '.' || cc.relname AS child, pn.nspname || '.' || pc.relname AS parent
         FROM pg_constraint k
         JOIN pg_class cc ON cc.oid = k.conrelid JOIN pg_namespace cn ON cn.oid = cc.relnamespace
         JOIN pg_class pc ON pc.oid = k.confrelid JOIN pg_namespace pn ON pn.oid = pc.relnamespace
        WHERE k.contype = 'f' AND cn.nspname = ANY($1)`,
      [BACKED_UP_SCHEMAS],
    );
    const tables: SnapshotTable[] = [];
    for (const table of columns) {
      const counted = await client.query<{ n: string }>(
        `SELECT count(*) AS n FROM ${quoteTable(client, table)}`,
      );
      tables.push({ ...table, columns: table.columns ?? [], rows: Number(counted.rows[0]?.n ?? 0) });
    }
    const migrations = tables.some((t) => t.schema === 'drizzle' && t.name === '__drizzle_migrations')
      ? (
          await client.query<{ hash: string; created_at: string }>(
            'SELECT hash, created_at::text FROM drizzle.__drizzle_migrations ORDER BY created_at, id',
          )
        ).rows.map((row) => ({ hash: row.hash, createdAt: row.created_at }))
      : [];
    return {
      client,
      snapshotId,
      takenAt: version.rows[0]?.taken_at ?? new Date(),
      serverVersion: version.rows[0]?.version ?? '',
      serverMajor: Math.floor(Number(version.rows[0]?.num ?? 0) / 10_000),
      migrations,
      tables: parentsFirst(tables, references),
      async close() {
        if (closed) return;
        closed = true;
        await client.query('ROLLBACK').catch(() => undefined);
        await client.end();
      },
    };
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
}
