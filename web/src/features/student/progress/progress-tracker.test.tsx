import {
  deadlinePassedMessage,
  IMAGE_KIND_LABELS,
  REFUSAL_REASON_LABELS,
  PROGRESS_STATE_LABELS as STATE,
  PROGRESS_STEP_LABELS as STEP,
  type StudentData,
} from '@portal/common';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Handler, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { DOWNLOAD_MY_DATA } from '../components/download-my-data';
import { DATA_DEADLINE_TEXTS } from '../deadline/data-deadline';
import {
  BRANDING_IN_RIYADH,
  clockAt,
  DEADLINE,
  DEADLINE_IN_RIYADH,
  GET_STUDENT,
  lookups,
  minutesBeforeDeadline,
  reviewedStudent,
  storeLogin,
} from '../testing/student-fixtures';
import { PROGRESS_TRACKER_TITLE } from './progress-tracker';

const SOCIAL_WORK = 'كلية الخدمة الاجتماعية';
const DATA_ENTER = '/dashboard/studentDataEnter';

async function openTracker(flags: Partial<StudentData>, handlers: Record<string, Handler> = {}) {
  storeLogin();
  mockApi({ [GET_STUDENT]: lookups(flags), ...handlers });
  const rendered = renderApp('/dashboard/studentDataView');
  const tracker = await screen.findByRole('region', { name: PROGRESS_TRACKER_TITLE });
  return { ...rendered, tracker };
}

