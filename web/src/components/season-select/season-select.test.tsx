import { MantineProvider } from '@mantine/core';
import { MESSAGES, SEASON_MESSAGES } from '@portal/common';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type Handler, mockApi } from '@/testing/mock-api';
import { SeasonSelect } from './season-select';
import { useSelectedSeason, withSeason } from './selected-season';
import { CURRENT, OLDEST, PREVIOUS, SEASONS, seasonsAnswer } from './testing/seasons';

const SCOPE = ['staff', 'test-token'];

/** The selector beside what the hook tells a screen. */
function Screen() {
  const { seasonId, closed } = useSelectedSeason(SCOPE);
  return (
    <>
      <SeasonSelect scope={SCOPE} />
      <output data-testid="choice">{`${seasonId ?? 'current'} ${closed ? 'closed' : 'open'}`}</output>
    </>
  );
}

function renderSelect(path: string, seasons: Handler = seasonsAnswer()) {
  const api = mockApi({ [SEASONS]: seasons });
  const router = createMemoryRouter([{ path: '/screen', element: <Screen /> }], { initialEntries: [path] });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { router, api, user: userEvent.setup() };
}

const select = () => screen.getByLabelText('العام الدراسي');
const choice = () => screen.getByTestId('choice').textContent;

describe('season select', () => {
  it('lists the seasons newest first, the current one named so and chosen, and reads the current season', async () => {
    renderSelect('/screen');
    await waitFor(() => expect(select()).toHaveDisplayValue('2026/2027 (الحالي)'));
    expect([...(select() as HTMLSelectElement).options].map((option) => option.textContent)).toEqual([
      '2026/2027 (الحالي)',
      '2025/2026',
      '2024/2025',
    ]);
    expect(choice()).toBe('current open');
  });

  it('keeps a past season in the URL, closed, and drops it again for the current one', async () => {
    const { router, user } = renderSelect('/screen?faculty=x');
    await waitFor(() => expect(select()).toBeEnabled());
    await user.selectOptions(select(), '2025/2026');
    expect(router.state.location.search).toBe(`?faculty=x&season=${PREVIOUS.id}`);
    expect(choice()).toBe(`${PREVIOUS.id} closed`);

    await user.selectOptions(select(), '2026/2027 (الحالي)');
    expect(router.state.location.search).toBe('?faculty=x');
    expect(choice()).toBe('current open');
  });

  it('opens on the season a shared link names', async () => {
    renderSelect(`/screen?season=${OLDEST.id}`);
    // Closed from the start: the list is not needed to know a named season is a past one.
    expect(choice()).toBe(`${OLDEST.id} closed`);
    await waitFor(() => expect(select()).toHaveDisplayValue('2024/2025'));
  });

  it('says so when the link names a season that no longer exists', async () => {
    renderSelect('/screen?season=30000000-0000-4000-8000-000000000999');
    expect(await screen.findByRole('alert')).toHaveTextContent(SEASON_MESSAGES.notFound);
    expect(select()).toHaveDisplayValue('اختر العام الدراسي');
  });

  it('shows why the list is missing, and the screen stays on its season', async () => {
    renderSelect('/screen', () => ({
      status: 503,
      body: { status: 'error', message: MESSAGES.databaseUnavailable },
    }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.databaseUnavailable);
    expect(select()).toBeDisabled();
    expect(choice()).toBe('current open');
  });
});

describe('withSeason', () => {
  it('adds the season to a path with or without a query, and nothing for the current season', () => {
    expect(withSeason('/students/getStatistics', undefined)).toBe('/students/getStatistics');
    expect(withSeason('/students/getStatistics', CURRENT.id)).toBe(
      `/students/getStatistics?season=${CURRENT.id}`,
    );
    expect(withSeason('/students/getAllStudents?page=2&limit=500', PREVIOUS.id)).toBe(
      `/students/getAllStudents?page=2&limit=500&season=${PREVIOUS.id}`,
    );
  });
});
