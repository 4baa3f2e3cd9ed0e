import type pg from 'pg';

/** Each table of the public schema with its row count and a checksum of all its rows. */
export type DatabaseFingerprint = Record<string, { rows: number; md5: string | null }>;

/**
 * A fingerprint of every table, to prove that a refused request changed nothing: two fingerprints are equal only
 * if every table has the same rows (the rows' text, ordered, hashed).
 */
export async function databaseFingerprint(pool: pg.Pool): Promise<DatabaseFingerprint> {
  const { rows: tables } = await pool.query<{ name: string }>(
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  );
  const fingerprint: DatabaseFingerprint = {};
  for (const { name } of tables) {
    const quoted = `"${name.replaceAll('"', '""')}"`;
    const { rows } = await pool.query<{ rows: string; md5: string | null }>(
      `SELECT count(*) AS rows, md5(string_agg(t::text, '' ORDER BY t::text)) AS md5 FROM ${quoted} t`,
    );
    const row = rows[0];
    fingerprint[name] = { rows: Number(row?.rows ?? 0), md5: row?.md5 ?? null };
  }
  return fingerprint;
}

/** The names of the tables whose rows differ between two fingerprints. */
export function changedTables(before: DatabaseFingerprint, after: DatabaseFingerprint): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name])).sort();
}
