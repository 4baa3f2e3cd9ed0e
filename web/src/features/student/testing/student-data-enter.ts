// The studentDataEnter screen's tests share these: its calls, a valid value for every field, and the steps that
// open the screen, fill it and choose its images. Each test file mocks compression and the uploads itself (vi.mock
// applies to the file that calls it).
import { notifications } from '@mantine/notifications';
import {
  COMPLETE_DATA_FIELDS,
  COMPLETE_DATA_LABELS,
  type CompleteDataField,
  type CompleteDataFormValues,
  IMAGE_KIND_LABELS,
  IMAGE_KINDS,
  type StudentData,
} from '@portal/common';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { type Handler, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { compressImage } from '../complete-data/compress-image';
import { startDocumentUpload } from '../complete-data/testing/fake-tus-upload';
import { pngFile } from '../complete-data/testing/image-files';
import { GET_STUDENT, lookups, STUDENT_ID, storeLogin } from './student-fixtures';

export const STORED = `GET /api/v1/students/completeStudentData/${STUDENT_ID}`;
const TOURISM = 'كلية السياحة والفنادق';
const SOCIAL_WORK = 'كلية الخدمة الاجتماعية';
const PROGRAMS_CALL = `GET /api/v1/colleges/tourism/${encodeURIComponent(TOURISM)}/programs`;
export const PROGRAMS = ['الإرشاد السياحي', 'الدراسات الفندقية', 'الدراسات السياحية', 'إدارة الضيافة'];
export const SUBMIT = 'حفظ البيانات';
export const PHOTO_PROBE = `GET /api/v1/students/photo/${STUDENT_ID}/frontIdCard`;

/** The stored-image reads the screen fetched, as 'METHOD path'. */
export function photoReads(api: { fetchMock: { mock: { calls: [RequestInfo | URL, RequestInit?][] } } }) {
  return api.fetchMock.mock.calls
    .map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`)
    .filter((call) => call.includes('/students/photo/'));
}

export const PLAIN: Partial<StudentData> = { college: 'كلية التجارة' };
export const SOCIAL: Partial<StudentData> = { college: SOCIAL_WORK, socialWork: true };
export const TOURIST: Partial<StudentData> = { college: TOURISM, tourism: true };

const noValues = Object.fromEntries(
  COMPLETE_DATA_FIELDS.map((field) => [field, '']),
) as CompleteDataFormValues;

export function storedBody(values: Partial<CompleteDataFormValues> = {}, photoKinds: readonly string[] = []) {
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
export const VALID: Record<Exclude<CompleteDataField, 'qualificationYear'>, string> = {
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

export async function open(flags: Partial<StudentData>, handlers: Record<string, Handler> = {}) {
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

export const textbox = (label: string) => screen.getByRole('textbox', { name: label });

export async function typeInto(user: User, label: string, value: string) {
  const input = textbox(label);
  await user.clear(input);
  await user.click(input);
  await user.paste(value);
}

/** Fills every text field at once (a change event each: typing thirty fields key by key is slow in jsdom). */
export async function fillText(user: User, flags: Partial<StudentData>) {
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
export const imageInput = (kind: (typeof IMAGE_KINDS)[number]) =>
  screen.getByLabelText(IMAGE_KIND_LABELS[kind], { exact: false, selector: 'input[type="file"]' });

export async function chooseAllImages(user: User) {
  for (const kind of IMAGE_KINDS) await user.upload(imageInput(kind), pngFile(`${kind}.png`));
  await waitFor(() => expect(screen.getAllByText(/^الصورة المختارة:/)).toHaveLength(6));
}

/** The browser pieces each test replaces (object URLs, image compression, the uploads), and what each leaves behind. */
export function resetAroundEachTest(): void {
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
}
