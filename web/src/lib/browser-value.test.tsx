import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { useBrowserValue } from './browser-value';

function Year() {
  return <span>{useBrowserValue(() => 2031, 2026)}</span>;
}

describe('useBrowserValue', () => {
  it('renders what the build rendered while taking a prerendered page over, then the browser value', async () => {
    const html = renderToString(<Year />);
    expect(html).toBe('<span>2026</span>');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const prerendered = container.firstElementChild;
    const onRecoverableError = vi.fn();

    await act(async () => {
      hydrateRoot(container, <Year />, { onRecoverableError });
    });

    expect(container.textContent).toBe('2031');
    // Taken over, not drawn again: no mismatch was found.
    expect(container.firstElementChild).toBe(prerendered);
    expect(onRecoverableError).not.toHaveBeenCalled();
    container.remove();
  });
});
