import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { openDownload } from '@/components/admin/open-download';
import { ok } from '@/components/admin/testing/staff-fixtures';
import { CLOSED_SEASON_NOTICE } from '@/components/season-select/closed-season-notice';
import { PREVIOUS } from '@/components/season-select/testing/seasons';
import {
  ahmed,
  COMMERCE,
  COUNTS,
  DOWNLOAD,
  fatma,
  openScreen,
  resetAroundEachTest,
  SEARCH,
  showFaculty,
  total,
} from './testing/students-info';

vi.mock('@/components/admin/open-download', () => ({ openDownload: vi.fn() }));

resetAroundEachTest();

describe('students info: a past season', () => {
  it("shows a past season's students, counts, searches and exports read-only, without delete", async () => {
    const inSeason = (query: URLSearchParams) => query.get('season') === PREVIOUS.id;
    const { user, api, router } = await openScreen('SUPERADMIN', {
      'POST /api/v1/students/getAllStudents': ({ query }) =>
        ok({
          faculty: COMMERCE,
          data: inSeason(query) ? [fatma] : [ahmed, fatma],
          studentsNumber: inSeason(query) ? 1 : 2,
          completedStudentsNumber: 0,
        }),
      [COUNTS]: ({ query }) =>
        ok({
          data: inSeason(query)
            ? { allStudentsNumber: 987, allStudentsNumberCompleted: 600 }
            : { allStudentsNumber: 1234, allStudentsNumberCompleted: 321 },
        }),
      [SEARCH]: () => ok({ data: [fatma], studentsNumber: 1 }),
      [DOWNLOAD('complete')]: () => ok({ path: '/api/v1/downloads/old' }),
      [DOWNLOAD('completePhotos')]: () => ok({ path: '/api/v1/downloads/old-photos' }),
    });
    await waitFor(() => expect(total()).toBe('1234'));
    expect(screen.queryByText(CLOSED_SEASON_NOTICE)).not.toBeInTheDocument();

    const season = screen.getByLabelText('العام الدراسي');
    await waitFor(() => expect(season).toBeEnabled());
    await user.selectOptions(season, '2025/2026');
    expect(router.state.location.search).toBe(`?season=${PREVIOUS.id}`);
    expect(screen.getByText(CLOSED_SEASON_NOTICE)).toBeInTheDocument();
    await waitFor(() => expect(total()).toBe('987'));

    await showFaculty(user);
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).queryByRole('button', { name: /^حذف/ })).not.toBeInTheDocument();

    const search = screen.getByRole('search', { name: 'البحث عن طالب' });
    await user.selectOptions(within(search).getByLabelText('نوع البحث'), 'الاسم');
    await user.type(within(search).getByLabelText('نص البحث'), 'فاطمة');
    await user.click(within(search).getByRole('button', { name: 'بحث' }));
    expect(await screen.findByRole('table', { name: /نتائج البحث/ })).toBeInTheDocument();
    expect(within(screen.getByRole('table')).queryByRole('button', { name: /^حذف/ })).not.toBeInTheDocument();

    const downloads = screen.getByRole('region', { name: 'تنزيل البيانات' });
    await user.click(within(downloads).getByRole('button', { name: 'بيانات المكتملين' }));
    await user.click(within(downloads).getByRole('button', { name: 'صور المكتملين (ملف مضغوط)' }));
    await waitFor(() => expect(openDownload).toHaveBeenCalledWith('/api/v1/downloads/old-photos'));

    const past = `season=${PREVIOUS.id}`;
    expect(api.queriesOf('POST /api/v1/students/getAllStudents')).toEqual([`page=1&limit=500&${past}`]);
    expect(api.queriesOf(COUNTS)).toEqual(['', past]);
    expect(api.queriesOf(SEARCH)).toEqual([past]);
    expect(api.queriesOf(DOWNLOAD('complete'))).toEqual([past]);
    expect(api.queriesOf(DOWNLOAD('completePhotos'))).toEqual([past]);
  });
});
