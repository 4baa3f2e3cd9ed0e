import { IMAGE_KINDS, type ImageKind } from './limits.js';

/** Arabic labels of the six document images. */
export const IMAGE_KIND_LABELS: Record<ImageKind, string> = {
  frontIdCard: 'صورة بطاقة الرقم القومي (الوجه الأمامي)',
  backIdCard: 'صورة بطاقة الرقم القومي (الوجه الخلفي)',
  birthCertificate: 'صورة شهادة الميلاد',
  personalPhoto: 'الصورة الشخصية',
  secondarySchoolCertificate: 'صورة شهادة الثانوية العامة أو ما يعادلها',
  nominationCard: 'صورة بطاقة الترشيح',
};

export function isImageKind(value: unknown): value is ImageKind {
  return typeof value === 'string' && (IMAGE_KINDS as readonly string[]).includes(value);
}

// ---------------------------------------------------------------------------------------------------------
// Photos on the wire: each is a multipart file in the field 'photos' whose file name is the URI-encoded
// original name, the separator and the kind, e.g. `scan%20front.jpg__frontIdCard`.

export const PHOTOS_FIELD = 'photos';
export const PHOTO_NAME_SEPARATOR = '__';

/** The file name to send an image under: `encodeURIComponent(original) + '__' + kind`. */
export function photoFileName(originalName: string, kind: ImageKind): string {
  return `${encodeURIComponent(originalName)}${PHOTO_NAME_SEPARATOR}${kind}`;
}

/** The kind named after the last separator of a sent file name, or null when it names none. */
export function photoKindOf(fileName: string): ImageKind | null {
  const at = fileName.lastIndexOf(PHOTO_NAME_SEPARATOR);
  if (at < 0) return null;
  const kind = fileName.slice(at + PHOTO_NAME_SEPARATOR.length);
  return isImageKind(kind) ? kind : null;
}
