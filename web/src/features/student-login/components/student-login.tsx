import { Paper, Stack, Text, Title } from '@mantine/core';
import {
  LOGIN_ERROR_PARAM,
  LOGIN_FORM_ERRORS,
  loginFormErrorOf,
  MESSAGES,
  normalizeDigits,
  STUDENT_LOGIN_FORM_PATH,
} from '@portal/common';
import { type FormEvent, useLayoutEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/button';
import { InputField } from '@/components/input-field';
import { PageSpinner } from '@/components/page-spinner';
import { useGetStudent } from '../api/get-student';
import { takePrerenderedLogin } from './prerendered-login';
import { useResumeStudent } from './use-resume-student';
import { useStudentSignIn } from './use-student-sign-in';

// Many students have never typed their national ID into a site, and many phones type Arabic-Indic digits.
const HOW_TO_LOG_IN =
  'أدخل الرقم القومي المدوَّن في بطاقتك الشخصية أو في شهادة ميلادك. يمكنك كتابة الأرقام بالعربية أو بالإنجليزية.';

function nationalIdError(value: string): string | undefined {
  return value.trim() === '' ? MESSAGES.nationalIdRequired : undefined;
}

/**
 * One field needs no form library: react-hook-form would be the login screen's largest download after React.
 * The form also works without this script (index.html carries it prerendered, posting to the server, which
 * answers with a redirect); a refused post comes back with `?loginError=` naming why.
 */
export function StudentLogin() {
  const signIn = useStudentSignIn();
  const resuming = useResumeStudent(signIn);
  const lookup = useGetStudent();
  const field = useRef<HTMLInputElement>(null);
  const [typedBeforeScript] = useState(takePrerenderedLogin);
  const [nationalID, setNationalID] = useState(typedBeforeScript?.field.value ?? '');
  const [submitted, setSubmitted] = useState(false);
  const [searchParams] = useSearchParams();
  const refusal = loginFormErrorOf(searchParams.get(LOGIN_ERROR_PARAM));
  const error = submitted
    ? nationalIdError(nationalID)
    : refusal === undefined
      ? undefined
      : LOGIN_FORM_ERRORS[refusal];

  // Keys pressed while React was rendering still reached the prerendered field: take them too.
  useLayoutEffect(() => {
    if (typedBeforeScript === undefined) return;
    setNationalID(typedBeforeScript.field.value);
    if (typedBeforeScript.focused) field.current?.focus();
  }, [typedBeforeScript]);

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
      <form method="post" action={STUDENT_LOGIN_FORM_PATH} onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} ta="center">
            تسجيل الدخول
          </Title>
          <Text>{HOW_TO_LOG_IN}</Text>
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
