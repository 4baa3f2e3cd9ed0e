import { Paper, Stack, Title } from '@mantine/core';
import { MESSAGES, normalizeDigits } from '@portal/common';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '@/components/button';
import { InputField } from '@/components/input-field';
import { PageSpinner } from '@/components/page-spinner';
import { useGetStudent } from '../api/get-student';
import { useResumeStudent } from './use-resume-student';
import { useStudentSignIn } from './use-student-sign-in';

function nationalIdError(value: string): string | undefined {
  return value.trim() === '' ? MESSAGES.nationalIdRequired : undefined;
}

// One field needs no form library: react-hook-form would be the login screen's largest download after React.
export function StudentLogin() {
  const signIn = useStudentSignIn();
  const resuming = useResumeStudent(signIn);
  const lookup = useGetStudent();
  const field = useRef<HTMLInputElement>(null);
  const [nationalID, setNationalID] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const error = submitted ? nationalIdError(nationalID) : undefined;

  if (resuming) return <PageSpinner />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (nationalIdError(nationalID) !== undefined) {
      field.current?.focus();
      return;
    }
    const normalized = normalizeDigits(nationalID);
    lookup.mutate(normalized, { onSuccess: (result) => signIn(normalized, result) });
  };

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
            ref={field}
            name="nationalID"
            value={nationalID}
            onChange={(event) => setNationalID(event.currentTarget.value)}
            error={error}
          />
          <Button type="submit" loading={lookup.isPending} fullWidth>
            دخول
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
