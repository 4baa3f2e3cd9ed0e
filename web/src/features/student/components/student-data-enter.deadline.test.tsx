import { deadlinePassedMessage, formatDeadline } from '@portal/common';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeXhr } from '@/testing/fake-xhr';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { DATA_DEADLINE_TEXTS } from '../deadline/data-deadline';
import {
  chooseAllImages,
  fillText,
  open,
  PLAIN,
  resetAroundEachTest,
  STORED,
  SUBMIT,
  storedBody,
} from '../testing/student-data-enter';
import {
  BRANDING_IN_RIYADH,
  clockAt,
  DEADLINE,
  DEADLINE_IN_RIYADH,
  GET_STUDENT,
  lookups,
  minutesBeforeDeadline,
  storeLogin,
} from '../testing/student-fixtures';

vi.mock('../complete-data/compress-image', () => ({ compressImage: vi.fn(async (file: File) => file) }));
vi.mock('../complete-data/tus-upload', () => import('../complete-data/testing/fake-tus-upload'));

resetAroundEachTest();

describe('studentDataEnter: the deadline', { timeout: 15_000 }, () => {
  /** The screen opened for a student of a college with `deadline`, the branding on another clock than Cairo's. */
  function openWithDeadline(deadline: string) {
    storeLogin();
    mockApi({
      ...BRANDING_IN_RIYADH,
      [GET_STUDENT]: lookups({ ...PLAIN, dataDeadline: deadline }),
      [STORED]: () => ({ body: storedBody() }),
    });
    return renderApp('/dashboard/studentDataEnter');
  }

  /** The box a notice stands in, and whether it is the first thing of the screen, above its form. */
  const firstOnScreen = (box: Element | null) => box !== null && box.parentElement?.firstElementChild === box;

  it('shows the deadline at the top, with the countdown in its last three days', async () => {
    clockAt(minutesBeforeDeadline((2 * 24 + 5) * 60 + 10));
    openWithDeadline(DEADLINE);
    const countdown = await screen.findByText('متبقٍ يومان و5 ساعات');
    const deadline = await screen.findByText(DEADLINE_IN_RIYADH);
    expect(deadline.closest('p')).toHaveTextContent(`${DATA_DEADLINE_TEXTS.deadline} ${DEADLINE_IN_RIYADH}`);
    expect(firstOnScreen(countdown.closest('[role="note"]'))).toBe(true);
    expect(screen.queryByText(DATA_DEADLINE_TEXTS.closed)).toBeNull();
  });

  it('says the submission is closed once the deadline has passed', async () => {
    clockAt(minutesBeforeDeadline(-1));
    openWithDeadline(DEADLINE);
    const closed = await screen.findByText(deadlinePassedMessage(DEADLINE_IN_RIYADH));
    expect(closed.closest('[role="status"]')).toHaveTextContent(DATA_DEADLINE_TEXTS.closed);
    expect(firstOnScreen(closed.closest('[role="status"]'))).toBe(true);
  });

  it("shows the server's 403 as the form's error, and the closed notice from the fresh lookup", async () => {
    // On the real clock: typing the whole form on a fake one that moves by itself takes too long.
    const passed = new Date(Date.now() - 3_600_000).toISOString();
    const refusal = deadlinePassedMessage(formatDeadline(passed, 'Asia/Riyadh'));
    const xhr = installFakeXhr();
    // The deadline was set, to a time already past, after this student opened the screen.
    const { user, api } = await open(PLAIN, {
      ...BRANDING_IN_RIYADH,
      [GET_STUDENT]: lookups(PLAIN, { ...PLAIN, dataDeadline: passed }),
    });
    expect(screen.queryByText(DATA_DEADLINE_TEXTS.closed)).toBeNull();
    await fillText(user, PLAIN);
    await chooseAllImages(user);
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    act(() => {
      void xhr.next().then((request) => request.reply(403, { status: 'error', message: refusal }));
    });
    // The form's own error box, above its submit button, besides the notice every server error gets.
    await waitFor(() => expect(document.querySelector('[data-type="error"]')).toHaveTextContent(refusal));
    expect(document.querySelector('[data-type="error"]')).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('button', { name: SUBMIT })).toBeEnabled();
    await waitFor(() => expect(api.bodiesOf(GET_STUDENT)).toHaveLength(2));
    expect(await screen.findByText(DATA_DEADLINE_TEXTS.closed)).toBeInTheDocument();
  });
});
