import type { FastifyInstance } from 'fastify';
import type { ObjectStorage } from './storage.js';

/** Removes stored image files by key; failures are reported, never thrown (the rows are already gone). */
export type RemoveFiles = (keys: string[]) => Promise<void>;

/** Files deleted at a time. */
const DELETE_CONCURRENCY = 16;

/** What deleting a set of files came to: every key is tried, whatever failed before it. */
export interface DeleteOutcome {
  failed: number;
  firstError: unknown;
}

/** Deletes every key from the store, `DELETE_CONCURRENCY` at a time, and answers how many could not be deleted. */
export async function deleteEach(storage: ObjectStorage, keys: readonly string[]): Promise<DeleteOutcome> {
  const queue = [...keys];
  const outcome: DeleteOutcome = { failed: 0, firstError: undefined };
  const worker = async () => {
    for (let key = queue.pop(); key !== undefined; key = queue.pop()) {
      try {
        await storage.delete(key);
      } catch (error) {
        outcome.failed += 1;
        outcome.firstError ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(DELETE_CONCURRENCY, keys.length) }, worker));
  return outcome;
}

/**
 * Removes stored image files (`app.storage`, the students' images store) once their rows are gone (deleted
 * students, a deleted season). A file that cannot be removed is logged, never turned into an error: the rows are
 * already deleted.
 */
export function fileRemover(app: FastifyInstance): RemoveFiles {
  return async (keys) => {
    if (keys.length === 0) return;
    if (!app.hasDecorator('storage')) {
      app.log.warn({ files: keys.length }, 'no image storage: image files whose rows are gone left in place');
      return;
    }
    const { failed, firstError } = await deleteEach(app.storage, keys);
    if (failed > 0)
      app.log.error(
        { err: firstError, failed, files: keys.length },
        'image files whose rows are gone not removed',
      );
  };
}
