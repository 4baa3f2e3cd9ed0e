/** The first bytes of a real PNG (enough for sniffing). */
export const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
export const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46];

export function pngFile(name = 'scan.png', size = PNG_HEAD.length): File {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_HEAD);
  return new File([bytes], name, { type: 'image/png' });
}

export function jpegFile(name = 'photo.jpg'): File {
  return new File([new Uint8Array(JPEG_HEAD)], name, { type: 'image/jpeg' });
}
