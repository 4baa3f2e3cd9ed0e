import { notifications } from '@mantine/notifications';
import {
  deadlinePassedMessage,
  IMAGE_KIND_LABELS,
  type ImageKind,
  MESSAGES,
  PROGRESS_STATE_LABELS,
  PROGRESS_STEP_LABELS,
  REFUSAL_REASON_LABELS,
  REVIEW_MESSAGES,
  STAGED_UPLOADS_FIELD,
} from '@portal/common';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeXhr } from '@/testing/fake-xhr';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { compressImage } from '../complete-data/compress-image';
import { fakeUploadId, startDocumentUpload } from '../complete-data/testing/fake-tus-upload';
import { jpegFile, pngFile } from '../complete-data/testing/image-files';
import { DATA_DEADLINE_TEXTS } from '../deadline/data-deadline';
import { PROGRESS_TRACKER_TITLE } from '../progress/progress-tracker';
import {
  BRANDING_IN_RIYADH,
  clockAt,
  DEADLINE,
  DEADLINE_IN_RIYADH,
  GET_STUDENT,
  lookups,
  minutesBeforeDeadline,
  mockApiWithGate,
  reviewedStudent,
  STUDENT_ID,
  storeLogin,
} from '../testing/student-fixtures';

vi.mock('../complete-data/compress-image', () => ({ compressImage: vi.fn(async (file: File) => file) }));
vi.mock('../complete-data/tus-upload', () => import('../complete-data/testing/fake-tus-upload'));

const PATH = '/dashboard/replaceDocuments';
const SUBMIT = 'إرسال المستندات البديلة';
const REPLACE_URL = `/api/v1/students/replaceDocuments/${STUDENT_ID}`;

const TWO_REFUSED = reviewedStudent({
  frontIdCard: { reason: REFUSAL_REASON_LABELS.cropped, note: 'الجزء الأيسر غير ظاهر' },
  nominationCard: { reason: REFUSAL_REASON_LABELS.wrongDocument },
});

/** The picker's label may end with a required mark, so it is matched by its start. */
const imageInput = (kind: ImageKind) =>
  screen.getByLabelText(IMAGE_KIND_LABELS[kind], { exact: false, selector: 'input[type="file"]' });
const fileInputs = () => Array.from(document.querySelectorAll<HTMLInputElement>('input[type="file"]'));

async function open(...answers: Parameters<typeof lookups>) {
  storeLogin();
  const api = mockApi({ [GET_STUDENT]: lookups(...answers) });
  const rendered = renderApp(PATH);
  await screen.findByRole('button', { name: SUBMIT });
  // applyAccept: false, so a test can pick a file the picker's accept list would hide.
  return { ...rendered, api, user: userEvent.setup({ applyAccept: false }) };
}

/** Opened on a student who has nothing to replace: the screen's form never appears. */
function openWithout(flags: ReturnType<typeof reviewedStudent>) {
  storeLogin();
  mockApi({ [GET_STUDENT]: lookups(flags) });
  return renderApp(PATH);
}

