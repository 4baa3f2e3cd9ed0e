import { notifications } from '@mantine/notifications';
import { type CharterVersion, CONTENT_MESSAGES, MESSAGES } from '@portal/common';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fails, ok, signedInAs } from '@/components/admin/testing/staff-fixtures';
import { type Handler, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const CHARTER = 'GET /api/v1/content/charter';
const PUBLISH = 'PUT /api/v1/content/charter';
const PREVIEW = '/api/v1/content/charter/preview';

const published: CharterVersion = {
  version: 2,
  publishedAt: '2026-11-20T10:30:00.000Z',
  publishedBy: 'superadmin',
  sections: [
    {
      title: 'أحكام عامة',
      paragraphs: ['تؤمن {university} بأن الطالب محور العملية التعليمية.', 'الفقرة الثانية.'],
    },
    { title: 'حقوق الطالب', paragraphs: ['للطالب الحق في بيئة تعليمية آمنة.'] },
  ],
};
const versions = [
  { version: 2, publishedAt: published.publishedAt, publishedBy: 'superadmin' },
  { version: 1, publishedAt: '2026-09-01T08:00:00.000Z', publishedBy: null },
];

const charterAnswer: Handler = () => ok({ data: published, versions });

/** The preview answers a PDF, not JSON: it is answered here and the bodies sent are kept. */
function answerPreviews(fetchMock: ReturnType<typeof mockApi>['fetchMock']) {
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) === PREVIEW && init?.method === 'POST') {
      sent.push(JSON.parse(String(init.body)));
      return new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } });
    }
    return fetchMock(input, init);
  });
  const createObjectURL = vi.fn(() => 'blob:test/preview');
  Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
  return { sent, createObjectURL };
}

async function openEditor(handlers: Record<string, Handler> = {}) {
  const api = mockApi({ ...signedInAs('SUPERADMIN'), [CHARTER]: charterAnswer, ...handlers });
  const app = renderApp('/admin/content/charter');
  await screen.findByRole('heading', { level: 2, name: 'ميثاق الطالب' });
  await screen.findByRole('list', { name: 'أبواب الميثاق' });
  return { ...app, api };
}

const sectionItems = () =>
  within(screen.getByRole('list', { name: 'أبواب الميثاق' })).getAllByRole('listitem');
const section = (n: number) => {
  const item = sectionItems()[n - 1];
  if (!item) throw new Error(`no section ${n}`);
  return item;
};

afterEach(() => {
  act(() => notifications.clean());
});

