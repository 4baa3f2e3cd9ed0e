import { Paper, Stack, Text, Title } from '@mantine/core';
import {
  LOGIN_ERROR_PARAM,
  LOGIN_FORM_ERRORS,
  loginFormErrorOf,
  MESSAGES,
  normalizeDigits,
  normalizeSeatNo,
  SEAT_NO_MESSAGES,
  STUDENT_LOGIN_FORM_PATH,
} from '@portal/common';
import { type FormEvent, useLayoutEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/button';
import { InputField } from '@/components/input-field';
import { PageSpinner } from '@/components/page-spinner';
import { useGetStudent } from '../api/get-student';
import { useAsksSeatNo } from '../second-factor';
import { takePrerenderedLogin } from './prerendered-login';
import { useResumeStudent } from './use-resume-student';
import { useStudentSignIn } from './use-student-sign-in';

// Many students have never typed their national ID into a site, and many phones type Arabic-Indic digits.
const HOW_TO_LOG_IN =
  'أدخل الرقم القومي المدوَّن في بطاقتك الشخصية أو في شهادة ميلادك. يمكنك كتابة الأرقام بالعربية أو بالإنجليزية.';

function nationalIdError(value: string): string | undefined {
  return value.trim() === '' ? MESSAGES.nationalIdRequired : undefined;
}

function seatNoError(value: string): string | undefined {
  return value.trim() === '' ? SEAT_NO_MESSAGES.required : undefined;
}

/**
 * One or two fields need no form library: react-hook-form would be the login screen's largest download after
 * React. The form also works without this script (index.html carries it prerendered, posting to the server, which
 * answers with a redirect); a refused post comes back with `?loginError=` naming why. With the student second
 * factor (the page says so: `useAsksSeatNo`) the seat number is asked too.
 */
export function StudentLogin() {
  const signIn = useStudentSignIn();
  const resuming = useResumeStudent(signIn);
  const lookup = useGetStudent();
  const asksSeatNo = useAsksSeatNo();
  const field = useRef<HTMLInputElement>(null);
  const seatNoField = useRef<HTMLInputElement>(null);
  const [typedBeforeScript] = useState(takePrerenderedLogin);
  const [nationalID, setNationalID] = useState(typedBeforeScript?.field.value ?? '');
  const [seatNo, setSeatNo] = useState(typedBeforeScript?.seatNoField?.value ?? '');
  const [submitted, setSubmitted] = useState(false);
  const [searchParams] = useSearchParams();
  const refusal = loginFormErrorOf(searchParams.get(LOGIN_ERROR_PARAM));
  const refusedSeatNo = refusal === 'seatNoInvalid';
  const error = submitted
    ? nationalIdError(nationalID)
    : refusal === undefined || refusedSeatNo
      ? undefined
      : LOGIN_FORM_ERRORS[refusal];
  const seatNoProblem = submitted
    ? seatNoError(seatNo)
    : refusedSeatNo
      ? SEAT_NO_MESSAGES.invalid
      : undefined;

  // Keys pressed while React was rendering still reached the prerendered fields: take them too.
  useLayoutEffect(() => {
    if (typedBeforeScript === undefined) return;
    setNationalID(typedBeforeScript.field.value);
    if (typedBeforeScript.seatNoField) setSeatNo(typedBeforeScript.seatNoField.value);
    if (typedBeforeScript.focused === 'nationalID') field.current?.focus();
    if (typedBeforeScript.focused === 'seatNo') seatNoField.current?.focus();
  }, [typedBeforeScript]);

  if (resuming) return <PageSpinner />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (nationalIdError(nationalID) !== undefined) {
      field.current?.focus();
      return;
    }
    if (asksSeatNo && seatNoError(seatNo) !== undefined) {
      seatNoField.current?.focus();
      return;
    }
    const normalized = normalizeDigits(nationalID);
    const typedSeatNo = asksSeatNo ? normalizeSeatNo(seatNo) : undefined;
    lookup.mutate(
      { nationalID: normalized, seatNo: typedSeatNo },
      { onSuccess: (result) => signIn(normalized, result, typedSeatNo) },
    );
  };

  return (
    <Paper withBorder shadow="xs" radius="md" p="xl" maw={440} mx="auto">
      <form method="post" action={STUDENT_LOGIN_FORM_PATH} onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} ta="center">
            تسجيل الدخول
          </Title>
          <Text>{asksSeatNo ? `${HOW_TO_LOG_IN} ${SEAT_NO_MESSAGES.hint}` : HOW_TO_LOG_IN}</Text>
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
          {asksSeatNo && (
            <InputField
              label={SEAT_NO_MESSAGES.label}
              autoComplete="off"
              ref={seatNoField}
              name="seatNo"
              value={seatNo}
              onChange={(event) => setSeatNo(event.currentTarget.value)}
              error={seatNoProblem}
            />
          )}
          <Button type="submit" loading={lookup.isPending} fullWidth>
            دخول
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
