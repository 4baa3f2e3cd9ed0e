/** What a document's card and the submit say about the resumable uploads (issue 34). */

/** A connection that failed and stayed down through the automatic attempts. */
export const UPLOAD_INTERRUPTED =
  'انقطع الاتصال أثناء رفع الصورة. سيكمل الرفع من حيث توقف عند عودة الاتصال أو عند الضغط على «إعادة المحاولة».';
export const RETRY_UPLOAD = 'إعادة المحاولة';
export const UPLOAD_DONE = 'تم رفع الصورة.';
export const UPLOADING = 'جاري رفع الصورة';
/** The card's progress bar, by the document's label. */
export const uploadProgressLabel = (label: string) => `نسبة رفع ${label}`;
/** A document this device uploaded before the page was reloaded. */
export const keptUploadText = (name: string) => `تم رفع «${name}» من هذا الجهاز، ولا يلزم اختيارها مرة أخرى.`;
/** A document whose upload stopped with the page: picking it again resumes it. */
export const unfinishedUploadText = (name: string) =>
  `توقف رفع «${name}» عند إعادة تحميل الصفحة. اختر الصورة نفسها مرة أخرى ليكمل الرفع من حيث توقف.`;
/** The submit waits for these documents (their labels). */
export const waitingForUploads = (labels: readonly string[]) =>
  `سيتم حفظ البيانات فور اكتمال رفع: ${labels.join('، ')}.`;