// The first test waits for the screen's lazy chunk, which on a busy 2-core machine can take seconds.
describe('charter editor', { timeout: 15_000 }, () => {
  it('shows the published version, its sections as plain text and the versions before it', async () => {
    await openEditor();
    expect(screen.getByText(/النسخة المنشورة:/).closest('p')).toHaveTextContent(
      /^النسخة المنشورة: 2، نُشرت في 20 نوفمبر 2026 .* بواسطة superadmin$/,
    );
    expect(screen.getByText(/يُستبدل باسم الجامعة/)).toHaveTextContent('{university}');
    expect(sectionItems()).toHaveLength(2);
    expect(within(section(1)).getByLabelText('عنوان الباب')).toHaveValue('أحكام عامة');
    expect(within(section(1)).getByLabelText(/نص الباب/)).toHaveValue(
      'تؤمن {university} بأن الطالب محور العملية التعليمية.\n\nالفقرة الثانية.',
    );
    expect(within(section(1)).getByRole('button', { name: 'تحريك لأعلى' })).toBeDisabled();
    expect(within(section(2)).getByRole('button', { name: 'تحريك لأسفل' })).toBeDisabled();
    const older = screen.getByRole('list', { name: 'النسخ السابقة' });
    const rows = within(older).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(/^النسخة 2المنشورة الآننُشرت في 20 نوفمبر 2026 .* بواسطة superadmin$/);
    expect(rows[1]).toHaveTextContent(/^النسخة 1نُشرت في 1 سبتمبر 2026 .* \(نسخة البوابة الأصلية\)$/);
  });

  it('publishes the edited sections in their new order after confirming', async () => {
    const { api, user } = await openEditor({
      [PUBLISH]: ({ body }) =>
        ok({
          message: CONTENT_MESSAGES.charterPublished,
          data: { ...published, version: 3, ...(body as object) },
        }),
    });
    const title = within(section(2)).getByLabelText('عنوان الباب');
    await user.clear(title);
    await user.type(title, 'حقوق الطالب وواجباته');
    await user.click(screen.getByRole('button', { name: 'إضافة باب' }));
    expect(sectionItems()).toHaveLength(3);
    expect(within(section(3)).getByLabelText('عنوان الباب')).toHaveFocus();
    await user.type(within(section(3)).getByLabelText('عنوان الباب'), 'الجزاءات');
    await user.type(within(section(3)).getByLabelText(/نص الباب/), 'الإنذار.{enter}{enter}الفصل المؤقت.');
    await user.click(within(section(3)).getByRole('button', { name: 'تحريك لأعلى' }));
    // The section moved; the button pressed keeps the focus at its new place, so it can be pressed again.
    expect(within(section(2)).getByLabelText('عنوان الباب')).toHaveValue('الجزاءات');
    await waitFor(() =>
      expect(within(section(2)).getByRole('button', { name: 'تحريك لأعلى' })).toHaveFocus(),
    );
    expect(screen.getByText('في المسودة تعديلات لم تُنشر بعد.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'نشر نسخة جديدة' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'إلغاء' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'نشر' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.bodiesOf(PUBLISH)).toEqual([
      {
        sections: [
          published.sections[0],
          { title: 'الجزاءات', paragraphs: ['الإنذار.', 'الفصل المؤقت.'] },
          { title: 'حقوق الطالب وواجباته', paragraphs: ['للطالب الحق في بيئة تعليمية آمنة.'] },
        ],
      },
    ]);
    expect(screen.getAllByText(CONTENT_MESSAGES.charterPublished).length).toBeGreaterThan(0);
  });

  it('sends nothing when cancelled', async () => {
    const { api, user } = await openEditor({ [PUBLISH]: () => ok({}) });
    await user.click(screen.getByRole('button', { name: 'نشر نسخة جديدة' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'إلغاء' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.bodiesOf(PUBLISH)).toEqual([]);
  });

  it("shows the server's refusal of an unchanged charter", async () => {
    const { user } = await openEditor({ [PUBLISH]: () => fails(409, CONTENT_MESSAGES.charterUnchanged) });
    await user.click(screen.getByRole('button', { name: 'نشر نسخة جديدة' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'نشر' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CONTENT_MESSAGES.charterUnchanged);
  });

  it('refuses a short title and an empty text with the shared messages before sending', async () => {
    const { api, user } = await openEditor({ [PUBLISH]: () => ok({}) });
    const title = within(section(1)).getByLabelText('عنوان الباب');
    await user.clear(title);
    await user.type(title, 'أ');
    await user.clear(within(section(2)).getByLabelText(/نص الباب/));
    await user.click(screen.getByRole('button', { name: 'نشر نسخة جديدة' }));
    expect(within(section(1)).getByText(CONTENT_MESSAGES.charterTitleInvalid)).toBeInTheDocument();
    expect(within(section(2)).getByText(CONTENT_MESSAGES.charterParagraphsCount)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.bodiesOf(PUBLISH)).toEqual([]);
  });

  it('deletes a section from the draft after confirming, and refuses two with one title', async () => {
    const { user } = await openEditor();
    await user.click(within(section(2)).getByRole('button', { name: 'حذف الباب' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'نعم' }));
    await waitFor(() => expect(sectionItems()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'إضافة باب' }));
    await user.type(within(section(2)).getByLabelText('عنوان الباب'), 'أحكام عامة');
    await user.type(within(section(2)).getByLabelText(/نص الباب/), 'نص');
    await user.click(screen.getByRole('button', { name: 'معاينة PDF' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CONTENT_MESSAGES.charterTitleDuplicate);
  });

  it('sends the draft for a preview and shows the PDF it gets back', async () => {
    const { api, user } = await openEditor();
    const previews = answerPreviews(api.fetchMock);
    const text = within(section(2)).getByLabelText(/نص الباب/);
    await user.type(text, '{enter}{enter}<script>x</script> #set page(width: 1cm)');
    await user.click(screen.getByRole('button', { name: 'معاينة PDF' }));

    const open = await screen.findByRole('link', { name: 'فتح المعاينة' });
    expect(open).toHaveAttribute('href', 'blob:test/preview');
    expect(open).toHaveAttribute('target', '_blank');
    await waitFor(() => expect(open).toHaveFocus());
    expect(screen.getByRole('link', { name: 'تنزيل المعاينة' })).toHaveAttribute(
      'download',
      'معاينة الميثاق.pdf',
    );
    expect(previews.sent).toEqual([
      {
        sections: [
          published.sections[0],
          {
            title: 'حقوق الطالب',
            paragraphs: ['للطالب الحق في بيئة تعليمية آمنة.', '<script>x</script> #set page(width: 1cm)'],
          },
        ],
      },
    ]);
  });

  it('says what went wrong with the charter and offers to try again', async () => {
    let calls = 0;
    mockApi({
      ...signedInAs('SUPERADMIN'),
      [CHARTER]: (request) => {
        calls += 1;
        return calls === 1 ? fails(503, MESSAGES.databaseUnavailable) : charterAnswer(request);
      },
    });
    const { user } = renderApp('/admin/content/charter');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.databaseUnavailable);
    await user.click(within(alert).getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByRole('list', { name: 'أبواب الميثاق' })).toBeInTheDocument();
  });
});
