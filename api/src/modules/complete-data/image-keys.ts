import { randomUUID } from 'node:crypto';
import type { ImageContentType, ImageKind } from '@portal/common';

/** The storage folder of every student image; the orphan sweep looks nowhere else. */
export const STUDENT_IMAGES_FOLDER = 'students/';

const EXTENSIONS: Record<ImageContentType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Where a new version of an image is kept: one folder per student, a fresh name per upload, so a stored image
 * is never overwritten in place (a failed submit leaves the previous one untouched).
 */
export function imageStorageKey(studentId: string, kind: ImageKind, contentType: ImageContentType): string {
  return `${STUDENT_IMAGES_FOLDER}${studentId}/${kind}-${randomUUID()}.${EXTENSIONS[contentType]}`;
}

/** The student a key of `imageStorageKey`'s layout belongs to; null for any other key. */
export function studentIdOfImageKey(key: string): string | null {
  const [folder, studentId, file, ...rest] = key.split('/');
  if (`${folder}/` !== STUDENT_IMAGES_FOLDER || !studentId || !file || rest.length > 0) return null;
  return UUID.test(studentId) ? studentId : null;
}
