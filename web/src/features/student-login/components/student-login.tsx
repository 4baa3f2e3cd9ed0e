import { Paper, Stack, Title } from '@mantine/core';
import { MESSAGES, normalizeDigits } from '@portal/common';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/button';
import { InputField } from '@/components/input-field';
import { PageSpinner } from '@/components/page-spinner';
import { useGetStudent } from '../api/get-student';
import { useResumeStudent } from './use-resume-student';
import { useStudentSignIn } from './use-student-sign-in';

interface LoginForm {
  nationalID: string;
}

export function StudentLogin() {
  const signIn = useStudentSignIn();
  const resuming = useResumeStudent(signIn);
  const lookup = useGetStudent();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginForm>({ defaultValues: { nationalID: '' } });

  if (resuming) return <PageSpinner />;

  const submit = handleSubmit(({ nationalID }) => {
    const normalized = normalizeDigits(nationalID);
    lookup.mutate(normalized, { onSuccess: (result) => signIn(normalized, result) });
  });

  return (
    <Paper withBorder shadow="xs" radius="md" p="xl" maw={440} mx="auto">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} ta="center">
            تسجيل الدخول
          </Title>
          <InputField
            label="الرقم القومي"
            inputMode="numeric"
            autoComplete="off"
            error={errors.nationalID?.message}
            {...register('nationalID', {
              validate: (value) => value.trim() !== '' || MESSAGES.nationalIdRequired,
            })}
          />
          <Button type="submit" loading={lookup.isPending} fullWidth>
            دخول
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