beforeEach(() => {
  startDocumentUpload.mockClear();
  let urls = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
    urls += 1;
    return `blob:preview-${urls}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.mocked(compressImage)
    .mockClear()
    .mockImplementation(async (file: File) => file);
});

afterEach(() => {
  // The notices live in a store of their own, which outlives one rendered app.
  act(() => notifications.clean());
  vi.restoreAllMocks();
});

describe('replaceDocuments: what it asks', { timeout: 15_000 }, () => {
  it('asks only for the refused documents, each with why it was refused, none marked required', async () => {
    await open(TWO_REFUSED);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('استبدال المستندات المرفوضة');
    expect(fileInputs().map((input) => input.id)).toEqual([
      'complete-data-frontIdCard',
      'complete-data-nominationCard',
    ]);
    expect(imageInput('frontIdCard')).toHaveAccessibleDescription(
      expect.stringContaining(`سبب الرفض: ${REFUSAL_REASON_LABELS.cropped} ملاحظة: الجزء الأيسر غير ظاهر`),
    );
    expect(imageInput('nominationCard')).toHaveAccessibleDescription(
      expect.stringContaining(REFUSAL_REASON_LABELS.wrongDocument),
    );
    expect(imageInput('frontIdCard')).toHaveAttribute(
      'accept',
      'image/png,image/jpeg,image/heic,image/heif,.heic,.heif',
    );
    expect(screen.queryByText('*')).toBeNull();
  });

  it("shows a reviewer's note as text, never as markup", async () => {
    const note = '<img src=x onerror=alert(1)>';
    await open(reviewedStudent({ backIdCard: { note } }));
    expect(screen.getByText(note)).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('sends a student with nothing refused to their data', async () => {
    const { router } = await openWithout(reviewedStudent({}, 'accepted'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/studentDataView'));
    expect(await screen.findByText('حالة المستندات:')).toBeInTheDocument();
  });

  it('sends a visitor with no student to the login', async () => {
    mockApi();
    const { router } = renderApp(PATH);
    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('replaceDocuments: choosing and sending', { timeout: 15_000 }, () => {
  it('asks for at least one image, sending nothing', async () => {
    const xhr = installFakeXhr();
    const { user } = await open(TWO_REFUSED);
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    expect(await screen.findByRole('alert')).toHaveTextContent(REVIEW_MESSAGES.replaceNothingSent);
    await waitFor(() => expect(imageInput('frontIdCard')).toHaveFocus());
    expect(imageInput('frontIdCard')).toHaveAccessibleDescription(
      expect.stringContaining(REVIEW_MESSAGES.replaceNothingSent),
    );
    expect(xhr.sent()).toHaveLength(0);

    // Choosing any one image answers it.
    await user.upload(imageInput('nominationCard'), pngFile('card.png'));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    // Its shrink finishes here, not in the next test: on a busy machine a late call was counted there.
    expect(await screen.findByText(/^الصورة المختارة:/)).toBeInTheDocument();
  });

  it('refuses a file that is not a png or jpeg, as the complete-data form does, and sends nothing', async () => {
    const xhr = installFakeXhr();
    const { user } = await open(TWO_REFUSED);
    await user.upload(imageInput('frontIdCard'), new File(['%PDF-1.7'], 'id.png', { type: 'image/png' }));
    await waitFor(() => expect(imageInput('frontIdCard')).toHaveAttribute('aria-invalid', 'true'));
    expect(imageInput('frontIdCard')).toHaveAccessibleDescription(
      expect.stringContaining(MESSAGES.imageNotImage),
    );
    expect(compressImage).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(imageInput('frontIdCard')).toHaveFocus());
    expect(xhr.sent()).toHaveLength(0);
  });

  it('sends the chosen images, compressed and named as the complete-data form names them, then shows the data', async () => {
    const xhr = installFakeXhr();
    storeLogin();
    // The lookup after the replacement waits, to see what the data screen shows before it.
    const api = mockApiWithGate({ [GET_STUDENT]: lookups(TWO_REFUSED, reviewedStudent({})) }, GET_STUDENT, 1);
    const { router } = renderApp(PATH);
    await screen.findByRole('button', { name: SUBMIT });
    const user = userEvent.setup();
    await user.upload(imageInput('frontIdCard'), pngFile('بطاقة جديدة.png'));
    await user.upload(imageInput('nominationCard'), jpegFile('card.jpg'));
    await waitFor(() => expect(screen.getAllByText(/^الصورة المختارة:/)).toHaveLength(2));
    expect(compressImage).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: SUBMIT }));

    const request = await xhr.next();
    expect(request.method).toBe('PATCH');
    expect(request.url).toBe(REPLACE_URL);
    expect(request.withCredentials).toBe(true);
    // Each image went up on its own as it was picked: the submit names the uploads by kind.
    expect([...request.body.keys()]).toEqual([STAGED_UPLOADS_FIELD]);
    expect(JSON.parse(String(request.body.get(STAGED_UPLOADS_FIELD)))).toEqual({
      frontIdCard: fakeUploadId('frontIdCard'),
      nominationCard: fakeUploadId('nominationCard'),
    });
    expect(startDocumentUpload.mock.calls.map(([upload]) => upload.originalName)).toEqual([
      'بطاقة جديدة.png',
      'card.jpg',
    ]);

    act(() => request.progress(256, 1024));
    expect(await screen.findByRole('progressbar', { name: 'نسبة الإرسال' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    expect(imageInput('frontIdCard')).toBeDisabled();

    act(() => request.reply(200, { status: 'success', message: REVIEW_MESSAGES.documentsReplaced }));
    expect(await screen.findByText(REVIEW_MESSAGES.documentsReplaced)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/studentDataView'));
    // At once, before the fresh lookup has answered: the block is gone and the documents await review.
    expect(await screen.findByText('حالة المستندات:')).toBeInTheDocument();
    expect(screen.getByText('حالة المستندات:').parentElement).toHaveTextContent('بانتظار المراجعة');
    expect(screen.queryByRole('region', { name: 'مستندات مطلوب استبدالها' })).toBeNull();
    const tracker = screen.getByRole('region', { name: PROGRESS_TRACKER_TITLE });
    expect(
      within(tracker).getByRole('link', {
        name: `${PROGRESS_STEP_LABELS.documents} ${PROGRESS_STATE_LABELS.current}`,
      }),
    ).toHaveAccessibleDescription('المستندات بانتظار مراجعة الكلية');
    api.release();
    await waitFor(() => expect(api.bodiesOf(GET_STUDENT)).toHaveLength(2));
  });

  it('sends only the one image chosen of two refused, and the other stays to be replaced', async () => {
    const xhr = installFakeXhr();
    const { user } = await open(TWO_REFUSED, reviewedStudent({ nominationCard: {} }));
    await user.upload(imageInput('frontIdCard'), pngFile('id.png'));
    await waitFor(() => expect(screen.getAllByText(/^الصورة المختارة:/)).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    const request = await xhr.next();
    expect(JSON.parse(String(request.body.get(STAGED_UPLOADS_FIELD)))).toEqual({
      frontIdCard: fakeUploadId('frontIdCard'),
    });
    act(() => request.reply(200, { status: 'success', message: REVIEW_MESSAGES.documentsReplaced }));
    const block = await screen.findByRole('region', { name: 'مستندات مطلوب استبدالها' });
    expect(
      within(block)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual([IMAGE_KIND_LABELS.nominationCard]);
  });

  it("on 409 shows the server's message and asks only for what is refused now", async () => {
    const xhr = installFakeXhr();
    const { user, api, router } = await open(TWO_REFUSED, reviewedStudent({ nominationCard: {} }));
    await user.upload(imageInput('frontIdCard'), pngFile('id.png'));
    await waitFor(() => expect(screen.getAllByText(/^الصورة المختارة:/)).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    act(() => {
      void xhr
        .next()
        .then((request) =>
          request.reply(409, { status: 'error', message: REVIEW_MESSAGES.replaceNotRefused }),
        );
    });
    // Said in the notice and, while the screen stays, beside the button.
    await waitFor(() => expect(screen.getAllByText(REVIEW_MESSAGES.replaceNotRefused)).toHaveLength(2));
    await waitFor(() => expect(api.bodiesOf(GET_STUDENT)).toHaveLength(2));
    await waitFor(() =>
      expect(fileInputs().map((input) => input.id)).toEqual(['complete-data-nominationCard']),
    );
    expect(router.state.location.pathname).toBe(PATH);
    expect(screen.getByRole('button', { name: SUBMIT })).toBeEnabled();
  });

  it("on 409 with nothing refused any more goes back to the data, the server's message in a notice", async () => {
    const xhr = installFakeXhr();
    const { user, router } = await open(TWO_REFUSED, reviewedStudent({}, 'accepted'));
    await user.upload(imageInput('frontIdCard'), pngFile('id.png'));
    await waitFor(() => expect(screen.getAllByText(/^الصورة المختارة:/)).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    act(() => {
      void xhr
        .next()
        .then((request) =>
          request.reply(409, { status: 'error', message: REVIEW_MESSAGES.replaceNotRefused }),
        );
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/studentDataView'));
    expect(await screen.findByText(REVIEW_MESSAGES.replaceNotRefused)).toBeInTheDocument();
  });

  it('keeps the choices and says the network message when the connection drops', async () => {
    const xhr = installFakeXhr();
    const { user } = await open(TWO_REFUSED);
    await user.upload(imageInput('frontIdCard'), pngFile('id.png'));
    await waitFor(() => expect(screen.getAllByText(/^الصورة المختارة:/)).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    act(() => {
      void xhr.next().then((request) => request.failNetwork());
    });
    expect(await screen.findByText(`${MESSAGES.networkError} (رمز الحالة: 0)`)).toBeInTheDocument();
    expect(screen.getByText(/^الصورة المختارة:/)).toHaveTextContent('id.png');
    expect(screen.getByRole('button', { name: SUBMIT })).toBeEnabled();
  });
});

describe('replaceDocuments: the deadline', { timeout: 15_000 }, () => {
  function openWithDeadline(...answers: Parameters<typeof lookups>) {
    storeLogin();
    const api = mockApi({ [GET_STUDENT]: lookups(...answers), ...BRANDING_IN_RIYADH });
    return { ...renderApp(PATH), api };
  }

  it('shows the deadline and its countdown above the pickers', async () => {
    clockAt(minutesBeforeDeadline(30.5));
    openWithDeadline({ ...TWO_REFUSED, dataDeadline: DEADLINE });
    await screen.findByRole('button', { name: SUBMIT });
    const countdown = await screen.findByText('متبقٍ 30 دقيقة');
    expect(await screen.findByText(DEADLINE_IN_RIYADH)).toBeInTheDocument();
    expect(
      countdown.compareDocumentPosition(imageInput('frontIdCard')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('says the replacement is closed after the deadline', async () => {
    clockAt(minutesBeforeDeadline(-5));
    openWithDeadline({ ...TWO_REFUSED, dataDeadline: DEADLINE });
    const closed = await screen.findByText(deadlinePassedMessage(DEADLINE_IN_RIYADH));
    expect(closed.closest('[role="status"]')).toHaveTextContent(DATA_DEADLINE_TEXTS.closed);
  });

  it("shows the server's 403 beside the button, and the closed notice from the fresh lookup", async () => {
    clockAt(minutesBeforeDeadline(-1));
    const refusal = deadlinePassedMessage(DEADLINE_IN_RIYADH);
    const xhr = installFakeXhr();
    // The deadline was set, to a time already past, after this student opened the screen.
    const { api } = openWithDeadline(TWO_REFUSED, { ...TWO_REFUSED, dataDeadline: DEADLINE });
    await screen.findByRole('button', { name: SUBMIT });
    const user = userEvent.setup();
    await user.upload(imageInput('frontIdCard'), pngFile('id.png'));
    await waitFor(() => expect(screen.getAllByText(/^الصورة المختارة:/)).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    act(() => {
      void xhr.next().then((request) => request.reply(403, { status: 'error', message: refusal }));
    });
    await waitFor(() => expect(document.querySelector('[data-type="error"]')).toHaveTextContent(refusal));
    await waitFor(() => expect(api.bodiesOf(GET_STUDENT)).toHaveLength(2));
    expect(await screen.findByText(DATA_DEADLINE_TEXTS.closed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: SUBMIT })).toBeEnabled();
  });
});
