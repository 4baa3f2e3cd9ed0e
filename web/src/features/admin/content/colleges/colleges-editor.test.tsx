import { notifications } from '@mantine/notifications';
import { CONTENT_MESSAGES, type ContentCollege, MESSAGES } from '@portal/common';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fails, ok, signedInAs } from '@/components/admin/testing/staff-fixtures';
import { type Handler, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const LIST = 'GET /api/v1/content/colleges';
const ADD = 'POST /api/v1/colleges';
const collegePath = (id: string) => `/api/v1/colleges/${id}`;
const programPath = (id: string, programId: string) => `${collegePath(id)}/programs/${programId}`;

const commerce: ContentCollege = {
  id: '30000000-0000-4000-8000-000000000001',
  name: 'كلية التجارة',
  socialWork: false,
  tourism: false,
  sortOrder: 1,
  hidden: false,
  studentCount: 120,
  staffCount: 2,
  programs: [],
};
const socialWork: ContentCollege = {
  id: '30000000-0000-4000-8000-000000000002',
  name: 'كلية الخدمة الاجتماعية',
  socialWork: true,
  tourism: false,
  sortOrder: 2,
  hidden: true,
  studentCount: 0,
  staffCount: 0,
  programs: [],
};
const tourism: ContentCollege = {
  id: '30000000-0000-4000-8000-000000000003',
  name: 'كلية السياحة والفنادق',
  socialWork: false,
  tourism: true,
  sortOrder: 3,
  hidden: false,
  studentCount: 40,
  staffCount: 1,
  programs: [
    {
      id: '40000000-0000-4000-8000-000000000001',
      name: 'الدراسات السياحية',
      sortOrder: 1,
      hidden: false,
      studentCount: 25,
    },
    {
      id: '40000000-0000-4000-8000-000000000002',
      name: 'الإرشاد السياحي',
      sortOrder: 2,
      hidden: true,
      studentCount: 0,
    },
  ],
};
const [studies, guiding] = tourism.programs as [ContentCollege['programs'][0], ContentCollege['programs'][0]];

/** The list as the server holds it; a write's handler changes it, and the screen reads it again. */
async function openEditor(handlers: (list: ContentCollege[]) => Record<string, Handler> = () => ({})) {
  const list = [commerce, socialWork, tourism].map((college) => structuredClone(college));
  const api = mockApi({ ...signedInAs('SUPERADMIN'), [LIST]: () => ok({ data: list }), ...handlers(list) });
  const app = renderApp('/admin/content/colleges');
  await screen.findByRole('heading', { level: 2, name: 'الكليات والبرامج' });
  await screen.findByRole('list', { name: 'الكليات' });
  return { ...app, api, list };
}

const card = (name: string) =>
  within(screen.getByRole('list', { name: 'الكليات' })).getByRole('listitem', { name });
const programRow = (name: string) => within(card(tourism.name)).getByRole('listitem', { name });

afterEach(() => {
  act(() => notifications.clean());
});

// The first test waits for the screen's lazy chunk, which on a busy 2-core machine can take seconds.
describe('colleges editor', { timeout: 15_000 }, () => {
  it('lists each college with its flags, order, counts and, for tourism, its programs', async () => {
    await openEditor();
    expect(card(commerce.name)).toHaveTextContent('الترتيب: 1');
    expect(card(commerce.name)).toHaveTextContent('عدد الطلاب: 120');
    expect(card(commerce.name)).toHaveTextContent('عدد الحسابات: 2');
    expect(within(card(commerce.name)).getByRole('button', { name: 'إخفاء' })).toBeInTheDocument();
    expect(within(card(commerce.name)).queryByText('البرامج', { exact: false })).not.toBeInTheDocument();

    expect(within(card(socialWork.name)).getByText('خدمة اجتماعية')).toBeInTheDocument();
    expect(within(card(socialWork.name)).getByText('مخفية')).toBeInTheDocument();
    expect(within(card(socialWork.name)).getByRole('button', { name: 'إظهار' })).toBeInTheDocument();

    expect(within(card(tourism.name)).getByText('سياحة')).toBeInTheDocument();
    expect(programRow(studies.name)).toHaveTextContent('عدد الطلاب: 25');
    expect(within(programRow(studies.name)).queryByText('مخفي')).not.toBeInTheDocument();
    expect(within(programRow(guiding.name)).getByText('مخفي')).toBeInTheDocument();
    expect(within(programRow(guiding.name)).getByRole('button', { name: 'إظهار' })).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'مواعيد استكمال البيانات لكل كلية في شاشة إعدادات الكليات' }),
    ).toHaveAttribute('href', '/admin/colleges');
  });

  it('adds a tourism college; the new list shows it', async () => {
    const { api, user } = await openEditor((list) => ({
      [ADD]: ({ body }) => {
        const added = {
          ...structuredClone(commerce),
          id: '30000000-0000-4000-8000-000000000009',
          ...(body as object),
        };
        list.push({ ...added, sortOrder: 4, studentCount: 0, staffCount: 0 });
        return ok({ message: CONTENT_MESSAGES.collegeAdded, data: added }, 201);
      },
    }));
    await user.click(screen.getByRole('button', { name: 'إضافة كلية' }));
    const dialog = await screen.findByRole('dialog', { name: 'إضافة كلية' });
    await user.type(within(dialog).getByLabelText('اسم الكلية'), '  كلية الآثار <script>x</script> ');
    await user.click(within(dialog).getByRole('checkbox', { name: 'كلية سياحة' }));
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.bodiesOf(ADD)).toEqual([
      { name: 'كلية الآثار <script>x</script>', socialWork: false, tourism: true },
    ]);
    expect(screen.getAllByText(CONTENT_MESSAGES.collegeAdded).length).toBeGreaterThan(0);
    expect(card('كلية الآثار <script>x</script>')).toHaveTextContent('الترتيب: 4');
  });

  it('refuses a one-letter name and a bad order with the shared messages before sending', async () => {
    const { api, user } = await openEditor(() => ({ [ADD]: () => ok({}) }));
    await user.click(screen.getByRole('button', { name: 'إضافة كلية' }));
    const dialog = await screen.findByRole('dialog', { name: 'إضافة كلية' });
    await user.type(within(dialog).getByLabelText('اسم الكلية'), 'ك');
    await user.type(within(dialog).getByLabelText('الترتيب', { exact: false }), '1.5');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(await within(dialog).findByText(CONTENT_MESSAGES.nameInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(CONTENT_MESSAGES.sortOrderInvalid)).toBeInTheDocument();
    expect(api.bodiesOf(ADD)).toEqual([]);
  });

  it('edits a college, sending only what changed, and shows a name taken', async () => {
    let calls = 0;
    const { api, user } = await openEditor((list) => ({
      [`PATCH ${collegePath(commerce.id)}`]: ({ body }) => {
        calls += 1;
        if (calls === 1) return fails(409, CONTENT_MESSAGES.collegeNameTaken);
        Object.assign(list[0] as ContentCollege, body);
        return ok({ message: CONTENT_MESSAGES.collegeSaved, data: list[0] });
      },
    }));
    await user.click(within(card(commerce.name)).getByRole('button', { name: 'تعديل' }));
    const dialog = await screen.findByRole('dialog', { name: 'تعديل الكلية' });
    const name = within(dialog).getByLabelText('اسم الكلية');
    expect(name).toHaveValue(commerce.name);
    expect(within(dialog).getByLabelText('الترتيب', { exact: false })).toHaveValue('1');
    await user.clear(name);
    await user.type(name, 'كلية الآداب');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(CONTENT_MESSAGES.collegeNameTaken);

    await user.clear(name);
    await user.type(name, 'كلية التجارة وإدارة الأعمال');
    await user.click(within(dialog).getByRole('checkbox', { name: 'كلية خدمة اجتماعية' }));
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.bodiesOf(`PATCH ${collegePath(commerce.id)}`)).toEqual([
      { name: 'كلية الآداب' },
      { name: 'كلية التجارة وإدارة الأعمال', socialWork: true },
    ]);
    expect(within(card('كلية التجارة وإدارة الأعمال')).getByText('خدمة اجتماعية')).toBeInTheDocument();
  });

  it('hides a college and shows the refusal of deleting one students refer to', async () => {
    const { api, user } = await openEditor((list) => ({
      [`PATCH ${collegePath(commerce.id)}`]: ({ body }) => {
        Object.assign(list[0] as ContentCollege, body);
        return ok({ message: CONTENT_MESSAGES.collegeSaved, data: list[0] });
      },
      [`DELETE ${collegePath(commerce.id)}`]: () => fails(409, CONTENT_MESSAGES.collegeInUse),
    }));
    await user.click(within(card(commerce.name)).getByRole('button', { name: 'إخفاء' }));
    expect(await within(card(commerce.name)).findByText('مخفية')).toBeInTheDocument();
    expect(api.bodiesOf(`PATCH ${collegePath(commerce.id)}`)).toEqual([{ hidden: true }]);

    await user.click(within(card(commerce.name)).getByRole('button', { name: 'حذف' }));
    const dialog = await screen.findByRole('dialog', { name: `حذف الكلية: ${commerce.name}؟` });
    await user.click(within(dialog).getByRole('button', { name: 'نعم' }));
    expect(await within(card(commerce.name)).findByRole('alert')).toHaveTextContent(
      CONTENT_MESSAGES.collegeInUse,
    );
    expect(api.bodiesOf(`DELETE ${collegePath(commerce.id)}`)).toHaveLength(1);
  });

  it('deletes a college nobody refers to', async () => {
    const { user } = await openEditor((list) => ({
      [`DELETE ${collegePath(socialWork.id)}`]: () => {
        list.splice(1, 1);
        return ok({ message: CONTENT_MESSAGES.collegeDeleted });
      },
    }));
    await user.click(within(card(socialWork.name)).getByRole('button', { name: 'حذف' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'نعم' }));
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: socialWork.name })).not.toBeInTheDocument(),
    );
    expect(screen.getAllByText(CONTENT_MESSAGES.collegeDeleted).length).toBeGreaterThan(0);
    // The deleted card's button is gone: the focus goes to the button that adds a college, not to the page's start.
    await waitFor(() => expect(screen.getByRole('button', { name: 'إضافة كلية' })).toHaveFocus());
  });

  it("adds, renames, shows and tries to delete a tourism college's programs", async () => {
    const tourismAt = (list: ContentCollege[]) => list[2] as ContentCollege;
    const { api, user } = await openEditor((list) => ({
      [`POST ${collegePath(tourism.id)}/programs`]: ({ body }) => {
        const program = {
          id: '40000000-0000-4000-8000-000000000003',
          sortOrder: 3,
          hidden: false,
          studentCount: 0,
        };
        tourismAt(list).programs.push({ ...program, ...(body as { name: string }) });
        return ok({ message: CONTENT_MESSAGES.programAdded, data: tourismAt(list) }, 201);
      },
      [`PATCH ${programPath(tourism.id, studies.id)}`]: ({ body }) => {
        Object.assign(tourismAt(list).programs[0] as object, body);
        return ok({ message: CONTENT_MESSAGES.programSaved, data: tourismAt(list) });
      },
      [`PATCH ${programPath(tourism.id, guiding.id)}`]: ({ body }) => {
        Object.assign(tourismAt(list).programs[1] as object, body);
        return ok({ message: CONTENT_MESSAGES.programSaved, data: tourismAt(list) });
      },
      [`DELETE ${programPath(tourism.id, studies.id)}`]: () => fails(409, CONTENT_MESSAGES.programInUse),
    }));

    await user.click(within(card(tourism.name)).getByRole('button', { name: 'إضافة برنامج' }));
    let dialog = await screen.findByRole('dialog', { name: `إضافة برنامج: ${tourism.name}` });
    await user.type(within(dialog).getByLabelText('اسم البرنامج'), 'إدارة الفنادق');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(
      await within(card(tourism.name)).findByRole('listitem', { name: 'إدارة الفنادق' }),
    ).toBeInTheDocument();
    expect(api.bodiesOf(`POST ${collegePath(tourism.id)}/programs`)).toEqual([{ name: 'إدارة الفنادق' }]);

    await user.click(within(programRow(studies.name)).getByRole('button', { name: 'تعديل' }));
    dialog = await screen.findByRole('dialog', { name: `تعديل البرنامج: ${tourism.name}` });
    expect(dialog).toHaveTextContent(
      'يتغير الاسم أيضًا في اختيارات الطلاب الذين اختاروا هذا البرنامج (25 طالب)',
    );
    const name = within(dialog).getByLabelText('اسم البرنامج');
    await user.clear(name);
    await user.type(name, 'الدراسات السياحية والفندقية');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(
      await within(card(tourism.name)).findByRole('listitem', { name: 'الدراسات السياحية والفندقية' }),
    ).toBeInTheDocument();
    expect(api.bodiesOf(`PATCH ${programPath(tourism.id, studies.id)}`)).toEqual([
      { name: 'الدراسات السياحية والفندقية' },
    ]);

    await user.click(within(programRow(guiding.name)).getByRole('button', { name: 'إظهار' }));
    await waitFor(() => expect(within(programRow(guiding.name)).queryByText('مخفي')).not.toBeInTheDocument());
    expect(api.bodiesOf(`PATCH ${programPath(tourism.id, guiding.id)}`)).toEqual([{ hidden: false }]);

    await user.click(within(programRow('الدراسات السياحية والفندقية')).getByRole('button', { name: 'حذف' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'نعم' }));
    expect(await within(programRow('الدراسات السياحية والفندقية')).findByRole('alert')).toHaveTextContent(
      CONTENT_MESSAGES.programInUse,
    );
  });

  it('says what went wrong with the list and offers to try again', async () => {
    let calls = 0;
    mockApi({
      ...signedInAs('SUPERADMIN'),
      [LIST]: () => {
        calls += 1;
        return calls === 1 ? fails(503, MESSAGES.databaseUnavailable) : ok({ data: [commerce] });
      },
    });
    const { user } = renderApp('/admin/content/colleges');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.databaseUnavailable);
    await user.click(within(alert).getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByRole('listitem', { name: commerce.name })).toBeInTheDocument();
  });
});
