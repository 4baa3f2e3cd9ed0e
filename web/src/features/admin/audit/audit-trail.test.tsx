import { AUDIT_ACTION_LABELS, AUDIT_MESSAGES, type AuditEntryView, MESSAGES } from '@portal/common';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { openDownload } from '@/components/admin/open-download';
import { fails, ok, signedInAs, staffUser } from '@/components/admin/testing/staff-fixtures';
import { type Handler, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { toFilters } from './audit-filters';

vi.mock('@/components/admin/open-download', () => ({ openDownload: vi.fn() }));

const AUDIT = 'GET /api/v1/audit';
const EXPORT = 'POST /api/v1/audit/export';
const ADMINS = 'GET /api/v1/users/getAllAdmins';
const COLLEGES = 'GET /api/v1/colleges';

const support = staffUser({ role: 'SUPPORT', name: 'منى الدعم', userName: 'mona' });

let nextId = 1;
function entry(overrides: Partial<AuditEntryView> = {}): AuditEntryView {
  const n = nextId++;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    at: '2026-03-02T08:00:00.000Z',
    actor: { id: support._id, userName: support.userName },
    action: 'student.view',
    label: AUDIT_ACTION_LABELS['student.view'],
    target: { type: 'student', id: 'x' },
    student: { nationalID: '30101011234567', name: 'هالة محمود' },
    faculty: 'كلية التجارة',
    details: null,
    ip: '10.0.0.7',
    ...overrides,
  };
}

async function openAudit(audit: Handler, extra: Record<string, Handler> = {}) {
  const api = mockApi({
    ...signedInAs('SUPERADMIN'),
    [ADMINS]: () => ok({ results: 1, data: { users: [support] } }),
    [COLLEGES]: () => ok({ data: { data: ['كلية التجارة', 'كلية الآداب'] } }),
    [AUDIT]: audit,
    ...extra,
  });
  const app = renderApp('/admin/audit');
  await screen.findByRole('heading', { name: 'سجل العمليات', level: 2 });
  return { ...api, ...app };
}

