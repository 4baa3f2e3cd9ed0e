import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, testBranding } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

describe('site header', () => {
  it('shows the title, the university logo and name, and its social links opening in a new tab', async () => {
    mockApi();
    renderApp('/nope');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('heading', { name: 'طلب التحاق' })).toBeInTheDocument();
    expect(await within(header).findByRole('img', { name: testBranding.universityName })).toHaveAttribute(
      'src',
      testBranding.logoUrl,
    );
    const link = within(header).getByRole('link', { name: 'صفحة الجامعة على فيسبوك' });
    expect(link).toHaveAttribute('href', 'https://facebook.example/university');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });
});
