import { IMAGE_KINDS } from './limits.js';
import { MESSAGES } from './messages.js';
import { z } from './zod.js';

/**
 * Resumable document uploads (issue 34, decision 0021). Each document is uploaded on its own with the tus 1.0
 * protocol to `TUS_UPLOADS_PATH`, then the complete-data (or replace-documents) submit names the finished uploads
 * in one text field instead of sending the `photos` parts. Shared so the browser and the server agree on the names.
 */

/** Where the tus endpoint lives: `POST` creates, `HEAD|PATCH|DELETE {path}/{id}` resume, finish or cancel. */
export const TUS_UPLOADS_PATH = '/api/v1/uploads';

/** The multipart text field that names staged uploads instead of the `photos` parts. */
export const STAGED_UPLOADS_FIELD = 'uploads';

/** Upload-Metadata keys the tus creation request must carry: `kind` is one of IMAGE_KINDS. */
export const STAGED_UPLOAD_METADATA = { kind: 'kind', filename: 'filename', filetype: 'filetype' } as const;

/** A staged upload's id as the server makes it: 32 lowercase hex digits (the last segment of the Location). */
export const stagedUploadIdSchema = z.string().regex(/^[0-9a-f]{32}$/);

/**
 * The value of the `uploads` field once parsed as JSON: `{"<kind>": "<uploadId>", ...}`. complete-data names all
 * six kinds; replace-documents names only the kinds being replaced. Unknown keys are refused.
 */
export const stagedUploadsSchema = z
  .strictObject(
    Object.fromEntries(IMAGE_KINDS.map((kind) => [kind, stagedUploadIdSchema.optional()])) as Record<
      (typeof IMAGE_KINDS)[number],
      z.ZodOptional<typeof stagedUploadIdSchema>
    >,
  )
  .refine((value) => Object.values(value).some((id) => id !== undefined));
export type StagedUploads = z.infer<typeof stagedUploadsSchema>;

/** Arabic answers of the tus endpoint and of a submit naming staged uploads. */
export const STAGED_UPLOAD_MESSAGES = {
  uploadKindUnknown: 'نوع المستند المرفوع غير معروف',
  uploadLengthRequired: 'يجب إرسال حجم الملف قبل رفعه (Upload-Length)',
  uploadTooLarge: 'حجم الصورة يجب ألا يزيد عن 2 ميجابايت',
  uploadNotFound: 'الملف المرفوع غير موجود أو انتهت صلاحيته، ارفع المستند مرة أخرى',
  uploadNotFinished: 'لم يكتمل رفع أحد المستندات بعد، انتظر حتى يكتمل ثم أعد الإرسال',
  uploadKindMismatch: 'أحد الملفات المرفوعة لا يخص المستند المذكور، ارفع المستند مرة أخرى',
  uploadNamedTwice: 'تم ذكر الملف المرفوع نفسه لأكثر من مستند',
  uploadsInvalid: 'قائمة الملفات المرفوعة غير صحيحة',
  uploadsMissing: 'يجب رفع المستندات الست قبل الإرسال',
  uploadsWithPhotos:
    'أرسل الصور في الحقل photos أو أرقام الملفات المرفوعة في الحقل uploads، وليس الاثنين معا',
  imageHeic: 'صور HEIC غير مقبولة، اختر صورة بصيغة JPEG أو PNG',
  uploadsTooMany: 'تم رفع ملفات كثيرة في هذه الجلسة، أرسل البيانات أو انتظر قليلا ثم حاول مرة أخرى',
  uploadFailed: 'تعذر رفع الملف حاليا، حاول مرة أخرى بعد قليل',
} as const;

/** ISO-BMFF brands of HEIC/HEIF photos (iPhones' default), found at bytes 8-11 after the `ftyp` box type. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

/** True when the first bytes are a HEIC/HEIF file's `ftyp` box: the browser should have made it a JPEG. */
export function looksLikeHeic(head: Uint8Array): boolean {
  if (head.length < 12) return false;
  const text = (from: number) => String.fromCharCode(...head.subarray(from, from + 4));
  return text(4) === 'ftyp' && HEIF_BRANDS.has(text(8));
}

/** The Arabic refusal of bytes that are not png or jpeg: HEIC gets its own, saying what to choose instead. */
export function notImageMessage(head: Uint8Array): string {
  return looksLikeHeic(head) ? STAGED_UPLOAD_MESSAGES.imageHeic : MESSAGES.imageNotImage;
}
