import { COMPLETE_DATA_LABELS, IMAGE_KINDS, MESSAGES, STAGED_UPLOADS_FIELD } from '@portal/common';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeXhr } from '@/testing/fake-xhr';
import { compressImage } from '../complete-data/compress-image';
import { draftKey } from '../complete-data/draft-storage';
import { fakeUploadId, startDocumentUpload } from '../complete-data/testing/fake-tus-upload';
import { pngFile } from '../complete-data/testing/image-files';
import {
  chooseAllImages,
  fillText,
  open,
  PLAIN,
  resetAroundEachTest,
  SUBMIT,
  textbox,
} from '../testing/student-data-enter';
import { GET_STUDENT, lookups, STUDENT_ID } from '../testing/student-fixtures';

vi.mock('../complete-data/compress-image', () => ({ compressImage: vi.fn(async (file: File) => file) }));
vi.mock('../complete-data/tus-upload', () => import('../complete-data/testing/fake-tus-upload'));

resetAroundEachTest();

describe('studentDataEnter: sending', { timeout: 15_000 }, () => {
  it('sends the form with progress, then refreshes the student and opens the forms after 2 s', async () => {
    const xhr = installFakeXhr();
    const { user, api, router } = await open(PLAIN, {
      [GET_STUDENT]: lookups(PLAIN, { ...PLAIN, isComplete: true }),
    });
    await fillText(user, PLAIN);
    await chooseAllImages(user);
    await user.click(screen.getByRole('button', { name: SUBMIT }));

    const request = await xhr.next();
    expect(request.method).toBe('PATCH');
    expect(request.body.get('phoneNumber')).toBe('01212345678');
    expect(request.body.get('qualificationYear')).toBe('2025/2026');
    expect(request.body.has('city')).toBe(false);
    // Each image went up on its own as it was picked: the submit names the six uploads instead of sending them.
    expect(request.body.getAll('photos')).toEqual([]);
    expect(JSON.parse(String(request.body.get(STAGED_UPLOADS_FIELD)))).toEqual(
      Object.fromEntries(IMAGE_KINDS.map((kind) => [kind, fakeUploadId(kind)])),
    );
    expect(startDocumentUpload.mock.calls.map(([upload]) => [upload.kind, upload.originalName])).toEqual(
      IMAGE_KINDS.map((kind) => [kind, `${kind}.png`]),
    );

    act(() => request.progress(512, 1024));
    const bar = await screen.findByRole('progressbar', { name: 'نسبة الإرسال' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText('50%')).toBeInTheDocument();
    expect(window.localStorage.getItem(draftKey(STUDENT_ID))).not.toBeNull();

    act(() => request.reply(200, { status: 'success', message: MESSAGES.completeDataSaved }));
    expect(await screen.findByText(MESSAGES.studentDataUpdated)).toBeInTheDocument();
    expect(window.localStorage.getItem(draftKey(STUDENT_ID))).toBeNull();
    await waitFor(() => expect(api.bodiesOf(GET_STUDENT)).toHaveLength(2));
    expect(router.state.location.pathname).toBe('/dashboard/studentDataEnter');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/formsDownload'), {
      timeout: 3000,
    });
    expect(await screen.findByRole('heading', { name: 'تنزيل الاستمارات' })).toBeInTheDocument();
  });

  it("shows the server's message in a notice and marks the field it names", async () => {
    const xhr = installFakeXhr();
    const { user } = await open(PLAIN);
    await fillText(user, PLAIN);
    await chooseAllImages(user);
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    act(() => {
      void xhr
        .next()
        .then((request) => request.reply(400, { status: 'error', message: MESSAGES.emailInvalid }));
    });
    const email = textbox(COMPLETE_DATA_LABELS.email);
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText(MESSAGES.emailInvalid).length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('button', { name: SUBMIT })).toBeEnabled();
  });

  it('says the network message when the connection drops, and keeps what was typed', async () => {
    const xhr = installFakeXhr();
    const { user } = await open(PLAIN);
    await fillText(user, PLAIN);
    await chooseAllImages(user);
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    act(() => {
      void xhr.next().then((request) => request.failNetwork());
    });
    expect(await screen.findByText(`${MESSAGES.networkError} (رمز الحالة: 0)`)).toBeInTheDocument();
    expect(textbox(COMPLETE_DATA_LABELS.studentNameEn)).toHaveValue('Mona Ahmed Ali');
    expect(window.localStorage.getItem(draftKey(STUDENT_ID))).toContain('Mona Ahmed Ali');
  });

  it('logs a compression failure only and sends the original image', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.mocked(compressImage).mockRejectedValue(new Error('no canvas'));
    const xhr = installFakeXhr();
    const { user } = await open(PLAIN);
    await fillText(user, PLAIN);
    await chooseAllImages(user);
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    const request = await xhr.next();
    expect(Object.keys(JSON.parse(String(request.body.get(STAGED_UPLOADS_FIELD))))).toHaveLength(6);
    expect(startDocumentUpload.mock.calls.map(([upload]) => upload.file.size)).toEqual(
      IMAGE_KINDS.map(() => pngFile().size),
    );
    expect(warn).toHaveBeenCalled();
    // Logged only: nothing is said to the student.
    expect(document.querySelector('[data-type="error"]')).toBeNull();
    expect(screen.queryByText(MESSAGES.imageNotImage)).toBeNull();
  });
});
