import { Anchor, Badge, Checkbox, Group, Modal, Stack, Text, Title } from '@mantine/core';
import type { ContentCollege, ProgramEntry } from '@portal/common';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { DialogActions } from '@/components/admin/content/dialog-actions';
import {
  LoadingStatus,
  LoadProblem,
  useEndSessionOnUnauthorized,
} from '@/components/admin/content/load-state';
import { ProblemAlert } from '@/components/admin/content/problem-alert';
import { DIALOG_STYLES } from '@/components/admin/dialog-styles';
import { useStaffRefusal, useStaffSession } from '@/components/admin/staff-session';
import { Button } from '@/components/button';
import { InputField } from '@/components/input-field';
import { showSuccessNotice } from '@/components/notices';
import { type CollegeWrite, useContentColleges, useWriteCollege } from './api/colleges-content';
import {
  type CollegeFormValues,
  checkCollegeForm,
  checkProgramForm,
  collegeFormValues,
  type FormErrors,
} from './college-form';
import classes from './colleges-editor.module.css';

const TITLE = 'الكليات والبرامج';
const INTRO =
  'الكليات التي تظهر في قوائم الطلاب والموظفين، وبرامج كليات السياحة. لا تُحذف كلية أو برنامج يرتبط به طلاب، ويمكن إخفاؤه فلا يظهر في رفع الطلاب الجدد. تغيير الاسم يظهر في كل الشاشات والملفات فورًا.';
const DEADLINES = 'مواعيد استكمال البيانات لكل كلية في شاشة إعدادات الكليات';
const ADD_COLLEGE = 'إضافة كلية';
const EDIT_COLLEGE = 'تعديل الكلية';
const COLLEGE_NAME = 'اسم الكلية';
const ORDER = 'الترتيب';
const ORDER_HINT = 'رقم من 0 إلى 10000؛ الأصغر يظهر أولًا.';
const ORDER_HINT_NEW = `${ORDER_HINT} اتركه فارغًا لتظهر الكلية في آخر القائمة.`;
const SOCIAL_WORK_FIELD = 'كلية خدمة اجتماعية';
const TOURISM_FIELD = 'كلية سياحة';
const SOCIAL_WORK = 'خدمة اجتماعية';
const TOURISM = 'سياحة';
const HIDDEN_COLLEGE = 'مخفية';
const HIDDEN_PROGRAM = 'مخفي';
const STUDENTS = 'عدد الطلاب';
const ACCOUNTS = 'عدد الحسابات';
const EDIT = 'تعديل';
const HIDE = 'إخفاء';
const SHOW = 'إظهار';
const DELETE = 'حذف';
const PROGRAMS = 'البرامج';
const NO_PROGRAMS = 'لا توجد برامج لهذه الكلية بعد.';
const ADD_PROGRAM = 'إضافة برنامج';
const EDIT_PROGRAM = 'تعديل البرنامج';
const PROGRAM_NAME = 'اسم البرنامج';
const EMPTY = 'لا توجد كليات مسجلة.';
const ADD_COLLEGE_ID = 'content-colleges-add';
const addProgramId = (collegeId: string) => `content-colleges-add-program-${collegeId}`;

type Dialog =
  | { kind: 'addCollege' }
  | { kind: 'editCollege'; college: ContentCollege }
  | { kind: 'deleteCollege'; college: ContentCollege }
  | { kind: 'addProgram'; college: ContentCollege }
  | { kind: 'editProgram'; college: ContentCollege; program: ProgramEntry }
  | { kind: 'deleteProgram'; college: ContentCollege; program: ProgramEntry };

/**
 * Issue 19, item 7 (`/admin/content/colleges`, super admin only; the shell and the server both enforce it): the
 * colleges with their flags and order, and the programs of the tourism colleges. Students and accounts refer to a
 * college by id, so a rename shows everywhere at once; one that is referred to is hidden rather than deleted.
 */
