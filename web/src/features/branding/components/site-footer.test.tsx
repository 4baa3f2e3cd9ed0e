import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { forHolder } from './copyright-line';

describe('site footer', () => {
  it('names the copyright holder and the current year', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-15T10:00:00Z'));
    mockApi();
    renderApp('/nope');
    expect(
      await screen.findByText('جميع الحقوق محفوظة لمركز الاتصالات وتكنولوجيا المعلومات © 2031'),
    ).toBeInTheDocument();
  });

  it("holds the holder's place with a stand-in until the branding comes", async () => {
    mockApi();
    renderApp('/nope');
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent('جميع الحقوق محفوظة');
    expect(footer.querySelector('.mantine-Skeleton-root')).not.toBeNull();
    await within(footer).findByText(/لمركز الاتصالات وتكنولوجيا المعلومات/);
    expect(footer.querySelector('.mantine-Skeleton-root')).toBeNull();
  });

  it('keeps a neutral line when branding cannot load', async () => {
    mockApi({ 'GET /api/v1/branding': () => ({ status: 503, body: { status: 'error', message: 'x' } }) });
    renderApp('/nope');
    await screen.findByText('نوع الخطأ: 404');
    expect(screen.getByText(`جميع الحقوق محفوظة © ${new Date().getFullYear()}`)).toBeInTheDocument();
  });
});

describe('forHolder', () => {
  it('drops the alif of the article after the preposition, and only there', () => {
    expect(forHolder('الجامعة')).toBe('للجامعة');
    expect(forHolder('مركز الاتصالات')).toBe('لمركز الاتصالات');
  });
});
