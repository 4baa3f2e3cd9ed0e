import { notifications } from '@mantine/notifications';
import { CONTENT_MESSAGES, MESSAGE_TEMPLATES, MESSAGES, type QuestionEntry } from '@portal/common';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fails, ok, signedInAs } from '@/components/admin/testing/staff-fixtures';
import { type Handler, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const LIST = 'GET /api/v1/content/additional-questions';
const ADD = 'POST /api/v1/content/additional-questions';
const ORDER = 'POST /api/v1/content/additional-questions/order';
const patchOf = (id: string) => `PATCH /api/v1/content/additional-questions/${id}`;

function entry(
  id: string,
  sortOrder: number,
  fields: Pick<QuestionEntry, 'type' | 'question'> & Partial<QuestionEntry>,
): QuestionEntry {
  return {
    id,
    description: null,
    options: [],
    active: true,
    answeredCount: 0,
    updatedAt: '2026-11-20T10:00:00.000Z',
    sortOrder,
    ...fields,
  };
}

const RESIDENCE = entry('q_residence', 0, {
  type: 'mcq',
  question: 'أين ستقيم خلال فترة الدراسة؟',
  options: ['مع الأسرة', 'المدينة الجامعية'],
  answeredCount: 12,
});
const HEARD = entry('q_heard', 1, {
  type: 'multi_select_input',
  question: 'كيف عرفت معلومات عن الكلية؟',
  description: 'يمكنك اختيار أكثر من إجابة',
  options: ['موقع الجامعة', 'الأهل والأصدقاء', 'أخرى'],
});
const GOAL = entry('q_goal', 2, { type: 'input', question: 'ما هدفك المهني بعد التخرج؟' });
const HEALTH = entry('q_health', 3, {
  type: 'mcq_yes_input',
  question: 'هل تعاني من مرض مزمن؟',
  description: 'اذكر الحالة الصحية',
  options: ['نعم', 'لا'],
});
const TRANSPORT = entry('q_transport', 4, {
  type: 'mcq_input',
  question: 'ما وسيلة انتقالك إلى الكلية؟',
  options: ['المواصلات العامة', 'أخرى'],
});
const OLD = entry('q_old', 5, {
  type: 'mcq',
  question: 'هل زرت الجامعة من قبل؟',
  options: ['نعم', 'لا'],
  active: false,
  answeredCount: 40,
});
const ALL = [RESIDENCE, HEARD, GOAL, HEALTH, TRANSPORT, OLD];

const listAnswer = (questions: QuestionEntry[]) => () => ok({ data: questions });

async function openEditor(handlers: Record<string, Handler> = {}, questions = ALL) {
  const api = mockApi({ ...signedInAs('SUPERADMIN'), [LIST]: listAnswer(questions), ...handlers });
  const app = renderApp('/admin/content/questionnaire');
  await screen.findByRole('heading', { level: 2, name: 'أسئلة الاستبيان' });
  await screen.findByRole('list', { name: 'أسئلة الاستبيان بالترتيب' });
  return { ...app, api };
}

const questionList = () => screen.getByRole('list', { name: 'أسئلة الاستبيان بالترتيب' });
const card = (name: string) => within(questionList()).getByRole('listitem', { name });
const order = () =>
  within(questionList())
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
/** Mantine's select: its list opens in a portal, outside the dialog. */
async function chooseType(user: ReturnType<typeof renderApp>['user'], dialog: HTMLElement, label: string) {
  await user.click(within(dialog).getByRole('combobox', { name: 'نوع السؤال' }));
  await user.click(await screen.findByRole('option', { name: label }));
}

const preview = () => screen.getByRole('region', { name: 'معاينة' });

// Mantine's type list measures itself and scrolls to the chosen type; jsdom has neither ResizeObserver nor
// scrollIntoView.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
const jsdomScrollIntoView = Element.prototype.scrollIntoView;

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
  Element.prototype.scrollIntoView = () => {};
});

afterEach(() => {
  Element.prototype.scrollIntoView = jsdomScrollIntoView;
  act(() => notifications.clean());
});

