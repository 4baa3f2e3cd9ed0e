/**
 * iPhone photos (issue 34): HEIC/HEIF is recognised by its declared type, its name or the brand of its `ftyp` box,
 * since phones and file pickers disagree on the first two. Converting is heic-convert.ts, loaded only then.
 */
const HEIC_TYPES = ['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence'];
const HEIC_NAME = /\.(heic|heif)$/i;
/** The ISO-BMFF brands of still HEIF images (HEVC-coded or not) and image sequences. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);

/** The major brand of an ISO-BMFF file: bytes 4-7 are 'ftyp', 8-11 the brand. */
export function ftypBrand(head: Uint8Array): string | null {
  if (head.length < 12) return null;
  const text = String.fromCharCode(...head.subarray(4, 12));
  return text.startsWith('ftyp') ? text.slice(4) : null;
}

export function isHeic(file: Pick<File, 'type' | 'name'>, head: Uint8Array): boolean {
  if (HEIC_TYPES.includes(file.type.toLowerCase()) || HEIC_NAME.test(file.name)) return true;
  const brand = ftypBrand(head);
  return brand !== null && HEIC_BRANDS.has(brand);
}

/** 'IMG_0042.HEIC' → 'IMG_0042.jpg': the converted photo's name says what it now is. */
export function jpegName(name: string): string {
  return HEIC_NAME.test(name) ? name.replace(HEIC_NAME, '.jpg') : `${name}.jpg`;
}