export function CollegesEditor() {
  const { token } = useStaffSession();
  const refuse = useStaffRefusal();
  const colleges = useContentColleges(token);
  const write = useWriteCollege(token);
  const [dialog, setDialog] = useState<Dialog>();
  /** A refusal of a write started from a card (hide, show, delete), shown on that college or program. */
  const [problems, setProblems] = useState<Record<string, string>>({});
  const answer = colleges.data;

  useEndSessionOnUnauthorized(answer);

  /**
   * A write started from a card: its refusal is shown on the card (`target`); after a deletion the deleted card's
   * button is gone, so the focus goes to `focusAfter` instead of to the page's start.
   */
  const send = (target: string, change: CollegeWrite, after?: () => void, focusAfter?: string) => {
    setProblems(({ [target]: _, ...rest }) => rest);
    write.mutate(change, {
      onSuccess: (result) => {
        after?.();
        if (result.status === 'error')
          return refuse(result, (message) => setProblems((all) => ({ ...all, [target]: message })));
        if (result.data.message) showSuccessNotice(result.data.message);
        if (focusAfter) requestAnimationFrame(() => document.getElementById(focusAfter)?.focus());
      },
    });
  };

  const pendingFor = (id: string) =>
    write.isPending &&
    write.variables !== undefined &&
    ('programId' in write.variables
      ? write.variables.programId
      : 'id' in write.variables && write.variables.id) === id;

  const list = answer?.status === 'success' ? answer.data.data : undefined;

  return (
    <Stack gap="lg">
      <Title order={2}>{TITLE}</Title>
      <Text>{INTRO}</Text>
      <Anchor component={Link} to="/admin/colleges" w="fit-content">
        {DEADLINES}
      </Anchor>
      <Group>
        <Button id={ADD_COLLEGE_ID} onClick={() => setDialog({ kind: 'addCollege' })}>
          {ADD_COLLEGE}
        </Button>
      </Group>

      {answer?.status === 'error' ? (
        <LoadProblem message={answer.message} onRetry={() => colleges.refetch()} />
      ) : list === undefined ? (
        <LoadingStatus />
      ) : list.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {EMPTY}
        </Text>
      ) : (
        <ul className={classes.colleges} aria-label="الكليات">
          {list.map((college) => (
            <CollegeCard
              key={college.id}
              college={college}
              problem={problems[college.id]}
              pending={pendingFor(college.id)}
              onEdit={() => setDialog({ kind: 'editCollege', college })}
              onToggle={() =>
                send(college.id, { kind: 'editCollege', id: college.id, body: { hidden: !college.hidden } })
              }
              onDelete={() => setDialog({ kind: 'deleteCollege', college })}
            >
              {college.tourism && (
                <Programs
                  college={college}
                  problems={problems}
                  pendingFor={pendingFor}
                  onAdd={() => setDialog({ kind: 'addProgram', college })}
                  onEdit={(program) => setDialog({ kind: 'editProgram', college, program })}
                  onToggle={(program) =>
                    send(program.id, {
                      kind: 'editProgram',
                      id: college.id,
                      programId: program.id,
                      body: { hidden: !program.hidden },
                    })
                  }
                  onDelete={(program) => setDialog({ kind: 'deleteProgram', college, program })}
                />
              )}
            </CollegeCard>
          ))}
        </ul>
      )}

      {(dialog?.kind === 'addCollege' || dialog?.kind === 'editCollege') && (
        <CollegeDialog
          college={dialog.kind === 'editCollege' ? dialog.college : undefined}
          onClose={() => setDialog(undefined)}
        />
      )}
      {(dialog?.kind === 'addProgram' || dialog?.kind === 'editProgram') && (
        <ProgramDialog
          college={dialog.college}
          program={dialog.kind === 'editProgram' ? dialog.program : undefined}
          onClose={() => setDialog(undefined)}
        />
      )}
      {dialog?.kind === 'deleteCollege' && (
        <ConfirmDialog
          title={`حذف الكلية: ${dialog.college.name}؟`}
          pending={write.isPending}
          onCancel={() => setDialog(undefined)}
          onConfirm={() =>
            send(
              dialog.college.id,
              { kind: 'deleteCollege', id: dialog.college.id },
              () => setDialog(undefined),
              ADD_COLLEGE_ID,
            )
          }
        >
          لا يمكن التراجع عن الحذف. الكلية التي يرتبط بها طلاب أو حسابات لا تُحذف، ويمكن إخفاؤها بدلًا من ذلك.
        </ConfirmDialog>
      )}
      {dialog?.kind === 'deleteProgram' && (
        <ConfirmDialog
          title={`حذف البرنامج: ${dialog.program.name}؟`}
          pending={write.isPending}
          onCancel={() => setDialog(undefined)}
          onConfirm={() =>
            send(
              dialog.program.id,
              { kind: 'deleteProgram', id: dialog.college.id, programId: dialog.program.id },
              () => setDialog(undefined),
              addProgramId(dialog.college.id),
            )
          }
        >
          لا يمكن التراجع عن الحذف. البرنامج الذي اختاره طلاب لا يُحذف، ويمكن إخفاؤه بدلًا من ذلك.
        </ConfirmDialog>
      )}
    </Stack>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Text span size="sm">
      {`${label}: `}
      <bdi>{value}</bdi>
    </Text>
  );
}

interface CollegeCardProps {
  college: ContentCollege;
  problem: string | undefined;
  pending: boolean;
  onEdit: () => void;
  onToggle: () => void;
  onDelete: () => void;
  children: ReactNode;
}

