import { MESSAGES, type ReviewQueueRow, type StaffRole } from '@portal/common';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fails, ok, signedInAs } from '@/components/admin/testing/staff-fixtures';
import { studentRecord } from '@/components/admin/testing/student-records';
import { type Handler, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const COLLEGES = 'GET /api/v1/colleges';
const COMMERCE = 'كلية التجارة';
const queuePath = (page: number) => `POST /api/v1/students/reviewQueue?page=${page}&limit=50`;
/** The faculty as an address carries it (a space as '+'). */
const FACULTY_PARAM = new URLSearchParams({ faculty: COMMERCE }).toString();

function queueRow(overrides: Partial<ReviewQueueRow> = {}): ReviewQueueRow {
  return {
    ...studentRecord({ isComplete: true, documentsStatus: 'pending' }),
    completedAt: '2025-08-01T07:00:00.000Z',
    ...overrides,
  };
}

const oldest = queueRow({ studentName: 'أقدم طالب أكمل بياناته', completedAt: '2025-07-30T06:05:00.000Z' });
const refusedToo = queueRow({ studentName: 'طالب رفض له مستند', documentsStatus: 'needsReupload' });

function queueAnswer(
  data: ReviewQueueRow[],
  counts = { awaiting: 2, needsReupload: 5, accepted: 40 },
): Handler {
  return () => ok({ faculty: COMMERCE, data, ...counts });
}

async function openQueue(role: StaffRole, handlers: Record<string, Handler>, path = '/admin/review') {
  const api = mockApi({
    ...signedInAs(role),
    [COLLEGES]: () => ok({ data: { data: [COMMERCE, 'كلية الآداب'] } }),
    ...handlers,
  });
  const app = renderApp(path);
  await screen.findByRole('heading', { name: 'مراجعة المستندات' });
  return { ...app, api };
}

const count = (id: string) => screen.getByTestId(id).textContent;

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

// The first test waits for the screen's lazy chunk, which on a busy 2-core machine can take seconds.
describe('review queue', { timeout: 15_000 }, () => {
  it('lets a super admin choose the faculty, then shows its counts and the rows oldest first', async () => {
    const { user, api, router } = await openQueue('SUPERADMIN', {
      [queuePath(1)]: queueAnswer([oldest, refusedToo]),
    });
    expect(screen.getByText(/اختر الكلية ثم اضغط/)).toBeInTheDocument();
    expect(api.bodiesOf(queuePath(1))).toEqual([]);

    const picker = screen.getByRole('form', { name: 'اختيار الكلية' });
    await waitFor(() => expect(within(picker).getByRole('option', { name: COMMERCE })).toBeInTheDocument());
    await user.selectOptions(within(picker).getByLabelText('الكلية'), COMMERCE);
    await user.click(within(picker).getByRole('button', { name: 'عرض قائمة المراجعة' }));

    const table = await screen.findByRole('table');
    expect(api.bodiesOf(queuePath(1))).toEqual([{ faculty: COMMERCE }]);
    expect(router.state.location.search).toBe(`?${FACULTY_PARAM}`);
    expect([count('queue-awaiting'), count('queue-reupload'), count('queue-accepted')]).toEqual([
      '2',
      '5',
      '40',
    ]);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['الاسم', 'الرقم القومي', 'أكمل بياناته في', 'المستندات']);
    const [, first, second] = within(table).getAllByRole('row') as HTMLElement[];
    expect(within(first as HTMLElement).getByRole('rowheader')).toHaveTextContent(oldest.studentName);
    // Cairo time: 06:05Z is 09:05 there in July.
    expect(within(first as HTMLElement).getByText(/30 يوليو 2025/)).toHaveTextContent('9:05');
    expect(within(first as HTMLElement).getByText('بانتظار المراجعة')).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText('مطلوب إعادة الرفع')).toBeInTheDocument();

    // Each row opens the record, carrying the queue it came from.
    const context = `?from=review&${FACULTY_PARAM}`;
    expect(within(first as HTMLElement).getByRole('link', { name: oldest.studentName })).toHaveAttribute(
      'href',
      `/admin/students/${oldest._id}${context}`,
    );
    expect(screen.getByRole('link', { name: 'ابدأ المراجعة من أول طالب' })).toHaveAttribute(
      'href',
      `/admin/students/${oldest._id}${context}`,
    );
  });

  it('keeps the faculty and page in the address, so coming back shows the same page', async () => {
    const address = `/admin/review?${FACULTY_PARAM}&page=2`;
    const { api } = await openQueue(
      'SUPPORT',
      { [queuePath(2)]: queueAnswer([oldest], { awaiting: 51, needsReupload: 0, accepted: 0 }) },
      address,
    );
    await screen.findByRole('table');
    expect(api.bodiesOf(queuePath(2))).toEqual([{ faculty: COMMERCE }]);
    expect(
      within(screen.getByRole('form', { name: 'اختيار الكلية' })).getByLabelText('الكلية'),
    ).toHaveDisplayValue(COMMERCE);
    expect(
      screen.getByText(`${COMMERCE}: الطلاب 51–51 من 51، الأقدم إكمالا أولا (صفحة 2 من 2)`),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: oldest.studentName })).toHaveAttribute(
      'href',
      `/admin/students/${oldest._id}?from=review&${FACULTY_PARAM}&page=2`,
    );
  });

  it('pages by 50, above and below the table', async () => {
    const { user, api, router } = await openQueue('ADMIN', {
      [queuePath(1)]: queueAnswer([oldest], { awaiting: 120, needsReupload: 0, accepted: 0 }),
      [queuePath(3)]: queueAnswer([refusedToo], { awaiting: 120, needsReupload: 0, accepted: 0 }),
    });
    const bottom = await screen.findByRole('navigation', { name: 'صفحات قائمة المراجعة (أسفل الجدول)' });
    expect(within(bottom).queryByRole('button', { name: 'صفحة 4' })).not.toBeInTheDocument();
    await user.click(within(bottom).getByRole('button', { name: 'صفحة 3' }));
    expect(await screen.findByRole('link', { name: refusedToo.studentName })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=3');
    expect(api.bodiesOf(queuePath(3))).toEqual([{ faculty: null }]);
    expect(window.scrollTo).toHaveBeenCalled();
  });

  it("gives a faculty ADMIN its own faculty's queue at once, with no faculty choice", async () => {
    const { api } = await openQueue('ADMIN', { [queuePath(1)]: queueAnswer([oldest]) });
    await screen.findByRole('table');
    expect(api.bodiesOf(queuePath(1))).toEqual([{ faculty: null }]);
    expect(screen.queryByRole('form', { name: 'اختيار الكلية' })).not.toBeInTheDocument();
    expect(screen.getAllByText(COMMERCE).length).toBeGreaterThan(0);
  });

  it('is open to the social-work admin, for the faculty the server gives it', async () => {
    const { api } = await openQueue('SOCIAL_ADMIN', {
      [queuePath(1)]: () =>
        ok({ faculty: 'كلية الخدمة الاجتماعية', data: [], awaiting: 0, needsReupload: 1, accepted: 3 }),
    });
    expect(
      await screen.findByText('لا يوجد طلاب بانتظار مراجعة المستندات في هذه الكلية.'),
    ).toBeInTheDocument();
    expect(screen.getByText('كلية الخدمة الاجتماعية')).toBeInTheDocument();
    expect(api.bodiesOf(queuePath(1))).toEqual([{ faculty: null }]);
    expect(count('queue-accepted')).toBe('3');
    const nav = screen.getByRole('navigation', { name: 'قائمة المسؤول' });
    expect(within(nav).getByRole('link', { name: 'مراجعة المستندات' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('says what went wrong and offers to try again', async () => {
    let calls = 0;
    const { user } = await openQueue('ADMIN', {
      [queuePath(1)]: (request) => {
        calls += 1;
        return calls === 1 ? fails(503, MESSAGES.databaseUnavailable) : queueAnswer([oldest])(request);
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.databaseUnavailable);
    await user.click(within(alert).getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByRole('link', { name: oldest.studentName })).toBeInTheDocument();
  });
});
