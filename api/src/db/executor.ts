import type { Database } from './pool.js';

/** A database or an open transaction: an audit row is written in the same transaction as the change it records. */
export type DbExecutor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];