function CollegeCard({ college, problem, pending, onEdit, onToggle, onDelete, children }: CollegeCardProps) {
  const nameId = useId();
  return (
    <li className={classes.college} aria-labelledby={nameId}>
      <div className={classes.collegeHead}>
        <Stack gap={4} miw={0}>
          <Title order={3} size="h4" id={nameId} className={classes.name}>
            {college.name}
          </Title>
          <Group gap="xs">
            {college.socialWork && <Flag>{SOCIAL_WORK}</Flag>}
            {college.tourism && <Flag>{TOURISM}</Flag>}
            {college.hidden && <HiddenBadge>{HIDDEN_COLLEGE}</HiddenBadge>}
          </Group>
          <Group gap="md" className={classes.counts}>
            <Count label={ORDER} value={college.sortOrder} />
            <Count label={STUDENTS} value={college.studentCount} />
            <Count label={ACCOUNTS} value={college.staffCount} />
          </Group>
        </Stack>
        <EntryActions
          nameId={nameId}
          hidden={college.hidden}
          pending={pending}
          onEdit={onEdit}
          onToggle={onToggle}
          onDelete={onDelete}
        />
      </div>
      <ProblemAlert message={problem} />
      {children}
    </li>
  );
}

function Flag({ children }: { children: ReactNode }) {
  return (
    <Badge variant="light" radius="sm" tt="none">
      {children}
    </Badge>
  );
}

function HiddenBadge({ children }: { children: ReactNode }) {
  return (
    <Badge variant="light" color="gray" c="gray.9" radius="sm" tt="none">
      {children}
    </Badge>
  );
}

interface ProgramsProps {
  college: ContentCollege;
  problems: Record<string, string>;
  pendingFor: (id: string) => boolean;
  onAdd: () => void;
  onEdit: (program: ProgramEntry) => void;
  onToggle: (program: ProgramEntry) => void;
  onDelete: (program: ProgramEntry) => void;
}

function Programs({ college, problems, pendingFor, onAdd, onEdit, onToggle, onDelete }: ProgramsProps) {
  const headingId = useId();
  return (
    <section className={classes.programs} aria-labelledby={headingId}>
      <Title order={4} size="h5" id={headingId}>
        {`${PROGRAMS}: ${college.name}`}
      </Title>
      {college.programs.length === 0 ? (
        <Text size="sm" c="dimmed">
          {NO_PROGRAMS}
        </Text>
      ) : (
        <ul className={classes.programList} aria-labelledby={headingId}>
          {college.programs.map((program) => (
            <ProgramRow
              key={program.id}
              program={program}
              problem={problems[program.id]}
              pending={pendingFor(program.id)}
              onEdit={() => onEdit(program)}
              onToggle={() => onToggle(program)}
              onDelete={() => onDelete(program)}
            />
          ))}
        </ul>
      )}
      <Group>
        <Button
          id={addProgramId(college.id)}
          size="sm"
          variant="light"
          onClick={onAdd}
          aria-describedby={headingId}
        >
          {ADD_PROGRAM}
        </Button>
      </Group>
    </section>
  );
}

interface ProgramRowProps {
  program: ProgramEntry;
  problem: string | undefined;
  pending: boolean;
  onEdit: () => void;
  onToggle: () => void;
  onDelete: () => void;
}

function ProgramRow({ program, problem, pending, onEdit, onToggle, onDelete }: ProgramRowProps) {
  const nameId = useId();
  return (
    <li className={classes.program} aria-labelledby={nameId}>
      <div className={classes.programHead}>
        <Stack gap={2} miw={0}>
          <Group gap="xs">
            <Text fw={600} id={nameId} className={classes.name}>
              {program.name}
            </Text>
            {program.hidden && <HiddenBadge>{HIDDEN_PROGRAM}</HiddenBadge>}
          </Group>
          <Count label={STUDENTS} value={program.studentCount} />
        </Stack>
        <EntryActions
          nameId={nameId}
          hidden={program.hidden}
          pending={pending}
          onEdit={onEdit}
          onToggle={onToggle}
          onDelete={onDelete}
        />
      </div>
      <ProblemAlert message={problem} />
    </li>
  );
}

interface EntryActionsProps {
  /** The id of the college's or program's name, which each button is described by. */
  nameId: string;
  hidden: boolean;
  pending: boolean;
  onEdit: () => void;
  onToggle: () => void;
  onDelete: () => void;
}

