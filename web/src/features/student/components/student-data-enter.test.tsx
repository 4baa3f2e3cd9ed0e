import {
  COMPLETE_DATA_LABELS,
  IMAGE_KIND_LABELS,
  IMAGE_KINDS,
  MESSAGE_TEMPLATES,
  MESSAGES,
} from '@portal/common';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { preloadScreens } from '@/app/preload-screens';
import { routes } from '@/app/routes';
import { installFakeXhr } from '@/testing/fake-xhr';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { compressImage } from '../complete-data/compress-image';
import { pngFile } from '../complete-data/testing/image-files';
import { STUDENT_SCREEN_HEADINGS } from '../screen-heading/screen-headings';
import {
  fillText,
  imageInput,
  open,
  PLAIN,
  PROGRAMS,
  resetAroundEachTest,
  SOCIAL,
  STORED,
  SUBMIT,
  storedBody,
  TOURIST,
  textbox,
  typeInto,
} from '../testing/student-data-enter';
import { GET_STUDENT, lookups, storeLogin } from '../testing/student-fixtures';

vi.mock('../complete-data/compress-image', () => ({ compressImage: vi.fn(async (file: File) => file) }));
vi.mock('../complete-data/tus-upload', () => import('../complete-data/testing/fake-tus-upload'));

resetAroundEachTest();

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