// The first test waits for the screen's lazy chunk, which on a busy 2-core machine can take seconds.
describe('questionnaire editor', { timeout: 20_000 }, () => {
  it('lists the questions in order with their type, options, state and how many answered', async () => {
    await openEditor();
    expect(order()).toEqual(ALL.map((question) => question.question));

    const residence = card(RESIDENCE.question);
    expect(residence).toHaveTextContent('النوعاختيار من متعدد');
    expect(residence).toHaveTextContent('مع الأسرة');
    expect(residence).toHaveTextContent('المدينة الجامعية');
    expect(residence).toHaveTextContent('مفعل');
    expect(residence).toHaveTextContent('عدد من أجابوا12');
    expect(within(residence).getByRole('button', { name: 'تحريك لأعلى' })).toBeDisabled();
    expect(within(residence).getByRole('button', { name: 'تحريك لأسفل' })).toBeEnabled();
    expect(within(residence).getByRole('button', { name: 'إيقاف' })).toBeInTheDocument();

    expect(card(HEARD.question)).toHaveTextContent('النوعاختيار أكثر من إجابة مع أخرى');
    expect(card(HEARD.question)).toHaveTextContent('الوصفيمكنك اختيار أكثر من إجابة');
    expect(card(GOAL.question)).toHaveTextContent('النوعإجابة نصية');
    expect(card(HEALTH.question)).toHaveTextContent('النوعاختيار مع تفاصيل عند نعم');
    expect(card(TRANSPORT.question)).toHaveTextContent('النوعاختيار مع أخرى');

    const old = card(OLD.question);
    expect(old).toHaveTextContent('غير مفعل');
    expect(within(old).getByRole('button', { name: 'تفعيل' })).toBeInTheDocument();
    expect(within(old).getByRole('button', { name: 'تحريك لأسفل' })).toBeDisabled();
  });

  it('previews the active questions on the student’s components, each type with its control', async () => {
    await openEditor();
    const shown = preview();
    expect(within(shown).getAllByRole('radio').length).toBeGreaterThan(0);
    expect(
      within(within(shown).getByRole('group', { name: RESIDENCE.question }))
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(RESIDENCE.options);
    const heard = within(shown).getByRole('group', { name: HEARD.question });
    expect(within(heard).getAllByRole('checkbox')).toHaveLength(3);
    expect(heard).toHaveAccessibleDescription('يمكنك اختيار أكثر من إجابة');
    expect(within(shown).getByRole('textbox', { name: GOAL.question })).toBeInTheDocument();
    expect(
      within(within(shown).getByRole('group', { name: HEALTH.question })).getAllByRole('radio'),
    ).toHaveLength(2);
    expect(
      within(within(shown).getByRole('group', { name: TRANSPORT.question })).getAllByRole('radio'),
    ).toHaveLength(2);
    // The inactive question is not shown to students.
    expect(within(shown).queryByRole('group', { name: OLD.question })).not.toBeInTheDocument();
    expect(within(shown).getAllByRole('button', { name: 'مسح الإجابة' })).toHaveLength(5);
  });

  it('answers in the preview locally and checks with the shared validator, sending nothing', async () => {
    const { api, user } = await openEditor();
    const shown = preview();
    await user.click(within(shown).getByRole('button', { name: 'تحقق من الإجابات' }));
    expect(
      await within(shown).findByText(MESSAGE_TEMPLATES.invalidAnswerFor(RESIDENCE.question)),
    ).toBeInTheDocument();

    await user.click(within(shown).getByRole('radio', { name: 'مع الأسرة' }));
    await user.click(within(shown).getByRole('checkbox', { name: 'موقع الجامعة' }));
    await user.type(within(shown).getByRole('textbox', { name: GOAL.question }), 'مهندس');
    await user.click(
      within(within(shown).getByRole('group', { name: HEALTH.question })).getByRole('radio', { name: 'نعم' }),
    );
    await user.click(
      within(within(shown).getByRole('group', { name: TRANSPORT.question })).getByRole('radio', {
        name: 'أخرى',
      }),
    );
    await user.type(within(shown).getByRole('textbox', { name: 'يرجى التوضيح' }), 'دراجة');
    await user.click(within(shown).getByRole('button', { name: 'تحقق من الإجابات' }));
    // 'yes' asks for the details, labelled by the question's description.
    const details = within(shown).getByRole('textbox', { name: 'اذكر الحالة الصحية' });
    expect(await within(shown).findByText(MESSAGES.yesDetailsRequired)).toBeInTheDocument();
    expect(details).toHaveFocus();

    await user.type(details, 'ربو');
    await user.click(within(shown).getByRole('button', { name: 'تحقق من الإجابات' }));
    expect(await within(shown).findByRole('status')).toHaveTextContent('لم يُرسل شيء');
    const methods = api.fetchMock.mock.calls.map(([, init]) => init?.method ?? 'GET');
    expect(methods.every((method) => method === 'GET')).toBe(true);
  });

  it('adds a question of a type that asks for other, with its options one per line', async () => {
    const added = entry('q_new', 6, {
      type: 'mcq_input',
      question: 'ما مصدر تمويل دراستك؟',
      description: null,
      options: ['الأسرة', 'منحة', 'أخرى'],
    });
    const { api, user } = await openEditor({
      [ADD]: () => ok({ message: CONTENT_MESSAGES.questionAdded, data: added }, 201),
    });
    await user.click(screen.getByRole('button', { name: 'إضافة سؤال' }));
    const dialog = await screen.findByRole('dialog', { name: 'إضافة سؤال' });
    await chooseType(user, dialog, 'اختيار مع أخرى');
    await user.type(within(dialog).getByLabelText('نص السؤال'), added.question);
    const options = within(dialog).getByLabelText('الاختيارات');
    expect(options).toHaveAccessibleDescription(/أحد الاختيارات 'أخرى'/);
    await user.type(options, 'الأسرة{Enter}  منحة {Enter}{Enter}أخرى');
    expect(within(dialog).getByRole('switch', { name: 'مفعل' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.bodiesOf(ADD)).toEqual([
      {
        type: 'mcq_input',
        question: added.question,
        description: null,
        options: added.options,
        active: true,
      },
    ]);
    expect(order().at(-1)).toBe(added.question);
    expect(within(preview()).getByRole('group', { name: added.question })).toBeInTheDocument();
  });

  it('hides the options for a free-text question and sends none', async () => {
    const added = entry('q_text', 6, { type: 'input', question: 'اكتب أي ملاحظة' });
    const { api, user } = await openEditor({
      [ADD]: () => ok({ message: CONTENT_MESSAGES.questionAdded, data: added }, 201),
    });
    await user.click(screen.getByRole('button', { name: 'إضافة سؤال' }));
    const dialog = await screen.findByRole('dialog', { name: 'إضافة سؤال' });
    await user.type(within(dialog).getByLabelText('الاختيارات'), 'نعم{Enter}لا');
    await chooseType(user, dialog, 'إجابة نصية');
    expect(within(dialog).queryByLabelText('الاختيارات')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('نص السؤال'), added.question);
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(api.bodiesOf(ADD)).toHaveLength(1));
    expect(api.bodiesOf(ADD)[0]).toMatchObject({ type: 'input', options: [] });
  });

  it.each([
    ['اختيار مع أخرى', 'نعم\nلا', CONTENT_MESSAGES.otherOptionRequired],
    ['اختيار أكثر من إجابة مع أخرى', 'الأول\nالثاني', CONTENT_MESSAGES.otherOptionRequired],
    ['اختيار مع تفاصيل عند نعم', 'ربما\nلا', CONTENT_MESSAGES.yesOptionRequired],
    ['اختيار من متعدد', 'وحيد', CONTENT_MESSAGES.optionsNeedTwo],
    ['اختيار من متعدد', 'مكرر\nمكرر', CONTENT_MESSAGES.optionsDuplicate],
  ])('refuses a %s question with options %j before sending: %s', async (type, lines, message) => {
    const { api, user } = await openEditor();
    await user.click(screen.getByRole('button', { name: 'إضافة سؤال' }));
    const dialog = await screen.findByRole('dialog', { name: 'إضافة سؤال' });
    await chooseType(user, dialog, type);
    await user.type(within(dialog).getByLabelText('نص السؤال'), 'سؤال للتجربة');
    await user.type(within(dialog).getByLabelText('الاختيارات'), lines.replaceAll('\n', '{Enter}'));
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('الاختيارات')).toHaveAttribute('aria-invalid', 'true');
    expect(api.bodiesOf(ADD)).toEqual([]);
  });

  it('refuses a too short text with the shared message', async () => {
    const { api, user } = await openEditor();
    await user.click(screen.getByRole('button', { name: 'إضافة سؤال' }));
    const dialog = await screen.findByRole('dialog', { name: 'إضافة سؤال' });
    await user.type(within(dialog).getByLabelText('نص السؤال'), 'لا');
    await user.type(within(dialog).getByLabelText('الاختيارات'), 'أ{Enter}ب');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(await within(dialog).findByText(CONTENT_MESSAGES.questionTextInvalid)).toBeInTheDocument();
    expect(api.bodiesOf(ADD)).toEqual([]);
  });

  it('edits a question, sending only what changed, and says answers keep the old wording', async () => {
    const { api, user } = await openEditor({
      [patchOf(RESIDENCE.id)]: ({ body }) =>
        ok({ message: CONTENT_MESSAGES.questionSaved, data: { ...RESIDENCE, ...(body as object) } }),
    });
    await user.click(within(card(RESIDENCE.question)).getByRole('button', { name: 'تعديل' }));
    const dialog = await screen.findByRole('dialog', { name: 'تعديل السؤال' });
    expect(dialog).toHaveTextContent('عدد الطلاب الذين أجابوا عن هذا السؤال: 12');
    expect(dialog).toHaveTextContent('كما رأوها');
    expect(within(dialog).getByRole('combobox', { name: 'نوع السؤال' })).toHaveValue('اختيار من متعدد');
    expect(within(dialog).getByLabelText('الاختيارات')).toHaveValue('مع الأسرة\nالمدينة الجامعية');
    const text = within(dialog).getByLabelText('نص السؤال');
    await user.clear(text);
    await user.type(text, 'أين ستسكن أثناء الدراسة؟');
    await user.type(within(dialog).getByLabelText('الاختيارات'), '{Enter}سكن خاص');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.bodiesOf(patchOf(RESIDENCE.id))).toEqual([
      { question: 'أين ستسكن أثناء الدراسة؟', options: ['مع الأسرة', 'المدينة الجامعية', 'سكن خاص'] },
    ]);
    expect(card('أين ستسكن أثناء الدراسة؟')).toHaveTextContent('سكن خاص');
    expect(within(preview()).getByRole('radio', { name: 'سكن خاص' })).toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog", async () => {
    const { user } = await openEditor({
      [patchOf(HEALTH.id)]: () => fails(400, CONTENT_MESSAGES.yesOptionRequired),
    });
    await user.click(within(card(HEALTH.question)).getByRole('button', { name: 'تعديل' }));
    const dialog = await screen.findByRole('dialog', { name: 'تعديل السؤال' });
    await user.type(within(dialog).getByLabelText('الوصف'), ' بالتفصيل');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(CONTENT_MESSAGES.yesOptionRequired);
  });

  it('moves a question down and saves the whole order at once', async () => {
    const { api, user } = await openEditor({
      [ORDER]: ({ body }) => {
        const { ids } = body as { ids: string[] };
        const data = ids.map((id, sortOrder) => ({ ...ALL.find((each) => each.id === id), sortOrder }));
        return ok({ message: CONTENT_MESSAGES.orderSaved, data });
      },
    });
    const down = within(card(RESIDENCE.question)).getByRole('button', { name: 'تحريك لأسفل' });
    await user.click(down);
    await waitFor(() => expect(api.bodiesOf(ORDER)).toHaveLength(1));
    expect(api.bodiesOf(ORDER)).toEqual([
      { ids: [HEARD.id, RESIDENCE.id, GOAL.id, HEALTH.id, TRANSPORT.id, OLD.id] },
    ]);
    expect(order().slice(0, 2)).toEqual([HEARD.question, RESIDENCE.question]);
    // Focus stays with the moved question, so the keyboard can move it on.
    expect(within(card(RESIDENCE.question)).getByRole('button', { name: 'تحريك لأسفل' })).toHaveFocus();
    expect(await screen.findAllByText(CONTENT_MESSAGES.orderSaved)).not.toHaveLength(0);
    // The preview follows the students' new order.
    const groups = within(preview())
      .getAllByRole('group')
      .map((group) => group.querySelector('legend')?.textContent);
    expect(groups.slice(0, 2)).toEqual([HEARD.question, RESIDENCE.question]);

    await user.click(within(card(TRANSPORT.question)).getByRole('button', { name: 'تحريك لأعلى' }));
    await waitFor(() => expect(api.bodiesOf(ORDER)).toHaveLength(2));
    expect(api.bodiesOf(ORDER)[1]).toEqual({
      ids: [HEARD.id, RESIDENCE.id, GOAL.id, TRANSPORT.id, HEALTH.id, OLD.id],
    });
  });

  it('shows a refused move on the question and reads the order again', async () => {
    let lists = 0;
    const { user } = await openEditor({
      [LIST]: () => {
        lists += 1;
        return listAnswer(ALL)();
      },
      [ORDER]: () => fails(400, CONTENT_MESSAGES.orderInvalid),
    });
    await user.click(within(card(GOAL.question)).getByRole('button', { name: 'تحريك لأعلى' }));
    expect(await within(card(GOAL.question)).findByRole('alert')).toHaveTextContent(
      CONTENT_MESSAGES.orderInvalid,
    );
    await waitFor(() => expect(lists).toBe(2));
    await waitFor(() => expect(order()).toEqual(ALL.map((question) => question.question)));
  });

  it('switches a question off and on; the preview shows only active ones', async () => {
    const { api, user } = await openEditor({
      [patchOf(GOAL.id)]: ({ body }) =>
        ok({ message: CONTENT_MESSAGES.questionSaved, data: { ...GOAL, ...(body as object) } }),
      [patchOf(OLD.id)]: ({ body }) =>
        ok({ message: CONTENT_MESSAGES.questionSaved, data: { ...OLD, ...(body as object) } }),
    });
    await user.click(within(card(GOAL.question)).getByRole('button', { name: 'إيقاف' }));
    await waitFor(() => expect(card(GOAL.question)).toHaveTextContent('غير مفعل'));
    expect(api.bodiesOf(patchOf(GOAL.id))).toEqual([{ active: false }]);
    expect(within(preview()).queryByRole('textbox', { name: GOAL.question })).not.toBeInTheDocument();

    await user.click(within(card(OLD.question)).getByRole('button', { name: 'تفعيل' }));
    await waitFor(() =>
      expect(within(card(OLD.question)).getByRole('button', { name: 'إيقاف' })).toBeInTheDocument(),
    );
    expect(api.bodiesOf(patchOf(OLD.id))).toEqual([{ active: true }]);
    expect(within(preview()).getByRole('group', { name: OLD.question })).toBeInTheDocument();
  });

  it('says what went wrong with the list and offers to try again', async () => {
    let calls = 0;
    mockApi({
      ...signedInAs('SUPERADMIN'),
      [LIST]: () => {
        calls += 1;
        return calls === 1 ? fails(503, MESSAGES.databaseUnavailable) : listAnswer(ALL)();
      },
    });
    const { user } = renderApp('/admin/content/questionnaire');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.databaseUnavailable);
    await user.click(within(alert).getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByRole('list', { name: 'أسئلة الاستبيان بالترتيب' })).toBeInTheDocument();
  });
});
