import { IMAGE_KIND_LABELS, REFUSAL_REASON_LABELS, STEP_UP_MESSAGES, type StudentData } from '@portal/common';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setCookie } from '@/lib/cookies';
import { mockApi, studentLookup } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { PROGRESS_TRACKER_TITLE } from '../progress/progress-tracker';
import { reviewedStudent } from '../testing/student-fixtures';
import { DOWNLOAD_MY_DATA } from './download-my-data';

const SOCIAL_WORK = 'كلية الخدمة الاجتماعية';

async function openStudentDataView(
  flags: Partial<StudentData>,
  handlers: Parameters<typeof mockApi>[0] = {},
) {
  setCookie('nationalID', '29901012345678');
  mockApi({ 'POST /api/v1/students/getStudent': () => ({ body: studentLookup(flags) }), ...handlers });
  const rendered = renderApp('/');
  await screen.findByRole('rowheader', { name: 'الاسم' });
  return rendered;
}

const REFUSED_BLOCK = 'مستندات مطلوب استبدالها';
const REPLACE = 'استبدال المستندات المرفوضة';

/** The screen's own links: the spec's buttons and the refusal block's, not the progress tracker's steps. */
const actionNames = () => {
  const tracker = screen.getByRole('region', { name: PROGRESS_TRACKER_TITLE });
  const main = within(screen.getByRole('main'));
  return [...main.queryAllByRole('link'), ...main.queryAllByRole('button', { name: DOWNLOAD_MY_DATA })]
    .filter((link) => !tracker.contains(link))
    .map((link) => link.textContent);
};

describe('student data view', () => {
  it('lists the name/value pairs of the lookup', async () => {
    await openStudentDataView({});
    expect(screen.getByRole('rowheader', { name: 'الاسم' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'منى أحمد علي' })).toBeInTheDocument();
  });

  it.each([
    [{ isComplete: false, college: SOCIAL_WORK }, ['استكمال البيانات', DOWNLOAD_MY_DATA]],
    [{ isComplete: true, college: 'كلية الآداب' }, ['تعديل البيانات', 'تنزيل الاستمارات', DOWNLOAD_MY_DATA]],
    [
      { isComplete: true, college: SOCIAL_WORK },
      ['تعديل البيانات', 'تنزيل الاستمارات', 'موعد الاختبار الشخصي', DOWNLOAD_MY_DATA],
    ],
    // The university renamed the social-work college (issue 19): its flag still marks it.
    [
      { isComplete: true, college: 'كلية الخدمة الاجتماعية والتنمية', socialWork: true },
      ['تعديل البيانات', 'تنزيل الاستمارات', 'موعد الاختبار الشخصي', DOWNLOAD_MY_DATA],
    ],
  ])('with %o offers %o', async (flags, expected) => {
    await openStudentDataView(flags);
    expect(actionNames()).toEqual(expected);
  });
});

