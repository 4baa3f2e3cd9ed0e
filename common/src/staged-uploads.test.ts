import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.js';
import {
  looksLikeHeic,
  notImageMessage,
  STAGED_UPLOAD_MESSAGES,
  stagedUploadsSchema,
} from './staged-uploads.js';

const ID = 'a'.repeat(32);

/** The first bytes of an ISO-BMFF file of this major brand. */
const ftyp = (brand: string) =>
  new Uint8Array([0, 0, 0, 0x18, ...Buffer.from('ftyp'), ...Buffer.from(brand), 0, 0, 0, 0]);

describe('stagedUploadsSchema', () => {
  it('takes kinds named by upload ids, any subset of the six', () => {
    expect(stagedUploadsSchema.parse({ frontIdCard: ID, personalPhoto: 'b'.repeat(32) })).toEqual({
      frontIdCard: ID,
      personalPhoto: 'b'.repeat(32),
    });
  });

  it.each([
    ['nothing named', {}],
    ['an unknown kind', { passport: ID }],
    ['an id in capitals', { frontIdCard: 'A'.repeat(32) }],
    ['an id of 31 digits', { frontIdCard: 'a'.repeat(31) }],
    ['an id that is a number', { frontIdCard: 42 }],
    ['an array', [ID]],
  ])('refuses %s', (_what, value) => {
    expect(stagedUploadsSchema.safeParse(value).success).toBe(false);
  });
});

describe('looksLikeHeic', () => {
  it.each(['heic', 'heix', 'mif1', 'msf1', 'hevc'])('recognises the %s brand', (brand) => {
    expect(looksLikeHeic(ftyp(brand))).toBe(true);
    expect(notImageMessage(ftyp(brand))).toBe(STAGED_UPLOAD_MESSAGES.imageHeic);
  });

  it.each([
    ['an MP4 video', ftyp('isom')],
    ['a PDF', new Uint8Array(Buffer.from('%PDF-1.7 and more bytes'))],
    ['too few bytes', ftyp('heic').subarray(0, 10)],
  ])('does not take %s for HEIC', (_what, head) => {
    expect(looksLikeHeic(head)).toBe(false);
    expect(notImageMessage(head)).toBe(MESSAGES.imageNotImage);
  });
});
