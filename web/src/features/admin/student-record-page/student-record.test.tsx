import { notifications } from '@mantine/notifications';
import { COMPLETE_DATA_LABELS, IMAGE_KINDS, MESSAGES, REVIEW_MESSAGES, type StaffRole } from '@portal/common';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fails, signedInAs } from '@/components/admin/testing/staff-fixtures';
import { type Handler, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import {
  imagePath,
  recordAnswer,
  recordPath,
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

async function openRecord(id: string, handlers: Record<string, Handler>, role: StaffRole = 'SUPERADMIN') {
  const api = mockApi({ ...signedInAs(role), ...handlers });
  const images = serveImages(api);
  const app = renderApp(`/admin/students/${id}`);
  return { ...app, api, images };
}

const section = (name: string) => screen.getByRole('region', { name });

/** A definition list's pairs as [term, description] text. */
const factsOf = (element: HTMLElement) =>
  [...element.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]);

// The first test waits for the screen's lazy chunk, which on a busy 2-core machine can take seconds.
describe('student record page', { timeout: 15_000 }, () => {
  it('shows everything the portal holds on the student, in Arabic sections', async () => {
    const record = studentRecordPage();
    await openRecord(record.student._id, { [recordPath(record.student._id)]: () => recordAnswer(record) });
    expect(
      await screen.findByRole('heading', { level: 2, name: `سجل الطالب: ${record.student.studentName}` }),
    ).toBeInTheDocument();

    expect(factsOf(section('البيانات المستوردة'))).toEqual([
      ['الاسم', record.student.studentName],
      ['الرقم القومي', record.student.nationalID],
      ['رقم الجلوس', '123456'],
      ['رقم الموبايل', '01012345678'],
      ['النوع', 'أنثى'],
      ['الكلية', 'كلية التجارة'],
      ['حالة القيد', 'منتظم'],
      ['المجموع الكلي', '385.5'],
      ['النسبة المئوية', '93.5'],
    ]);

    // Every field the form asked this (non social-work, non tourism) student, under the form's own labels.
    const completed = section('البيانات المستكملة');
    const facts = factsOf(completed);
    expect(facts).toContainEqual([COMPLETE_DATA_LABELS.studentNameEn, 'Salma Adel Hassan']);
    expect(facts).toContainEqual([COMPLETE_DATA_LABELS.homeTel, '—']);
    expect(facts).toContainEqual([COMPLETE_DATA_LABELS.qualificationYear, '2024/2025']);
    expect(facts.map(([label]) => label)).not.toContain(COMPLETE_DATA_LABELS.motherName);
    expect(facts.map(([label]) => label)).not.toContain(COMPLETE_DATA_LABELS.program1);
    // A Latin value is isolated, so it reads left to right inside the Arabic page.
    expect(within(completed).getByText('Salma Adel Hassan').tagName).toBe('BDI');
    // Cairo is UTC+3 in August: 09:15Z is 12:15 there.
    expect(within(completed).getByText(/أكمل الطالب بياناته في/)).toHaveTextContent('3 أغسطس 2025');
    expect(within(completed).getByText(/أكمل الطالب بياناته في/)).toHaveTextContent('12:15');

    expect(factsOf(section('الاختبار الإلكتروني'))).toEqual([
      ['النتيجة', 'اجتاز الاختبار'],
      ['عدد المحاولات', '2'],
    ]);
    const answers = section('إجابات الأسئلة الإضافية');
    expect(within(answers).getByText('كيف عرفت بالكلية؟')).toBeInTheDocument();
    expect(within(answers).getByText('من الأصدقاء، من الموقع')).toBeInTheDocument();
    expect(within(answers).getByText('Facebook')).toBeInTheDocument();
    expect(factsOf(section('موعد المقابلة الشخصية'))).toEqual([
      ['اليوم', 'الأحد 14/09/2025'],
      ['الفترة', 'الفترة الصباحية (9:00)'],
    ]);

    const history = within(section('سجل الإجراءات')).getByRole('table');
    const rows = within(history).getAllByRole('row').slice(1);
    expect(within(rows[0] as HTMLElement).getByText('الطالب أو النظام')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('reviewer1')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('اطلع على سجل الطالب')).toBeInTheDocument();
    expect(rows[1]?.querySelector('time')).toHaveAttribute('datetime', '2025-08-04T12:30:00.000Z');
    expect(rows[1]?.querySelector('time')).toHaveTextContent('4 أغسطس 2025');
  });

  it("lists the student's e-mails and text messages with their state and error", async () => {
    const record = studentRecordPage({
      notifications: [
        {
          id: '60000000-0000-4000-8000-000000000002',
          event: 'documentRefused',
          channel: 'sms',
          state: 'retrying',
          tries: 3,
          error: 'gateway answered 502',
          createdAt: '2025-08-05T10:00:00.000Z',
          sentAt: null,
        },
        {
          id: '60000000-0000-4000-8000-000000000001',
          event: 'dataCompleted',
          channel: 'email',
          state: 'sent',
          tries: 1,
          error: null,
          createdAt: '2025-08-03T09:15:00.000Z',
          sentAt: '2025-08-03T09:16:00.000Z',
        },
      ],
    });
    await openRecord(record.student._id, { [recordPath(record.student._id)]: () => recordAnswer(record) });
    const table = within(await screen.findByRole('region', { name: 'الرسائل المرسلة إلى الطالب' })).getByRole(
      'table',
    );
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['الوقت', 'الرسالة', 'الطريقة', 'الحالة', 'الخطأ']);
    const [refusal, completed] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(
      within(refusal)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      // Cairo is UTC+3 in August.
      expect.stringContaining('5 أغسطس 2025'),
      'رفض مستند',
      'رسالة نصية',
      'ستعاد المحاولة (3 محاولات)',
      'gateway answered 502',
    ]);
    expect(refusal.querySelector('time')).toHaveAttribute('datetime', '2025-08-05T10:00:00.000Z');
    expect(
      within(completed)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([expect.stringContaining('12:16'), 'اكتمال البيانات', 'البريد الإلكتروني', 'أرسلت', '—']);
  });

  it('says when no message has been sent to the student', async () => {
    const record = studentRecordPage();
    await openRecord(record.student._id, { [recordPath(record.student._id)]: () => recordAnswer(record) });
    expect(
      within(await screen.findByRole('region', { name: 'الرسائل المرسلة إلى الطالب' })).getByText(
        'لم ترسل إلى الطالب رسائل بعد.',
      ),
    ).toBeInTheDocument();
  });

  it('loads the six images with the staff token, shows them as object URLs and lets them go on leaving', async () => {
    const record = studentRecordPage();
    const id = record.student._id;
    const { api, images, router } = await openRecord(id, { [recordPath(id)]: () => recordAnswer(record) });
    const viewer = await screen.findByRole('img', {
      name: `صورة بطاقة الرقم القومي (الوجه الأمامي): ${record.student.studentName}`,
    });
    expect(viewer.getAttribute('src')).toMatch(/^blob:test\//);
    const imageCalls = api.fetchMock.mock.calls.filter(([input]) =>
      String(input).includes('/students/document/'),
    );
    expect(imageCalls.map(([input]) => String(input))).toEqual(
      IMAGE_KINDS.map((kind) => imagePath(id, kind)),
    );
    for (const [, init] of imageCalls)
      expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer test-token');
    expect(images.createObjectURL).toHaveBeenCalledTimes(6);

    await act(() => router.navigate('/admin/changePassword'));
    await waitFor(() => expect(images.revokeObjectURL).toHaveBeenCalledTimes(6));
  });

  it('offers to load a failed image again', async () => {
    const record = studentRecordPage();
    const id = record.student._id;
    const api = mockApi({ ...signedInAs('SUPERADMIN'), [recordPath(id)]: () => recordAnswer(record) });
    serveImages(api, ['frontIdCard']);
    const { user } = renderApp(`/admin/students/${id}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('تعذر قراءة الصورة');
    serveImages(api);
    await user.click(within(alert).getByRole('button', { name: 'إعادة تحميل الصورة' }));
    expect(
      await screen.findByRole('img', { name: /صورة بطاقة الرقم القومي \(الوجه الأمامي\)/ }),
    ).toBeInTheDocument();
  });

  it('says so when the student is outside the account scope (403)', async () => {
    await openRecord(
      '20000000-0000-4000-8000-000000000999',
      {
        [recordPath('20000000-0000-4000-8000-000000000999')]: () =>
          fails(403, REVIEW_MESSAGES.studentOutsideScope),
      },
      'ADMIN',
    );
    expect(await screen.findByText(MESSAGES.noAccess)).toBeInTheDocument();
  });

  it('says the student was not found (404), with a way back', async () => {
    await openRecord('20000000-0000-4000-8000-000000000998', {
      [recordPath('20000000-0000-4000-8000-000000000998')]: () => fails(404, 'الطالب غير موجود'),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('الطالب غير موجود');
    expect(within(alert).getByRole('link', { name: 'العودة إلى بيانات الطلاب' })).toHaveAttribute(
      'href',
      '/admin/studentsInfo',
    );
  });

  it('is open to the social-work admin, whose way back is the review queue', async () => {
    const record = studentRecordPage({ student: { socialWork: true, college: 'كلية الخدمة الاجتماعية' } });
    const id = record.student._id;
    await openRecord(id, { [recordPath(id)]: () => recordAnswer(record) }, 'SOCIAL_ADMIN');
    expect(await screen.findByRole('link', { name: 'العودة إلى قائمة المراجعة' })).toHaveAttribute(
      'href',
      '/admin/review',
    );
    // A social-work student was asked the family data.
    expect(factsOf(section('البيانات المستكملة')).map(([label]) => label)).toContain(
      COMPLETE_DATA_LABELS.motherName,
    );
  });

  it('shows a student who has not completed the data without review actions', async () => {
    const record = studentRecordPage({
      student: { isComplete: false, completedAt: null, documentsStatus: 'none', completed: {} },
      documents: [],
    });
    const id = record.student._id;
    await openRecord(id, { [recordPath(id)]: () => recordAnswer(record) });
    expect(await screen.findByText(REVIEW_MESSAGES.reviewNotComplete)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'حفظ المراجعة' })).not.toBeInTheDocument();
    expect(screen.getByText('لم يستكمل الطالب بياناته بعد.')).toBeInTheDocument();
  });
});