// The first render loads the lazy screen and its date pickers: slow on a busy machine.
describe('the audit screen', { timeout: 20_000 }, () => {
  it('lists the rows newest first as cards on a phone, with the student, faculty and address', async () => {
    await openAudit(() =>
      ok({
        data: [
          entry({ action: 'student.delete', label: AUDIT_ACTION_LABELS['student.delete'] }),
          entry({
            actor: null,
            action: 'staff.login_failed',
            label: 'محاولة دخول فاشلة',
            student: null,
            faculty: null,
          }),
        ],
        nextCursor: null,
      }),
    );
    const cards = await screen.findAllByRole('listitem');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      AUDIT_ACTION_LABELS['student.delete'],
      'محاولة دخول فاشلة',
    ]);
    const first = within(cards[0] as HTMLElement);
    expect(first.getByText('هالة محمود')).toBeInTheDocument();
    expect(first.getByText('30101011234567')).toBeInTheDocument();
    expect(first.getByText('كلية التجارة')).toBeInTheDocument();
    expect(first.getByText('10.0.0.7')).toBeInTheDocument();
    expect(first.getByText('mona')).toBeInTheDocument();
    expect(within(cards[1] as HTMLElement).getByText('غير مسجل الدخول')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'عرض المزيد' })).not.toBeInTheDocument();
  });

  it('sends the chosen filters, the national ID in ASCII digits, and shows an empty result in Arabic', async () => {
    const { queriesOf, user } = await openAudit(() => ok({ data: [], nextCursor: null }));
    expect(await screen.findByText(AUDIT_MESSAGES.noEntries)).toBeInTheDocument();
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'الموظف' }),
      `mona - ${support.name}`,
    );
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'الإجراء' }),
      AUDIT_ACTION_LABELS['forms.download'],
    );
    await user.type(screen.getByRole('textbox', { name: 'الرقم القومي للطالب' }), '٣٠١٠١٠١١٢٣٤٥٦٧');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'الكلية' }), 'كلية الآداب');
    await user.click(screen.getByRole('button', { name: 'بحث' }));
    await waitFor(() => expect(queriesOf(AUDIT)).toHaveLength(2));
    expect(Object.fromEntries(new URLSearchParams(queriesOf(AUDIT)[1]))).toEqual({
      actor: support._id,
      action: 'forms.download',
      nationalID: '30101011234567',
      faculty: 'كلية الآداب',
    });
  });

  it('refuses a national ID that is not digits without asking the server', async () => {
    const { queriesOf, user } = await openAudit(() => ok({ data: [], nextCursor: null }));
    await screen.findByText(AUDIT_MESSAGES.noEntries);
    await user.type(screen.getByRole('textbox', { name: 'الرقم القومي للطالب' }), '3010abc');
    await user.click(screen.getByRole('button', { name: 'بحث' }));
    expect(await screen.findByText(AUDIT_MESSAGES.nationalIdInvalid)).toBeInTheDocument();
    expect(queriesOf(AUDIT)).toHaveLength(1);
  });

  it("shows 'more' while there is a next page and appends it, asked with the cursor", async () => {
    const { queriesOf, user } = await openAudit(({ query }) =>
      query.get('cursor') === 'next-page'
        ? ok({ data: [entry({ student: { nationalID: '2', name: 'الصفحة الثانية' } })], nextCursor: null })
        : ok({
            data: [entry({ student: { nationalID: '1', name: 'الصفحة الأولى' } })],
            nextCursor: 'next-page',
          }),
    );
    await screen.findByText('الصفحة الأولى');
    await user.click(screen.getByRole('button', { name: 'عرض المزيد' }));
    expect(await screen.findByText('الصفحة الثانية')).toBeInTheDocument();
    expect(screen.getByText('الصفحة الأولى')).toBeInTheDocument();
    expect(queriesOf(AUDIT)).toEqual(['', 'cursor=next-page']);
    expect(screen.queryByRole('button', { name: 'عرض المزيد' })).not.toBeInTheDocument();
  });

  it('exports the applied filters and opens the link; a refusal is shown in Arabic', async () => {
    let refuse = false;
    const { bodiesOf, user } = await openAudit(() => ok({ data: [entry()], nextCursor: null }), {
      [EXPORT]: () =>
        refuse ? fails(400, AUDIT_MESSAGES.exportTooLarge) : ok({ path: '/api/v1/audit/export/t.s' }),
    });
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'الإجراء' }),
      AUDIT_ACTION_LABELS['student.view'],
    );
    await user.click(screen.getByRole('button', { name: 'بحث' }));
    await user.click(await screen.findByRole('button', { name: 'تصدير النتائج (Excel)' }));
    await waitFor(() => expect(openDownload).toHaveBeenCalledWith('/api/v1/audit/export/t.s'));
    expect(bodiesOf(EXPORT)).toEqual([{ action: 'student.view' }]);
    expect(await screen.findByText(MESSAGES.fileDownloaded)).toBeInTheDocument();

    refuse = true;
    await user.click(screen.getByRole('button', { name: 'تصدير النتائج (Excel)' }));
    expect(await screen.findByText(AUDIT_MESSAGES.exportTooLarge)).toBeInTheDocument();
  });

  it("shows the server's refusal of the filters in place", async () => {
    await openAudit(() => fails(400, AUDIT_MESSAGES.cursorInvalid));
    const message = await screen.findByText(AUDIT_MESSAGES.cursorInvalid);
    expect(message.closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'إعادة المحاولة' })).toBeInTheDocument();
  });

  it('is for the super admin only: other roles see no link and no rows', async () => {
    const { fetchMock } = mockApi({ ...signedInAs('SUPPORT') });
    renderApp('/admin/audit');
    expect(await screen.findByText(MESSAGES.noAccess)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'سجل العمليات' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([input]) => String(input))).not.toContainEqual(
      expect.stringContaining('/audit'),
    );
  });
});

describe('toFilters', () => {
  const draft = { actor: '', action: '', nationalID: '', faculty: '', from: null, to: null };

  it('leaves out the filters not given and normalises the national ID', () => {
    expect(toFilters({ ...draft, nationalID: ' ٣٠١ ', from: '2026-03-01' })).toEqual({
      filters: { nationalID: '301', from: '2026-03-01' },
    });
  });

  it('refuses a reversed range on its second day', () => {
    expect(toFilters({ ...draft, from: '2026-03-05', to: '2026-03-01' })).toEqual({
      field: 'to',
      message: AUDIT_MESSAGES.dateRangeInvalid,
    });
  });
});
