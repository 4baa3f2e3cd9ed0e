import { notifications } from '@mantine/notifications';
import { MESSAGES, PROGRESS_STATE_LABELS, PROGRESS_STEP_LABELS, type StudentData } from '@portal/common';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { PROGRESS_TRACKER_TITLE } from '../progress/progress-tracker';
import { GET_STUDENT, lookups, STUDENT_ID, storeLogin } from '../testing/student-fixtures';

async function openForms(flags: Partial<StudentData>) {
  storeLogin();
  const api = mockApi({ [GET_STUDENT]: lookups(flags) });
  return { ...renderApp('/dashboard/formsDownload'), api };
}

afterEach(() => {
  act(() => notifications.clean());
});

describe('formsDownload', () => {
  it('lists the admission form only for a college other than social work', async () => {
    await openForms({ isComplete: true, college: 'كلية التجارة' });
    const links = await screen.findAllByRole('link', { name: /^تنزيل استمارة/ });
    expect(screen.getByRole('heading', { name: 'تنزيل الاستمارات' })).toBeInTheDocument();
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `/api/v1/students/getAdmissionForm/${STUDENT_ID}`,
    ]);
    expect(links[0]).toHaveAccessibleName('تنزيل استمارة طلب الالتحاق (PDF)');
    expect(links[0]).toHaveAttribute('download');
  });

  it('lists the admission, acquaintance and final personal-test forms for the social-work college', async () => {
    await openForms({ isComplete: true, college: 'كلية الخدمة الاجتماعية', socialWork: true });
    const links = await screen.findAllByRole('link', { name: /^تنزيل استمارة/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `/api/v1/students/getAdmissionForm/${STUDENT_ID}`,
      `/api/v1/students/getAcquaintanceForm/${STUDENT_ID}`,
      `/api/v1/students/getFinalPersonalTestForm/${STUDENT_ID}`,
    ]);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it('says the file was downloaded when a form is chosen', async () => {
    const { user } = await openForms({ isComplete: true });
    const link = await screen.findByRole('link', { name: 'تنزيل استمارة طلب الالتحاق (PDF)' });
    // jsdom does not navigate; the click still runs the screen's handler.
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    expect(await screen.findByText(MESSAGES.fileDownloaded)).toBeInTheDocument();
  });

  it("shows the tracker's forms step done on the data view at once, before the next lookup", async () => {
    const { user, router, api } = await openForms({ isComplete: true, documentsStatus: 'pending' });
    const link = await screen.findByRole('link', { name: 'تنزيل استمارة طلب الالتحاق (PDF)' });
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    await act(() => router.navigate('/dashboard/studentDataView'));
    const tracker = await screen.findByRole('region', { name: PROGRESS_TRACKER_TITLE });
    expect(
      within(tracker).getByRole('link', {
        name: `${PROGRESS_STEP_LABELS.forms} ${PROGRESS_STATE_LABELS.done}`,
      }),
    ).toBeInTheDocument();
    expect(api.bodiesOf(GET_STUDENT)).toHaveLength(1);
  });

  it('sends a student whose data is not complete to the data view', async () => {
    const { router } = await openForms({ isComplete: false });
    expect(await screen.findByRole('rowheader', { name: 'الاسم' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/studentDataView');
  });
});
