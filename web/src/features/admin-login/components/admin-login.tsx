import { Alert, Paper, Stack, Title } from '@mantine/core';
import { type LoginRequest, type LoginResponse, MESSAGES } from '@portal/common';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { InputField } from '@/components/input-field';
import { showApiError } from '@/components/notices';
import { removeCookie, setCookie } from '@/lib/cookies';
import { adminLanding, useLogin } from '../api/login';
import { SecondFactorStep } from './second-factor-step';

const required = (message: string) => (value: string) => value.trim() !== '' || message;

function storeSession({ token, data: { user } }: LoginResponse): void {
  setCookie('token', token);
  setCookie('role', user.role);
  setCookie('name', user.name);
  // Only a faculty ADMIN has a faculty; a stale one from an earlier account must not linger.
  if (user.faculty) setCookie('faculty', user.faculty);
  else removeCookie('faculty');
}

/** A password step, then (issue 20) a code step on the same screen when the account has a second factor. */
export function AdminLogin() {
  const navigate = useNavigate();
  const [challenge, setChallenge] = useState<{ id: string; message: string } | null>(null);
  // Kept for the password step shown again when a challenge ends.
  const [userName, setUserName] = useState('');
  // Why the code step ended (an expired or used-up challenge), said above the password step.
  const [ended, setEnded] = useState<string | null>(null);

  const signedIn = (result: LoginResponse) => {
    storeSession(result);
    navigate(adminLanding(result.data.user));
  };

  return (
    <Paper withBorder shadow="xs" radius="md" p="xl" maw={440} mx="auto">
      {challenge ? (
        <SecondFactorStep
          challenge={challenge.id}
          prompt={challenge.message}
          onSignedIn={signedIn}
          onEnded={(message) => {
            setChallenge(null);
            setEnded(message);
          }}
        />
      ) : (
        <PasswordStep
          userName={userName}
          ended={ended}
          onChallenge={(id, message, typedUserName) => {
            setEnded(null);
            setUserName(typedUserName);
            setChallenge({ id, message });
          }}
          onSignedIn={signedIn}
        />
      )}
    </Paper>
  );
}

interface PasswordStepProps {
  userName: string;
  ended: string | null;
  onChallenge: (challenge: string, message: string, userName: string) => void;
  onSignedIn: (result: LoginResponse) => void;
}

function PasswordStep({ userName, ended, onChallenge, onSignedIn }: PasswordStepProps) {
  const loginCall = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginRequest>({ defaultValues: { userName, password: '' } });

  const submit = handleSubmit((input) => {
    const request = { userName: input.userName.trim(), password: input.password };
    loginCall.mutate(request, {
      onSuccess: (result) => {
        if (result.status === 'error') {
          showApiError(result);
          return;
        }
        if ('twoFactorRequired' in result.data)
          onChallenge(result.data.challenge, result.data.message, request.userName);
        else onSignedIn(result.data);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={2} ta="center">
          دخول المسؤولين
        </Title>
        {ended && <Alert color="red" variant="light" role="alert" title={ended} />}
        <InputField
          label="اسم المستخدم"
          autoComplete="username"
          error={errors.userName?.message}
          {...register('userName', { validate: required(MESSAGES.userNameRequired) })}
        />
        <InputField
          label="كلمة المرور"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password', { validate: required(MESSAGES.passwordRequired) })}
        />
        <Button type="submit" loading={loginCall.isPending} fullWidth>
          دخول
        </Button>
      </Stack>
    </form>
  );
}
