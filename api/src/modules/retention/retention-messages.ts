/** What a reader of a deleted image is told (issue 21): the review stays, the file does not. */
export const RETENTION_MESSAGES = {
  imagePurged: 'حُذفت صورة المستند بعد انقضاء مدة الاحتفاظ بعد إغلاق العام الدراسي',
  /** The text entry an archive adds when it leaves such images out, then one `national ID: kind` a line. */
  archiveEntryName: 'صور حذفت بانقضاء مدة الاحتفاظ.txt',
  archiveEntryHeading: 'صور حُذفت بعد انقضاء مدة الاحتفاظ بعد إغلاق العام الدراسي:',
} as const;
