/**
 * Where the complete-data form keeps what a student typed and has not sent (per student id, in localStorage), so
 * that it can be removed when the student logs out and when another student logs in on the same browser
 * (issue 33): a shared computer must not show one student's phone number and address to the next.
 */
export const COMPLETE_DATA_DRAFT_PREFIX = 'stAdmission:completeData:draft:';

/** Removes every draft on this device but the one of `keptStudentId` (none: all of them). */
export function removeDraftsExcept(keptStudentId: string | null): void {
  try {
    const storage = window.localStorage;
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i));
    for (const key of keys) {
      if (
        key?.startsWith(COMPLETE_DATA_DRAFT_PREFIX) &&
        key !== `${COMPLETE_DATA_DRAFT_PREFIX}${keptStudentId}`
      ) {
        storage.removeItem(key);
      }
    }
  } catch {
    // Storage off: nothing was kept, so nothing is left behind.
  }
}
