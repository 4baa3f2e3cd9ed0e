import {
  COMPLETE_DATA_LABELS,
  IMAGE_KIND_LABELS,
  IMAGE_KINDS,
  MESSAGES,
  STAGED_UPLOADS_FIELD,
  STEP_UP_MESSAGES,
} from '@portal/common';
import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFakeXhr } from '@/testing/fake-xhr';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { draftKey } from '../complete-data/draft-storage';
import { STORED_PLACEHOLDER } from '../complete-data/image-picker';
import { SHOW_STORED } from '../complete-data/stored-previews';
import { pngFile } from '../complete-data/testing/image-files';
import {
  fillText,
  imageInput,
  open,
  PHOTO_PROBE,
  PLAIN,
  photoReads,
  resetAroundEachTest,
  STORED,
  SUBMIT,
  storedBody,
  textbox,
  typeInto,
  VALID,
} from '../testing/student-data-enter';
import { GET_STUDENT, lookups, STUDENT_ID, storeLogin } from '../testing/student-fixtures';

vi.mock('../complete-data/compress-image', () => ({ compressImage: vi.fn(async (file: File) => file) }));
vi.mock('../complete-data/tus-upload', () => import('../complete-data/testing/fake-tus-upload'));

resetAroundEachTest();

describe('studentDataEnter: editing and the draft', { timeout: 15_000 }, () => {
  it('fills the form with what was saved and counts the stored images, which need not be chosen again', async () => {
    const xhr = installFakeXhr();
    const { user, api } = await open(
      { ...PLAIN, isComplete: true },
      {
        [STORED]: () => ({
          body: storedBody(
            { ...VALID, qualificationYear: '2024/2025', program1: '', program2: '', program3: '' },
            IMAGE_KINDS,
          ),
        }),
      },
    );
    expect(screen.getByRole('heading', { name: 'تعديل البيانات' })).toBeInTheDocument();
    expect(textbox(COMPLETE_DATA_LABELS.email)).toHaveValue('mona@example.com');
    expect(textbox('السنة الأولى')).toHaveValue('2024');
    expect(textbox('السنة الثانية')).toHaveValue('2025');
    // The stored images are identity documents (issue 33): a placeholder each, nothing loaded until asked.
    await waitFor(() => expect(screen.getAllByText(STORED_PLACEHOLDER)).toHaveLength(6));
    expect(screen.queryByRole('img', { name: /^معاينة / })).toBeNull();
    expect(screen.getByRole('button', { name: SHOW_STORED })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    const request = await xhr.next();
    expect(request.body.getAll('photos')).toEqual([]);
    expect(request.body.has(STAGED_UPLOADS_FIELD)).toBe(false);
    expect(request.body.get('qualificationYear')).toBe('2024/2025');
    expect(photoReads(api)).toEqual([]);
  });

  it('shows the stored images once the step-up the server asks for is passed; a chosen file at once', async () => {
    const xhr = installFakeXhr();
    let steppedUp = false;
    const { user, api } = await open(
      { ...PLAIN, isComplete: true },
      {
        [STORED]: () => ({ body: storedBody(VALID, IMAGE_KINDS) }),
        [PHOTO_PROBE]: () =>
          steppedUp
            ? { body: {} }
            : { status: 403, body: { status: 'error', message: STEP_UP_MESSAGES.required } },
        [`POST /api/v1/students/stepUp/${STUDENT_ID}`]: () => ({
          body: { status: 'success', data: { method: 'seatNo' } },
        }),
        [`POST /api/v1/students/stepUp/${STUDENT_ID}/verify`]: ({ body }) => {
          steppedUp = (body as { seatNo: string }).seatNo === '123456';
          return { body: { status: 'success', message: STEP_UP_MESSAGES.verified } };
        },
      },
    );
    // A newly chosen file is previewed from the device, with no step-up.
    await user.upload(imageInput('personalPhoto'), pngFile('me.png'));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: `معاينة ${IMAGE_KIND_LABELS.personalPhoto}` })).toHaveAttribute(
        'src',
        expect.stringMatching(/^blob:preview-/),
      ),
    );
    expect(screen.getAllByText(STORED_PLACEHOLDER)).toHaveLength(5);

    await user.click(screen.getByRole('button', { name: SHOW_STORED }));
    const dialog = await screen.findByRole('dialog', { name: STEP_UP_MESSAGES.dialogTitle });
    await user.click(within(dialog).getByRole('textbox', { name: STEP_UP_MESSAGES.seatNoLabel }));
    await user.paste('123456');
    await user.click(within(dialog).getByRole('button', { name: STEP_UP_MESSAGES.verify }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The dialog's own submit does not submit the edit form around it.
    expect(xhr.sent()).toHaveLength(0);
    expect(document.querySelector('[data-type="error"]')).toBeNull();
    expect(screen.getByRole('img', { name: `معاينة ${IMAGE_KIND_LABELS.frontIdCard}` })).toHaveAttribute(
      'src',
      `/api/v1/students/photo/${STUDENT_ID}/frontIdCard`,
    );
    expect(screen.getByRole('img', { name: `معاينة ${IMAGE_KIND_LABELS.personalPhoto}` })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:preview-/),
    );
    expect(screen.queryByText(STORED_PLACEHOLDER)).toBeNull();
    expect(screen.queryByRole('button', { name: SHOW_STORED })).toBeNull();
    expect(photoReads(api)).toEqual([PHOTO_PROBE]);
  });

  it('shows the stored images without the dialog when this session passed the step-up already', async () => {
    const { user, api } = await open(
      { ...PLAIN, isComplete: true },
      {
        [STORED]: () => ({ body: storedBody(VALID, IMAGE_KINDS) }),
        [PHOTO_PROBE]: () => ({ body: {} }),
      },
    );
    await user.click(screen.getByRole('button', { name: SHOW_STORED }));
    expect(
      await screen.findByRole('img', { name: `معاينة ${IMAGE_KIND_LABELS.backIdCard}` }),
    ).toHaveAttribute('src', `/api/v1/students/photo/${STUDENT_ID}/backIdCard`);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.fetchMock.mock.calls.some(([input]) => String(input).includes('/stepUp/'))).toBe(false);
  });

  it('keeps the form when the phone finds its network again: the saved data is not read again under it', async () => {
    const { user, api } = await open(PLAIN);
    await fillText(user, PLAIN);
    expect(api.queriesOf(STORED)).toHaveLength(1);
    act(() => {
      onlineManager.setOnline(false);
      onlineManager.setOnline(true);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.queriesOf(STORED)).toHaveLength(1);
    expect(textbox(COMPLETE_DATA_LABELS.studentNameEn)).toHaveValue('Mona Ahmed Ali');
  });

  it('keeps what was typed across a reload, restores it over the saved values and says so', async () => {
    const first = await open(PLAIN, { [STORED]: () => ({ body: storedBody({ email: 'old@example.com' }) }) });
    await typeInto(first.user, COMPLETE_DATA_LABELS.studentNameEn, 'Mona Ali');
    await typeInto(first.user, COMPLETE_DATA_LABELS.email, 'new@example.com');
    expect(JSON.parse(window.localStorage.getItem(draftKey(STUDENT_ID)) ?? '{}').values).toMatchObject({
      studentNameEn: 'Mona Ali',
      email: 'new@example.com',
    });

    // A reload: a new page, the same stored student and server values.
    first.router.dispose();
    document.body.innerHTML = '';
    await open(PLAIN, { [STORED]: () => ({ body: storedBody({ email: 'old@example.com' }) }) });
    expect(screen.getByText(MESSAGES.draftRestored)).toBeInTheDocument();
    expect(textbox(COMPLETE_DATA_LABELS.studentNameEn)).toHaveValue('Mona Ali');
    expect(textbox(COMPLETE_DATA_LABELS.email)).toHaveValue('new@example.com');
  });

  it('can drop the restored draft for the saved values', async () => {
    window.localStorage.setItem(
      draftKey(STUDENT_ID),
      JSON.stringify({ version: 1, values: { email: 'draft@example.com' } }),
    );
    const { user } = await open(PLAIN, {
      [STORED]: () => ({ body: storedBody({ email: 'old@example.com' }) }),
    });
    expect(textbox(COMPLETE_DATA_LABELS.email)).toHaveValue('draft@example.com');
    await user.click(screen.getByRole('button', { name: 'تجاهل البيانات المستعادة' }));
    expect(textbox(COMPLETE_DATA_LABELS.email)).toHaveValue('old@example.com');
    expect(screen.queryByText(MESSAGES.draftRestored)).toBeNull();
    expect(window.localStorage.getItem(draftKey(STUDENT_ID))).toBeNull();
  });

  it('shows no notice when the stored draft says nothing new', async () => {
    window.localStorage.setItem(
      draftKey(STUDENT_ID),
      JSON.stringify({ version: 1, values: { email: 'old@example.com' } }),
    );
    await open(PLAIN, { [STORED]: () => ({ body: storedBody({ email: 'old@example.com' }) }) });
    expect(screen.queryByText(MESSAGES.draftRestored)).toBeNull();
  });

  it('says why the saved data could not be loaded, and tries again on request', async () => {
    let calls = 0;
    storeLogin();
    mockApi({
      [GET_STUDENT]: lookups(PLAIN),
      [STORED]: () => {
        calls += 1;
        return calls === 1
          ? { status: 503, body: { status: 'error', message: MESSAGES.databaseUnavailable } }
          : { body: storedBody() };
      },
    });
    renderApp('/dashboard/studentDataEnter');
    expect(await screen.findByText(MESSAGES.databaseUnavailable)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByRole('button', { name: SUBMIT })).toBeInTheDocument();
  });
});
