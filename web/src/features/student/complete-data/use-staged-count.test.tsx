import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useStagedCount } from './use-staged-count';

function Parts({ total, seen }: { total: number; seen: number[] }) {
  const count = useStagedCount(total);
  seen.push(count);
  return <p>{count}</p>;
}

describe('useStagedCount', () => {
  it('renders no part at first, then one more per render until all are there', async () => {
    const seen: number[] = [];
    const { findByText } = render(<Parts total={3} seen={seen} />);
    await findByText('3');
    expect([...new Set(seen)]).toEqual([0, 1, 2, 3]);
  });

  it('follows a total that shrinks', async () => {
    const seen: number[] = [];
    const { findByText, rerender } = render(<Parts total={3} seen={seen} />);
    await findByText('3');
    rerender(<Parts total={2} seen={seen} />);
    await findByText('2');
  });
});
