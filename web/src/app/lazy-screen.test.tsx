import { render, screen } from '@testing-library/react';
import { type ReactElement, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from './lazy-screen';

function Hello() {
  return <p>hello</p>;
}

function Other() {
  return <p>other</p>;
}

const inSuspense = (element: ReactElement) => <Suspense fallback={<p>fallback</p>}>{element}</Suspense>;

describe('lazyScreen', () => {
  it('renders a screen whose code has arrived at once, without showing the fallback', async () => {
    const { element, handle } = lazyScreen(async () => ({ Hello }), 'Hello');
    await handle.preload();
    render(inSuspense(element));
    expect(screen.getByText('hello')).toBeInTheDocument();
    expect(screen.queryByText('fallback')).toBeNull();
  });

  it('shows the fallback while the code downloads, then the screen', async () => {
    const { element } = lazyScreen(async () => ({ Hello }), 'Hello');
    render(inSuspense(element));
    expect(screen.getByText('fallback')).toBeInTheDocument();
    expect(await screen.findByText('hello')).toBeInTheDocument();
  });

  it('mounts the next screen when the route changes from one lazy screen to another', async () => {
    const first = lazyScreen(async () => ({ Hello }), 'Hello');
    const second = lazyScreen(async () => ({ Other }), 'Other');
    await Promise.all([first.handle.preload(), second.handle.preload()]);
    const { rerender } = render(inSuspense(first.element));
    expect(screen.getByText('hello')).toBeInTheDocument();
    rerender(inSuspense(second.element));
    expect(screen.getByText('other')).toBeInTheDocument();
  });

  it('starts the data of the screen with its download', async () => {
    const startData = vi.fn();
    const { handle } = lazyScreen(async () => ({ Hello }), 'Hello', startData);
    await handle.preload();
    expect(startData).toHaveBeenCalledTimes(1);
  });
});
