import type { ObjectStorage } from '../../storage/storage.js';
import { STUDENT_IMAGES_FOLDER, studentIdOfImageKey } from './image-keys.js';

/**
 * An image file younger than this may belong to a submit still in flight on some instance (put, not yet
 * committed), so the sweep leaves it alone. A submit puts its images and commits within seconds; an hour is a
 * wide margin, also for a clock skew between the instances and an S3 store.
 */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

/** Keys checked against the database at a time. */
const BATCH = 500;

export interface OrphanSweepDeps {
  storage: ObjectStorage;
  /** The storage keys the database records for these students. */
  recordedKeys(studentIds: readonly string[]): Promise<Set<string>>;
  graceMs?: number;
  now?: number;
  /** Asked between batches: true stops the sweep early (the app is closing). */
  stopped?: () => boolean;
}

/**
 * Removes student image files that no `student_images` row records and that are older than the grace period:
 * those of a submit interrupted between its puts and its commit (a crash, `kill -9`), and replaced or deleted
 * images whose removal after the commit did not happen. Keys outside the student image layout are never
 * touched. Answers how many files were looked at and how many removed.
 */
export async function sweepOrphanImages({
  storage,
  recordedKeys,
  graceMs = ORPHAN_GRACE_MS,
  now = Date.now(),
  stopped = () => false,
}: OrphanSweepDeps): Promise<{ checked: number; removed: number }> {
  let checked = 0;
  let removed = 0;
  let batch: { key: string; studentId: string }[] = [];

  const settle = async () => {
    const recorded = await recordedKeys([...new Set(batch.map((entry) => entry.studentId))]);
    const orphans = batch.filter((entry) => !recorded.has(entry.key));
    await Promise.all(orphans.map((entry) => storage.delete(entry.key)));
    removed += orphans.length;
    batch = [];
  };

  for await (const object of storage.list(STUDENT_IMAGES_FOLDER)) {
    checked += 1;
    const studentId = studentIdOfImageKey(object.key);
    if (studentId === null || now - object.modifiedAt.getTime() <= graceMs) continue;
    batch.push({ key: object.key, studentId });
    if (batch.length >= BATCH) {
      await settle();
      if (stopped()) return { checked, removed };
    }
  }
  if (batch.length > 0) await settle();
  return { checked, removed };
}
