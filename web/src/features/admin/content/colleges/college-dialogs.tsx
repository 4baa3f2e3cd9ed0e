import { Checkbox, Modal, Stack, Text } from '@mantine/core';
import type { ContentCollege, ProgramEntry } from '@portal/common';
import { type FormEvent, useState } from 'react';
import { DialogActions } from '@/components/admin/content/dialog-actions';
import { ProblemAlert } from '@/components/admin/content/problem-alert';
import { DIALOG_STYLES } from '@/components/admin/dialog-styles';
import { useStaffRefusal, useStaffSession } from '@/components/admin/staff-session';
import { InputField } from '@/components/input-field';
import { showSuccessNotice } from '@/components/notices';
import { type CollegeWrite, useWriteCollege } from './api/colleges-content';
import { ADD_PROGRAM, ORDER } from './college-cards';
import {
  type CollegeFormValues,
  checkCollegeForm,
  checkProgramForm,
  collegeFormValues,
  type FormErrors,
} from './college-form';

export const ADD_COLLEGE = 'إضافة كلية';
const EDIT_COLLEGE = 'تعديل الكلية';
const COLLEGE_NAME = 'اسم الكلية';
const ORDER_HINT = 'رقم من 0 إلى 10000؛ الأصغر يظهر أولًا.';
const ORDER_HINT_NEW = `${ORDER_HINT} اتركه فارغًا لتظهر الكلية في آخر القائمة.`;
const SOCIAL_WORK_FIELD = 'كلية خدمة اجتماعية';
const TOURISM_FIELD = 'كلية سياحة';
const EDIT_PROGRAM = 'تعديل البرنامج';
const PROGRAM_NAME = 'اسم البرنامج';

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
export function CollegeDialog({ college, onClose }: { college?: ContentCollege; onClose: () => void }) {
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
export function ProgramDialog({
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
