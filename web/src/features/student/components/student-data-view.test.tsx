import { IMAGE_KIND_LABELS, REFUSAL_REASON_LABELS, type StudentData } from '@portal/common';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setCookie } from '@/lib/cookies';
import { mockApi, studentLookup } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { PROGRESS_TRACKER_TITLE } from '../progress/progress-tracker';
import { reviewedStudent } from '../testing/student-fixtures';
import { DOWNLOAD_MY_DATA } from './student-data-view';

const SOCIAL_WORK = 'كلية الخدمة الاجتماعية';

async function openStudentDataView(flags: Partial<StudentData>) {
  setCookie('nationalID', '29901012345678');
  mockApi({ 'POST /api/v1/students/getStudent': () => ({ body: studentLookup(flags) }) });
  const rendered = renderApp('/');
  await screen.findByRole('rowheader', { name: 'الاسم' });
  return rendered;
}

const REFUSED_BLOCK = 'مستندات مطلوب استبدالها';
const REPLACE = 'استبدال المستندات المرفوضة';

/** The screen's own links: the spec's buttons and the refusal block's, not the progress tracker's steps. */
const actionNames = () => {
  const tracker = screen.getByRole('region', { name: PROGRESS_TRACKER_TITLE });
  return within(screen.getByRole('main'))
    .queryAllByRole('link')
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
  it('downloads the zip of everything held about the student, by its own id', async () => {
    await openStudentDataView({});
    const link = screen.getByRole('link', { name: DOWNLOAD_MY_DATA });
    expect(link).toHaveAttribute('href', `/api/v1/students/myData/${studentLookup()._id}`);
    expect(link).toHaveAttribute('download');
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
