import { Alert, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { type FacultyCounts, MESSAGE_TEMPLATES, MESSAGES, TOAST_SUCCESS_LONG_MS } from '@portal/common';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { DIALOG_STYLES } from '@/components/admin/dialog-styles';
import { useStaffErrorHandler } from '@/components/admin/staff-session';
import { Button } from '@/components/button';
import { showSuccessNotice } from '@/components/notices';
import { countFaculty, deleteFacultyData } from './api/student-lists';
import { FacultySelect } from './faculty-select';

const TITLE = 'حذف بيانات الطلاب';
const INTRO = 'يحذف بيانات جميع طلاب الكلية المختارة مع صورهم وإجاباتهم نهائيا، ولا يمكن التراجع عن الحذف.';
const DELETE = 'حذف بيانات الكلية';
const CONFIRM_TITLE = 'تأكيد حذف بيانات الكلية';

/** Spec section 2, deleteStudentInfo (super admin only): a faculty's students, after a counted confirmation. */
export function DeleteStudentInfo() {
  const handleError = useStaffErrorHandler();
  const [toDelete, setToDelete] = useState<FacultyCounts | null>(null);
  const [nothingIn, setNothingIn] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<{ faculty: string }>({ defaultValues: { faculty: '' } });

  const count = useMutation({
    mutationFn: async (faculty: string) => {
      setNothingIn(null);
      const answer = await countFaculty(faculty);
      if (answer.status === 'error') return handleError(answer);
      const counts = answer.data.data;
      if (counts.studentsNumber === 0) setNothingIn(counts.faculty);
      else setToDelete(counts);
    },
  });

  const remove = useMutation({
    mutationFn: async (faculty: string) => {
      const answer = await deleteFacultyData(faculty);
      setToDelete(null);
      if (answer.status === 'error') return handleError(answer);
      showSuccessNotice(answer.data.message, TOAST_SUCCESS_LONG_MS);
      reset();
    },
  });

  return (
    <Stack gap="lg">
      <Title order={2} id="delete-data-title">
        {TITLE}
      </Title>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={560}>
        <form
          onSubmit={handleSubmit(({ faculty }) => count.mutate(faculty))}
          noValidate
          aria-labelledby="delete-data-title"
        >
          <Stack gap="md">
            <Text>{INTRO}</Text>
            <FacultySelect
              error={errors.faculty?.message}
              {...register('faculty', {
                validate: (value) => value !== '' || MESSAGES.facultyRequired,
                onChange: () => setNothingIn(null),
              })}
            />
            {nothingIn && (
              <Alert color="gray" variant="light" role="status">
                {MESSAGES.noStudentData}: {nothingIn}
              </Alert>
            )}
            <Group>
              <Button type="submit" color="red" loading={count.isPending}>
                {DELETE}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {toDelete && (
        <Modal opened onClose={() => setToDelete(null)} title={CONFIRM_TITLE} centered styles={DIALOG_STYLES}>
          <Text mb="md" data-testid="delete-data-confirmation">
            {MESSAGE_TEMPLATES.facultyDataDeleteConfirm(toDelete.studentsNumber, toDelete.faculty)}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setToDelete(null)} data-autofocus>
              لا
            </Button>
            <Button color="red" onClick={() => remove.mutate(toDelete.faculty)} loading={remove.isPending}>
              نعم
            </Button>
          </Group>
        </Modal>
      )}
    </Stack>
  );
}
