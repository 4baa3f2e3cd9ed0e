import { PROGRESS_STEPS } from '@portal/common';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fails, ok, signedInAs } from '@/components/admin/testing/staff-fixtures';
import { SEASONS, seasonsAnswer } from '@/components/season-select/testing/seasons';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const FUNNEL = 'GET /api/v1/funnel';
const DAILY = 'GET /api/v1/funnel/daily';
const COLLEGES = 'GET /api/v1/colleges';
const COMMERCE = 'كلية التجارة';
const SEASON = { id: '0b6e2f0e-8a36-4d7c-9a59-0a1f0a8f2b10', name: '2026/2027', current: true };

const steps = (blockedAtDocuments: number) =>
  PROGRESS_STEPS.map((step, index) => ({
    step,
    done: 10 - index,
    current: index,
    blocked: step === 'documents' ? blockedAtDocuments : 0,
  }));

const funnelAnswer = () =>
  ok({
    data: {
      season: SEASON,
      faculties: [{ faculty: COMMERCE, students: 23, steps: steps(7) }],
      total: { faculty: null, students: 23, steps: steps(7) },
      refusals: [{ faculty: COMMERCE, kind: 'personalPhoto', reason: 'unreadable', count: 5 }],
    },
  });

const dailyAnswer = () =>
  ok({
    data: {
      season: SEASON,
      faculty: COMMERCE,
      from: '2026-09-01',
      to: '2026-09-02',
      deadline: '2026-09-02T21:59:00.000Z',
      days: [
        {
          day: '2026-09-01',
          imported: 23,
          firstLogin: 4,
          dataCompleted: 2,
          documentsAccepted: 0,
          interviewed: 0,
        },
        {
          day: '2026-09-02',
          imported: 0,
          firstLogin: 6,
          dataCompleted: 5,
          documentsAccepted: 1,
          interviewed: 0,
        },
      ],
      medianDays: { importToComplete: 1.5, completeToAccepted: null },
    },
  });

// recharts sizes itself from its container; jsdom has no ResizeObserver.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
});

describe('admission funnel', () => {
  it("links a faculty ADMIN's every count to exactly those students in the list", async () => {
    const api = mockApi({
      ...signedInAs('ADMIN'),
      [SEASONS]: seasonsAnswer(),
      [FUNNEL]: funnelAnswer,
      [DAILY]: dailyAnswer,
    });
    renderApp('/admin/funnel');
    const blocked = await screen.findByRole('link', {
      name: `7 متوقفون (مطلوب إجراء): مراجعة المستندات، ${COMMERCE}`,
    });
    const target = new URL(blocked.getAttribute('href') ?? '', 'http://portal');
    expect(target.pathname).toMatch(/\/admin\/studentsInfo$/);
    expect(Object.fromEntries(target.searchParams)).toEqual({
      faculty: COMMERCE,
      step: 'documents',
      state: 'blocked',
    });
    // A faculty ADMIN names no faculty: the server answers its own.
    expect(api.queriesOf(FUNNEL)).toEqual(['']);
    expect(screen.getByTestId('funnel-students')).toHaveTextContent('23');
    const refusals = screen.getByRole('region', { name: /المستندات المرفوضة الآن/ });
    expect(within(refusals).getByText('5')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('1.5 يوم')).toBeInTheDocument());
    expect(screen.getByText('لا يوجد بعد')).toBeInTheDocument();
  });

  it('shows a SOCIAL_ADMIN the numbers without links to a list it may not open', async () => {
    mockApi({ ...signedInAs('SOCIAL_ADMIN'), [FUNNEL]: funnelAnswer, [DAILY]: dailyAnswer });
    renderApp('/admin/funnel');
    const row = await screen.findByTestId(`funnel-${COMMERCE}-documents`);
    expect(row.querySelector('[data-state="blocked"]')).toHaveTextContent('7');
    expect(within(row).queryByRole('link')).toBeNull();
  });

  it('lets support choose a faculty, kept in the address, and says why a call was refused', async () => {
    const api = mockApi({
      ...signedInAs('SUPPORT'),
      [SEASONS]: seasonsAnswer(),
      [COLLEGES]: () => ok({ data: { data: [COMMERCE, 'كلية الآداب'] } }),
      [FUNNEL]: funnelAnswer,
      [DAILY]: () => fails(400, 'المدة يجب ألا تزيد عن 366 يوما'),
    });
    renderApp('/admin/funnel?faculty=كلية الآداب');
    await screen.findByRole('link', { name: /7 متوقفون/ });
    expect(new URLSearchParams(api.queriesOf(FUNNEL)[0]).get('faculty')).toBe('كلية الآداب');
    expect(await screen.findByRole('alert')).toHaveTextContent('المدة يجب ألا تزيد عن 366 يوما');
  });
});
