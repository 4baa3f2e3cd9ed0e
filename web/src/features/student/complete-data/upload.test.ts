import { MESSAGES, photoFileName } from '@portal/common';
import { describe, expect, it, vi } from 'vitest';
import { installFakeXhr } from '@/testing/fake-xhr';
import { jpegFile, pngFile } from './testing/image-files';
import { uploadCompleteData } from './upload';

const ID = 'b3c1f6de-3a6f-4f0e-9d7e-2f1f1f0c9a10';

function start(onProgress = vi.fn()) {
  const xhr = installFakeXhr();
  const answer = uploadCompleteData({
    studentId: ID,
    fields: [
      ['studentNameEn', 'Mona Ali'],
      ['qualificationYear', '2025/2026'],
    ],
    images: [
      { kind: 'frontIdCard', file: pngFile('بطاقة أمامية.png'), originalName: 'بطاقة أمامية.png' },
      { kind: 'personalPhoto', file: jpegFile('me.jpg'), originalName: 'me.jpg' },
    ],
    onProgress,
  });
  return { xhr, answer, onProgress };
}

describe('uploadCompleteData', () => {
  it('sends a multipart PATCH with the text fields and one photos file per image named for its kind', async () => {
    const { xhr, answer } = start();
    const request = await xhr.next();
    expect(request.method).toBe('PATCH');
    expect(request.url).toBe(`/api/v1/students/completeStudentData/${ID}`);
    expect(request.withCredentials).toBe(true);
    expect(request.body.get('studentNameEn')).toBe('Mona Ali');
    expect(request.body.get('qualificationYear')).toBe('2025/2026');
    const photos = request.body.getAll('photos') as File[];
    expect(photos.map((photo) => photo.name)).toEqual([
      photoFileName('بطاقة أمامية.png', 'frontIdCard'),
      photoFileName('me.jpg', 'personalPhoto'),
    ]);
    request.reply(200, { status: 'success', message: MESSAGES.completeDataSaved });
    expect(await answer).toEqual({
      status: 'success',
      data: { message: MESSAGES.completeDataSaved },
      httpStatus: 200,
    });
  });

  it('reports the upload progress in percent', async () => {
    const { xhr, answer, onProgress } = start();
    const request = await xhr.next();
    request.progress(256, 1024);
    request.progress(1024, 1024);
    expect(onProgress.mock.calls).toEqual([[25], [100]]);
    request.reply(200, { status: 'success', message: 'ok' });
    await answer;
  });

  it("answers the server's Arabic message and status on a refusal", async () => {
    const { xhr, answer } = start();
    (await xhr.next()).reply(415, { status: 'error', message: MESSAGES.imageNotImage });
    expect(await answer).toEqual({ status: 'error', message: MESSAGES.imageNotImage, httpStatus: 415 });
  });

  it('answers the network message with status 0 when the connection drops, and "unexpected" for HTML', async () => {
    const first = start();
    (await first.xhr.next()).failNetwork();
    expect(await first.answer).toEqual({ status: 'error', message: MESSAGES.networkError, httpStatus: 0 });
    const second = start();
    (await second.xhr.next()).reply(502, '<html>Bad gateway</html>');
    expect(await second.answer).toEqual({ status: 'error', message: MESSAGES.unexpected, httpStatus: 502 });
  });
});
