/** A student's record page; `search` (from `queueSearch`) carries the review queue it was opened from. */
export function studentRecordPath(id: string, search = ''): string {
  return `/admin/students/${encodeURIComponent(id)}${search}`;
}