/** Each step as drawn: its label, its state in words, and the screen it opens (null: not a link). */
function stepsOf(tracker: HTMLElement) {
  return Array.from(tracker.querySelectorAll<HTMLElement>('[data-state]'), (step) => [
    step.querySelector('[id$="-label"]')?.textContent,
    step.querySelector('[id$="-state"]')?.textContent,
    step.tagName === 'A' ? step.getAttribute('href') : null,
  ]);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the progress tracker on studentDataView', () => {
  it('shows each step with its state in words, the current one marked, and links only to screens that open', async () => {
    const { tracker, router, user } = await openTracker({ isComplete: false });
    expect(stepsOf(tracker)).toEqual([
      [STEP.charter, STATE.done, null],
      [STEP.questionnaire, STATE.done, null],
      [STEP.data, STATE.current, DATA_ENTER],
      [STEP.documents, STATE.todo, DATA_ENTER],
      // The forms screen sends a student back until the data is complete.
      [STEP.forms, STATE.todo, null],
    ]);
    const current = within(tracker).getByRole('link', { name: `${STEP.data} ${STATE.current}` });
    expect(current).toHaveAttribute('aria-current', 'step');
    expect(tracker.querySelectorAll('[aria-current]')).toHaveLength(1);

    await user.click(current);
    expect(router.state.location.pathname).toBe(DATA_ENTER);
  });

  it('draws a step the student cannot take yet as plain text: the forms before the data is complete', async () => {
    const { tracker } = await openTracker({ isComplete: false });
    const forms = within(tracker).getByText(STEP.forms).closest<HTMLElement>('[data-state]');
    expect(forms).not.toBeNull();
    if (forms === null) return;
    // Neither a link nor a button, not reachable by Tab, and nothing in it that is.
    expect(forms).not.toHaveAttribute('href');
    expect(forms).not.toHaveAttribute('role');
    expect(forms).not.toHaveAttribute('tabindex');
    expect(forms.tagName).not.toBe('BUTTON');
    expect(forms.querySelector('a[href], button, [role="link"], [role="button"], [tabindex]')).toBeNull();
    expect(within(tracker).queryByRole('link', { name: new RegExp(STEP.forms) })).toBeNull();
    expect(within(tracker).queryByRole('button', { name: new RegExp(STEP.forms) })).toBeNull();
    forms.focus();
    expect(forms).not.toHaveFocus();
  });

  it('makes the same step a link once the data is complete', async () => {
    const { tracker } = await openTracker({ isComplete: true, documentsStatus: 'pending' });
    expect(within(tracker).getByRole('link', { name: new RegExp(STEP.forms) })).toHaveAttribute(
      'href',
      '/dashboard/formsDownload',
    );
  });

  it('comes first on the screen, and the spec buttons stay as they were after the data, then the data download', async () => {
    const { tracker } = await openTracker({ isComplete: true, documentsStatus: 'pending' });
    const main = screen.getByRole('main');
    const table = within(main).getByRole('table');
    expect(tracker.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The spec's two are links; 'تنزيل بياناتي' (issue 20) is a button, as it asks for the step-up (decision 17).
    const links = within(main)
      .getAllByRole('link')
      .filter((link) => !tracker.contains(link));
    const downloadMyData = within(main).getByRole('button', { name: DOWNLOAD_MY_DATA });
    const buttons = [...links, downloadMyData]
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
      .map((control) => control.textContent);
    // It comes after the spec's two.
    expect(buttons).toEqual(['تعديل البيانات', 'تنزيل الاستمارات', 'تنزيل بياناتي']);
  });

  it('opens the charter while the quiz is not passed, and nothing after it that would send the student back', async () => {
    const { tracker } = await openTracker({ isPassed: false, isCompletedAdditionalQuestions: false });
    expect(stepsOf(tracker)).toEqual([
      [STEP.charter, STATE.current, '/dashboard/documentDownloadPage'],
      [STEP.questionnaire, STATE.todo, null],
      [STEP.data, STATE.todo, DATA_ENTER],
      [STEP.documents, STATE.todo, DATA_ENTER],
      [STEP.forms, STATE.todo, null],
    ]);
  });

  it('blocks the documents step on a refusal, says what to re-upload and why, and links to the replacement', async () => {
    const { tracker, router, user } = await openTracker(
      reviewedStudent({
        frontIdCard: { reason: REFUSAL_REASON_LABELS.cropped },
        personalPhoto: { reason: REFUSAL_REASON_LABELS.unreadable },
      }),
    );
    const detail =
      `مطلوب إعادة رفع: ${IMAGE_KIND_LABELS.frontIdCard} (${REFUSAL_REASON_LABELS.cropped})، ` +
      `${IMAGE_KIND_LABELS.personalPhoto} (${REFUSAL_REASON_LABELS.unreadable})`;
    expect(within(tracker).getByText(detail)).toBeInTheDocument();
    const blocked = within(tracker).getByRole('link', { name: `${STEP.documents} ${STATE.blocked}` });
    expect(blocked).toHaveAccessibleDescription(detail);
    expect(blocked).toHaveAttribute('aria-current', 'step');
    expect(blocked).toHaveAttribute('data-state', 'blocked');
    expect(stepsOf(tracker).at(-1)).toEqual([STEP.forms, STATE.todo, '/dashboard/formsDownload']);

    await user.click(blocked);
    expect(router.state.location.pathname).toBe('/dashboard/replaceDocuments');
  });

  it('says the documents await the college, and shows a step done after the current one as done', async () => {
    const { tracker } = await openTracker({ ...reviewedStudent({}, 'pending'), formsDownloaded: true });
    expect(within(tracker).getByText('المستندات بانتظار مراجعة الكلية')).toBeInTheDocument();
    expect(stepsOf(tracker).slice(3)).toEqual([
      [STEP.documents, STATE.current, DATA_ENTER],
      [STEP.forms, STATE.done, '/dashboard/formsDownload'],
    ]);
    expect(within(tracker).getByRole('link', { name: `${STEP.forms} ${STATE.done}` })).toHaveAttribute(
      'data-state',
      'done',
    );
  });

  it('adds the interview step for the social-work college, opened once the data is complete', async () => {
    const social = { college: SOCIAL_WORK, socialWork: true };
    const { tracker } = await openTracker({ ...social, isComplete: false });
    expect(stepsOf(tracker).slice(3)).toEqual([
      [STEP.documents, STATE.todo, DATA_ENTER],
      [STEP.interview, STATE.todo, null],
      [STEP.forms, STATE.todo, null],
    ]);
  });

  it('shows an appointed interview done, and everything done with no step current', async () => {
    const { tracker } = await openTracker({
      ...reviewedStudent({}, 'accepted'),
      college: SOCIAL_WORK,
      socialWork: true,
      appointed: true,
      formsDownloaded: true,
    });
    expect(stepsOf(tracker).slice(3)).toEqual([
      [STEP.documents, STATE.done, DATA_ENTER],
      [STEP.interview, STATE.done, '/dashboard/studentAppointment'],
      [STEP.forms, STATE.done, '/dashboard/formsDownload'],
    ]);
    expect(tracker.querySelector('[aria-current]')).toBeNull();
  });

  it('stands upright on a phone', async () => {
    const { tracker } = await openTracker({});
    expect(tracker.querySelector('[data-orientation]')).toHaveAttribute('data-orientation', 'vertical');
  });

  it('lies across a screen from the medium breakpoint on', async () => {
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
      ...matchMedia(query),
      matches: query.includes('min-width'),
    }));
    const { tracker } = await openTracker({});
    expect(tracker.querySelector('[data-orientation]')).toHaveAttribute('data-orientation', 'horizontal');
  });
});

