import type { FastifyInstance } from 'fastify';

/** Removes stored image files by key; failures are reported, never thrown (the rows are already gone). */
export type RemoveFiles = (keys: string[]) => Promise<void>;

/** Image files removed at a time after their students were deleted. */
const REMOVE_CONCURRENCY = 16;

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
    let failed = 0;
    let firstError: unknown;
    const queue = [...keys];
    const worker = async () => {
      for (let key = queue.pop(); key !== undefined; key = queue.pop()) {
        try {
          await app.storage.delete(key);
        } catch (error) {
          failed += 1;
          firstError ??= error;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(REMOVE_CONCURRENCY, keys.length) }, worker));
    if (failed > 0)
      app.log.error(
        { err: firstError, failed, files: keys.length },
        'image files whose rows are gone not removed',
      );
  };
}
