import { notifications } from '@mantine/notifications';
import {
  COMPLETE_DATA_FIELDS,
  COMPLETE_DATA_LABELS,
  type CompleteDataField,
  type CompleteDataFormValues,
  deadlinePassedMessage,
  formatDeadline,
  IMAGE_KIND_LABELS,
  IMAGE_KINDS,
  MESSAGE_TEMPLATES,
  MESSAGES,
  STAGED_UPLOADS_FIELD,
  STEP_UP_MESSAGES,
  type StudentData,
} from '@portal/common';
import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { preloadScreens } from '@/app/preload-screens';
import { routes } from '@/app/routes';
import { installFakeXhr } from '@/testing/fake-xhr';
import { type Handler, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { compressImage } from '../complete-data/compress-image';
import { draftKey } from '../complete-data/draft-storage';
import { STORED_PLACEHOLDER } from '../complete-data/image-picker';
import { SHOW_STORED } from '../complete-data/stored-previews';
import { fakeUploadId, startDocumentUpload } from '../complete-data/testing/fake-tus-upload';
import { pngFile } from '../complete-data/testing/image-files';
import { DATA_DEADLINE_TEXTS } from '../deadline/data-deadline';
import { STUDENT_SCREEN_HEADINGS } from '../screen-heading/screen-headings';
import {
  BRANDING_IN_RIYADH,
  clockAt,
  DEADLINE,
  DEADLINE_IN_RIYADH,
  GET_STUDENT,
  lookups,
  minutesBeforeDeadline,
  STUDENT_ID,
  storeLogin,
} from '../testing/student-fixtures';

vi.mock('../complete-data/compress-image', () => ({ compressImage: vi.fn(async (file: File) => file) }));
vi.mock('../complete-data/tus-upload', () => import('../complete-data/testing/fake-tus-upload'));

const STORED = `GET /api/v1/students/completeStudentData/${STUDENT_ID}`;
const TOURISM = 'كلية السياحة والفنادق';
const SOCIAL_WORK = 'كلية الخدمة الاجتماعية';
const PROGRAMS_CALL = `GET /api/v1/colleges/tourism/${encodeURIComponent(TOURISM)}/programs`;
const PROGRAMS = ['الإرشاد السياحي', 'الدراسات الفندقية', 'الدراسات السياحية', 'إدارة الضيافة'];
const SUBMIT = 'حفظ البيانات';
const PHOTO_PROBE = `GET /api/v1/students/photo/${STUDENT_ID}/frontIdCard`;

/** The stored-image reads the screen fetched, as 'METHOD path'. */
function photoReads(api: { fetchMock: { mock: { calls: [RequestInfo | URL, RequestInit?][] } } }) {
  return api.fetchMock.mock.calls
    .map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`)
    .filter((call) => call.includes('/students/photo/'));
}

const PLAIN: Partial<StudentData> = { college: 'كلية التجارة' };
const SOCIAL: Partial<StudentData> = { college: SOCIAL_WORK, socialWork: true };
const TOURIST: Partial<StudentData> = { college: TOURISM, tourism: true };

const noValues = Object.fromEntries(
  COMPLETE_DATA_FIELDS.map((field) => [field, '']),
) as CompleteDataFormValues;

function storedBody(values: Partial<CompleteDataFormValues> = {}, photoKinds: readonly string[] = []) {
  return {
    status: 'success',
    data: {
      isComplete: photoKinds.length === 6,
      values: { ...noValues, ...values },
      photos: photoKinds.map((kind) => ({
        kind,
        contentType: 'image/png',
        sizeBytes: 2048,
        reviewStatus: 'pending',
        reviewNote: null,
        uploadedAt: '2026-07-01T08:00:00.000Z',
      })),
    },
  };
}

/** Every text field a valid value, by college. */
const VALID: Record<Exclude<CompleteDataField, 'qualificationYear'>, string> = {
  studentNameEn: 'Mona Ahmed Ali',
  city: 'المنصورة',
  brothersNum: '٣',
  brothersMaleNum: '2',
  brothersFemaleNum: '1',
  brothersOrder: '2',
  income: '6000',
  motherName: 'فاطمة حسن',
  motherNationality: 'مصرية',
  motherJob: 'معلمة',
  motherMobile: '01012345678',
  fatherNationality: 'مصري',
  fatherMobile: '01112345678',
  phoneNumber: '٠١٢١٢٣٤٥٦٧٨',
  homeTel: '0502212345',
  address: 'شارع النيل، المنصورة',
  email: 'mona@example.com',
  program1: PROGRAMS[0] ?? '',
  program2: PROGRAMS[1] ?? '',
  program3: PROGRAMS[2] ?? '',
  qualification: 'الثانوية العامة',
  totalGrade: '385.5',
  percentage: '93.75',
  masterName: 'أحمد علي',
  masterJob: 'مهندس',
  masterQualification: 'بكالوريوس هندسة',
  fatherName: 'أحمد علي',
  fatherJob: 'مهندس',
  fatherQualification: 'بكالوريوس هندسة',
};

type User = ReturnType<typeof userEvent.setup>;

async function open(flags: Partial<StudentData>, handlers: Record<string, Handler> = {}) {
  storeLogin();
  const api = mockApi({
    [GET_STUDENT]: lookups(flags),
    [STORED]: () => ({ body: storedBody() }),
    [PROGRAMS_CALL]: () => ({ body: { status: 'success', data: { data: PROGRAMS } } }),
    ...handlers,
  });
  const rendered = renderApp('/dashboard/studentDataEnter');
  await screen.findByRole('button', { name: SUBMIT });
  // applyAccept: false, so a test can pick a file the picker's accept list would hide.
  const user = userEvent.setup({ applyAccept: false });
  return { ...rendered, api, user };
}

const textbox = (label: string) => screen.getByRole('textbox', { name: label });

async function typeInto(user: User, label: string, value: string) {
  const input = textbox(label);
  await user.clear(input);
  await user.click(input);
  await user.paste(value);
}

/** Fills every text field at once (a change event each: typing thirty fields key by key is slow in jsdom). */
async function fillText(user: User, flags: Partial<StudentData>) {
  const fill = (label: string, value: string) => fireEvent.change(textbox(label), { target: { value } });
  for (const [field, value] of Object.entries(VALID) as [keyof typeof VALID, string][]) {
    if (field.startsWith('program')) continue;
    const label = COMPLETE_DATA_LABELS[field];
    if (!flags.socialWork && screen.queryByRole('textbox', { name: label }) === null) continue;
    fill(label, value);
  }
  fill('السنة الأولى', '2025');
  fill('السنة الثانية', '٢٠٢٦');
  if (flags.tourism) {
    for (const slot of ['program1', 'program2', 'program3'] as const) {
      await user.selectOptions(
        screen.getByRole('combobox', { name: COMPLETE_DATA_LABELS[slot] }),
        VALID[slot],
      );
    }
  }
}

/** The label ends with a required mark hidden from screen readers, so it is matched by its start. */
const imageInput = (kind: (typeof IMAGE_KINDS)[number]) =>
  screen.getByLabelText(IMAGE_KIND_LABELS[kind], { exact: false, selector: 'input[type="file"]' });

async function chooseAllImages(user: User) {
  for (const kind of IMAGE_KINDS) await user.upload(imageInput(kind), pngFile(`${kind}.png`));
  await waitFor(() => expect(screen.getAllByText(/^الصورة المختارة:/)).toHaveLength(6));
}

let objectUrls = 0;
beforeEach(() => {
  objectUrls = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
    objectUrls += 1;
    return `blob:preview-${objectUrls}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.mocked(compressImage).mockImplementation(async (file: File) => file);
  startDocumentUpload.mockClear();
});

