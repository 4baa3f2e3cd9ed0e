import { describe, expect, it } from 'vitest';
import { photoFileName, photoKindOf } from './image-kinds.js';

describe('photo file names', () => {
  it('encode the original name and end with the kind', () => {
    expect(photoFileName('بطاقة 1.jpg', 'frontIdCard')).toBe(
      `${encodeURIComponent('بطاقة 1.jpg')}__frontIdCard`,
    );
    expect(photoKindOf(photoFileName('scan__x_.png', 'backIdCard'))).toBe('backIdCard');
    expect(photoKindOf('photo.png__passport')).toBeNull();
    expect(photoKindOf('photo.png')).toBeNull();
  });
});
