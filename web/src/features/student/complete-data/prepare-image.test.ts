import { MESSAGES, SERVER_IMAGE_MAX_BYTES } from '@portal/common';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { compressImage } from './compress-image';
import { imageTypeOf, prepareImage } from './prepare-image';
import { jpegFile, PNG_HEAD, pngFile } from './testing/image-files';

vi.mock('./compress-image', () => ({ compressImage: vi.fn() }));

beforeEach(() => {
  vi.mocked(compressImage).mockReset();
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
});
