// The student list's tests share these: its calls, two students, and the steps that open the screen and choose a
// faculty. Each test file mocks the download opener itself (vi.mock applies to the file that calls it).
import { notifications } from '@mantine/notifications';
import type { StaffRole, StudentRecord } from '@portal/common';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { openDownload } from '@/components/admin/open-download';
import { ok, signedInAs } from '@/components/admin/testing/staff-fixtures';
import { listPath, studentRecord } from '@/components/admin/testing/student-records';
import { SEASONS, seasonsAnswer } from '@/components/season-select/testing/seasons';
import { type Handler, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

export const COLLEGES = 'GET /api/v1/colleges';
export const COUNTS = 'GET /api/v1/users/getAllStudentsNumber';
export const SEARCH = 'POST /api/v1/students/getStudentInfo';
export const DOWNLOAD = (type: string) => `POST /api/v1/students/downloadStudentData/${type}`;
export const FORM_LINK = 'POST /api/v1/forms/downloadLink';
export const COMMERCE = 'كلية التجارة';

export const ahmed = studentRecord({ studentName: 'أحمد محمد علي حسن إبراهيم السيد', isComplete: true });
export const fatma = studentRecord({ studentName: 'فاطمة محمود عبد الله' });

export function listHandler(
  students: StudentRecord[],
  totals = { all: students.length, completed: 1 },
): Handler {
  return () =>
    ok({
      faculty: COMMERCE,
      data: students,
      studentsNumber: totals.all,
      completedStudentsNumber: totals.completed,
    });
}

export async function openScreen(role: StaffRole, handlers: Record<string, Handler> = {}) {
  const api = mockApi({
    ...signedInAs(role),
    [SEASONS]: seasonsAnswer(),
    [COLLEGES]: () => ok({ data: { data: [COMMERCE, 'كلية الآداب'] } }),
    [COUNTS]: () => ok({ data: { allStudentsNumber: 1234, allStudentsNumberCompleted: 321 } }),
    [listPath(1)]: listHandler([ahmed, fatma]),
    ...handlers,
  });
  const app = renderApp('/admin/studentsInfo');
  await screen.findByRole('heading', { name: 'بيانات الطلاب' });
  return { ...app, api };
}

/** Chooses the faculty and shows its students, as a super admin or support does. */
export async function showFaculty(user: ReturnType<typeof renderApp>['user'], faculty = COMMERCE) {
  const picker = screen.getByRole('form', { name: 'اختيار الكلية' });
  await waitFor(() => expect(within(picker).getByRole('option', { name: faculty })).toBeInTheDocument());
  await user.selectOptions(within(picker).getByLabelText('الكلية'), faculty);
  await user.click(within(picker).getByRole('button', { name: 'عرض الطلاب' }));
}

export const total = () => screen.getByTestId('students-total').textContent;
export const completed = () => screen.getByTestId('students-completed').textContent;

/** Downloads are opened through a mock (jsdom cannot navigate) and scrolling is a no-op; notices are cleared. */
export function resetAroundEachTest(): void {
  // Notices outlive a test in Mantine's store; a full queue would hold back the next test's notices.
  afterEach(() => {
    act(() => notifications.clean());
  });

  beforeEach(() => {
    vi.mocked(openDownload).mockClear();
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });
}
