import { describe, expect, it } from 'vitest';
import { ftypBrand, isHeic, jpegName } from './heic';

/** The first bytes of an ISO-BMFF file of `brand`. */
const head = (brand: string) =>
  new Uint8Array([0, 0, 0, 24, ...new TextEncoder().encode(`ftyp${brand}`), 0, 0]);

describe('isHeic', () => {
  it("knows an iPhone photo by its type, its name or its ftyp brand, whichever the phone's picker kept", () => {
    const none = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);
    expect(isHeic({ type: 'image/heic', name: 'IMG_1' }, none)).toBe(true);
    expect(isHeic({ type: 'image/HEIF', name: 'IMG_1' }, none)).toBe(true);
    expect(isHeic({ type: '', name: 'IMG_0042.HEIC' }, none)).toBe(true);
    expect(isHeic({ type: 'application/octet-stream', name: 'IMG_1' }, head('heic'))).toBe(true);
    expect(isHeic({ type: '', name: 'photo' }, head('mif1'))).toBe(true);
  });

  it('leaves jpeg, png and other ISO-BMFF files (an mp4, an avif) alone', () => {
    expect(isHeic({ type: 'image/jpeg', name: 'a.jpg' }, new Uint8Array([0xff, 0xd8, 0xff]))).toBe(false);
    expect(isHeic({ type: 'video/mp4', name: 'clip.mp4' }, head('isom'))).toBe(false);
    expect(isHeic({ type: 'image/avif', name: 'a.avif' }, head('avif'))).toBe(false);
  });
});

describe('ftypBrand and jpegName', () => {
  it('reads the major brand, and names the converted photo .jpg', () => {
    expect(ftypBrand(head('heix'))).toBe('heix');
    expect(ftypBrand(new Uint8Array(4))).toBeNull();
    expect(jpegName('IMG_0042.HEIC')).toBe('IMG_0042.jpg');
    expect(jpegName('scan')).toBe('scan.jpg');
  });
});
