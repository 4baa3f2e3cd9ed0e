import { MESSAGES, SERVER_IMAGE_MAX_BYTES } from '@portal/common';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { compressImage } from './compress-image';
import { convertHeic } from './heic-convert';
import { HEIC_UNREADABLE, imageTypeOf, prepareImage } from './prepare-image';
import { jpegFile, PNG_HEAD, pngFile } from './testing/image-files';

vi.mock('./compress-image', () => ({ compressImage: vi.fn() }));
vi.mock('./heic-convert', () => ({ convertHeic: vi.fn() }));

beforeEach(() => {
  vi.mocked(compressImage).mockReset();
  vi.mocked(convertHeic).mockReset();
});

describe('imageTypeOf', () => {
  it('accepts png and jpeg by declared type and first bytes', async () => {
    expect(await imageTypeOf(pngFile())).toBe('image/png');
    expect(await imageTypeOf(jpegFile())).toBe('image/jpeg');
  });

  it('trusts the bytes when a phone declares no type', async () => {
    expect(await imageTypeOf(new File([new Uint8Array(PNG_HEAD)], 'IMG_1', { type: '' }))).toBe('image/png');
  });

  it('refuses another declared type, and a file named and typed png whose bytes are not', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.7 ...');
    expect(await imageTypeOf(new File([pdf], 'cv.pdf', { type: 'application/pdf' }))).toBeNull();
    expect(
      await imageTypeOf(new File([new Uint8Array(PNG_HEAD)], 'x.gif', { type: 'image/gif' })),
    ).toBeNull();
    expect(await imageTypeOf(new File([pdf], 'scan.png', { type: 'image/png' }))).toBeNull();
    expect(await imageTypeOf(new File([], 'empty.png', { type: 'image/png' }))).toBeNull();
  });
});

describe('prepareImage', () => {
  it('answers the compressed image under the original name', async () => {
    const small = new File([new Uint8Array(PNG_HEAD)], 'scan.png', { type: 'image/png' });
    vi.mocked(compressImage).mockResolvedValue(small);
    const prepared = await prepareImage(pngFile('scan.png', 4096));
    expect(prepared).toEqual({ ok: true, file: small, originalName: 'scan.png' });
  });

  it('refuses a file that is not an image without compressing it', async () => {
    const prepared = await prepareImage(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(prepared).toEqual({ ok: false, message: MESSAGES.imageNotImage });
    expect(compressImage).not.toHaveBeenCalled();
  });

  it('only logs a compression failure and sends the original when the server takes it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.mocked(compressImage).mockRejectedValue(new Error('canvas is not available'));
    const original = pngFile('scan.png', 4096);
    const prepared = await prepareImage(original);
    expect(prepared.ok && prepared.file.size).toBe(4096);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('scan.png'), expect.any(Error));
  });

  it('says the image is too large when it cannot be brought under the server limit', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.mocked(compressImage).mockRejectedValue(new Error('out of memory'));
    const prepared = await prepareImage(pngFile('huge.png', SERVER_IMAGE_MAX_BYTES + 1));
    expect(prepared).toEqual({ ok: false, message: MESSAGES.imageTooLarge });
  });

  it('hands the library the sniffed type when the phone declared none', async () => {
    vi.mocked(compressImage).mockImplementation(async (file) => file);
    const prepared = await prepareImage(new File([new Uint8Array(PNG_HEAD)], 'IMG_2', { type: '' }));
    expect(vi.mocked(compressImage).mock.calls[0]?.[0].type).toBe('image/png');
    expect(prepared.ok).toBe(true);
  });

  it("converts an iPhone's HEIC photo to JPEG before compressing it, under the photo's own name", async () => {
    const jpeg = jpegFile('IMG_0042.jpg');
    vi.mocked(convertHeic).mockResolvedValue(jpeg);
    vi.mocked(compressImage).mockImplementation(async (file) => file);
    const heic = new File([new Uint8Array(64)], 'IMG_0042.HEIC', { type: 'image/heic' });
    const prepared = await prepareImage(heic);
    expect(convertHeic).toHaveBeenCalledWith(heic);
    expect(vi.mocked(compressImage).mock.calls[0]?.[0]).toBe(jpeg);
    expect(prepared).toEqual({ ok: true, file: jpeg, originalName: 'IMG_0042.HEIC' });
  });

  it('says so on the card when a HEIC photo does not decode, and prepares nothing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.mocked(convertHeic).mockRejectedValue(new Error('ERR_LIBHEIF format not supported'));
    const prepared = await prepareImage(new File(['junk'], 'IMG_1.heic', { type: '' }));
    expect(prepared).toEqual({ ok: false, message: HEIC_UNREADABLE });
    expect(compressImage).not.toHaveBeenCalled();
  });

  it('never loads the HEIC decoder for a jpeg or png', async () => {
    vi.mocked(compressImage).mockImplementation(async (file) => file);
    await prepareImage(jpegFile());
    await prepareImage(pngFile());
    expect(convertHeic).not.toHaveBeenCalled();
  });
});