/** A college's or a program's buttons: edit, hide or show, delete. */
function EntryActions({ nameId, hidden, pending, onEdit, onToggle, onDelete }: EntryActionsProps) {
  return (
    <Group gap="xs" className={classes.actions}>
      <Button size="sm" variant="light" onClick={onEdit} aria-describedby={nameId}>
        {EDIT}
      </Button>
      <Button size="sm" variant="default" onClick={onToggle} loading={pending} aria-describedby={nameId}>
        {hidden ? SHOW : HIDE}
      </Button>
      <Button size="sm" variant="light" color="red" onClick={onDelete} aria-describedby={nameId}>
        {DELETE}
      </Button>
    </Group>
  );
}

/**
 * A college or program dialog's save: a refusal shows in the dialog as its general error; a success is noticed and
 * closes the dialog.
 */
function useDialogWrite(onClose: () => void, setErrors: (errors: { general: string }) => void) {
  const { token } = useStaffSession();
  const refuse = useStaffRefusal();
  const write = useWriteCollege(token);
  const save = (change: CollegeWrite) =>
    write.mutate(change, {
      onSuccess: (result) => {
        if (result.status === 'error') return refuse(result, (general) => setErrors({ general }));
        if (result.data.message) showSuccessNotice(result.data.message);
        onClose();
      },
    });
  return { save, pending: write.isPending };
}

/** Adds a college, or edits one: only the fields that changed are sent. */
function CollegeDialog({ college, onClose }: { college?: ContentCollege; onClose: () => void }) {
  const [values, setValues] = useState<CollegeFormValues>(() => collegeFormValues(college));
  const [errors, setErrors] = useState<FormErrors<'name' | 'sortOrder'>>({});
  const { save, pending } = useDialogWrite(onClose, setErrors);

  const set = <Field extends keyof CollegeFormValues>(field: Field, value: CollegeFormValues[Field]) => {
    setValues((old) => ({ ...old, [field]: value }));
    // The field's own error and the dialog's general one go once it changes; the other field's stays.
    setErrors(({ name, sortOrder }) =>
      field === 'name' ? { sortOrder } : field === 'sortOrder' ? { name } : { name, sortOrder },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkCollegeForm(values, college);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    const change: CollegeWrite = college
      ? { kind: 'editCollege', id: college.id, body: checked.body }
      : { kind: 'addCollege', body: checked.body as Extract<CollegeWrite, { kind: 'addCollege' }>['body'] };
    save(change);
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={college ? EDIT_COLLEGE : ADD_COLLEGE}
      centered
      styles={DIALOG_STYLES}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <InputField
            label={COLLEGE_NAME}
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={errors.name}
            data-autofocus
          />
          <InputField
            label={ORDER}
            description={college ? ORDER_HINT : ORDER_HINT_NEW}
            inputMode="numeric"
            dir="ltr"
            value={values.sortOrder}
            onChange={(event) => set('sortOrder', event.currentTarget.value)}
            error={errors.sortOrder}
          />
          <Checkbox
            label={SOCIAL_WORK_FIELD}
            checked={values.socialWork}
            onChange={(event) => set('socialWork', event.currentTarget.checked)}
          />
          <Checkbox
            label={TOURISM_FIELD}
            checked={values.tourism}
            onChange={(event) => set('tourism', event.currentTarget.checked)}
          />
          <ProblemAlert message={errors.general} />
          <DialogActions pending={pending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

/** Adds a program to a tourism college, or renames one: the students' stored choices are renamed with it. */
function ProgramDialog({
  college,
  program,
  onClose,
}: {
  college: ContentCollege;
  program?: ProgramEntry;
  onClose: () => void;
}) {
  const [name, setName] = useState(program?.name ?? '');
  const [errors, setErrors] = useState<FormErrors<'name'>>({});
  const { save, pending } = useDialogWrite(onClose, setErrors);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkProgramForm(name, program);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    const change: CollegeWrite = program
      ? { kind: 'editProgram', id: college.id, programId: program.id, body: checked.body }
      : {
          kind: 'addProgram',
          id: college.id,
          body: checked.body as Extract<CollegeWrite, { kind: 'addProgram' }>['body'],
        };
    save(change);
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={`${program ? EDIT_PROGRAM : ADD_PROGRAM}: ${college.name}`}
      centered
      styles={DIALOG_STYLES}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {program && (
            <Text size="sm">
              {'يتغير الاسم أيضًا في اختيارات الطلاب الذين اختاروا هذا البرنامج ('}
              <bdi>{program.studentCount}</bdi>
              {' طالب)، وفي الشاشات والملفات.'}
            </Text>
          )}
          <InputField
            label={PROGRAM_NAME}
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setErrors({});
            }}
            error={errors.name}
            data-autofocus
          />
          <ProblemAlert message={errors.general} />
          <DialogActions pending={pending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
