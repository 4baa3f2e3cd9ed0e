/**
 * Where the complete-data form keeps what a student typed and has not sent (per student id, in localStorage), so
 * that it can be removed when the student logs out and when another student logs in on the same browser
 * (issue 33): a shared computer must not show one student's phone number and address to the next.
 */
export const COMPLETE_DATA_DRAFT_PREFIX = 'stAdmission:completeData:draft:';

/**
 * Where each document's resumable upload is kept (issue 34): `<prefix><student id>:<kind>` holds the address of the
 * upload on the server, so a reload resumes it. Removed with the drafts: it names a student's identity document.
 */
export const DOCUMENT_UPLOAD_PREFIX = 'stAdmission:completeData:upload:';

/** Whether `key` is something this device keeps for `studentId` (null: for nobody). */
function keptFor(key: string, studentId: string | null): boolean {
  if (studentId === null) return false;
  return (
    key === `${COMPLETE_DATA_DRAFT_PREFIX}${studentId}` ||
    key.startsWith(`${DOCUMENT_UPLOAD_PREFIX}${studentId}:`)
  );
}

/** Removes every draft and kept upload on this device but those of `keptStudentId` (none: all of them). */
export function removeDraftsExcept(keptStudentId: string | null): void {
  try {
    const storage = window.localStorage;
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i));
    for (const key of keys) {
      const ours = key?.startsWith(COMPLETE_DATA_DRAFT_PREFIX) || key?.startsWith(DOCUMENT_UPLOAD_PREFIX);
      if (key && ours && !keptFor(key, keptStudentId)) storage.removeItem(key);
    }
  } catch {
    // Storage off: nothing was kept, so nothing is left behind.
  }
}