afterEach(() => {
  // The notices live in a store of their own, which outlives one rendered app.
  act(() => notifications.clean());
  window.localStorage.clear();
  vi.restoreAllMocks();
});

describe('studentDataEnter: sections by college', { timeout: 15_000 }, () => {
  it('shows its introduction while the student is looked up, and its title once it is known', async () => {
    storeLogin();
    mockApi({
      [GET_STUDENT]: lookups({ ...PLAIN, isComplete: true }),
      [STORED]: () => ({ body: storedBody() }),
    });
    renderApp('/dashboard/studentDataEnter');
    expect(screen.getByText(STUDENT_SCREEN_HEADINGS.studentDataEnter.intro)).toBeInTheDocument();
    expect(screen.getByRole('status', { name: MESSAGES.loading })).toBeInTheDocument();
    // Whether the student completes or edits their data is not known yet: no title rather than a wrong one.
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
    expect(await screen.findByRole('heading', { level: 2 })).toHaveTextContent('تعديل البيانات');
  });

  it('asks a plain college for student, guardian and father data and the six images only', async () => {
    await open(PLAIN);
    expect(screen.getByRole('heading', { name: 'استكمال البيانات' })).toBeInTheDocument();
    for (const title of ['بيانات الطالب', 'بيانات ولي الأمر', 'بيانات الأب', 'رفع الملفات']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(screen.queryByRole('heading', { name: 'بيانات الأم' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'بيانات الأسرة' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'اختيار البرامج' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: COMPLETE_DATA_LABELS.city })).toBeNull();
    expect(screen.queryByRole('textbox', { name: COMPLETE_DATA_LABELS.fatherMobile })).toBeNull();
    for (const kind of IMAGE_KINDS)
      expect(imageInput(kind)).toHaveAttribute(
        'accept',
        'image/png,image/jpeg,image/heic,image/heif,.heic,.heif',
      );
  });

  it('asks the social-work college for the mother and family data too', async () => {
    await open(SOCIAL);
    expect(screen.getByRole('heading', { name: 'بيانات الأم' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'بيانات الأسرة' })).toBeInTheDocument();
    for (const field of ['city', 'brothersNum', 'income', 'motherMobile', 'fatherNationality'] as const) {
      expect(textbox(COMPLETE_DATA_LABELS[field])).toBeInTheDocument();
    }
    expect(textbox(COMPLETE_DATA_LABELS.brothersNum)).toHaveAttribute('inputmode', 'numeric');
    expect(screen.queryByRole('heading', { name: 'اختيار البرامج' })).toBeNull();
  });

  it('offers a tourism student three program lists, a chosen program leaving the other two', async () => {
    const { user } = await open(TOURIST);
    expect(screen.queryByRole('heading', { name: 'بيانات الأم' })).toBeNull();
    const list = (slot: 1 | 2 | 3) =>
      screen.getByRole('combobox', { name: `البرنامج ${['الأول', 'الثاني', 'الثالث'][slot - 1]}` });
    const offered = (slot: 1 | 2 | 3) =>
      within(list(slot))
        .getAllByRole('option')
        .map((option) => option.getAttribute('value'))
        .filter(Boolean);
    expect(offered(1)).toEqual(PROGRAMS);

    await user.selectOptions(list(1), 'الدراسات الفندقية');
    expect(offered(2)).not.toContain('الدراسات الفندقية');
    expect(offered(3)).not.toContain('الدراسات الفندقية');
    expect(offered(1)).toContain('الدراسات الفندقية');

    await user.selectOptions(list(2), 'إدارة الضيافة');
    expect(offered(3)).toEqual(['الإرشاد السياحي', 'الدراسات السياحية']);
    expect(offered(1)).not.toContain('إدارة الضيافة');

    // Changing a choice gives the old program back to the other lists.
    await user.selectOptions(list(1), 'الإرشاد السياحي');
    expect(offered(3)).toEqual(['الدراسات الفندقية', 'الدراسات السياحية']);
  });
});

describe('studentDataEnter: validation in the order of the spec', { timeout: 15_000 }, () => {
  it('shows the first broken rule with its message, marks the field and moves the focus to it', async () => {
    const { user } = await open(SOCIAL);
    await user.click(screen.getByRole('button', { name: SUBMIT }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.studentNameEnRequired);
    const name = textbox(COMPLETE_DATA_LABELS.studentNameEn);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(MESSAGES.studentNameEnRequired);
    expect(name).toHaveFocus();

    // Rule 2 comes before rule 3 for the social-work college: city, before the mobile.
    await typeInto(user, COMPLETE_DATA_LABELS.studentNameEn, 'Mona Ali');
    expect(name).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(textbox(COMPLETE_DATA_LABELS.city)).toHaveFocus());
    expect(textbox(COMPLETE_DATA_LABELS.city)).toHaveAccessibleDescription(MESSAGES.cityRequired);
  });

  it('goes to the mobile after the English name for other colleges, then the year parts, then grades', async () => {
    const { user } = await open(PLAIN);
    await typeInto(user, COMPLETE_DATA_LABELS.studentNameEn, 'Mona Ali');
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(textbox(COMPLETE_DATA_LABELS.phoneNumber)).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.phoneRequired);

    await fillText(user, PLAIN);
    await user.clear(textbox('السنة الثانية'));
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    const second = textbox('السنة الثانية');
    await waitFor(() => expect(second).toHaveFocus());
    expect(second).toHaveAccessibleDescription(MESSAGES.qualificationYearRequired);

    await typeInto(user, 'السنة الثانية', '2026');
    await typeInto(user, COMPLETE_DATA_LABELS.totalGrade, '٠');
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(textbox(COMPLETE_DATA_LABELS.totalGrade)).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.totalGradeZero);
  });

  it('asks for the images last, the first missing one focused', async () => {
    const xhr = installFakeXhr();
    const { user } = await open(PLAIN);
    await fillText(user, PLAIN);
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    const message = MESSAGE_TEMPLATES.imageRequired(IMAGE_KIND_LABELS.frontIdCard);
    await waitFor(() => expect(imageInput('frontIdCard')).toHaveFocus());
    expect(imageInput('frontIdCard')).toHaveAttribute('aria-invalid', 'true');
    expect(imageInput('frontIdCard')).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(xhr.sent()).toHaveLength(0);
  });

  it('refuses a file that is not a png or jpeg image, by its type or by its bytes', async () => {
    const { user } = await open(PLAIN);
    await user.upload(
      imageInput('birthCertificate'),
      new File(['%PDF-1.7'], 'birth.pdf', { type: 'application/pdf' }),
    );
    const picker = imageInput('birthCertificate');
    await waitFor(() => expect(picker).toHaveAttribute('aria-invalid', 'true'));
    expect(picker).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.imageNotImage));

    await user.upload(imageInput('personalPhoto'), new File(['%PDF-1.7'], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(imageInput('personalPhoto')).toHaveAttribute('aria-invalid', 'true'));
    expect(compressImage).not.toHaveBeenCalled();

    // A real image replaces the refusal, with its preview.
    await user.upload(imageInput('personalPhoto'), pngFile('me.png'));
    await waitFor(() => expect(imageInput('personalPhoto')).not.toHaveAttribute('aria-invalid'));
    expect(screen.getByRole('img', { name: `معاينة ${IMAGE_KIND_LABELS.personalPhoto}` })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:preview-/),
    );
  });
});

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

