import { notifications } from '@mantine/notifications';
import { SEASON_MESSAGES, type StudentRecordPage } from '@portal/common';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fails, signedInAs } from '@/components/admin/testing/staff-fixtures';
import { CLOSED_SEASON_NOTICE } from '@/components/season-select/closed-season-notice';
import { type Handler, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import {
  CLOSED_SEASON,
  CURRENT_SEASON,
  recordAnswer,
  recordPath,
  reviewPath,
  serveImages,
  studentRecordPage,
} from './testing/record-fixtures';

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  act(() => notifications.clean());
});

async function openRecord(id: string, handlers: Record<string, Handler>) {
  const api = mockApi({ ...signedInAs('SUPERADMIN'), ...handlers });
  serveImages(api);
  const app = renderApp(`/admin/students/${id}`);
  await screen.findByRole('tablist', { name: 'مستندات الطالب' });
  return { ...app, api };
}

/** The same national ID admitted in two seasons: last year's record (closed) and this year's. */
function twoSeasons() {
  const lastYear = studentRecordPage({ season: CLOSED_SEASON });
  const thisYear = studentRecordPage({
    student: { nationalID: lastYear.student.nationalID, studentName: lastYear.student.studentName },
  });
  const links = [thisYear, lastYear].map((record) => ({
    studentId: record.student._id,
    seasonId: record.season.id,
    seasonName: record.season.name,
  }));
  return {
    lastYear: { ...lastYear, seasonRecords: links },
    thisYear: { ...thisYear, seasonRecords: links },
  };
}

const seasonFact = () => {
  const term = screen.getAllByText('العام الدراسي', { selector: 'dt' })[0];
  return term?.nextElementSibling?.textContent;
};
const panel = () => screen.getByRole('tabpanel');

describe("the staff record's season", { timeout: 20_000 }, () => {
  it('names the current season and leaves the review open, with no other seasons to list', async () => {
    const record = studentRecordPage();
    await openRecord(record.student._id, { [recordPath(record.student._id)]: () => recordAnswer(record) });
    expect(seasonFact()).toBe(`${CURRENT_SEASON.name} (الحالي)`);
    expect(screen.queryByText(CLOSED_SEASON_NOTICE)).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'سجلات الطالب في الأعوام الدراسية' })).toBeNull();
    expect(within(panel()).getByRole('radio', { name: 'قبول المستند' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'حفظ المراجعة' })).toBeEnabled();
  });

  it("shows a closed season's record read-only, with its reason, and links the student's other seasons", async () => {
    const { lastYear, thisYear } = twoSeasons();
    const { user, api, router } = await openRecord(lastYear.student._id, {
      [recordPath(lastYear.student._id)]: () => recordAnswer(lastYear),
      [recordPath(thisYear.student._id)]: () => recordAnswer(thisYear),
    });
    expect(seasonFact()).toBe(CLOSED_SEASON.name);
    expect(screen.getByRole('status', { name: CLOSED_SEASON_NOTICE })).toBeInTheDocument();
    // The way back is to that season's list.
    expect(screen.getByRole('link', { name: 'العودة إلى بيانات الطلاب' })).toHaveAttribute(
      'href',
      `/admin/studentsInfo?season=${CLOSED_SEASON.id}`,
    );

    // The decisions stay in view, disabled, and nothing can be saved, by click or by key.
    expect(within(panel()).getByRole('radio', { name: 'قبول المستند' })).toBeDisabled();
    expect(within(panel()).getByRole('radio', { name: 'رفض المستند' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'حفظ المراجعة' })).toBeDisabled();
    expect(screen.getByText(SEASON_MESSAGES.closed)).toBeInTheDocument();
    await user.keyboard('a');
    await user.keyboard('s');
    expect(within(panel()).getByRole('radio', { name: 'قبول المستند' })).not.toBeChecked();
    expect(api.bodiesOf(reviewPath(lastYear.student._id))).toEqual([]);

    const seasons = screen.getByRole('navigation', { name: 'سجلات الطالب في الأعوام الدراسية' });
    expect(within(seasons).getByText(CLOSED_SEASON.name).closest('[aria-current="page"]')).not.toBeNull();
    await user.click(within(seasons).getByRole('link', { name: CURRENT_SEASON.name }));
    expect(router.state.location.pathname).toBe(`/admin/students/${thisYear.student._id}`);
    await waitFor(() => expect(seasonFact()).toBe(`${CURRENT_SEASON.name} (الحالي)`));
    expect(screen.queryByText(CLOSED_SEASON_NOTICE)).not.toBeInTheDocument();
    expect(within(panel()).getByRole('radio', { name: 'قبول المستند' })).toBeEnabled();
  });

  it('turns read-only when a save finds the season closed meanwhile', async () => {
    const record = studentRecordPage();
    const id = record.student._id;
    const closed: StudentRecordPage = { ...record, season: CLOSED_SEASON };
    let reads = 0;
    const { user } = await openRecord(id, {
      [recordPath(id)]: () => recordAnswer(reads++ === 0 ? record : closed),
      [reviewPath(id)]: () => fails(409, SEASON_MESSAGES.closed),
    });
    await user.click(within(panel()).getByRole('radio', { name: 'قبول المستند' }));
    await user.click(screen.getByRole('button', { name: 'حفظ المراجعة' }));
    expect(await screen.findByRole('alert', { name: SEASON_MESSAGES.closed })).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: CLOSED_SEASON_NOTICE })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'حفظ المراجعة' })).toBeDisabled();
  });
});
