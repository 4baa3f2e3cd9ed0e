import type pg from 'pg';

/** pg-boss's `db` option: its statements run on the caller's connection, inside the caller's transaction. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Runs `work` in a transaction on one connection of `pool`, handing it that connection as a pg-boss executor, so
 * that jobs pg-boss writes commit or roll back with the caller's own statements.
 */
async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient, executor: SqlExecutor) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(client, { executeSql: (text, values) => client.query(text, values) });
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw error;
  } finally {
    // A connection that could not even roll back is dropped rather than handed to the next caller.
    client.release(broken);
  }
}

/**
 * The dispatcher's one transaction: up to `limit` rows not yet handed to the queue, oldest first, locked with
 * SKIP LOCKED (so several instances take disjoint rows); `enqueue` inserts their jobs on the same connection; the
 * rows are marked dispatched and all of it commits together. Answers how many rows it took.
 */
export function dispatchBatch(
  pool: pg.Pool,
  limit: number,
  enqueue: (ids: string[], executor: SqlExecutor) => Promise<unknown>,
): Promise<number> {
  return inTransaction(pool, async (client, executor) => {
    const { rows } = await client.query<{ id: string }>(
      'SELECT id FROM notifications WHERE NOT dispatched ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED',
      [limit],
    );
    const ids = rows.map((row) => row.id);
    if (ids.length === 0) return 0;
    await enqueue(ids, executor);
    await client.query('UPDATE notifications SET dispatched = true WHERE id = ANY($1::uuid[])', [ids]);
    return ids.length;
  });
}
