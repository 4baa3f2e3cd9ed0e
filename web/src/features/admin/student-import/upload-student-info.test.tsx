import { notifications } from '@mantine/notifications';
import { MESSAGE_TEMPLATES, MESSAGES, type StaffRole, TOAST_SUCCESS_LONG_MS } from '@portal/common';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fails, ok, signedInAs } from '@/components/admin/testing/staff-fixtures';
import { installFakeXhr } from '@/testing/fake-xhr';
import { type Handler, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { attachmentName } from './api/student-lists';
import { saveFile } from './save-file';
import { fileProblem } from './upload-student-info';

vi.mock('./save-file', () => ({ saveFile: vi.fn() }));

const COLLEGES = 'GET /api/v1/colleges';
const COMMERCE = 'كلية التجارة';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function openScreen(role: StaffRole = 'SUPERADMIN', handlers: Record<string, Handler> = {}) {
  const api = mockApi({
    ...signedInAs(role),
    [COLLEGES]: () => ok({ data: { data: [COMMERCE, 'كلية الآداب'] } }),
    ...handlers,
  });
  const app = renderApp('/admin/uploadStudentInfo');
  await screen.findByRole('heading', { name: 'رفع بيانات الطلاب' });
  await waitFor(() => expect(screen.getByRole('option', { name: COMMERCE })).toBeInTheDocument());
  return { ...app, api };
}

const form = () => screen.getByRole('form', { name: 'رفع بيانات الطلاب' });
/** The button that opens the file picker (Mantine's FileInput), labelled by the field. */
const fileField = () => within(form()).getByLabelText('ملف Excel');
/** The hidden file input behind it. The browser's "all files" choice lets a person pick any file. */
const chooseFile = (file: File) => {
  const input = form().querySelector('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
};

afterEach(() => {
  act(() => notifications.clean());
});

beforeEach(() => {
  vi.mocked(saveFile).mockClear();
});

describe('upload student info', () => {
  it('leaves out the colleges the super admin hid from new uploads (issue 19)', async () => {
    const hiddenCollege = 'كلية الإعلام';
    await openScreen('SUPERADMIN', {
      [COLLEGES]: () =>
        ok({
          data: {
            data: [COMMERCE, hiddenCollege],
            colleges: [
              { name: COMMERCE, hidden: false },
              { name: hiddenCollege, hidden: true },
            ],
          },
        }),
    });
    expect(screen.queryByRole('option', { name: hiddenCollege })).not.toBeInTheDocument();
  });

  it('needs a faculty, a status and a file, and accepts Excel files only', async () => {
    const xhr = installFakeXhr();
    const { user } = await openScreen();
    await user.click(within(form()).getByRole('button', { name: 'رفع الملف' }));
    expect(await within(form()).findByText(MESSAGES.facultyRequired)).toBeInTheDocument();
    expect(within(form()).getByText(MESSAGES.uploadStatusInvalid)).toBeInTheDocument();
    expect(within(form()).getByText(MESSAGES.uploadFileRequired)).toBeInTheDocument();
    expect(within(form()).getByLabelText('الكلية')).toHaveAccessibleDescription(MESSAGES.facultyRequired);

    await user.selectOptions(within(form()).getByLabelText('الكلية'), COMMERCE);
    await user.selectOptions(within(form()).getByLabelText('حالة القيد'), 'منتسب');
    chooseFile(new File(['a,b'], 'students.csv', { type: 'text/csv' }));
    await user.click(within(form()).getByRole('button', { name: 'رفع الملف' }));
    expect(await within(form()).findByText(MESSAGES.excelFileOnly)).toBeInTheDocument();
    expect(within(form()).queryByText(MESSAGES.facultyRequired)).not.toBeInTheDocument();
    expect(fileField()).toHaveAttribute('aria-invalid', 'true');
    expect(fileField()).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.excelFileOnly));
    expect(xhr.sent()).toEqual([]);
  });

  it('uploads with a progress bar, then shows the counts, ignored columns and rejected rows', async () => {
    const xhr = installFakeXhr();
    const { user } = await openScreen('SUPPORT');
    const show = vi.spyOn(notifications, 'show');
    await user.selectOptions(within(form()).getByLabelText('الكلية'), COMMERCE);
    await user.selectOptions(within(form()).getByLabelText('حالة القيد'), 'منتظم');
    chooseFile(new File(['x'], 'الطلاب.xlsx', { type: XLSX }));
    expect(fileField()).toHaveTextContent('الطلاب.xlsx');
    await user.click(within(form()).getByRole('button', { name: 'رفع الملف' }));

    const request = await xhr.next();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/v1/students/upload');
    expect(request.headers.Authorization).toBe('Bearer test-token');
    expect(request.body.get('faculty')).toBe(COMMERCE);
    expect(request.body.get('status')).toBe('regular');
    expect((request.body.get('file') as File).name).toBe('الطلاب.xlsx');

    act(() => request.progress(40, 100));
    expect(await screen.findByRole('progressbar', { name: 'نسبة رفع الملف' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(screen.getByText('نسبة رفع الملف: 40%')).toBeInTheDocument();
    act(() => request.progress(100, 100));
    expect(await screen.findByText(/جاري قراءته/)).toBeInTheDocument();

    const message = MESSAGE_TEMPLATES.uploadDone(5, 2, 2);
    act(() =>
      request.reply(200, {
        status: 'success',
        message,
        added: 5,
        updated: 2,
        rejected: 2,
        ignoredColumns: ['ملاحظات'],
        report: [
          { row: 4, nationalID: '123', name: 'سعيد', reason: 'الرقم القومي يجب أن يتكون من 14 رقما' },
          { row: 9, nationalID: '', name: '', reason: 'الاسم مطلوب' },
        ],
        reportPath: '/api/v1/students/uploadReport/tok',
      }),
    );
    const result = await screen.findByRole('region', { name: 'نتيجة الرفع' });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(result).getByTestId('upload-added')).toHaveTextContent('5');
    expect(within(result).getByTestId('upload-rejected')).toHaveTextContent('2');
    expect(within(result).getByText('ملاحظات')).toBeInTheDocument();
    const rejected = within(result).getByRole('table');
    expect(within(rejected).getByRole('row', { name: /^4 123 سعيد الرقم القومي/ })).toBeInTheDocument();
    expect(within(rejected).getByRole('row', { name: '9 — — الاسم مطلوب' })).toBeInTheDocument();
    expect(within(result).getByRole('link', { name: 'تنزيل تقرير الصفوف المرفوضة (Excel)' })).toHaveAttribute(
      'href',
      '/api/v1/students/uploadReport/tok',
    );
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message, autoClose: TOAST_SUCCESS_LONG_MS }));
    // The file is cleared for the next list; the faculty and status stay.
    expect(fileField()).toHaveTextContent('اضغط لاختيار الملف');
    expect(within(form()).getByLabelText('الكلية')).toHaveValue(COMMERCE);
  });

  it("shows the server's refusal as an error notice", async () => {
    const xhr = installFakeXhr();
    const { user } = await openScreen();
    await user.selectOptions(within(form()).getByLabelText('الكلية'), COMMERCE);
    await user.selectOptions(within(form()).getByLabelText('حالة القيد'), 'بدون');
    chooseFile(new File(['x'], 'old.xls', { type: 'application/vnd.ms-excel' }));
    await user.click(within(form()).getByRole('button', { name: 'رفع الملف' }));
    const request = await xhr.next();
    expect(request.body.get('status')).toBe('none');
    act(() => request.reply(422, { status: 'error', message: MESSAGES.uploadNoHeader }));
    expect(await screen.findByText(MESSAGES.uploadNoHeader)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'نتيجة الرفع' })).not.toBeInTheDocument();
  });

  it('downloads the template with the bearer token and saves it under its Arabic name', async () => {
    const headers: (string | null)[] = [];
    const { user, api } = await openScreen('SUPERADMIN');
    const answer = api.fetchMock.getMockImplementation();
    api.fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/v1/students/uploadTemplate') {
        headers.push(new Headers(init?.headers).get('Authorization'));
        return new Response(new Blob(['PK']), {
          headers: {
            'Content-Type': XLSX,
            'Content-Disposition': `attachment; filename="students-upload-template.xlsx"; filename*=UTF-8''${encodeURIComponent('نموذج رفع بيانات الطلاب.xlsx')}`,
          },
        });
      }
      if (!answer) throw new Error('no mock');
      return answer(input, init);
    });
    await user.click(screen.getByRole('button', { name: 'تنزيل نموذج الملف' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveFile).mock.calls[0]?.[1]).toBe('نموذج رفع بيانات الطلاب.xlsx');
    expect(headers).toEqual(['Bearer test-token']);
  });

  it('is closed to a faculty ADMIN', async () => {
    mockApi(signedInAs('ADMIN'));
    renderApp('/admin/uploadStudentInfo');
    expect(await screen.findByText(MESSAGES.noAccess)).toBeInTheDocument();
  });
});

