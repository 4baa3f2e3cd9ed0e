import sharp from 'sharp';
import { expect } from 'vitest';

/**
 * What a stored image must keep of the one sent (issue 34: the stored bytes are re-encoded without metadata):
 * the same pixels for a PNG (lossless), the same dimensions for a JPEG (encoded again, so not bit for bit).
 */
export async function expectSamePicture(stored: Buffer, sent: Buffer): Promise<void> {
  const [a, b] = await Promise.all(
    [stored, sent].map((bytes) =>
      sharp(bytes, { failOn: 'none' }).raw().toBuffer({ resolveWithObject: true }),
    ),
  );
  expect([a?.info.width, a?.info.height]).toEqual([b?.info.width, b?.info.height]);
  if (sent[0] === 0x89) expect(a?.data.equals(b?.data ?? Buffer.alloc(0))).toBe(true);
}
