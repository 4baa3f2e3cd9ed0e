import { MESSAGES } from '@portal/common';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { openDownload } from '@/components/admin/open-download';
import { fails, ok } from '@/components/admin/testing/staff-fixtures';
import {
  ahmed,
  COMMERCE,
  DOWNLOAD,
  FORM_LINK,
  openScreen,
  resetAroundEachTest,
  showFaculty,
} from './testing/students-info';

vi.mock('@/components/admin/open-download', () => ({ openDownload: vi.fn() }));

resetAroundEachTest();

describe('students info: downloads', () => {
  it('offers the admission form of complete students only, through a signed link the browser opens', async () => {
    const { user, api } = await openScreen('SUPPORT', {
      [FORM_LINK]: () => ok({ path: `/api/v1/students/getAdmissionForm/${ahmed._id}?token=t` }),
    });
    await showFaculty(user);
    const table = await screen.findByRole('table');
    const [, complete, incomplete] = within(table).getAllByRole('row') as HTMLElement[];
    expect(within(incomplete as HTMLElement).queryByRole('button', { name: /استمارة الالتحاق/ })).toBeNull();
    await user.click(
      within(complete as HTMLElement).getByRole('button', { name: `استمارة الالتحاق ${ahmed.studentName}` }),
    );
    await waitFor(() =>
      expect(openDownload).toHaveBeenCalledWith(`/api/v1/students/getAdmissionForm/${ahmed._id}?token=t`),
    );
    expect(api.bodiesOf(FORM_LINK)).toEqual([{ studentId: ahmed._id, form: 'admission' }]);
  });

  it('gives support the incomplete-support download only, and a super admin all five', async () => {
    const { user, api } = await openScreen('SUPPORT', {
      [DOWNLOAD('incompleteSupport')]: () => ok({ path: '/api/v1/downloads/abc' }),
    });
    const downloads = screen.getByRole('region', { name: 'تنزيل البيانات' });
    expect(
      within(downloads)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['بيانات غير المكتملين (الدعم الفني)']);
    await showFaculty(user);
    await user.click(within(downloads).getByRole('button', { name: 'بيانات غير المكتملين (الدعم الفني)' }));
    await waitFor(() => expect(openDownload).toHaveBeenCalledWith('/api/v1/downloads/abc'));
    expect(api.bodiesOf(DOWNLOAD('incompleteSupport'))).toEqual([{ faculty: COMMERCE }]);
  });

  it('lets a super admin download each kind, of every faculty before one is chosen', async () => {
    const kinds = ['incompleteSupport', 'completeSupport', 'incomplete', 'complete', 'completePhotos'];
    const { user, api } = await openScreen(
      'SUPERADMIN',
      Object.fromEntries(
        kinds.map((kind) => [DOWNLOAD(kind), () => ok({ path: `/api/v1/downloads/${kind}` })]),
      ),
    );
    const downloads = screen.getByRole('region', { name: 'تنزيل البيانات' });
    expect(within(downloads).getByText('جميع الكليات')).toBeInTheDocument();
    const buttons = within(downloads).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      'بيانات غير المكتملين (الدعم الفني)',
      'بيانات المكتملين (الدعم الفني)',
      'بيانات غير المكتملين',
      'بيانات المكتملين',
      'صور المكتملين (ملف مضغوط)',
    ]);
    for (const button of buttons) {
      await user.click(button);
      await waitFor(() => expect(button).toBeEnabled());
    }
    expect(vi.mocked(openDownload).mock.calls.map(([path]) => path)).toEqual(
      kinds.map((kind) => `/api/v1/downloads/${kind}`),
    );
    expect(api.bodiesOf(DOWNLOAD('complete'))).toEqual([{ faculty: null }]);
  });

  it("shows the server's refusal of a download as an error notice", async () => {
    const { user } = await openScreen('SUPPORT', {
      [DOWNLOAD('incompleteSupport')]: () => fails(403, MESSAGES.forbidden),
    });
    await user.click(screen.getByRole('button', { name: 'بيانات غير المكتملين (الدعم الفني)' }));
    expect(await screen.findByText(MESSAGES.forbidden)).toBeInTheDocument();
    expect(openDownload).not.toHaveBeenCalled();
  });
});