describe('fileProblem', () => {
  it('takes .xlsx and .xls in any case, nothing else', () => {
    expect(fileProblem(new File(['x'], 'A.XLSX'))).toBeUndefined();
    expect(fileProblem(new File(['x'], 'b.xls'))).toBeUndefined();
    expect(fileProblem(new File(['x'], 'c.xlsx.pdf'))).toBe(MESSAGES.excelFileOnly);
    expect(fileProblem(new File(['x'], 'xlsx'))).toBe(MESSAGES.excelFileOnly);
    expect(fileProblem(null)).toBe(MESSAGES.uploadFileRequired);
  });
});

describe('attachmentName', () => {
  it('prefers the UTF-8 name, then the plain one, then the fallback', () => {
    expect(attachmentName(`attachment; filename="a.xlsx"; filename*=UTF-8''%D9%86.xlsx`, 'x')).toBe('ن.xlsx');
    expect(attachmentName('attachment; filename="a.xlsx"', 'x')).toBe('a.xlsx');
    expect(attachmentName(null, 'x.xlsx')).toBe('x.xlsx');
  });
});

describe('template refusal', () => {
  it("shows the server's message", async () => {
    const { user } = await openScreen('SUPERADMIN', {
      'GET /api/v1/students/uploadTemplate': () => fails(403, MESSAGES.forbidden),
    });
    await user.click(screen.getByRole('button', { name: 'تنزيل نموذج الملف' }));
    expect(await screen.findByText(MESSAGES.forbidden)).toBeInTheDocument();
    expect(saveFile).not.toHaveBeenCalled();
  });
});