describe('the progress tracker: the deadline', () => {
  it('shows the deadline on the university clock, with no countdown while more than three days are left', async () => {
    clockAt(minutesBeforeDeadline(4 * 24 * 60));
    const { tracker } = await openTracker({ dataDeadline: DEADLINE }, BRANDING_IN_RIYADH);
    const line = await within(tracker).findByText(DATA_DEADLINE_TEXTS.deadline, { exact: false });
    expect(line).toHaveTextContent(`${DATA_DEADLINE_TEXTS.deadline} ${DEADLINE_IN_RIYADH}`);
    expect(within(line).getByText(DEADLINE_IN_RIYADH).closest('time')).toHaveAttribute('datetime', DEADLINE);
    expect(within(tracker).queryByText(/^متبقٍ/)).toBeNull();
  });

  it('counts down in the last three days, minute by minute, then says the data entry is closed', async () => {
    clockAt(minutesBeforeDeadline(90.5));
    const { tracker } = await openTracker({ dataDeadline: DEADLINE }, BRANDING_IN_RIYADH);
    expect(await within(tracker).findByText('متبقٍ ساعة واحدة و30 دقيقة')).toBeInTheDocument();
    expect(await within(tracker).findByText(DEADLINE_IN_RIYADH)).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(31_000));
    expect(within(tracker).getByText('متبقٍ ساعة واحدة و29 دقيقة')).toBeInTheDocument();

    // The student is still on the screen when the deadline comes.
    vi.setSystemTime(minutesBeforeDeadline(0.5));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    const closed = within(tracker).getByRole('status');
    expect(closed).toHaveTextContent(DATA_DEADLINE_TEXTS.closed);
    expect(closed).toHaveTextContent(deadlinePassedMessage(DEADLINE_IN_RIYADH));
    expect(within(tracker).queryByText(/^متبقٍ/)).toBeNull();
  });

  it('says the data entry is closed when opened after the deadline', async () => {
    clockAt(minutesBeforeDeadline(-60));
    const { tracker } = await openTracker({ dataDeadline: DEADLINE }, BRANDING_IN_RIYADH);
    expect(await within(tracker).findByText(deadlinePassedMessage(DEADLINE_IN_RIYADH))).toBeInTheDocument();
    expect(within(tracker).getByText(DATA_DEADLINE_TEXTS.closed)).toBeInTheDocument();
  });

  it('says nothing of a deadline when the college sets none', async () => {
    const { tracker } = await openTracker({ dataDeadline: null }, BRANDING_IN_RIYADH);
    expect(within(tracker).queryByText(DATA_DEADLINE_TEXTS.deadline, { exact: false })).toBeNull();
    expect(within(tracker).queryByRole('status')).toBeNull();
  });
});
