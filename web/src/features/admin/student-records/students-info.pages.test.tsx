import { MESSAGES } from '@portal/common';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { listPath, studentRecord } from '@/components/admin/testing/student-records';
import {
  ahmed,
  COMMERCE,
  listHandler,
  openScreen,
  resetAroundEachTest,
  showFaculty,
  total,
} from './testing/students-info';

vi.mock('@/components/admin/open-download', () => ({ openDownload: vi.fn() }));

resetAroundEachTest();

describe('students info: pages', () => {
  it('pages by 500 with pagination above and below; a page change refetches and scrolls to the top', async () => {
    const page1 = Array.from({ length: 3 }, () => studentRecord());
    const page3 = [studentRecord({ studentName: 'آخر طالب في القائمة' })];
    const totals = { all: 1001, completed: 10 };
    const { user, api } = await openScreen('SUPERADMIN', {
      [listPath(1)]: listHandler(page1, totals),
      [listPath(3)]: listHandler(page3, totals),
    });
    await showFaculty(user);
    await screen.findByRole('table');
    const top = screen.getByRole('navigation', { name: 'صفحات قائمة الطلاب (أعلى الجدول)' });
    const bottom = screen.getByRole('navigation', { name: 'صفحات قائمة الطلاب (أسفل الجدول)' });
    expect(within(top).getByRole('button', { name: 'صفحة 3' })).toBeInTheDocument();
    expect(within(top).queryByRole('button', { name: 'صفحة 4' })).not.toBeInTheDocument();
    expect(screen.getByText(/الطلاب 1–3 من 1001 \(صفحة 1 من 3\)/)).toBeInTheDocument();

    await user.click(within(bottom).getByRole('button', { name: 'صفحة 3' }));
    expect(await screen.findByRole('rowheader', { name: 'آخر طالب في القائمة' })).toBeInTheDocument();
    expect(screen.getByText(/الطلاب 1001–1001 من 1001 \(صفحة 3 من 3\)/)).toBeInTheDocument();
    expect(window.scrollTo).toHaveBeenCalled();
    expect(api.bodiesOf(listPath(3))).toEqual([
      { faculty: COMMERCE, isComplete: null, documentsStatus: null },
    ]);
    expect(total()).toBe('1001');
  });

  it('counts the pages of the completed filter from the completed total', async () => {
    const { user } = await openScreen('SUPERADMIN', {
      [listPath(1)]: listHandler([ahmed], { all: 1400, completed: 20 }),
    });
    await showFaculty(user);
    expect(
      await screen.findByRole('navigation', { name: 'صفحات قائمة الطلاب (أعلى الجدول)' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'أكملوا بياناتهم' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('navigation', { name: 'صفحات قائمة الطلاب (أعلى الجدول)' }),
      ).not.toBeInTheDocument(),
    );
    expect(screen.getByText(/من 20 \(صفحة 1 من 1\)/)).toBeInTheDocument();
  });

  it('says so when a faculty has no students, and shows a loading notice meanwhile', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user, api } = await openScreen('SUPERADMIN', {
      [listPath(1)]: listHandler([], { all: 0, completed: 0 }),
    });
    const answer = api.fetchMock.getMockImplementation();
    api.fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('getAllStudents')) await gate;
      if (!answer) throw new Error('no mock');
      return answer(input, init);
    });
    await showFaculty(user);
    expect(await screen.findByRole('status', { name: '' })).toHaveTextContent(MESSAGES.loading);
    release();
    expect(await screen.findByText(MESSAGES.noStudentData)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
