import { MESSAGES } from '@portal/common';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fails, ok, signedInAs } from '@/components/admin/testing/staff-fixtures';
import { PREVIOUS, SEASONS, seasonsAnswer } from '@/components/season-select/testing/seasons';
import { type Handler, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const STATISTICS = 'GET /api/v1/students/getStatistics';
const documents = (documentsAwaiting: number, documentsNeedReupload: number, documentsAccepted: number) => ({
  documentsAwaiting,
  documentsNeedReupload,
  documentsAccepted,
});
const RESULTS = [
  { faculty: 'كلية التجارة', studentsNumber: 120, studentsNumberCompleted: 30, ...documents(17, 4, 9) },
  { faculty: 'كلية الآداب', studentsNumber: 80, studentsNumberCompleted: 80, ...documents(50, 12, 18) },
  { faculty: 'كلية الطب البيطري', studentsNumber: 0, studentsNumberCompleted: 0, ...documents(0, 0, 0) },
];

// recharts sizes itself from its container; jsdom has no ResizeObserver.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
});

async function openScreen(handler: Handler, path = '/admin/statistics') {
  const api = mockApi({ ...signedInAs('SUPERADMIN'), [SEASONS]: seasonsAnswer(), [STATISTICS]: handler });
  const app = renderApp(path);
  await screen.findByRole('heading', { name: 'الإحصائيات' });
  return { ...app, api };
}

describe('statistics', () => {
  it('shows the overall totals and a card per faculty with its students and completed students', async () => {
    await openScreen(() => ok({ allStudentsNumber: 200, allStudentsNumberCompleted: 110, results: RESULTS }));
    await waitFor(() => expect(screen.getByTestId('all-students')).toHaveTextContent('200'));
    expect(screen.getByTestId('all-completed')).toHaveTextContent('110');
    expect(screen.getByText('55%')).toBeInTheDocument();
    const commerce = screen.getByRole('article', { name: 'كلية التجارة' });
    expect(within(commerce).getByText('120')).toBeInTheDocument();
    expect(within(commerce).getByText('30')).toBeInTheDocument();
    expect(within(commerce).getByRole('progressbar', { name: 'نسبة الإكمال: 25%' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('shows the documents review counts per faculty and overall', async () => {
    await openScreen(() => ok({ allStudentsNumber: 200, allStudentsNumberCompleted: 110, results: RESULTS }));
    await waitFor(() => expect(screen.getByTestId('all-documents-awaiting')).toHaveTextContent('67'));
    expect(screen.getByTestId('all-documents-reupload')).toHaveTextContent('16');
    expect(screen.getByTestId('all-documents-accepted')).toHaveTextContent('27');
    const arts = screen.getByRole('article', { name: 'كلية الآداب' });
    const facts = [...arts.querySelectorAll('dt')].map((term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]);
    expect(facts).toEqual([
      ['عدد الطلاب', '80'],
      ['أكملوا بياناتهم', '80'],
      ['مستندات بانتظار المراجعة', '50'],
      ['مطلوب إعادة رفع مستندات', '12'],
      ['كل المستندات مقبولة', '18'],
    ]);
  });

  it('gives the chart its numbers as a table for assistive technology', async () => {
    await openScreen(() => ok({ allStudentsNumber: 200, allStudentsNumberCompleted: 110, results: RESULTS }));
    const figure = await screen.findByRole('figure', { name: 'الطلاب والمكتملون في كل كلية' });
    const table = within(figure).getByRole('table', { name: 'الطلاب والمكتملون في كل كلية' });
    expect(within(table).getByRole('row', { name: 'كلية الآداب 80 80' })).toBeInTheDocument();
    // The chart itself is drawn once its chunk has loaded, hidden from the accessibility tree.
    await waitFor(() =>
      expect(figure.querySelector('[aria-hidden="true"] .recharts-responsive-container')).not.toBeNull(),
    );
  });

  it('also reads the per-faculty list from `data`', async () => {
    await openScreen(() => ok({ allStudentsNumber: 200, allStudentsNumberCompleted: 110, data: RESULTS }));
    expect(await screen.findByRole('article', { name: 'كلية الطب البيطري' })).toBeInTheDocument();
  });

  it('says what went wrong and offers to try again', async () => {
    let calls = 0;
    const { user } = await openScreen(() => {
      calls += 1;
      return calls === 1
        ? fails(503, MESSAGES.databaseUnavailable)
        : ok({ allStudentsNumber: 1, allStudentsNumberCompleted: 0, results: RESULTS.slice(0, 1) });
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.databaseUnavailable);
    await user.click(within(alert).getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByRole('article', { name: 'كلية التجارة' })).toBeInTheDocument();
  });

  it("shows the chosen season's figures, and keeps the choice in the address", async () => {
    const { user, api, router } = await openScreen(({ query }) =>
      query.get('season') === PREVIOUS.id
        ? ok({ allStudentsNumber: 987, allStudentsNumberCompleted: 900, results: RESULTS.slice(1, 2) })
        : ok({ allStudentsNumber: 200, allStudentsNumberCompleted: 110, results: RESULTS }),
    );
    await waitFor(() => expect(screen.getByTestId('all-students')).toHaveTextContent('200'));
    const season = screen.getByLabelText('العام الدراسي');
    await waitFor(() => expect(season).toHaveDisplayValue('2026/2027 (الحالي)'));

    await user.selectOptions(season, '2025/2026');
    await waitFor(() => expect(screen.getByTestId('all-students')).toHaveTextContent('987'));
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(router.state.location.search).toBe(`?season=${PREVIOUS.id}`);
    expect(api.queriesOf(STATISTICS)).toEqual(['', `season=${PREVIOUS.id}`]);
  });

  it('opens on the season its address names', async () => {
    const { api } = await openScreen(
      () => ok({ allStudentsNumber: 987, allStudentsNumberCompleted: 900, results: RESULTS.slice(1, 2) }),
      `/admin/statistics?season=${PREVIOUS.id}`,
    );
    await waitFor(() => expect(screen.getByTestId('all-students')).toHaveTextContent('987'));
    await waitFor(() => expect(screen.getByLabelText('العام الدراسي')).toHaveDisplayValue('2025/2026'));
    expect(api.queriesOf(STATISTICS)).toEqual([`season=${PREVIOUS.id}`]);
  });

  it('is for the super admin only: others are sent to the staff login (spec section 2)', async () => {
    mockApi(signedInAs('SUPPORT'));
    const { router } = renderApp('/admin/statistics');
    expect(await screen.findByLabelText('اسم المستخدم')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
  });
});
