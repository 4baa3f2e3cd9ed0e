import { MESSAGES, STAGED_UPLOADS_FIELD, stagedUploadsSchema } from '@portal/common';
import { describe, expect, it, vi } from 'vitest';
import { installFakeXhr } from '@/testing/fake-xhr';
import { uploadCompleteData } from './upload';

const ID = 'b3c1f6de-3a6f-4f0e-9d7e-2f1f1f0c9a10';
const FRONT_UPLOAD = '0123456789abcdef0123456789abcdef';
const PHOTO_UPLOAD = 'fedcba9876543210fedcba9876543210';

function start(onProgress = vi.fn()) {
  const xhr = installFakeXhr();
  const answer = uploadCompleteData({
    studentId: ID,
    fields: [
      ['studentNameEn', 'Mona Ali'],
      ['qualificationYear', '2025/2026'],
    ],
    uploads: { frontIdCard: FRONT_UPLOAD, personalPhoto: PHOTO_UPLOAD },
    onProgress,
  });
  return { xhr, answer, onProgress };
}

describe('uploadCompleteData', () => {
  it('sends a multipart PATCH with the text fields and the finished uploads by kind instead of photos', async () => {
    const { xhr, answer } = start();
    const request = await xhr.next();
    expect(request.method).toBe('PATCH');
    expect(request.url).toBe(`/api/v1/students/completeStudentData/${ID}`);
    expect(request.withCredentials).toBe(true);
    expect(request.body.get('studentNameEn')).toBe('Mona Ali');
    expect(request.body.get('qualificationYear')).toBe('2025/2026');
    expect(request.body.getAll('photos')).toEqual([]);
    const uploads = stagedUploadsSchema.parse(JSON.parse(String(request.body.get(STAGED_UPLOADS_FIELD))));
    expect(uploads).toEqual({ frontIdCard: FRONT_UPLOAD, personalPhoto: PHOTO_UPLOAD });
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
