import { notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProvider } from './provider';

function renderProvider() {
  return render(
    <AppProvider queryClient={new QueryClient()} env="test">
      <input aria-label="field" />
    </AppProvider>,
  );
}

const container = () => document.querySelector('.mantine-Notifications-root');

describe('DeferredNotifications', () => {
  afterEach(() => {
    act(() => notifications.clean());
  });

  it('mounts no notice container until one is needed', () => {
    renderProvider();
    expect(container()).toBeNull();
  });

  it('shows a notice given before its container has loaded', async () => {
    renderProvider();
    act(() => {
      notifications.show({ message: 'إشعار مبكر' });
    });
    expect(await screen.findByText('إشعار مبكر')).toBeInTheDocument();
  });

  it('loads the container at the first interaction', async () => {
    renderProvider();
    fireEvent.keyDown(screen.getByLabelText('field'), { key: '1' });
    await waitFor(() => expect(container()).not.toBeNull());
  });
});