describe('studentDataEnter: the deadline', { timeout: 15_000 }, () => {
  /** The screen opened for a student of a college with `deadline`, the branding on another clock than Cairo's. */
  function openWithDeadline(deadline: string) {
    storeLogin();
    mockApi({
      ...BRANDING_IN_RIYADH,
      [GET_STUDENT]: lookups({ ...PLAIN, dataDeadline: deadline }),
      [STORED]: () => ({ body: storedBody() }),
    });
    return renderApp('/dashboard/studentDataEnter');
  }

  /** The box a notice stands in, and whether it is the first thing of the screen, above its form. */
  const firstOnScreen = (box: Element | null) => box !== null && box.parentElement?.firstElementChild === box;

  it('shows the deadline at the top, with the countdown in its last three days', async () => {
    clockAt(minutesBeforeDeadline((2 * 24 + 5) * 60 + 10));
    openWithDeadline(DEADLINE);
    const countdown = await screen.findByText('متبقٍ يومان و5 ساعات');
    const deadline = await screen.findByText(DEADLINE_IN_RIYADH);
    expect(deadline.closest('p')).toHaveTextContent(`${DATA_DEADLINE_TEXTS.deadline} ${DEADLINE_IN_RIYADH}`);
    expect(firstOnScreen(countdown.closest('[role="note"]'))).toBe(true);
    expect(screen.queryByText(DATA_DEADLINE_TEXTS.closed)).toBeNull();
  });

  it('says the submission is closed once the deadline has passed', async () => {
    clockAt(minutesBeforeDeadline(-1));
    openWithDeadline(DEADLINE);
    const closed = await screen.findByText(deadlinePassedMessage(DEADLINE_IN_RIYADH));
    expect(closed.closest('[role="status"]')).toHaveTextContent(DATA_DEADLINE_TEXTS.closed);
    expect(firstOnScreen(closed.closest('[role="status"]'))).toBe(true);
  });

  it("shows the server's 403 as the form's error, and the closed notice from the fresh lookup", async () => {
    // On the real clock: typing the whole form on a fake one that moves by itself takes too long.
    const passed = new Date(Date.now() - 3_600_000).toISOString();
    const refusal = deadlinePassedMessage(formatDeadline(passed, 'Asia/Riyadh'));
    const xhr = installFakeXhr();
    // The deadline was set, to a time already past, after this student opened the screen.
    const { user, api } = await open(PLAIN, {
      ...BRANDING_IN_RIYADH,
      [GET_STUDENT]: lookups(PLAIN, { ...PLAIN, dataDeadline: passed }),
    });
    expect(screen.queryByText(DATA_DEADLINE_TEXTS.closed)).toBeNull();
    await fillText(user, PLAIN);
    await chooseAllImages(user);
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    act(() => {
      void xhr.next().then((request) => request.reply(403, { status: 'error', message: refusal }));
    });
    // The form's own error box, above its submit button, besides the notice every server error gets.
    await waitFor(() => expect(document.querySelector('[data-type="error"]')).toHaveTextContent(refusal));
    expect(document.querySelector('[data-type="error"]')).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('button', { name: SUBMIT })).toBeEnabled();
    await waitFor(() => expect(api.bodiesOf(GET_STUDENT)).toHaveLength(2));
    expect(await screen.findByText(DATA_DEADLINE_TEXTS.closed)).toBeInTheDocument();
  });
});

