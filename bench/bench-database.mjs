// Fresh databases and seeded students for the benchmarks.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** Creates an empty database on the server of `serverUrl`; answers its URL and `drop()`. */
export async function freshDatabase(serverUrl, label) {
  const admin = new pg.Client({ connectionString: serverUrl.href });
  await admin.connect();
  const name = `portal_bench_${label}_${Date.now()}`;
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl.href);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
      await admin.end().catch(() => undefined);
    },
  };
}

/**
 * A new data folder and an empty database on the server of `serverUrl`, for a portal the bench starts. Pushes
 * onto `cleanups` what removes both, or with `keep` prints where they are and leaves them. Answers
 * `{ dataDir, database }`.
 */
export async function freshDataAndDatabase(serverUrl, label, { keep, cleanups }) {
  const dataDir = await mkdtemp(path.join(tmpdir(), `portal-bench-${label}-`));
  const database = await freshDatabase(serverUrl, label);
  if (keep) process.stdout.write(`kept: database ${database.url}, data folder ${dataDir}\n`);
  else
    cleanups.push(
      () => rm(dataDir, { recursive: true, force: true }),
      () => database.drop(),
    );
  return { dataDir, database };
}

/**
 * Inserts `count` regular students spread over all colleges (or the social-work ones) with one set-based
 * INSERT, national IDs `prefix` followed by a zero-padded number (14 digits in all); answers their ids and
 * national IDs in random order.
 */
export async function seedStudents(
  databaseUrl,
  count,
  { prefix = '5', mark = 'bench', socialWorkOnly = false } = {},
) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query(
      `WITH c AS (SELECT array_agg(id ORDER BY sort_order) AS ids FROM colleges WHERE social_work OR NOT $4)
       INSERT INTO students (national_id, name, seat_no, college_id, enrollment_status)
       SELECT $2::text || lpad(i::text, 14 - length($2::text), '0'), 'طالب قياس الأداء رقم ' || i, $3::text,
              c.ids[1 + i % cardinality(c.ids)], 'regular'
       FROM generate_series(1, $1::int) AS i, c
       RETURNING id, national_id`,
      [count, prefix, mark, socialWorkOnly],
    );
    await db.query('VACUUM (ANALYZE) students');
    return rows.map((row) => ({ id: row.id, nationalId: row.national_id })).sort(() => Math.random() - 0.5);
  } finally {
    await db.end();
  }
}
