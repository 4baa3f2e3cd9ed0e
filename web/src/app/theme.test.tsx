import { Button, Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProvider } from './provider';

function renderWithTheme(children: React.ReactNode) {
  render(
    <AppProvider queryClient={new QueryClient()} env="test">
      <header>طلب التحاق</header>
      {children}
    </AppProvider>,
  );
}

describe('theme', () => {
  it("names a dialog's close button and keeps the page's only banner", async () => {
    renderWithTheme(
      <Modal opened onClose={() => {}} title="تأكيد الحذف">
        <Button>نعم</Button>
      </Modal>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'تأكيد الحذف' });
    expect(dialog).toContainElement(screen.getByRole('button', { name: 'أغلق النافذة' }));
    expect(screen.getAllByRole('banner')).toHaveLength(1);
  });

  it("names a notice's close button", async () => {
    renderWithTheme(null);
    notifications.show({ message: 'تم الحفظ', withCloseButton: true });
    expect(await screen.findByRole('button', { name: 'أغلق الإشعار' })).toBeInTheDocument();
  });
});
