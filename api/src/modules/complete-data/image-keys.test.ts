import { describe, expect, it } from 'vitest';
import { imageStorageKey, studentIdOfImageKey } from './image-keys.js';

const STUDENT = '0f8e2a1c-3b4d-4e5f-8a9b-0c1d2e3f4a5b';

describe('image storage keys', () => {
  it('are new for every upload, in the student folder, with the extension of the content type', () => {
    const first = imageStorageKey(STUDENT, 'personalPhoto', 'image/jpeg');
    const second = imageStorageKey(STUDENT, 'personalPhoto', 'image/jpeg');
    expect(first).not.toBe(second);
    expect(first).toMatch(new RegExp(`^students/${STUDENT}/personalPhoto-[0-9a-f-]{36}\\.jpg$`));
    expect(imageStorageKey(STUDENT, 'frontIdCard', 'image/png')).toMatch(/\.png$/);
  });

  it('name their student back; keys of any other layout name none', () => {
    expect(studentIdOfImageKey(imageStorageKey(STUDENT, 'frontIdCard', 'image/png'))).toBe(STUDENT);
    for (const key of [
      `other/${STUDENT}/photo.png`,
      'students/not-a-uuid/photo.png',
      `students/${STUDENT}`,
      `students/${STUDENT}/nested/photo.png`,
      `students/${STUDENT.toUpperCase()}/photo.png`,
    ]) {
      expect(studentIdOfImageKey(key)).toBeNull();
    }
  });
});