describe("student data view: the student's own data", () => {
  const id = studentLookup()._id;
  const zipUrl = `GET /api/v1/students/myData/${id}`;

  it('asks for the step-up when the server needs it, then downloads the zip (issue 33)', async () => {
    const saved = vi.fn(() => 'blob:my-data');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: saved, revokeObjectURL: vi.fn() }));
    let steppedUp = false;
    const { user } = await openStudentDataView(
      {},
      {
        [zipUrl]: () =>
          steppedUp
            ? { body: { zip: true } }
            : { status: 403, body: { status: 'error', message: STEP_UP_MESSAGES.required } },
        [`POST /api/v1/students/stepUp/${id}`]: () => ({
          body: { status: 'success', data: { method: 'code', sentTo: ['010••••5678', 'a•••@example.com'] } },
        }),
        [`POST /api/v1/students/stepUp/${id}/verify`]: ({ body }) => {
          steppedUp = (body as { code: string }).code === '٠٤٢٩١٧';
          return steppedUp
            ? { body: { status: 'success', message: STEP_UP_MESSAGES.verified } }
            : { status: 400, body: { status: 'error', message: STEP_UP_MESSAGES.codeWrong } };
        },
      },
    );
    await user.click(screen.getByRole('button', { name: DOWNLOAD_MY_DATA }));
    const dialog = await screen.findByRole('dialog', { name: STEP_UP_MESSAGES.dialogTitle });
    expect(await within(dialog).findByText('010••••5678')).toBeInTheDocument();
    expect(within(dialog).getByText(/إعادة الإرسال بعد/)).toBeInTheDocument();
    const field = within(dialog).getByRole('textbox', { name: STEP_UP_MESSAGES.codeLabel });
    expect(field).toHaveAttribute('inputmode', 'numeric');
    await user.click(field);
    await user.paste('111111');
    await user.click(within(dialog).getByRole('button', { name: STEP_UP_MESSAGES.verify }));
    expect(await within(dialog).findByText(STEP_UP_MESSAGES.codeWrong)).toBeInTheDocument();
    await user.clear(field);
    await user.paste('٠٤٢٩١٧');
    await user.click(within(dialog).getByRole('button', { name: STEP_UP_MESSAGES.verify }));
    await vi.waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('student data view: documents review', () => {
  it('names each refused document with its reason and note, and links to their replacement', async () => {
    const { router, user } = await openStudentDataView(
      reviewedStudent({
        frontIdCard: { reason: REFUSAL_REASON_LABELS.cropped, note: 'الجزء الأيسر من البطاقة غير ظاهر' },
        personalPhoto: { reason: REFUSAL_REASON_LABELS.unreadable },
      }),
    );
    const block = screen.getByRole('region', { name: REFUSED_BLOCK });
    const items = within(block).getAllByRole('listitem');
    expect(items.map((item) => item.firstChild?.textContent)).toEqual([
      IMAGE_KIND_LABELS.frontIdCard,
      IMAGE_KIND_LABELS.personalPhoto,
    ]);
    expect(items[0]).toHaveTextContent(`سبب الرفض: ${REFUSAL_REASON_LABELS.cropped}`);
    expect(items[0]).toHaveTextContent('ملاحظة: الجزء الأيسر من البطاقة غير ظاهر');
    expect(items[1]).toHaveTextContent(`سبب الرفض: ${REFUSAL_REASON_LABELS.unreadable}`);
    expect(items[1]).not.toHaveTextContent('ملاحظة:');
    // The block comes before the data, and the spec's own buttons are unchanged after it.
    expect(actionNames()).toEqual([REPLACE, 'تعديل البيانات', 'تنزيل الاستمارات', DOWNLOAD_MY_DATA]);
    expect(screen.queryByText('حالة المستندات:')).toBeNull();

    await user.click(within(block).getByRole('link', { name: REPLACE }));
    expect(router.state.location.pathname).toBe('/dashboard/replaceDocuments');
  });

  it("shows a reviewer's note as text, never as markup", async () => {
    const note = '<img src=x onerror=alert(1)> <b>bold</b>';
    await openStudentDataView(reviewedStudent({ birthCertificate: { note } }));
    const block = screen.getByRole('region', { name: REFUSED_BLOCK });
    expect(within(block).getByText(note)).toBeInTheDocument();
    expect(block.querySelector('img, b')).toBeNull();
  });

  it.each([
    ['pending', 'بانتظار المراجعة'],
    ['accepted', 'مقبولة'],
  ] as const)(
    'with nothing refused and documents %s says so in one line, with no block',
    async (others, label) => {
      await openStudentDataView(reviewedStudent({}, others));
      expect(screen.getByText('حالة المستندات:').parentElement).toHaveTextContent(`حالة المستندات: ${label}`);
      expect(screen.queryByRole('region', { name: REFUSED_BLOCK })).toBeNull();
      expect(actionNames()).toEqual(['تعديل البيانات', 'تنزيل الاستمارات', DOWNLOAD_MY_DATA]);
    },
  );

  it('says nothing of documents before the data is complete', async () => {
    await openStudentDataView({ isComplete: false });
    expect(screen.queryByText('حالة المستندات:')).toBeNull();
    expect(screen.queryByRole('region', { name: REFUSED_BLOCK })).toBeNull();
  });
});