describe('studentDataEnter: opened on the page', { timeout: 15_000 }, () => {
  const openPage = () => preloadScreens(routes, '/stAdmission/dashboard/studentDataEnter', '/stAdmission');

  it('uses the lookup and the stored data sent as the page opened, and asks for neither again', async () => {
    storeLogin();
    const api = mockApi({
      [GET_STUDENT]: lookups(PLAIN),
      [STORED]: () => ({ body: storedBody({ email: 'old@example.com' }) }),
    });
    openPage();
    // Sent before anything has rendered.
    expect(api.bodiesOf(GET_STUDENT)).toHaveLength(1);
    expect(api.bodiesOf(STORED)).toHaveLength(1);
    renderApp('/dashboard/studentDataEnter');
    await screen.findByRole('button', { name: SUBMIT });
    expect(textbox(COMPLETE_DATA_LABELS.email)).toHaveValue('old@example.com');
    expect(api.bodiesOf(GET_STUDENT)).toHaveLength(1);
    expect(api.bodiesOf(STORED)).toHaveLength(1);
  });

  it('asks for the stored data again, saying nothing, when the early request was refused', async () => {
    storeLogin();
    let calls = 0;
    const api = mockApi({
      [GET_STUDENT]: lookups(PLAIN),
      [STORED]: () => {
        calls += 1;
        return calls === 1
          ? { status: 401, body: { status: 'error', message: MESSAGES.studentSessionExpired } }
          : { body: storedBody({ email: 'old@example.com' }) };
      },
    });
    openPage();
    renderApp('/dashboard/studentDataEnter');
    await screen.findByRole('button', { name: SUBMIT });
    expect(textbox(COMPLETE_DATA_LABELS.email)).toHaveValue('old@example.com');
    expect(api.bodiesOf(STORED)).toHaveLength(2);
    expect(screen.queryByText(MESSAGES.studentSessionExpired)).toBeNull();
  });
});
