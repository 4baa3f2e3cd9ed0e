import { MESSAGES } from '@portal/common';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fails, ok, signedInAs } from '@/components/admin/testing/staff-fixtures';
import { listPath, studentRecord } from '@/components/admin/testing/student-records';
import { SEASONS, seasonsAnswer } from '@/components/season-select/testing/seasons';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import {
  ahmed,
  COLLEGES,
  COMMERCE,
  COUNTS,
  completed,
  fatma,
  listHandler,
  openScreen,
  resetAroundEachTest,
  SEARCH,
  showFaculty,
  total,
} from './testing/students-info';

vi.mock('@/components/admin/open-download', () => ({ openDownload: vi.fn() }));

resetAroundEachTest();

describe('students info', () => {
  it("shows a super admin every faculty's totals until a faculty is chosen, then its students", async () => {
    const { user, api } = await openScreen('SUPERADMIN');
    const picker = screen.getByRole('form', { name: 'اختيار الكلية' });
    expect(within(picker).getByLabelText('الكلية')).toHaveDisplayValue('اختر الكلية');
    await waitFor(() => expect(total()).toBe('1234'));
    expect(completed()).toBe('321');
    expect(api.bodiesOf(listPath(1))).toEqual([]);

    await user.click(within(picker).getByRole('button', { name: 'عرض الطلاب' }));
    expect(await within(picker).findByText(MESSAGES.facultyRequired)).toBeInTheDocument();

    await showFaculty(user);
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['الاسم', 'الرقم القومي', 'رقم الموبايل', 'الكلية', 'حالة البيانات', 'المستندات', 'الإجراءات']);
    expect(api.bodiesOf(listPath(1))).toEqual([
      { faculty: COMMERCE, isComplete: null, documentsStatus: null },
    ]);
    await waitFor(() => expect(total()).toBe('2'));
    expect(completed()).toBe('1');
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first as HTMLElement).getByText('مكتملة')).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText('غير مكتملة')).toBeInTheDocument();
  });

  it('shows only the first four words of a name, with the full name as its title', async () => {
    const { user } = await openScreen('SUPERADMIN');
    await showFaculty(user);
    const table = await screen.findByRole('table');
    const cut = within(table).getByText('أحمد محمد علي حسن');
    expect(cut.parentElement).toHaveAttribute('title', 'أحمد محمد علي حسن إبراهيم السيد');
    expect(
      within(table).queryByText('أحمد محمد علي حسن إبراهيم السيد', { ignore: '[aria-hidden]' }),
    ).toBeInTheDocument();
    expect(
      within(table).getByRole('rowheader', { name: 'أحمد محمد علي حسن إبراهيم السيد' }),
    ).toBeInTheDocument();
    // A name of four words or fewer is shown whole.
    expect(within(table).getByRole('rowheader', { name: 'فاطمة محمود عبد الله' })).toBeInTheDocument();
  });

  it('needs a search text and a search type, each with its own message, before it searches', async () => {
    const { user, api } = await openScreen('SUPERADMIN', {
      [SEARCH]: ({ body }) =>
        (body as { nationalID: string | null }).nationalID
          ? fails(404, MESSAGES.noStudentData)
          : ok({ data: [fatma], studentsNumber: 1 }),
    });
    const search = screen.getByRole('search', { name: 'البحث عن طالب' });
    await user.click(within(search).getByRole('button', { name: 'بحث' }));
    expect(await within(search).findByText(MESSAGES.studentSearchRequired)).toBeInTheDocument();
    expect(within(search).getByText(MESSAGES.studentSearchTypeRequired)).toBeInTheDocument();
    expect(within(search).getByLabelText('نص البحث')).toHaveAccessibleDescription(
      MESSAGES.studentSearchRequired,
    );

    await user.type(within(search).getByLabelText('نص البحث'), '  فاطمة ');
    await user.click(within(search).getByRole('button', { name: 'بحث' }));
    expect(within(search).queryByText(MESSAGES.studentSearchRequired)).not.toBeInTheDocument();
    expect(within(search).getByText(MESSAGES.studentSearchTypeRequired)).toBeInTheDocument();
    expect(api.bodiesOf(SEARCH)).toEqual([]);

    await user.selectOptions(within(search).getByLabelText('نوع البحث'), 'الاسم');
    await user.click(within(search).getByRole('button', { name: 'بحث' }));
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('rowheader', { name: 'فاطمة محمود عبد الله' })).toBeInTheDocument();
    expect(within(table).getByText('نتائج البحث: 1 طالب')).toBeInTheDocument();

    // A 404 is an empty result, not an error.
    await user.selectOptions(within(search).getByLabelText('نوع البحث'), 'الرقم القومي');
    await user.clear(within(search).getByLabelText('نص البحث'));
    await user.type(within(search).getByLabelText('نص البحث'), '٣٠٨٠١٠١٠١٠٠٠١١');
    await user.click(within(search).getByRole('button', { name: 'بحث' }));
    expect(await screen.findByText(MESSAGES.noStudentData)).toBeInTheDocument();
    expect(api.bodiesOf(SEARCH)).toEqual([
      { studentName: 'فاطمة', nationalID: null, isComplete: null, documentsStatus: null, faculty: null },
      {
        studentName: null,
        nationalID: '٣٠٨٠١٠١٠١٠٠٠١١',
        isComplete: null,
        documentsStatus: null,
        faculty: null,
      },
    ]);

    await user.click(within(search).getByRole('button', { name: 'إلغاء البحث' }));
    expect(await screen.findByText(/اختر الكلية ثم اضغط/)).toBeInTheDocument();
  });

  it('filters on completed data, for the list and the search', async () => {
    const { user, api } = await openScreen('SUPERADMIN', {
      [listPath(1)]: (request) =>
        listHandler((request.body as { isComplete: boolean | null }).isComplete ? [ahmed] : [ahmed, fatma])(
          request,
        ),
      [SEARCH]: () => ok({ data: [ahmed], studentsNumber: 1 }),
    });
    await showFaculty(user);
    await screen.findByRole('rowheader', { name: fatma.studentName });
    await user.click(screen.getByRole('checkbox', { name: 'أكملوا بياناتهم' }));
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: fatma.studentName })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('rowheader', { name: ahmed.studentName })).toBeInTheDocument();
    expect(api.bodiesOf(listPath(1)).at(-1)).toEqual({
      faculty: COMMERCE,
      isComplete: true,
      documentsStatus: null,
    });

    const search = screen.getByRole('search', { name: 'البحث عن طالب' });
    await user.selectOptions(within(search).getByLabelText('نوع البحث'), 'الاسم');
    await user.type(within(search).getByLabelText('نص البحث'), 'أحمد');
    await user.click(within(search).getByRole('button', { name: 'بحث' }));
    await screen.findByText('نتائج البحث: 1 طالب');
    expect(api.bodiesOf(SEARCH)).toEqual([
      { studentName: 'أحمد', nationalID: null, isComplete: true, documentsStatus: null, faculty: COMMERCE },
    ]);
  });

  it('filters on the documents status, for the list and the search', async () => {
    const refused = studentRecord({ isComplete: true, documentsStatus: 'needsReupload' });
    const { user, api } = await openScreen('SUPERADMIN', {
      [listPath(1)]: (request) =>
        (request.body as { documentsStatus: string | null }).documentsStatus
          ? ok({
              faculty: COMMERCE,
              data: [refused],
              studentsNumber: 1234,
              completedStudentsNumber: 900,
              filteredStudentsNumber: 1,
            })
          : listHandler([ahmed, fatma], { all: 1234, completed: 900 })(request),
      [SEARCH]: () => ok({ data: [refused], studentsNumber: 1 }),
    });
    await showFaculty(user);
    await screen.findByRole('rowheader', { name: fatma.studentName });
    await user.selectOptions(screen.getByLabelText('حالة المستندات'), 'مطلوب إعادة الرفع');
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: fatma.studentName })).not.toBeInTheDocument(),
    );
    expect(api.bodiesOf(listPath(1)).at(-1)).toEqual({
      faculty: COMMERCE,
      isComplete: null,
      documentsStatus: 'needsReupload',
    });
    // The caption and the pages go by the filter's count, not the faculty's 1234.
    expect(screen.getByText(`${COMMERCE}: الطلاب 1–1 من 1 (صفحة 1 من 1)`)).toBeInTheDocument();
    expect(
      screen.queryByRole('navigation', { name: 'صفحات قائمة الطلاب (أعلى الجدول)' }),
    ).not.toBeInTheDocument();

    const search = screen.getByRole('search', { name: 'البحث عن طالب' });
    await user.selectOptions(within(search).getByLabelText('نوع البحث'), 'الاسم');
    await user.type(within(search).getByLabelText('نص البحث'), 'طالب');
    await user.click(within(search).getByRole('button', { name: 'بحث' }));
    await screen.findByText('نتائج البحث: 1 طالب');
    expect(api.bodiesOf(SEARCH)).toEqual([
      {
        studentName: 'طالب',
        nationalID: null,
        isComplete: null,
        documentsStatus: 'needsReupload',
        faculty: COMMERCE,
      },
    ]);

    await user.selectOptions(screen.getByLabelText('حالة المستندات'), 'كل الحالات');
    await user.click(within(search).getByRole('button', { name: 'إلغاء البحث' }));
    await screen.findByRole('rowheader', { name: fatma.studentName });
    expect(api.bodiesOf(listPath(1)).at(-1)).toEqual({
      faculty: COMMERCE,
      isComplete: null,
      documentsStatus: null,
    });
  });

  it("shows each row's documents status and opens the record page from the name", async () => {
    const accepted = studentRecord({
      studentName: 'منى سعيد',
      isComplete: true,
      documentsStatus: 'accepted',
    });
    const { user, router } = await openScreen('SUPERADMIN', {
      [listPath(1)]: listHandler([accepted, fatma]),
      [`GET /api/v1/students/record/${accepted._id}`]: () => fails(404, 'الطالب غير موجود'),
    });
    await showFaculty(user);
    const table = await screen.findByRole('table');
    const [, first, second] = within(table).getAllByRole('row') as HTMLElement[];
    expect(within(first as HTMLElement).getByText('مقبولة')).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText('لم تكتمل البيانات')).toBeInTheDocument();

    const link = within(first as HTMLElement).getByRole('link', { name: accepted.studentName });
    expect(link).toHaveAttribute('href', `/admin/students/${accepted._id}`);
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/students/${accepted._id}`));
    expect(await screen.findByText('الطالب غير موجود')).toBeInTheDocument();
  });

  it('asks before deleting the named student; yes removes the row and lowers the totals', async () => {
    const { user, api } = await openScreen('SUPPORT', {
      [`DELETE /api/v1/students/deleteStudent/${ahmed._id}`]: () => ok({ message: MESSAGES.studentDeleted }),
    });
    await showFaculty(user);
    await user.click(await screen.findByRole('button', { name: `حذف ${ahmed.studentName}` }));
    const question = `هل تريد حذف الطالب ${ahmed.studentName}؟`;
    const dialog = await screen.findByRole('dialog', { name: question });
    expect(within(dialog).getByRole('button', { name: 'لا' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'لا' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('rowheader', { name: ahmed.studentName })).toBeInTheDocument();
    expect(api.bodiesOf(`DELETE /api/v1/students/deleteStudent/${ahmed._id}`)).toEqual([]);

    await user.click(screen.getByRole('button', { name: `حذف ${ahmed.studentName}` }));
    await user.click(
      within(await screen.findByRole('dialog', { name: question })).getByRole('button', { name: 'نعم' }),
    );
    expect(await screen.findByText(MESSAGES.studentDeleted)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: ahmed.studentName })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('rowheader', { name: fatma.studentName })).toBeInTheDocument();
    expect(total()).toBe('1');
    expect(completed()).toBe('0');
    expect(api.bodiesOf(`DELETE /api/v1/students/deleteStudent/${ahmed._id}`)).toHaveLength(1);
  });

  it('shows a faculty ADMIN its own faculty at once, with no faculty choice, delete or downloads', async () => {
    const { api } = await openScreen('ADMIN');
    const table = await screen.findByRole('table');
    expect(api.bodiesOf(listPath(1))).toEqual([{ faculty: null, isComplete: null, documentsStatus: null }]);
    expect(screen.queryByRole('form', { name: 'اختيار الكلية' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('الكلية')).not.toBeInTheDocument();
    expect(screen.getAllByText(COMMERCE).length).toBeGreaterThan(0);
    expect(within(table).queryByRole('button', { name: /^حذف/ })).not.toBeInTheDocument();
    // Its only row action: the admission form of a complete student.
    expect(
      within(table)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual([`استمارة الالتحاق ${ahmed.studentName}`]);
    expect(screen.queryByRole('region', { name: 'تنزيل البيانات' })).not.toBeInTheDocument();
    expect(api.bodiesOf(COUNTS)).toEqual([]);
  });

  it('follows a funnel count: the faculty, step and state from the address, and a message to those students', async () => {
    const api = mockApi({
      ...signedInAs('SUPPORT'),
      [SEASONS]: seasonsAnswer(),
      [COLLEGES]: () => ok({ data: { data: [COMMERCE, 'كلية الآداب'] } }),
      [listPath(1)]: () =>
        ok({
          faculty: COMMERCE,
          data: [fatma],
          studentsNumber: 2,
          completedStudentsNumber: 1,
          filteredStudentsNumber: 1,
        }),
    });
    renderApp(`/admin/studentsInfo?faculty=${encodeURIComponent(COMMERCE)}&step=documents&state=blocked`);
    const table = await screen.findByRole('table');
    expect(api.bodiesOf(listPath(1))).toEqual([
      {
        faculty: COMMERCE,
        isComplete: null,
        documentsStatus: null,
        progress: { step: 'documents', state: 'blocked' },
      },
    ]);
    expect(within(table).getByRole('caption')).toHaveTextContent('من 1 ');
    const notice = screen.getByRole('region', { name: 'خطوة المتابعة' });
    expect(notice).toHaveTextContent('مراجعة المستندات — متوقفون (مطلوب إجراء)');
    const message = within(notice).getByRole('link', { name: 'إرسال رسالة إلى هؤلاء الطلاب' });
    const target = new URL(message.getAttribute('href') ?? '', 'http://portal');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      faculty: COMMERCE,
      step: 'documents',
      state: 'blocked',
    });
  });
});
