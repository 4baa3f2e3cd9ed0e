import { notifications } from '@mantine/notifications';
import {
  IMAGE_KINDS,
  type ImageKind,
  REFUSAL_REASON_LABELS,
  REVIEW_MESSAGES,
  type ReviewRequest,
  type StaffRole,
  type StudentRecordPage,
} from '@portal/common';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fails, ok, signedInAs } from '@/components/admin/testing/staff-fixtures';
import { studentRecord } from '@/components/admin/testing/student-records';
import { type Handler, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import {
  queuePath,
  recordAnswer,
  recordPath,
  reviewedDocument,
  reviewPath,
  savedReview,
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

// Notices outlive a test in Mantine's store; a full queue would hold back the next test's notices.
afterEach(() => {
  act(() => notifications.clean());
});

/** Serves a record and saves against it as the server would, each save moving the version on. */
function recordServer(first: StudentRecordPage) {
  let current = first;
  const handlers: Record<string, Handler> = {
    [recordPath(first.student._id)]: () => recordAnswer(current),
    [reviewPath(first.student._id)]: ({ body }) => {
      const saved = savedReview(current, (body as ReviewRequest).decisions);
      current = { ...current, ...saved.body.data };
      return saved;
    },
  };
  return { handlers, replace: (next: StudentRecordPage) => (current = next) };
}

async function openRecord(path: string, handlers: Record<string, Handler>, role: StaffRole = 'SUPERADMIN') {
  const api = mockApi({ ...signedInAs(role), ...handlers });
  const images = serveImages(api);
  const app = renderApp(path);
  await screen.findByRole('tablist', { name: 'مستندات الطالب' });
  return { ...app, api, images };
}

const tab = (kind: ImageKind) => screen.getAllByRole('tab')[IMAGE_KINDS.indexOf(kind)] as HTMLElement;
const expectShown = (kind: ImageKind) => expect(tab(kind)).toHaveAttribute('aria-selected', 'true');
const panel = () => screen.getByRole('tabpanel');
const reason = (code: keyof typeof REFUSAL_REASON_LABELS) =>
  within(panel()).getByRole('radio', { name: REFUSAL_REASON_LABELS[code] });
const note = () => within(panel()).getByRole('textbox', { name: /ملاحظة تظهر للطالب/ });

// Each test goes through a whole review in the real route tree, a few dozen interactions.
describe('document review', { timeout: 20_000 }, () => {
  it("refuses only with a reason, and 'other' only with a note, as the server's schema says", async () => {
    const record = studentRecordPage();
    const id = record.student._id;
    const server = recordServer(record);
    const { user, api } = await openRecord(`/admin/students/${id}`, server.handlers);

    await user.click(within(panel()).getByRole('radio', { name: 'رفض المستند' }));
    await user.click(screen.getByRole('button', { name: 'حفظ المراجعة' }));
    expect(await within(panel()).findByText(REVIEW_MESSAGES.refusalReasonRequired)).toBeInTheDocument();
    // The first reason takes the focus, so the reviewer picks one with the arrow keys.
    await waitFor(() => expect(reason('unreadable')).toHaveFocus());

    await user.click(reason('other'));
    await user.click(screen.getByRole('button', { name: 'حفظ المراجعة' }));
    expect(await within(panel()).findByText(REVIEW_MESSAGES.refusalNoteRequired)).toBeInTheDocument();
    await waitFor(() => expect(note()).toHaveFocus());

    await user.paste('س'.repeat(501));
    await user.click(screen.getByRole('button', { name: 'حفظ المراجعة' }));
    expect(await within(panel()).findByText(REVIEW_MESSAGES.reviewNoteTooLong)).toBeInTheDocument();
    expect(within(panel()).getByText('عدد الأحرف: 501 من 500.')).toBeInTheDocument();
    expect(api.bodiesOf(reviewPath(id))).toEqual([]);

    await user.clear(note());
    await user.type(note(), 'الختم غير ظاهر');
    await user.click(screen.getByRole('button', { name: 'حفظ المراجعة' }));
    expect(await screen.findByText(REVIEW_MESSAGES.reviewSaved)).toBeInTheDocument();
    expect(api.bodiesOf(reviewPath(id))).toEqual([
      {
        version: 3,
        decisions: [{ kind: 'frontIdCard', decision: 'rejected', reason: 'other', note: 'الختم غير ظاهر' }],
      },
    ]);
    // Saved: the tab says so without the unsaved mark, and the saved decision shows who made it.
    await waitFor(() => expect(tab('frontIdCard')).toHaveTextContent(/مرفوض$/));
    expect(within(panel()).getByText('reviewer1')).toBeInTheDocument();
  });

  it('shows the first document whose decision is wrong, wherever the reviewer is', async () => {
    const record = studentRecordPage();
    const id = record.student._id;
    const { user, api } = await openRecord(`/admin/students/${id}`, recordServer(record).handlers);
    await user.click(within(panel()).getByRole('radio', { name: 'رفض المستند' }));
    await user.click(tab('birthCertificate'));
    await user.click(within(panel()).getByRole('radio', { name: 'قبول المستند' }));
    await user.click(screen.getByRole('button', { name: 'حفظ المراجعة' }));
    await waitFor(() => expectShown('frontIdCard'));
    expect(within(panel()).getByText(REVIEW_MESSAGES.refusalReasonRequired)).toBeInTheDocument();
    expect(api.bodiesOf(reviewPath(id))).toEqual([]);
  });

  it('sends only the decisions the reviewer changed, and says so when there is none', async () => {
    const record = studentRecordPage({
      documents: IMAGE_KINDS.map((kind, index) =>
        index < 4
          ? reviewedDocument(kind, { state: 'accepted', reviewedBy: 'reviewer2' })
          : reviewedDocument(kind),
      ),
    });
    const id = record.student._id;
    const { user, api } = await openRecord(`/admin/students/${id}`, recordServer(record).handlers);
    expect(within(panel()).getByRole('radio', { name: 'قبول المستند' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'حفظ المراجعة' }));
    expect(await screen.findByText(/لم تغير أي قرار بعد/)).toBeInTheDocument();

    await user.click(tab('nominationCard'));
    await user.click(within(panel()).getByRole('radio', { name: 'قبول المستند' }));
    await user.click(screen.getByRole('button', { name: 'حفظ المراجعة' }));
    await screen.findByText(REVIEW_MESSAGES.reviewSaved);
    expect(api.bodiesOf(reviewPath(id))).toEqual([
      { version: 3, decisions: [{ kind: 'nominationCard', decision: 'accepted', reason: null, note: null }] },
    ]);
  });

  it('works from the keyboard, and never while the reviewer types', async () => {
    const record = studentRecordPage();
    const id = record.student._id;
    const { user, api } = await openRecord(`/admin/students/${id}`, recordServer(record).handlers);
    expect(screen.getByText(/اختصارات لوحة المفاتيح/)).toBeInTheDocument();
    expectShown('frontIdCard');

    // A accepts the open document; N opens the next.
    await user.keyboard('a');
    expectShown('frontIdCard');
    expect(within(panel()).getByRole('radio', { name: 'قبول المستند' })).toBeChecked();
    expect(tab('frontIdCard')).toHaveTextContent('مقبول (لم يحفظ)');
    await user.keyboard('n');
    expectShown('backIdCard');

    // R refuses and puts the focus on the reasons.
    await user.keyboard('r');
    await waitFor(() => expect(reason('unreadable')).toHaveFocus());
    expect(tab('backIdCard')).toHaveTextContent('مرفوض (لم يحفظ)');
    await user.click(reason('cropped'));

    // N / J next, P / K previous, also with the focus on a radio button.
    await user.keyboard('n');
    expectShown('birthCertificate');
    await user.keyboard('j');
    expectShown('personalPhoto');
    await user.keyboard('k');
    expectShown('birthCertificate');
    await user.keyboard('p');
    expectShown('backIdCard');

    // Letters typed into the note are text: nothing is accepted, nothing moves.
    await user.click(note());
    await user.keyboard('a note, just text');
    expectShown('backIdCard');
    expect(tab('backIdCard')).toHaveTextContent('مرفوض (لم يحفظ)');
    expect(note()).toHaveValue('a note, just text');

    // Ctrl+Enter saves, from the note too.
    await user.keyboard('{Control>}{Enter}{/Control}');
    await screen.findByText(REVIEW_MESSAGES.reviewSaved);
    expect(api.bodiesOf(reviewPath(id))).toEqual([
      {
        version: 3,
        decisions: [
          { kind: 'frontIdCard', decision: 'accepted', reason: null, note: null },
          { kind: 'backIdCard', decision: 'rejected', reason: 'cropped', note: 'a note, just text' },
        ],
      },
    ]);

    // S saves too (the next save is based on the new version).
    await user.click(tab('nominationCard'));
    await user.keyboard('a');
    await user.keyboard('s');
    await waitFor(() => expect(api.bodiesOf(reviewPath(id))).toHaveLength(2));
    expect(api.bodiesOf(reviewPath(id))[1]).toEqual({
      version: 4,
      decisions: [{ kind: 'nominationCard', decision: 'accepted', reason: null, note: null }],
    });
  });

  it('on a stale save (409) says why and reloads the record, so the newer decisions show', async () => {
    const record = studentRecordPage();
    const id = record.student._id;
    const newer: StudentRecordPage = {
      ...record,
      version: 4,
      documents: record.documents.map((document) =>
        document.kind === 'frontIdCard'
          ? {
              ...document,
              state: 'accepted',
              reviewedBy: 'reviewer2',
              reviewedAt: '2025-08-05T08:00:00.000Z',
            }
          : document,
      ),
    };
    let reads = 0;
    const { user, api } = await openRecord(`/admin/students/${id}`, {
      [recordPath(id)]: () => recordAnswer(reads++ === 0 ? record : newer),
      [reviewPath(id)]: ({ body }) =>
        (body as ReviewRequest).version === 3
          ? fails(409, REVIEW_MESSAGES.reviewStale)
          : savedReview(newer, []),
    });

    await user.click(within(panel()).getByRole('radio', { name: 'رفض المستند' }));
    await user.click(reason('wrongDocument'));
    await user.click(screen.getByRole('button', { name: 'حفظ المراجعة' }));

    // On the page until dismissed (beside the 20 s notice), so the reviewer knows why the decisions changed.
    const alert = await screen.findByRole('alert', { name: REVIEW_MESSAGES.reviewStale });
    expect(within(alert).getByRole('button', { name: 'إخفاء الرسالة' })).toBeInTheDocument();
    await waitFor(() => expect(reads).toBe(2));
    // The colleague's acceptance replaces the refusal this reviewer had not saved.
    await waitFor(() => expect(tab('frontIdCard')).toHaveTextContent(/مقبول$/));
    expect(within(panel()).getByRole('radio', { name: 'قبول المستند' })).toBeChecked();
    expect(within(panel()).getByText('reviewer2')).toBeInTheDocument();

    // Deciding again saves on the newer version.
    await user.click(tab('backIdCard'));
    await user.click(within(panel()).getByRole('radio', { name: 'قبول المستند' }));
    await user.click(screen.getByRole('button', { name: 'حفظ المراجعة' }));
    await waitFor(() => expect(api.bodiesOf(reviewPath(id))).toHaveLength(2));
    expect((api.bodiesOf(reviewPath(id))[1] as ReviewRequest).version).toBe(4);
  });
});

describe('reviewing from the queue', { timeout: 30_000 }, () => {
  it('reads a record again on every opening and never shows the last visit first', async () => {
    const [first, second] = [studentRecordPage(), studentRecordPage()];
    const servers = [first, second].map(recordServer);
    const { router, queryClient, api } = await openRecord(
      `/admin/students/${first.student._id}`,
      Object.assign({}, ...servers.map((server) => server.handlers)),
    );
    const cachedFirst = () =>
      queryClient
        .getQueryCache()
        .findAll({ predicate: (query) => query.queryKey.includes(first.student._id) });
    expect(cachedFirst()).toHaveLength(1);

    await router.navigate(`/admin/students/${second.student._id}`);
    await screen.findByRole('heading', { name: `سجل الطالب: ${second.student.studentName}` });
    // Shown from the cache on the way back, it would be replaced by the fresh record under the reviewer's hands.
    await waitFor(() => expect(cachedFirst()).toHaveLength(0));

    await router.navigate(`/admin/students/${first.student._id}`);
    await screen.findByRole('heading', { name: `سجل الطالب: ${first.student.studentName}` });
    expect(api.queriesOf(recordPath(first.student._id))).toHaveLength(2);
  });

  it('saves and moves to the next student from the cached queue page: 8 requests a student, no more', async () => {
    const records = [studentRecordPage(), studentRecordPage(), studentRecordPage()];
    const rows = records.map((record) => ({
      ...studentRecord({
        _id: record.student._id,
        studentName: record.student.studentName,
        isComplete: true,
        documentsStatus: 'pending',
      }),
      completedAt: record.student.completedAt,
    }));
    const servers = records.map(recordServer);
    let queueReads = 0;
    const api = mockApi({
      ...signedInAs('ADMIN'),
      ...Object.assign({}, ...servers.map((server) => server.handlers)),
      [queuePath(1)]: () => {
        queueReads += 1;
        // Read again at the end of the page: the first and third were reviewed, the second was skipped.
        const data = queueReads === 1 ? rows : [rows[1]];
        return ok({ faculty: 'كلية التجارة', data, awaiting: data.length, needsReupload: 0, accepted: 7 });
      },
    });
    const images = serveImages(api);
    const { user, router } = renderApp('/admin/review');

    await user.click(await screen.findByRole('link', { name: records[0]?.student.studentName }));
    await screen.findByRole('tablist', { name: 'مستندات الطالب' });
    expect(router.state.location.search).toBe('?from=review');
    expect(api.bodiesOf(queuePath(1))).toEqual([{ faculty: null }]);

    // A and N through the six, then S: the whole set accepted, saved, and the next student opened.
    const before = images.requests().length;
    for (let n = 0; n < 6; n += 1) await user.keyboard('an');
    await user.keyboard('s');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/admin/students/${records[1]?.student._id}`),
    );
    expect(router.state.location.search).toBe('?from=review');
    await screen.findByRole('heading', { name: `سجل الطالب: ${records[1]?.student.studentName}` });
    await waitFor(() => expect(images.createObjectURL).toHaveBeenCalledTimes(12));
    const loop = images.requests().slice(before);
    expect(loop).toEqual([
      `POST /api/v1/students/review/${records[0]?.student._id}`,
      `GET /api/v1/students/record/${records[1]?.student._id}`,
      ...IMAGE_KINDS.map((kind) => `GET /api/v1/students/document/${records[1]?.student._id}/${kind}`),
    ]);
    expect(api.bodiesOf(reviewPath(records[0]?.student._id ?? ''))).toEqual([
      {
        version: 3,
        decisions: IMAGE_KINDS.map((kind) => ({ kind, decision: 'accepted', reason: null, note: null })),
      },
    ]);

    // With nothing decided, 'next' skips without saving.
    await user.click(screen.getByRole('button', { name: 'تخطي الطالب' }));
    await screen.findByRole('heading', { name: `سجل الطالب: ${records[2]?.student.studentName}` });
    expect(api.bodiesOf(reviewPath(records[1]?.student._id ?? ''))).toEqual([]);

    // The end of the cached page: the queue is read again; the skipped student is not offered round again.
    await screen.findByRole('tablist', { name: 'مستندات الطالب' });
    for (let n = 0; n < 6; n += 1) await user.keyboard('an');
    await user.click(screen.getByRole('button', { name: 'حفظ والطالب التالي' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/review'));
    expect(await screen.findByText('لا يوجد طلاب آخرون بانتظار المراجعة في هذه القائمة')).toBeInTheDocument();
    expect(api.bodiesOf(reviewPath(records[2]?.student._id ?? ''))).toHaveLength(1);
  });
});
