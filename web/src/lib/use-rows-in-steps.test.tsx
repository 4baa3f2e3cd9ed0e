import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_ROWS, ROWS_PER_STEP, useRowsInSteps } from './use-rows-in-steps';

const numbers = (count: number, from = 0) => Array.from({ length: count }, (_, index) => from + index);

function List({ rows }: { rows: number[] }) {
  const shown = useRowsInSteps(rows);
  return (
    <ul>
      {shown.map((row) => (
        <li key={row}>{row}</li>
      ))}
    </ul>
  );
}

/** Runs the pending step timer and the render it starts. */
async function nextStep() {
  await act(async () => {
    await vi.runOnlyPendingTimersAsync();
  });
}

describe('useRowsInSteps', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('renders a short list whole at once', () => {
    render(<List rows={numbers(FIRST_ROWS)} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(FIRST_ROWS);
  });

  it('renders a long list a screenful first, then a step at a time, until every row is there', async () => {
    const rows = numbers(FIRST_ROWS + ROWS_PER_STEP + 7);
    render(<List rows={rows} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(FIRST_ROWS);
    await nextStep();
    expect(screen.getAllByRole('listitem')).toHaveLength(FIRST_ROWS + ROWS_PER_STEP);
    await nextStep();
    expect(screen.getAllByRole('listitem')).toHaveLength(rows.length);
    expect(screen.getAllByRole('listitem').at(-1)).toHaveTextContent(String(rows.at(-1)));
    expect(vi.getTimerCount()).toBe(0);
  });

  it('starts again from the first screenful when the list changes, never showing more of the old count', async () => {
    const { rerender } = render(<List rows={numbers(500)} />);
    await nextStep();
    expect(screen.getAllByRole('listitem')).toHaveLength(FIRST_ROWS + ROWS_PER_STEP);
    rerender(<List rows={numbers(500, 1000)} />);
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(FIRST_ROWS);
    expect(items[0]).toHaveTextContent('1000');
  });
});
