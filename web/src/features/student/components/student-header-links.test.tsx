import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getCookie, setCookie } from '@/lib/cookies';
import { COMPLETE_DATA_DRAFT_PREFIX } from '@/lib/device-drafts';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { studentHeaderLinks } from './student-header-links';

describe('studentHeaderLinks', () => {
  it.each([
    [{}, { logout: false, back: false }],
    [{ id: 's1' }, { logout: true, back: true }],
    [
      { id: 's1', role: 'NOT' },
      { logout: true, back: true },
    ],
    [
      { id: 's1', role: 'ADMIN' },
      { logout: false, back: true },
    ],
    [{ nationalID: '29901012345678' }, { logout: true, back: false }],
    [
      { role: 'SUPPORT', nationalID: '29901012345678' },
      { logout: true, back: false },
    ],
  ])('with %o stored shows %o', (stored, expected) => {
    expect(studentHeaderLinks(stored)).toEqual(expected);
  });
});

describe('StudentHeaderLinks', () => {
  it('shows no link to a visitor with nothing stored', async () => {
    mockApi();
    renderApp('/nope');
    await screen.findByText('نوع الخطأ: 404');
    expect(screen.queryByRole('button', { name: 'تسجيل الخروج' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'رجوع' })).not.toBeInTheDocument();
  });

  it('logs out: ends the session on the server, removes id, seatNo, nationalID and the draft, goes to /', async () => {
    setCookie('id', 's1');
    setCookie('seatNo', '1200');
    setCookie('nationalID', '29901012345678');
    window.localStorage.setItem(`${COMPLETE_DATA_DRAFT_PREFIX}s1`, '{"version":1,"values":{}}');
    const { fetchMock } = mockApi({
      'POST /api/v1/students/logout': () => ({ body: { status: 'success', message: 'تم تسجيل الخروج' } }),
    });
    const { router, user } = renderApp('/nope');
    expect(await screen.findByRole('button', { name: 'تسجيل الخروج' })).toHaveTextContent('تسجيل الخروج |');
    expect(screen.getByRole('button', { name: 'رجوع' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'تسجيل الخروج' }));

    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect([getCookie('id'), getCookie('seatNo'), getCookie('nationalID')]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(screen.queryByRole('button', { name: 'رجوع' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toContain(
      'POST /api/v1/students/logout',
    );
    expect(window.localStorage.getItem(`${COMPLETE_DATA_DRAFT_PREFIX}s1`)).toBeNull();
  });
});
