import { encodeRgbPng, tinyPng } from '../images.js';

/** Text meant to be stored as it is or refused, never executed: SQL, script and spreadsheet-formula injection. */
export const SQL_INJECTION = "' OR 1=1 --";
export const SQL_DROP = "'; DROP TABLE students; --";
export const SCRIPT_TAG = '<script>alert(1)</script>';
export const FORMULA_HYPERLINK = '=HYPERLINK("http://evil.example","اضغط هنا")';
export const FORMULA_DDE = "=cmd|' /C calc'!A0";
/** Typst markup (the PDF forms are typeset with Typst): a page rule, a file read and maths, to be printed as text. */
export const TYPST_MARKUP = '#set page(fill: red) #read("/etc/passwd") $x^2$ *bold*';

/** Invisible and direction-changing characters, a NUL byte and a lone surrogate. */
export const ZERO_WIDTH_SPACE = '\u200b';
export const RIGHT_TO_LEFT_OVERRIDE = '\u202e';
export const NUL = '\u0000';
export const LONE_SURROGATE = '\ud800';

/** ASCII digits written in Arabic-Indic (٠-٩) and Persian (۰-۹) digits. */
export function arabicIndic(digits: string): string {
  return digits.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));
}
export function persian(digits: string): string {
  return digits.replace(/\d/g, (digit) => String.fromCharCode(0x06f0 + Number(digit)));
}

/** A JSON text nested `depth` levels deep inside `key` (objects) or as arrays. */
export function deepJson(depth: number, shape: 'object' | 'array' = 'object'): string {
  return shape === 'object'
    ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
    : `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

/** A JSON body just over `bytes` long: one field of that much text. */
export function hugeJson(field: string, bytes: number): string {
  return JSON.stringify({ [field]: 'ا'.repeat(Math.ceil(bytes / 2)) });
}

/**
 * A real PNG whose header declares 50,000 × 50,000 pixels (7.5 GB decoded) while the file is a few kB: the
 * rows are all zero, so they compress to almost nothing. Only the first rows are present (it is also truncated).
 */
export function decompressionBombPng(): Buffer {
  const side = 50_000;
  const rows = 8;
  const png = encodeRgbPng(side, rows, Buffer.alloc(rows * (1 + side * 3)));
  // Rewrite the height in IHDR (offset 20) and its CRC: the header now claims every one of the 50,000 rows.
  const bomb = Buffer.from(png);
  bomb.writeUInt32BE(side, 20);
  bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
  return bomb;
}

/** A valid PNG cut in half: the signature and header are right, the image data and the end are missing. */
export function truncatedPng(): Buffer {
  const png = tinyPng([10, 120, 200], 64);
  return png.subarray(0, Math.floor(png.length / 2));
}

/** An SVG with a script, named and declared as a PNG by the client. */
export function svgWithScript(): Buffer {
  return Buffer.from(
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>',
  );
}

/** An HTML page with a script, as a non-image sent under an image's name. */
export function htmlPage(): Buffer {
  return Buffer.from(`<!doctype html><html><body>${SCRIPT_TAG}</body></html>`);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
